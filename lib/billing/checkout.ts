import type Stripe from 'stripe';
import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { getSubscription } from '../orgs/organizations.ts';
import type { Subscription } from '../orgs/organizations.ts';
import { throwIfNoAccess } from '../orgs/permissions.ts';
import { PAID_PLAN_LEVELS, priceLookupKey } from '../orgs/plans.ts';
import type { BillingInterval } from '../orgs/plans.ts';
import type { PlanLevel } from '../generated/prisma/enums.ts';
import { limitOperation } from '../ratelimit/index.ts';
import { logger } from '../log.ts';
import { fromStripeError, stripe, stripeOrNull } from './stripe.ts';
import { billingStateOf, ENTITLED_STATUSES } from './sync-subscription.ts';

/**
 * Every billing mutation starts here (decisions.md): BILLING_NOT_CONFIGURED without a secret
 * key, FORBIDDEN below OWNER/ADMIN, then the per-user billing budget (10 a minute).
 */
async function billingStep(actor: Actor, operation: 'createPaymentIntent' | 'createSetupIntent' | 'createCustomerSession' | 'updateSubscription'): Promise<Stripe> {
  const client = stripe();
  throwIfNoAccess(actor, 'billing.manage', 'Only an OWNER or ADMIN manages billing');
  await limitOperation(operation, actor.userId);
  return client;
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    return fromStripeError(err);
  }
}

/**
 * The organization's Stripe customer, created once with metadata.organizationId. The
 * idempotency key makes two concurrent first calls create one customer; the conditional
 * update keeps the first id stored.
 */
