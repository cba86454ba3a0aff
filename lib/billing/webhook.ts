import Stripe from 'stripe';
import { db, Prisma } from '../db/index.ts';
import { UUID_RE } from '../ids.ts';
import { logger } from '../log.ts';
import { IDENTITY_EVENTS, identitySessionChanged } from '../identity/stripe-events.ts';
import { billingSettings, stripeOrNull } from './stripe.ts';
import { billingStateOf, ENTITLED_STATUSES, mayApply, organizationIdOf } from './sync-subscription.ts';

/** Signatures older than this are refused (decisions.md: 300 s). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** A Stripe event is a few KB; anything far larger is not one. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** The event types we act on (subscribe the endpoint to these); every other type answers 200 and is ignored. */
const HANDLED = new Set<string>(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.payment_failed', 'setup_intent.succeeded', ...IDENTITY_EVENTS]);

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

type Outcome = 'applied' | 'duplicate' | 'ignored' | 'unknown_organization' | 'unknown_session';

/**
 * `POST /v1/webhooks/stripe` (decisions.md "Billing (Stripe)"). The signature is checked on the
 * raw bytes; a bad, stale or missing one answers 400 and changes nothing. Each event id is
 * stored in the same transaction as its effect, so a repeated delivery answers 200 and
 * changes nothing. Without STRIPE_WEBHOOK_SECRET: 503.
 */
export async function handleStripeWebhook({ rawBody, signature }: { rawBody: Buffer; signature: string | null }): Promise<WebhookAnswer> {
  const settings = billingSettings();
  if (!settings.webhookSecret) return { status: 503, body: { error: 'billing_not_configured' } };
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('no Stripe-Signature header');
    event = Stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
    // The SDK only refuses an old timestamp; one from the future is as replayable, so the tolerance holds both ways.
    if (signedAt(signature) - Math.floor(Date.now() / 1000) > SIGNATURE_TOLERANCE_SECONDS) throw new Error('Timestamp in the future, outside the tolerance zone');
  } catch (err) {
    logger.warn('stripe webhook: signature refused', { reason: err instanceof Error ? err.message : String(err) });
    return { status: 400, body: { error: 'invalid_signature' } };
  }
  // Correctly signed but not an event (no object with a string id and type): 400, as unparsable JSON is.
  if (!isEnvelope(event)) {
    logger.warn('stripe webhook: signed body is not an event');
    return { status: 400, body: { error: 'malformed_event' } };
  }
  if (!HANDLED.has(event.type)) return { status: 200, body: { received: true, outcome: 'ignored' satisfies Outcome } };
  // An event of ours missing what its effect needs answers 200 (a retry would not mend it) and changes nothing.
  if (!isUsable(event)) {
    logger.warn('stripe webhook: malformed event ignored', { event: event.id.slice(0, 100), type: event.type });
    return { status: 200, body: { received: true, outcome: 'ignored' satisfies Outcome } };
  }
  if (await db().billingEvent.findUnique({ where: { id: event.id }, select: { id: true } })) {
    return { status: 200, body: { received: true, outcome: 'duplicate' satisfies Outcome } };
  }
  const outcome =
    event.type.startsWith('identity.verification_session.') ? await identitySessionChanged(event, once)
    : event.type === 'invoice.payment_failed' ? await paymentFailed(event)
    : event.type === 'setup_intent.succeeded' ? await cardSaved(event)
    : await subscriptionChanged(event as Stripe.Event & { data: { object: Stripe.Subscription } });
  return { status: 200, body: { received: true, outcome } };
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

/** Store the event id, then apply its effect, in one transaction; a concurrent twin loses on the key and changes nothing. */
async function once(event: Stripe.Event, effect: (tx: Prisma.TransactionClient) => Promise<Outcome>): Promise<Outcome> {
  // (Also the identity events' store-once step: lib/identity/stripe-events.ts.)
  try {
    return await db().$transaction(async (tx) => {
      await tx.billingEvent.create({ data: { id: event.id, type: event.type }, select: { id: true } });
      const outcome = await effect(tx);
      // Only an applied event is remembered; anything else rolls back and changes nothing.
      if (outcome !== 'applied') throw new Skip(outcome);
      return outcome;
    });
  } catch (err) {
    if (err instanceof Skip) return err.outcome;
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') return 'duplicate';
    // A value of the event no column can hold (a number for a status, a date past year 275760): it rolled back.
    if (err instanceof Prisma.PrismaClientValidationError) {
      logger.warn('stripe webhook: event values refused, ignored', { event: event.id, type: event.type, reason: err.message.slice(-300) });
      return 'ignored';
    }
    throw err;
  }
}

class Skip extends Error {
  constructor(readonly outcome: Outcome) {
    super(outcome);
  }
}

/**
 * customer.subscription.created/updated/deleted. The subscription is read back from Stripe
 * (when the secret key is set), so events that arrive out of order all leave its latest state.
 */
async function subscriptionChanged(event: Stripe.Event & { data: { object: Stripe.Subscription } }): Promise<Outcome> {
  const sent = event.data.object;
  const organizationId = organizationIdOf(sent);
  if (!organizationId || !UUID_RE.test(organizationId) || !(await db().organization.findUnique({ where: { id: organizationId }, select: { id: true } }))) {
    logger.warn('stripe webhook: event for an unknown organization', { event: event.id, type: event.type, organizationId });
    return 'unknown_organization';
  }
  const client = stripeOrNull();
  let sub = sent;
  try {
    if (client) sub = await client.subscriptions.retrieve(sent.id);
  } catch (err) {
    // A subscription Stripe does not have: nothing to apply, and a retry would not find it either.
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing')) throw err;
    logger.warn('stripe webhook: event of a subscription Stripe does not know', { event: event.id, subscription: sent.id });
    return 'ignored';
  }
  return once(event, async (tx) => {
    const org = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { stripeSubscriptionId: true } });
    if (!mayApply(org, sub)) {
      logger.info('stripe webhook: event of a replaced subscription', { event: event.id, subscription: sub.id });
      return 'ignored';
    }
    await tx.organization.update({ where: { id: organizationId }, data: { ...billingStateOf(sub), billingEventAt: new Date(event.created * 1000) }, select: { id: true } });
    return 'applied';
  });
}

