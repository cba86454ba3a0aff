import Stripe from 'stripe';
import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { logger } from '../log.ts';
import { IDENTITY_EVENTS, identitySessionChanged } from '../identity/stripe-events.ts';
import { billingSettings } from './stripe.ts';
import type { WebhookOutcome } from './events/apply-once.ts';
import { paymentFailed } from './events/payment-failed.ts';
import { setupIntentSucceeded } from './events/setup-intent-succeeded.ts';
import { subscriptionChanged } from './events/subscription-changed.ts';

export type { WebhookOutcome };

/** Signatures older than this are refused (decisions.md: 300 s). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** A Stripe event is a few KB; anything far larger is not one. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

/**
 * The event types we act on, each handed to its own file (subscribe the endpoint to these);
 * every other type is answered 'ignored'. The identity events are Stripe Identity's, on the
 * same endpoint and rules (lib/identity/stripe-events.ts).
 */
const HANDLERS: Record<string, (event: Stripe.Event) => Promise<WebhookOutcome>> = {
  'customer.subscription.created': subscriptionChanged,
  'customer.subscription.updated': subscriptionChanged,
  'customer.subscription.deleted': subscriptionChanged,
  'invoice.payment_failed': paymentFailed,
  'setup_intent.succeeded': setupIntentSucceeded,
  ...Object.fromEntries(IDENTITY_EVENTS.map((type) => [type, identitySessionChanged])),
};

/**
 * A Stripe webhook delivery (decisions.md "Billing (Stripe)"), as its outcome. The signature is
 * checked on the raw bytes: a bad, stale or missing one is INVALID_SIGNATURE and changes
 * nothing; a signed body that is no event is MALFORMED_EVENT; without STRIPE_WEBHOOK_SECRET,
 * BILLING_NOT_CONFIGURED. Each event id is stored in the same transaction as its effect, so a
 * repeated delivery is 'duplicate' and changes nothing. The REST door words the answers
 * (lib/rest/stripe-webhook.ts).
 */
export async function handleStripeWebhook({ rawBody, signature }: { rawBody: Buffer; signature: string | null }): Promise<WebhookOutcome> {
  const event = verifiedEvent(rawBody, signature);
  const handler = Object.hasOwn(HANDLERS, event.type) ? HANDLERS[event.type] : null;
  if (!handler) return 'ignored';
  // An event of ours missing what its effect needs is ignored (a retry would not mend it) and changes nothing.
  if (!isUsable(event)) {
    logger.warn('stripe webhook: malformed event ignored', { event: event.id.slice(0, 100), type: event.type });
    return 'ignored';
  }
  if (await db().billingEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return 'duplicate';
  return handler(event);
}

/** The event the body is, once its signature holds (both ways within the tolerance). */
function verifiedEvent(rawBody: Buffer, signature: string | null): Stripe.Event {
  const { webhookSecret } = billingSettings();
  if (!webhookSecret) throw new AppError('BILLING_NOT_CONFIGURED', 'STRIPE_WEBHOOK_SECRET is not set');
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('no Stripe-Signature header');
    event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
    // The SDK only refuses an old timestamp; one from the future is as replayable, so the tolerance holds both ways.
    if (signedAt(signature) - Math.floor(Date.now() / 1000) > SIGNATURE_TOLERANCE_SECONDS) throw new Error('Timestamp in the future, outside the tolerance zone');
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    logger.warn('stripe webhook: signature refused', { reason });
    throw new AppError('INVALID_SIGNATURE', `The Stripe-Signature header does not hold: ${reason}`);
  }
  // Correctly signed but not an event (no object with a string id and type): refused, as unparsable JSON is.
  if (!isEnvelope(event)) {
    logger.warn('stripe webhook: signed body is not an event');
    throw new AppError('MALFORMED_EVENT', 'The signed body is not a Stripe event');
  }
  return event;
}

/** The `t=` of a Stripe-Signature header, read as the SDK reads it (the last one counts). */
function signedAt(header: string): number {
  let t = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') t = Number.parseInt(value ?? '', 10);
  }
  return t;
}

/** A JSON object with a non-empty string id and type: something we can name, dedupe and log. */
function isEnvelope(value: unknown): value is Stripe.Event {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { id, type } = value as Record<string, unknown>;
  return typeof id === 'string' && id.length > 0 && typeof type === 'string' && type.length > 0;
}

/** Any string in it carries a NUL, which PostgreSQL refuses in text. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null || depth > 32) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/** A handled event with a creation time, a `data.object`, no NUL anywhere, and the id a subscription event is read back by. */
function isUsable(event: Stripe.Event): boolean {
  const created = (event as { created?: unknown }).created;
  if (typeof created !== 'number' || !Number.isSafeInteger(created) || created < 0 || created > 8_640_000_000_000) return false;
  const object = (event as { data?: { object?: unknown } | null }).data?.object;
  if (typeof object !== 'object' || object === null || Array.isArray(object) || hasNul(event)) return false;
  if (event.type.startsWith('customer.subscription.')) return typeof (object as { id?: unknown }).id === 'string' && (object as { id: string }).id.length > 0;
  return true;
}
