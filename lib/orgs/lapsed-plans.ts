import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { logger } from '../log.ts';

/**
 * A paid plan cancelled at period end, once the period is over, is FREE with status `canceled`
 * (decisions.md "Billing"). Stripe says so too (customer.subscription.deleted, written by the
 * webhook), but the plan must not outlive its period when that event is late. Reads compute it
 * (`effectivePlanLevel`, getSubscription); these write it: the sweep below on a timer
 * (instrumentation-node.ts), and the request pipeline's plan step for the organization it is
 * about to act in (lib/auth/accounts.ts `authenticate`), so the next request reads FREE canceled.
 */
export const LAPSED_PLAN = { planLevel: 'FREE', subscriptionStatus: 'canceled', cancelAtPeriodEnd: false } as const satisfies Prisma.OrganizationUpdateInput;

/** Organizations whose cancelled plan's period is over at `now` and that are not FREE yet. */
const lapsedWhere = (now: Date) => ({ planLevel: { not: 'FREE' }, cancelAtPeriodEnd: true, currentPeriodEnd: { lte: now } }) satisfies Prisma.OrganizationWhereInput;

/** Write one organization's lapse; conditional, so it changes nothing unless the lapse still holds. */
export async function dropLapsedPlan(organizationId: string, now = new Date()): Promise<boolean> {
  const { count } = await db().organization.updateMany({ where: { id: organizationId, ...lapsedWhere(now) }, data: LAPSED_PLAN });
  return count > 0;
}

/** Write every lapse due (the periodic sweep); answers how many organizations dropped to FREE. */
export async function dropLapsedPlans(now = new Date()): Promise<number> {
  const { count } = await db().organization.updateMany({ where: lapsedWhere(now), data: LAPSED_PLAN });
  if (count > 0) logger.info('lapsed plans dropped to FREE', { count });
  return count;
}
