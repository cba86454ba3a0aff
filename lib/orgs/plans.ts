import { PlanLevel } from '../generated/prisma/enums.ts';

export { PlanLevel };

export const TRIAL_DAYS = 14;

/** Every plan level, in the order of decisions.md "Plans" (the Prisma enum's order). */
export const PLAN_LEVELS = Object.values(PlanLevel) as PlanLevel[];

export interface Plan {
  canUseCloudStorage: boolean;
  /** null: no limit. */
  maxDocuments: number | null;
  maxCredentials: number | null;
  maxTeamMembers: number | null;
  /** Query and mutation cost limits of the GraphQL API (graphql-interface.md §8). */
  queryComplexity: number;
  mutationComplexity: number;
  /** The GraphQL request timeout is GRAPHQL_TIMEOUT_MS times this. */
  timeoutMultiplier: number;
}

const STANDARD_API = { queryComplexity: 500, mutationComplexity: 100, timeoutMultiplier: 1 } as const;

/**
 * The one plan table (decisions.md "Plans", graphql-interface.md §8): the API limits, the
 * billing webhooks and the pages all read it. Whether a FREE organization may seal depends
 * on its trial, so that is `canSealDocuments`, not a column here.
 */
export const PLANS: Record<PlanLevel, Plan> = {
  FREE: { canUseCloudStorage: false, maxDocuments: 25, maxCredentials: 1, maxTeamMembers: 1, ...STANDARD_API },
  PROFESSIONAL: { canUseCloudStorage: true, maxDocuments: 1000, maxCredentials: 5, maxTeamMembers: 1, ...STANDARD_API },
  TEAM: { canUseCloudStorage: true, maxDocuments: 10000, maxCredentials: 50, maxTeamMembers: 25, ...STANDARD_API },
  ENTERPRISE: { canUseCloudStorage: true, maxDocuments: null, maxCredentials: null, maxTeamMembers: null, queryComplexity: 2000, mutationComplexity: 500, timeoutMultiplier: 2 },
};

/** The plan of a level; an anonymous request (no level) gets FREE's API limits. */
export function planOf(level: PlanLevel | null | undefined): Plan {
  return PLANS[level ?? 'FREE'];
}

/** The cost limit of a GraphQL operation for a plan. */
export function complexityLimit(operation: 'query' | 'mutation' | 'subscription', level: PlanLevel | null | undefined): number {
  const plan = planOf(level);
  return operation === 'mutation' ? plan.mutationComplexity : plan.queryComplexity;
}

/** The GraphQL request timeout for a plan, from the configured base. */
export function requestTimeoutMs(baseMs: number, level: PlanLevel | null | undefined): number {
  return baseMs * planOf(level).timeoutMultiplier;
}

export interface PlanState {
  planLevel: PlanLevel;
  trialEndsAt: Date | null;
}

/** Whether a FREE organization's trial is still running. */
export function isTrialActive(org: PlanState, now = new Date()): boolean {
  return org.planLevel === 'FREE' && org.trialEndsAt !== null && org.trialEndsAt > now;
}

/** FREE seals only during its trial; every paid plan seals. */
export function canSealDocuments(org: PlanState, now = new Date()): boolean {
  return org.planLevel !== 'FREE' || isTrialActive(org, now);
}

/** The end of a trial that starts now. */
export function trialEnd(start = new Date()): Date {
  return new Date(start.getTime() + TRIAL_DAYS * 24 * 3600 * 1000);
}

export interface BillingPeriodState {
  planLevel: PlanLevel;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

/** A paid plan cancelled at period end whose period is over: it is FREE from then on (decisions.md "Billing"). */
export function hasLapsed(org: BillingPeriodState, now = new Date()): boolean {
  return org.planLevel !== 'FREE' && org.cancelAtPeriodEnd && org.currentPeriodEnd !== null && org.currentPeriodEnd <= now;
}

/** The plan that applies now: the stored level, unless a cancelled period has ended. */
export function effectivePlanLevel(org: BillingPeriodState, now = new Date()): PlanLevel {
  return hasLapsed(org, now) ? 'FREE' : org.planLevel;
}

/** Every paid plan, with its Stripe price lookup key per interval (decisions.md "Prices"). */
export const PAID_PLAN_LEVELS: PlanLevel[] = PLAN_LEVELS.filter((level) => level !== 'FREE');

export type BillingInterval = 'MONTH' | 'YEAR';

/** The lookup key of a plan's price: `sealwright_<plan>_<interval>`. */
export function priceLookupKey(level: PlanLevel, interval: BillingInterval): string {
  return `sealwright_${level.toLowerCase()}_${interval.toLowerCase()}`;
}

/** The plan a lookup key names, or null when it is not one of ours. */
export function planOfLookupKey(key: string | null | undefined): PlanLevel | null {
  const m = /^sealwright_([a-z]+)_(month|year)$/.exec(key ?? '');
  const level = m?.[1].toUpperCase() as PlanLevel | undefined;
  return level && PAID_PLAN_LEVELS.includes(level) ? level : null;
}
