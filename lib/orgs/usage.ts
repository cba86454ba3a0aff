import { db } from '../db/index.ts';
import { isTrialActive, TRIAL_DAYS } from './plans.ts';
import type { PlanLevel } from './plans.ts';

export interface UsagePeriodState {
  planLevel: PlanLevel;
  trialEndsAt: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
}

/**
 * Where "this period" starts for usage: a paid plan's billing period, a FREE trial's start,
 * else the calendar month (UTC).
 */
export function usagePeriodStart(org: UsagePeriodState, now = new Date()): Date {
  if (org.planLevel !== 'FREE' && org.currentPeriodStart && (!org.currentPeriodEnd || org.currentPeriodEnd > now)) return org.currentPeriodStart;
  if (isTrialActive(org, now)) return new Date(org.trialEndsAt!.getTime() - TRIAL_DAYS * 86_400_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Seals the organization made since its period started. */
export function countSealsThisPeriod(organizationId: string, org: UsagePeriodState, now = new Date()): Promise<number> {
  return db().seal.count({ where: { organizationId, sealedAt: { gte: usagePeriodStart(org, now) } } });
}
