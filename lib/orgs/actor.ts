import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import type { MembershipRole, PlanLevel } from '../generated/prisma/enums.ts';
import { UUID_RE } from '../ids.ts';
import { effectivePlanLevel, hasLapsed } from './plans.ts';

/** Who is acting, and in which organization: every lib function that reads tenant data takes one. */
export interface Actor {
  userId: string;
  organizationId: string;
  role: MembershipRole;
  plan: PlanLevel;
  /** The sign-in session (refresh-token family) of the access token, when it names one. */
  sessionId?: string | null;
  /** The refresh token issued with the access token (its session's live one until rotated). */
  refreshTokenId?: string | null;
  /** The request's client address (lib/http/client-ip.ts), for a document's audit trail; none for background work. */
  clientAddress?: string | null;
}

/**
 * "The user's organization" when a request names none: the primary membership, else the
 * oldest. The actor lookup and User.trialActive both order memberships by this.
 */
export const PRIMARY_MEMBERSHIP_ORDER = [{ isPrimaryOrg: 'desc' }, { insertedAt: 'asc' }, { id: 'asc' }] as const satisfies ReadonlyArray<Record<string, 'asc' | 'desc'>>;

const membershipSelect = { role: true, organization: { select: { id: true, planLevel: true, cancelAtPeriodEnd: true, currentPeriodEnd: true } } } satisfies Prisma.OrganizationMembershipSelect;

/** An actor, and whether its organization's stored plan has lapsed (a cancelled period is over, not written FREE yet). */
export interface ResolvedActor {
  actor: Actor;
  planLapsed: boolean;
}

/** A sign-in session that still holds: its refresh-token family has a token neither revoked nor expired. */
export function liveSessionWhere(sessionId: string, now = new Date()) {
  return { familyId: sessionId, revokedAt: null, expiresAt: { gt: now } } satisfies Prisma.RefreshTokenWhereInput;
}

/**
 * The actor for a user id, as `loadActor`, with the plan's lapse for the request pipeline to
 * write (lib/auth/accounts.ts). With `sessionId`, only while that sign-in session of the user
 * holds (read in the same statement as the membership); null otherwise. Reads only.
 */
export async function resolveActor({
  userId,
  requestedOrganizationId,
  sessionId,
  now = new Date(),
}: {
  userId: string;
  requestedOrganizationId?: string | null;
  sessionId?: string;
  now?: Date;
}): Promise<ResolvedActor | null> {
  if (!UUID_RE.test(userId)) return null;
  const live = sessionId ? { user: { refreshTokens: { some: liveSessionWhere(sessionId, now) } } } : {};
  let membership = null;
  if (requestedOrganizationId && UUID_RE.test(requestedOrganizationId)) {
    membership = await db().organizationMembership.findUnique({
      where: { userId_organizationId: { userId, organizationId: requestedOrganizationId }, ...live },
      select: membershipSelect,
    });
  }
  membership ??= await db().organizationMembership.findFirst({
    where: { userId, ...live },
    orderBy: [...PRIMARY_MEMBERSHIP_ORDER],
    select: membershipSelect,
  });
  if (!membership) return null;
  const org = membership.organization;
  // A plan change (webhook, lapse) takes effect on the next request: the plan is read here, every time.
  return { actor: { userId, organizationId: org.id, role: membership.role, plan: effectivePlanLevel(org, now) }, planLapsed: hasLapsed(org, now) };
}

/**
 * The actor for a user id (from a bearer token or a dashboard session): the organization
 * named by `requestedOrganizationId` (X-Organization-Id) when the user is a member of it,
 * else the user's primary one, with the plan that applies now. null when the user no longer
 * exists or belongs nowhere. Reads only: a lapsed plan is written elsewhere (lib/orgs/lapsed-plans.ts).
 */
export async function loadActor({ userId, requestedOrganizationId }: { userId: string; requestedOrganizationId?: string | null }): Promise<Actor | null> {
  return (await resolveActor({ userId, requestedOrganizationId }))?.actor ?? null;
}
