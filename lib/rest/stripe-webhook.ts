import { handleStripeWebhook, MAX_WEBHOOK_BYTES } from '../billing/webhook.ts';
import { readBodyCapped } from '../http/body.ts';
import { logger } from '../log.ts';

const json = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });

/**
 * `POST /v1/webhooks/stripe`: the raw bytes go to the verifier untouched (a parsed and
 * re-serialised body would not match its signature). A failure of ours answers 500, so
 * Stripe delivers the event again later; nothing of it was stored.
 */
export async function stripeWebhookRoute(request: Request): Promise<Response> {
  const raw = await readBodyCapped(request, MAX_WEBHOOK_BYTES);
  if (raw === null) return json(413, { error: 'payload_too_large', message: `A webhook body is at most ${MAX_WEBHOOK_BYTES} bytes` });
  try {
    const answer = await handleStripeWebhook({ rawBody: Buffer.from(raw), signature: request.headers.get('stripe-signature') });
    return json(answer.status, answer.body);
  } catch (err) {
    logger.error('stripe webhook: failed', { error: err instanceof Error ? err.stack : String(err) });
    return json(500, { error: 'internal_error', message: 'Internal server error' });
  }
}

/** Any method but POST. */
export function stripeWebhookWrongMethod(): Response {
  return json(405, { error: 'method_not_allowed', message: 'Use POST' }, { allow: 'POST' });
}
