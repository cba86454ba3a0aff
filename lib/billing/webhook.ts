import Stripe from 'stripe';
import { db, Prisma } from '../db/index.ts';
import { UUID_RE } from '../ids.ts';
import { logger } from '../log.ts';
import { billingSettings, stripeOrNull } from './stripe.ts';
import { billingStateOf, ENTITLED_STATUSES, mayApply, organizationIdOf } from './sync-subscription.ts';

/** Signatures older than this are refused (decisions.md: 300 s). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** A Stripe event is a few KB; anything far larger is not one. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** The event types we act on (subscribe the endpoint to these); every other type answers 200 and is ignored. */
const HANDLED = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.payment_failed', 'setup_intent.succeeded']);

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

type Outcome = 'applied' | 'duplicate' | 'ignored' | 'unknown_organization';

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
  } catch (err) {
    logger.warn('stripe webhook: signature refused', { reason: err instanceof Error ? err.message : String(err) });
    return { status: 400, body: { error: 'invalid_signature' } };
  }
  if (!HANDLED.has(event.type)) return { status: 200, body: { received: true, outcome: 'ignored' satisfies Outcome } };
  if (await db().billingEvent.findUnique({ where: { id: event.id }, select: { id: true } })) {
    return { status: 200, body: { received: true, outcome: 'duplicate' satisfies Outcome } };
  }
  const outcome =
    event.type === 'invoice.payment_failed' ? await paymentFailed(event)
    : event.type === 'setup_intent.succeeded' ? await cardSaved(event)
    : await subscriptionChanged(event as Stripe.Event & { data: { object: Stripe.Subscription } });
  return { status: 200, body: { received: true, outcome } };
}

/** Store the event id, then apply its effect, in one transaction; a concurrent twin loses on the key and changes nothing. */
async function once(event: Stripe.Event, effect: (tx: Prisma.TransactionClient) => Promise<Outcome>): Promise<Outcome> {
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
  const sub = client ? await client.subscriptions.retrieve(sent.id) : sent;
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
  const customerId = typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? null);
  const named = organizationIdOf({ metadata: details?.metadata ?? invoice.metadata });
  const byMetadata = named && UUID_RE.test(named) ? named : null;
  const org = await db().organization.findFirst({
    where: byMetadata ? { id: byMetadata } : { stripeCustomerId: customerId ?? '\u0000' },
    select: { id: true, stripeSubscriptionId: true },
  });
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
