/** The one plan table (lib/orgs/plans.ts): limits, trials, lapsed plans and price lookup keys. */
import { describe, expect, it } from 'vitest';
import {
  canSealDocuments,
  complexityLimit,
  effectivePlanLevel,
  hasLapsed,
  isTrialActive,
  PAID_PLAN_LEVELS,
  PLAN_LEVELS,
  planOf,
  planOfLookupKey,
  PLANS,
  priceLookupKey,
  requestTimeoutMs,
  TRIAL_DAYS,
  trialEnd,
} from './plans.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const before = new Date(NOW.getTime() - 1);
const after = new Date(NOW.getTime() + 1);

describe('PLANS', () => {
  it('holds the limits of decisions.md "Plans", in its order', () => {
    expect(PLAN_LEVELS).toEqual(['FREE', 'PROFESSIONAL', 'TEAM', 'ENTERPRISE']);
    expect(Object.fromEntries(PLAN_LEVELS.map((l) => [l, [PLANS[l].maxDocuments, PLANS[l].maxCredentials, PLANS[l].maxTeamMembers, PLANS[l].canUseCloudStorage]]))).toEqual({
      FREE: [25, 1, 1, false],
      PROFESSIONAL: [1000, 5, 1, true],
      TEAM: [10000, 50, 25, true],
      ENTERPRISE: [null, null, null, true],
    });
    expect(PAID_PLAN_LEVELS).toEqual(['PROFESSIONAL', 'TEAM', 'ENTERPRISE']);
  });

  it('sets the API limits by plan, and FREE for an anonymous request', () => {
    expect(planOf(null)).toBe(PLANS.FREE);
    expect([complexityLimit('query', null), complexityLimit('mutation', 'TEAM'), complexityLimit('query', 'ENTERPRISE'), complexityLimit('mutation', 'ENTERPRISE')]).toEqual([500, 100, 2000, 500]);
    expect([requestTimeoutMs(10_000, 'PROFESSIONAL'), requestTimeoutMs(10_000, 'ENTERPRISE')]).toEqual([10_000, 20_000]);
  });
});

describe('trials and lapsed plans', () => {
  it('lets FREE seal only while its trial runs, and every paid plan always', () => {
    expect(trialEnd(NOW).getTime() - NOW.getTime()).toBe(TRIAL_DAYS * 24 * 3600 * 1000);
    expect(isTrialActive({ planLevel: 'FREE', trialEndsAt: after }, NOW)).toBe(true);
    expect(canSealDocuments({ planLevel: 'FREE', trialEndsAt: after }, NOW)).toBe(true);
    expect(canSealDocuments({ planLevel: 'FREE', trialEndsAt: NOW }, NOW)).toBe(false);
    expect(canSealDocuments({ planLevel: 'FREE', trialEndsAt: null }, NOW)).toBe(false);
    expect(canSealDocuments({ planLevel: 'PROFESSIONAL', trialEndsAt: before }, NOW)).toBe(true);
    expect(isTrialActive({ planLevel: 'TEAM', trialEndsAt: after }, NOW)).toBe(false);
  });

  it('makes a paid plan cancelled at period end FREE from the end of its period, and no other', () => {
    const cancelled = (currentPeriodEnd: Date | null) => ({ planLevel: 'TEAM' as const, cancelAtPeriodEnd: true, currentPeriodEnd });
    expect(hasLapsed(cancelled(NOW), NOW)).toBe(true);
    expect(effectivePlanLevel(cancelled(before), NOW)).toBe('FREE');
    expect(effectivePlanLevel(cancelled(after), NOW)).toBe('TEAM');
    expect(effectivePlanLevel(cancelled(null), NOW)).toBe('TEAM');
    expect(effectivePlanLevel({ planLevel: 'TEAM', cancelAtPeriodEnd: false, currentPeriodEnd: before }, NOW)).toBe('TEAM');
  });
});

describe('price lookup keys', () => {
  it('round-trip for every paid plan and interval, and name nothing else', () => {
    for (const level of PAID_PLAN_LEVELS) {
      for (const interval of ['MONTH', 'YEAR'] as const) expect(planOfLookupKey(priceLookupKey(level, interval))).toBe(level);
    }
    expect(priceLookupKey('TEAM', 'YEAR')).toBe('sealwright_team_year');
    for (const key of ['sealwright_free_month', 'sealwright_team_week', 'SEALWRIGHT_TEAM_MONTH', 'other_team_month', '', null, undefined]) expect(planOfLookupKey(key)).toBeNull();
  });
});
