import crypto from 'node:crypto';
import { db, Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { PRIMARY_MEMBERSHIP_ORDER } from './actor.ts';
import type { Actor } from './actor.ts';
import { LAPSED_PLAN } from './lapsed-plans.ts';
import { hasLapsed, isTrialActive, trialEnd } from './plans.ts';

/** A URL-safe slug from a name, with a random suffix so it is unique. */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'org'}-${crypto.randomBytes(3).toString('hex')}`;
}

/** Create the personal FREE organization of a new user, on a 14-day trial, with the user as OWNER. */
export async function createPersonalOrganization(tx: Prisma.TransactionClient, { userId, name, now = new Date() }: { userId: string; name: string; now?: Date }) {
  return tx.organization.create({
    data: {
      name,
      slug: slugify(name),
      planLevel: 'FREE',
      trialEndsAt: trialEnd(now),
      subscriptionStatus: 'trialing',
      memberships: { create: { userId, role: 'OWNER', isPrimaryOrg: true } },
    },
    select: { id: true },
  });
}

type OrganizationQuery = Omit<Prisma.OrganizationFindFirstArgs, 'where'>;
type MembershipQuery = Omit<Prisma.OrganizationMembershipFindManyArgs, 'where' | 'orderBy' | 'take'>;

/** The actor's current organization. */
export async function getCurrentOrganization<Q extends OrganizationQuery>({ actor, query }: { actor: Actor; query?: Q }) {
  const org = await db().organization.findFirst({
    ...(query ?? {}),
    where: { id: actor.organizationId, memberships: { some: { userId: actor.userId } } },
  });
  if (!org) throw new AppError('NOT_FOUND', 'Organization not found');
  return org;
}

/** The actor's memberships, primary first, then oldest first. */
export async function listMyMemberships<Q extends MembershipQuery>({ actor, limit, query }: { actor: Actor; limit: number; query?: Q }) {
  return db().organizationMembership.findMany({
    ...(query ?? {}),
    where: { userId: actor.userId },
    orderBy: [...PRIMARY_MEMBERSHIP_ORDER],
    take: limit,
  });
}

const subscriptionSelect = { id: true, planLevel: true, trialEndsAt: true, subscriptionStatus: true, currentPeriodEnd: true, cancelAtPeriodEnd: true } satisfies Prisma.OrganizationSelect;

/** Processor statuses a FREE organization reports over its trial: a subscription that never started or has ended. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired', 'unpaid']);

/**
 * The subscription of the actor's current organization. A FREE plan reports its trial
 * (`trialing`, then `none`), unless a subscription of the processor has ended
 * (`canceled`, `unpaid`, `incomplete_expired`). A cancelled paid plan whose period is over reads FREE canceled.
 */
export async function getSubscription({ actor, now = new Date() }: { actor: Actor; now?: Date }) {
  const stored = await getCurrentOrganization({ actor, query: { select: subscriptionSelect } });
  // A lapse not written yet reads as it will be written (lib/orgs/lapsed-plans.ts): a read never writes.
  const org = hasLapsed(stored, now) ? { ...stored, ...LAPSED_PLAN } : stored;
  const free = org.planLevel === 'FREE';
  const ended = free && ENDED_STATUSES.has(org.subscriptionStatus);
  return {
    planLevel: org.planLevel,
    status: free ? (ended ? org.subscriptionStatus : isTrialActive(org, now) ? 'trialing' : 'none') : org.subscriptionStatus,
    currentPeriodEnd: org.currentPeriodEnd,
    cancelAtPeriodEnd: org.cancelAtPeriodEnd,
    trialEnd: free ? org.trialEndsAt : null,
  };
}

export type Subscription = Awaited<ReturnType<typeof getSubscription>>;
