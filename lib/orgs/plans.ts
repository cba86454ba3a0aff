import type { PlanLevel } from '../generated/prisma/enums.ts';

export const TRIAL_DAYS = 14;

export interface PlanLimits {
  canUseCloudStorage: boolean;
  maxDocuments: number | null;
  maxCredentials: number | null;
  maxTeamMembers: number | null;
}

/** The limits of each plan (decisions.md "Plans"); null means no limit. */
export const PLAN_LIMITS: Record<PlanLevel, PlanLimits> = {
  FREE: { canUseCloudStorage: false, maxDocuments: 25, maxCredentials: 1, maxTeamMembers: 1 },
  PROFESSIONAL: { canUseCloudStorage: true, maxDocuments: 1000, maxCredentials: 5, maxTeamMembers: 1 },
  TEAM: { canUseCloudStorage: true, maxDocuments: 10000, maxCredentials: 50, maxTeamMembers: 25 },
  ENTERPRISE: { canUseCloudStorage: true, maxDocuments: null, maxCredentials: null, maxTeamMembers: null },
};

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
