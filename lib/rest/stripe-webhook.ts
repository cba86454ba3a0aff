import { AppError } from '../errors.ts';
import { handleStripeWebhook, MAX_WEBHOOK_BYTES } from '../billing/webhook.ts';
import { readBodyCapped } from '../http/body.ts';
import { toRestError } from './errors.ts';

const NO_STORE = { 'cache-control': 'no-store' };
/** decisions.md: without the webhook secret, 503 {"error": "billing_not_configured"} and nothing more. */
const WEBHOOK_ERRORS = { BILLING_NOT_CONFIGURED: { status: 503, error: 'billing_not_configured', body: 'bare' } } as const;

/**
 * `POST /v1/webhooks/stripe`: the raw bytes go to the verifier untouched (a parsed and
 * re-serialised body would not match its signature); the outcome answers 200
 * {"received": true, "outcome": …}. A failure of ours answers 500, so Stripe delivers the
 * event again later; nothing of it was stored.
 */
export async function stripeWebhookRoute(request: Request): Promise<Response> {
  try {
    const raw = await readBodyCapped(request, MAX_WEBHOOK_BYTES);
    if (raw === null) throw new AppError('PAYLOAD_TOO_LARGE', `A webhook body is at most ${MAX_WEBHOOK_BYTES} bytes`);
    const outcome = await handleStripeWebhook({ rawBody: Buffer.from(raw), signature: request.headers.get('stripe-signature') });
    return Response.json({ received: true, outcome }, { headers: NO_STORE });
  } catch (err) {
    return toRestError(err, { headers: NO_STORE, door: 'stripe webhook', overrides: WEBHOOK_ERRORS });
  }
}

/** Any method but POST. */
export function stripeWebhookWrongMethod(): Response {
  return Response.json({ error: 'method_not_allowed', message: 'Use POST' }, { status: 405, headers: { ...NO_STORE, allow: 'POST' } });
}