/** invoice.payment_failed: the organization's subscription is past_due (its plan stays until Stripe ends it). */
async function paymentFailed(event: Stripe.Event): Promise<Outcome> {
  const invoice = event.data.object as Stripe.Invoice;
  const details = invoice.parent?.subscription_details;
  const subscriptionId = typeof details?.subscription === 'string' ? details.subscription : (details?.subscription?.id ?? null);
  const customer: unknown = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  const customerId = typeof customer === 'string' && customer.length > 0 ? customer : null;
  const named = organizationIdOf({ metadata: details?.metadata ?? invoice.metadata });
  const byMetadata = named && UUID_RE.test(named) ? named : null;
  const where = byMetadata ? { id: byMetadata } : customerId ? { stripeCustomerId: customerId } : null;
  if (!where) {
    // Stripe's invoices always name a customer: without one or our metadata there is nothing to find.
    logger.warn('stripe webhook: invoice names no customer and no organization', { event: event.id, type: event.type });
    return 'ignored';
  }
  const org = await db().organization.findFirst({ where, select: { id: true, stripeSubscriptionId: true } });
  if (!org) {
    logger.warn('stripe webhook: event for an unknown organization', { event: event.id, type: event.type, organizationId: byMetadata, customer: customerId });
    return 'unknown_organization';
  }
  return once(event, async (tx) => {
    if (subscriptionId && org.stripeSubscriptionId && subscriptionId !== org.stripeSubscriptionId) return 'ignored';
    await tx.organization.update({ where: { id: org.id }, data: { subscriptionStatus: 'past_due', billingEventAt: new Date(event.created * 1000) }, select: { id: true } });
    return 'applied';
  });
}

/**
 * setup_intent.succeeded: a card saved from the billing page becomes the one that pays, for
 * the customer and for the organization's live subscription (Stripe attaches a card but makes
 * it nobody's default by itself). The Stripe calls come first and are idempotent; the event is
 * recorded once they are done, so a failure is retried by Stripe's next delivery.
 */
async function cardSaved(event: Stripe.Event): Promise<Outcome> {
  const intent = event.data.object as Stripe.SetupIntent;
  const named = organizationIdOf(intent);
  const organizationId = named && UUID_RE.test(named) ? named : null;
  const customerId = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
  const paymentMethod = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
  const org = organizationId ? await db().organization.findUnique({ where: { id: organizationId }, select: { id: true, stripeCustomerId: true, stripeSubscriptionId: true } }) : null;
  if (!org || !customerId || org.stripeCustomerId !== customerId) {
    logger.warn('stripe webhook: event for an unknown organization', { event: event.id, type: event.type, organizationId, customer: customerId });
    return 'unknown_organization';
  }
  const client = stripeOrNull();
  if (!client || !paymentMethod) return 'ignored';
  await client.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethod } });
  if (org.stripeSubscriptionId) {
    const sub = await client.subscriptions.retrieve(org.stripeSubscriptionId);
    if (ENTITLED_STATUSES.has(sub.status) || sub.status === 'unpaid') await client.subscriptions.update(sub.id, { default_payment_method: paymentMethod });
  }
  return once(event, async () => 'applied');
}
