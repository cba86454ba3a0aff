import type Stripe from 'stripe';
import type { Prisma } from '../db/index.ts';
import type { PlanLevel } from '../generated/prisma/enums.ts';
import { logger } from '../log.ts';
import { PAID_PLAN_LEVELS, planOfLookupKey } from '../orgs/plans.ts';

/** Processor statuses under which the paid plan applies; any other leaves the organization FREE. */
export const ENTITLED_STATUSES = new Set(['active', 'trialing', 'past_due']);

/** The organization a Stripe object names in its metadata (every customer and subscription we create carries it). */
export function organizationIdOf(object: { metadata?: Stripe.Metadata | null }): string | null {
  const id = object.metadata?.organizationId;
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/** The plan a subscription pays for: its first item's price lookup key, else metadata.planLevel. */
export function planOfSubscription(sub: Stripe.Subscription): PlanLevel | null {
  const fromPrice = planOfLookupKey(sub.items?.data?.[0]?.price?.lookup_key);
  if (fromPrice) return fromPrice;
  const fromMetadata = sub.metadata?.planLevel?.toUpperCase() as PlanLevel | undefined;
  return fromMetadata && PAID_PLAN_LEVELS.includes(fromMetadata) ? fromMetadata : null;
}

/** The current period's bounds: on the items in this API version, on the subscription in older ones. */
function periodOf(sub: Stripe.Subscription, edge: 'current_period_start' | 'current_period_end'): Date | null {
  const item = sub.items?.data?.[0] as unknown as Record<string, unknown> | undefined;
  const seconds = item?.[edge] ?? (sub as unknown as Record<string, unknown>)[edge];
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

export const periodEndOf = (sub: Stripe.Subscription) => periodOf(sub, 'current_period_end');

/**
 * The organization's billing as a subscription says it is (decisions.md "Billing (Stripe)"):
 * planLevel, status, period end and cancel-at-period-end. A subscription that is not (or no
 * longer) entitled, or whose cancelled period is over, leaves the plan FREE with its status.
 */
export function billingStateOf(sub: Stripe.Subscription, now = new Date()): Prisma.OrganizationUpdateInput {
  const plan = planOfSubscription(sub);
  const periodEnd = periodEndOf(sub);
  const periodStart = periodOf(sub, 'current_period_start');
  const lapsed = sub.cancel_at_period_end && periodEnd !== null && periodEnd <= now;
  const entitled = ENTITLED_STATUSES.has(sub.status) && plan !== null && !lapsed;
  if (!entitled) {
    if (ENTITLED_STATUSES.has(sub.status) && plan === null)
      logger.warn('billing: a subscription pays a price that is none of our plans', { subscription: sub.id, lookupKey: sub.items?.data?.[0]?.price?.lookup_key ?? null });
    const ended = sub.status === 'canceled' || lapsed;
    return {
      planLevel: 'FREE',
      subscriptionStatus: ended ? 'canceled' : sub.status,
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      stripeSubscriptionId: sub.id,
    };
  }
  return {
    planLevel: plan,
    subscriptionStatus: sub.status,
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    stripeSubscriptionId: sub.id,
    trialEndsAt: null,
  };
}

/**
 * Whether a subscription may set an organization's billing: the organization's own
 * subscription, a first one, or a new one that is entitled (it replaces the old). A late event
 * of an abandoned or replaced subscription changes nothing.
 */
export function mayApply(org: { stripeSubscriptionId: string | null }, sub: Stripe.Subscription): boolean {
  return org.stripeSubscriptionId === null || org.stripeSubscriptionId === sub.id || ENTITLED_STATUSES.has(sub.status);
}