export async function ensureCustomer(client: Stripe, actor: Actor): Promise<string> {
  const org = await db().organization.findUniqueOrThrow({ where: { id: actor.organizationId }, select: { id: true, name: true, stripeCustomerId: true } });
  if (org.stripeCustomerId) return org.stripeCustomerId;
  const user = await db().user.findUniqueOrThrow({ where: { id: actor.userId }, select: { email: true } });
  const customer = await call(() => client.customers.create({ name: org.name, email: user.email, metadata: { organizationId: org.id } }, { idempotencyKey: `sealwright-customer-${org.id}` }));
  await db().organization.updateMany({ where: { id: org.id, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
  const stored = await db().organization.findUniqueOrThrow({ where: { id: org.id }, select: { stripeCustomerId: true } });
  return stored.stripeCustomerId!;
}

const priceCache = new Map<string, { price: Stripe.Price; at: number }>();

/** The active price of a plan and interval, by lookup key (cached 5 minutes). */
export async function findPrice(client: Stripe, level: PlanLevel, interval: BillingInterval): Promise<Stripe.Price> {
  const key = priceLookupKey(level, interval);
  const hit = priceCache.get(key);
  if (hit && Date.now() - hit.at < 300_000) return hit.price;
  const list = await call(() => client.prices.list({ lookup_keys: [key], active: true, limit: 1 }));
  const price = list.data[0];
  if (!price) throw new AppError('BILLING_NOT_CONFIGURED', `Billing has no active price with lookup key ${key}`);
  priceCache.set(key, { price, at: Date.now() });
  return price;
}

export interface CreatePaymentIntentInput {
  planLevel: PlanLevel;
  interval?: BillingInterval | null;
}

/** The client secret of a subscription's open invoice, or null when nothing is left to pay. */
function clientSecretOf(sub: Stripe.Subscription): string | null {
  const invoice = sub.latest_invoice;
  if (!invoice || typeof invoice === 'string' || invoice.status !== 'open') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/**
 * Plan checkout: the client secret to confirm with Stripe Elements. A first plan creates a
 * subscription waiting for its first payment (default_incomplete); the plan starts when
 * Stripe reports it paid (webhook). A live subscription changes its price instead, prorated;
 * clientSecret is then null unless Stripe asks for a payment. An unpaid checkout for the same
 * price is reused, one for another price is cancelled first: an organization never holds two.
 */
export async function createPaymentIntent({ actor, input }: { actor: Actor; input: CreatePaymentIntentInput }): Promise<{ clientSecret: string | null }> {
  const client = await billingStep(actor, 'createPaymentIntent');
  if (!PAID_PLAN_LEVELS.includes(input.planLevel)) throw new AppError('BAD_USER_INPUT', 'FREE needs no payment: cancel the subscription at period end instead');
  const interval = input.interval ?? 'MONTH';
  const price = await findPrice(client, input.planLevel, interval);
  const customer = await ensureCustomer(client, actor);
  const org = await db().organization.findUniqueOrThrow({ where: { id: actor.organizationId }, select: { stripeSubscriptionId: true } });
  const expand = ['latest_invoice.confirmation_secret'];
  const metadata = { organizationId: actor.organizationId, planLevel: input.planLevel };

  if (org.stripeSubscriptionId) {
    const current = await call(() => client.subscriptions.retrieve(org.stripeSubscriptionId!, { expand }));
    const item = current.items.data[0];
    if (ENTITLED_STATUSES.has(current.status) && item) {
      let updated = current;
      // Choosing a plan takes back a cancellation at period end.
      if (updated.cancel_at_period_end) updated = await call(() => client.subscriptions.update(current.id, { cancel_at_period_end: false, expand }));
      if (item.price.id !== price.id) {
        // A pending update (pending_if_incomplete) takes only the change itself: no metadata,
        // no cancel_at_period_end. The price changes once its prorated invoice is paid.
        updated = await call(() =>
          client.subscriptions.update(current.id, {
            items: [{ id: item.id, price: price.id }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'pending_if_incomplete',
            expand,
          }),
        );
        if (updated.items.data[0]?.price.id === price.id) updated = await call(() => client.subscriptions.update(current.id, { metadata, expand }));
      }
      await db().organization.update({ where: { id: actor.organizationId }, data: billingStateOf(updated), select: { id: true } });
      return { clientSecret: clientSecretOf(updated) };
    }
    if (current.status === 'incomplete') {
      if (item?.price.id === price.id) return { clientSecret: clientSecretOf(current) };
      await call(() => client.subscriptions.cancel(current.id));
    }
  }

  const created = await call(() =>
    client.subscriptions.create({
      customer,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata,
      expand,
    }),
  );
  await db().organization.update({ where: { id: actor.organizationId }, data: { stripeSubscriptionId: created.id }, select: { id: true } });
  return { clientSecret: clientSecretOf(created) };
}

/** Save a card for later without charging it: a SetupIntent's client secret. */
export async function createSetupIntent({ actor }: { actor: Actor }): Promise<{ clientSecret: string | null }> {
  const client = await billingStep(actor, 'createSetupIntent');
  const customer = await ensureCustomer(client, actor);
  const intent = await call(() => client.setupIntents.create({ customer, usage: 'off_session', automatic_payment_methods: { enabled: true }, metadata: { organizationId: actor.organizationId } }));
  return { clientSecret: intent.client_secret };
}

/** A CustomerSession for the Payment Element to show, save and remove the organization's saved cards. */
export async function createCustomerSession({ actor }: { actor: Actor }): Promise<{ customerId: string; clientSecret: string }> {
  const client = await billingStep(actor, 'createCustomerSession');
  const customer = await ensureCustomer(client, actor);
  const session = await call(() =>
    client.customerSessions.create({
      customer,
      components: { payment_element: { enabled: true, features: { payment_method_redisplay: 'enabled', payment_method_save: 'enabled', payment_method_remove: 'enabled' } } },
    }),
  );
  return { customerId: customer, clientSecret: session.client_secret };
}

/**
 * Cancel the paid plan at the end of its period, or take the cancellation back. The
 * organization reflects Stripe's answer at once; the webhook that follows agrees.
 */
export async function updateSubscription({ actor, input }: { actor: Actor; input: { cancelAtPeriodEnd: boolean } }): Promise<Subscription> {
  const client = await billingStep(actor, 'updateSubscription');
  const org = await db().organization.findUniqueOrThrow({ where: { id: actor.organizationId }, select: { planLevel: true, stripeSubscriptionId: true } });
  if (org.planLevel === 'FREE' || !org.stripeSubscriptionId) throw new AppError('BAD_USER_INPUT', 'The organization has no paid subscription to change');
  const sub = await call(() => client.subscriptions.update(org.stripeSubscriptionId!, { cancel_at_period_end: input.cancelAtPeriodEnd }));
  await db().organization.update({ where: { id: actor.organizationId }, data: billingStateOf(sub), select: { id: true } });
  return getSubscription({ actor });
}

export interface InvoiceSummary {
  id: string;
  number: string | null;
  status: string | null;
  amountDue: number;
  amountPaid: number;
  currency: string;
  created: Date;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
}

/** The organization's latest invoices (the billing page); none without billing or before it has a customer. */
export async function listInvoices({ actor, limit = 12 }: { actor: Actor; limit?: number }): Promise<InvoiceSummary[]> {
  throwIfNoAccess(actor, 'organization.read');
  const client = stripeOrNull();
  if (!client) return [];
  const org = await db().organization.findUniqueOrThrow({ where: { id: actor.organizationId }, select: { stripeCustomerId: true } });
  if (!org.stripeCustomerId) return [];
  const list = await call(() => client.invoices.list({ customer: org.stripeCustomerId!, limit }));
  return list.data.map((i) => ({
    id: i.id!,
    number: i.number,
    status: i.status,
    amountDue: i.amount_due,
    amountPaid: i.amount_paid,
    currency: i.currency,
    created: new Date(i.created * 1000),
    hostedInvoiceUrl: i.hosted_invoice_url ?? null,
    invoicePdf: i.invoice_pdf ?? null,
  }));
}

export interface PlanPrice {
  planLevel: PlanLevel;
  interval: BillingInterval;
  unitAmount: number | null;
  currency: string;
}

/** The prices of every paid plan and interval that Stripe holds (the plan cards); none without billing. */
export async function listPlanPrices(): Promise<PlanPrice[]> {
  const client = stripeOrNull();
  if (!client) return [];
  const keys = PAID_PLAN_LEVELS.flatMap((level) => (['MONTH', 'YEAR'] as const).map((interval) => ({ level, interval, key: priceLookupKey(level, interval) })));
  const list = await call(() => client.prices.list({ lookup_keys: keys.map((k) => k.key), active: true, limit: keys.length }));
  return keys.flatMap(({ level, interval, key }) => {
    const price = list.data.find((p) => p.lookup_key === key);
    return price ? [{ planLevel: level, interval, unitAmount: price.unit_amount, currency: price.currency }] : [];
  });
}

/**
 * Cancel subscriptions at once (their organizations are gone: an account deleted with them).
 * Best effort: a failure is logged for someone to finish by hand, never undoing the deletion.
 */
export async function cancelSubscriptions(ids: string[]): Promise<void> {
  const client = stripeOrNull();
  if (!client || ids.length === 0) return;
  for (const id of ids) {
    try {
      const sub = await client.subscriptions.retrieve(id);
      if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired') await client.subscriptions.cancel(id);
    } catch (err) {
      logger.error('billing: could not cancel the subscription of a deleted organization; cancel it in Stripe', { subscription: id, error: err instanceof Error ? err.message : String(err) });
    }
  }
}
