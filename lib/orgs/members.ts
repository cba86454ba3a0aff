import { db, Prisma } from '../db/index.ts';
import { limitIp } from '../ratelimit/index.ts';
import { AppError, quote } from '../errors.ts';
import type { MembershipRole } from '../generated/prisma/enums.ts';
import { UUID_RE } from '../ids.ts';
import type { Actor } from './actor.ts';
import { lockOrganization } from './lock.ts';
import { slugify } from './organizations.ts';
import { throwIfNoAccess } from './permissions.ts';
import { printableText } from '../text.ts';
import { effectivePlanLevel, PLANS, trialEnd } from './plans.ts';

export const MEMBERSHIP_ROLES = ['OWNER', 'ADMIN', 'MEMBER'] as const satisfies readonly MembershipRole[];

/** Members in the order they joined. */
export const MEMBER_ORDER = [{ insertedAt: 'asc' }, { id: 'asc' }] as const satisfies ReadonlyArray<Prisma.OrganizationMembershipOrderByWithRelationInput>;

type MembershipQuery = Omit<Prisma.OrganizationMembershipFindManyArgs, 'where' | 'orderBy'>;
type OrganizationQuery = Omit<Prisma.OrganizationCreateArgs, 'data'>;
type OneMembershipQuery = Omit<Prisma.OrganizationMembershipFindUniqueArgs, 'where'>;

const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{1,46}[a-z0-9])$/;

export interface SetupOrganizationInput {
  name: string;
  slug?: string | null;
}

/**
 * A new organization with the caller as its OWNER, FREE on its own 14-day trial (decisions.md).
 * The caller's primary organization stays what it was. A slug someone has taken → CONFLICT.
 */
export async function setupOrganization<Q extends OrganizationQuery>({
  actor,
  input,
  query,
  now = new Date(),
}: {
  actor: Pick<Actor, 'userId'>;
  input: SetupOrganizationInput;
  query?: Q;
  now?: Date;
}) {
  // Printable, on one line: the name goes into invitation mails and every member's dashboard, where a
  // line break or a bidi control would let it pass for other words ("Acme\r\nBcc: …", "\u202etxt.exe").
  const name = printableText(input.name);
  if (name.length < 1 || name.length > 100) throw new AppError('BAD_USER_INPUT', 'name must be 1 to 100 characters');
  let slug: string;
  if (input.slug !== undefined && input.slug !== null) {
    slug = input.slug.trim().toLowerCase();
    if (!SLUG_RE.test(slug) || slug.includes('--')) {
      throw new AppError('BAD_USER_INPUT', `slug must be 3 to 48 lowercase letters, digits and single dashes, starting and ending with a letter or digit; got ${quote(input.slug)}`);
    }
  } else {
    slug = slugify(name);
  }
  try {
    return await db().organization.create({
      ...(query ?? {}),
      data: {
        name,
        slug,
        planLevel: 'FREE',
        trialEndsAt: trialEnd(now),
        subscriptionStatus: 'trialing',
        memberships: { create: { userId: actor.userId, role: 'OWNER', isPrimaryOrg: false } },
      },
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw new AppError('CONFLICT', `The slug ${quote(slug)} is taken`);
    throw err;
  }
}

/** The current organization's members, in the order they joined. */
export function listMembers<Q extends MembershipQuery>({ actor, query }: { actor: Actor; query: Q }) {
  return db().organizationMembership.findMany({ ...query, where: { organizationId: actor.organizationId }, orderBy: [...MEMBER_ORDER] });
}

/** How many members the current organization has. */
export function countMembers({ actor }: { actor: Actor }): Promise<number> {
  return db().organizationMembership.count({ where: { organizationId: actor.organizationId } });
}

/** Whether a membership belongs to the current organization (a connection's cursor must). */
export async function isMemberListed({ actor, id }: { actor: Actor; id: string }): Promise<boolean> {
  return (await db().organizationMembership.count({ where: { id, organizationId: actor.organizationId } })) > 0;
}

export interface UpsertMemberInput {
  email: string;
  role: MembershipRole;
}

/**
 * Add an existing user to the current organization, or change a member's role. OWNER and
 * ADMIN manage members; only an OWNER makes, changes or removes an OWNER (FORBIDDEN
 * otherwise). A new member beyond the plan's maxTeamMembers → PLAN_LIMIT_EXCEEDED; demoting
 * the last OWNER → CONFLICT. The organization's row is locked, so two additions cannot both
 * take the last seat.
 */
export async function upsertMember<Q extends OneMembershipQuery>({ actor, input, query, now = new Date() }: { actor: Actor; input: UpsertMemberInput; query?: Q; now?: Date }) {
  throwIfNoAccess(actor, 'members.manage');
  if (!(MEMBERSHIP_ROLES as readonly string[]).includes(input.role)) throw new AppError('BAD_USER_INPUT', `role must be one of ${MEMBERSHIP_ROLES.join(', ')}`);
  if (input.role === 'OWNER') throwIfNoAccess(actor, 'owners.manage', 'Only an OWNER makes someone an OWNER');
  const email = input.email.trim().toLowerCase();
  if (!email.includes('@') || email.length > 254) throw new AppError('BAD_USER_INPUT', `email is not an email address: ${quote(input.email)}`);

  // Each call takes from the organization's budget of invitations (50 an hour): whether an address
  // has an account shows in the answer, and 98 aliased calls a request tested 98 addresses (a probe).
  await limitIp('invitation', `org:${actor.organizationId}`);
  const id = await db().$transaction(async (tx) => {
    await lockOrganization(tx, actor.organizationId);
    // The role as it is now, under the lock: a request of someone demoted a moment ago acts as what they are now.
    const current = await currentActor(tx, actor);
    throwIfNoAccess(current, 'members.manage');
    if (input.role === 'OWNER') throwIfNoAccess(current, 'owners.manage', 'Only an OWNER makes someone an OWNER');
    const user = await tx.user.findUnique({ where: { email }, select: { id: true } });
    const existing = user
      ? await tx.organizationMembership.findUnique({
          where: { userId_organizationId: { userId: user.id, organizationId: actor.organizationId } },
          select: { id: true, role: true },
        })
      : null;
    // A full organization answers the same for an address with an account and one without.
    if (!existing) await ensureSeat(tx, actor.organizationId, now);
    if (!user) throw new AppError('NOT_FOUND', `No Sealwright account uses ${quote(email)}: they register first, then you add them`);
    if (existing) {
      if (existing.role === input.role) return existing.id;
      if (existing.role === 'OWNER') {
        throwIfNoAccess(current, 'owners.manage', 'Only an OWNER changes an OWNER\u2019s role');
        await ensureAnotherOwner(tx, actor.organizationId, existing.id, 'demote');
      }
      await tx.organizationMembership.update({ where: { id: existing.id }, data: { role: input.role }, select: { id: true } });
      return existing.id;
    }
    const created = await tx.organizationMembership.create({
      data: { userId: user.id, organizationId: actor.organizationId, role: input.role, isPrimaryOrg: false },
      select: { id: true },
    });
    return created.id;
  });
  return db().organizationMembership.findUniqueOrThrow({ ...(query ?? {}), where: { id } });
}

/**
 * Remove a member of the current organization (`id`: the membership), or leave it (one's own
 * membership, whatever one's role). Removing someone else needs members.manage, and
 * owners.manage for an OWNER. The last OWNER cannot go (CONFLICT), nor can anyone leave their
 * only organization. Documents and credentials stay with the organization. Someone else's
 * membership, or one in another organization, is NOT_FOUND.
 */
export async function removeMember({ actor, id }: { actor: Actor; id: string }): Promise<{ id: string }> {
  if (!UUID_RE.test(id)) throw new AppError('NOT_FOUND', 'Member not found');
  return db().$transaction(async (tx) => {
    await lockOrganization(tx, actor.organizationId);
    const member = await tx.organizationMembership.findFirst({
      where: { id, organizationId: actor.organizationId },
      select: { id: true, userId: true, role: true, isPrimaryOrg: true },
    });
    if (!member) throw new AppError('NOT_FOUND', 'Member not found');
    const self = member.userId === actor.userId;
    if (!self) {
      const current = await currentActor(tx, actor);
      throwIfNoAccess(current, 'members.manage');
      if (member.role === 'OWNER') throwIfNoAccess(current, 'owners.manage', 'Only an OWNER removes an OWNER');
    }
    if (member.role === 'OWNER') await ensureAnotherOwner(tx, actor.organizationId, member.id, self ? 'leave' : 'remove');
    const elsewhere = await tx.organizationMembership.findFirst({
      where: { userId: member.userId, id: { not: member.id } },
      orderBy: [{ isPrimaryOrg: 'desc' }, { insertedAt: 'asc' }, { id: 'asc' }],
      select: { id: true, isPrimaryOrg: true },
    });
    if (!elsewhere) {
      throw new AppError('CONFLICT', self ? 'This is your only organization: an account always belongs to one' : 'This is their only organization: an account always belongs to one');
    }
    await tx.organizationMembership.delete({ where: { id: member.id }, select: { id: true } });
    if (member.isPrimaryOrg && !elsewhere.isPrimaryOrg) {
      await tx.organizationMembership.update({ where: { id: elsewhere.id }, data: { isPrimaryOrg: true }, select: { id: true } });
    }
    return { id: member.id };
  });
}

/**
 * PLAN_LIMIT_EXCEEDED unless the organization has room for one more member under its plan's
 * maxTeamMembers. Call it with the organization's row locked (lockOrganization), in the
 * transaction that adds the member, so two additions cannot both take the last seat.
 */
export async function ensureSeat(tx: Prisma.TransactionClient, organizationId: string, now = new Date()): Promise<void> {
  const org = await tx.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { planLevel: true, cancelAtPeriodEnd: true, currentPeriodEnd: true, _count: { select: { memberships: true } } },
  });
  const level = effectivePlanLevel(org, now);
  const max = PLANS[level].maxTeamMembers;
  if (max !== null && org._count.memberships >= max) {
    throw new AppError('PLAN_LIMIT_EXCEEDED', `The ${level} plan allows ${max} team member${max === 1 ? '' : 's'}, and the organization has ${org._count.memberships}: upgrade the plan to add more`, {
      limit: max,
    });
  }
}

/** The actor's membership as it is inside the transaction; gone (removed meanwhile) → NOT_FOUND. */
export async function currentActor(tx: Prisma.TransactionClient, actor: Actor): Promise<{ role: MembershipRole }> {
  const membership = await tx.organizationMembership.findUnique({
    where: { userId_organizationId: { userId: actor.userId, organizationId: actor.organizationId } },
    select: { role: true },
  });
  if (!membership) throw new AppError('NOT_FOUND', 'Organization not found');
  return membership;
}

async function ensureAnotherOwner(tx: Prisma.TransactionClient, organizationId: string, membershipId: string, action: 'demote' | 'remove' | 'leave'): Promise<void> {
  const others = await tx.organizationMembership.count({ where: { organizationId, role: 'OWNER', id: { not: membershipId } } });
  if (others > 0) return;
  const what =
    action === 'leave'
      ? 'You are its only OWNER: make another member an OWNER before you leave'
      : `That is its only OWNER: make another member an OWNER before you ${action === 'demote' ? 'change their role' : 'remove them'}`;
  throw new AppError('CONFLICT', what);
}

/**
 * Make one of the caller's organizations their primary one: the organization a request uses
 * when it names none (X-Organization-Id). An organization they do not belong to → NOT_FOUND.
 */
export async function setPrimaryOrganization<Q extends OneMembershipQuery>({ actor, organizationId, query }: { actor: Pick<Actor, 'userId'>; organizationId: string; query?: Q }) {
  if (!UUID_RE.test(organizationId)) throw new AppError('NOT_FOUND', 'Organization not found');
  const id = await db().$transaction(async (tx) => {
    const membership = await tx.organizationMembership.findUnique({
      where: { userId_organizationId: { userId: actor.userId, organizationId } },
      select: { id: true },
    });
    if (!membership) throw new AppError('NOT_FOUND', 'Organization not found');
    await tx.organizationMembership.updateMany({ where: { userId: actor.userId, isPrimaryOrg: true, id: { not: membership.id } }, data: { isPrimaryOrg: false } });
    await tx.organizationMembership.update({ where: { id: membership.id }, data: { isPrimaryOrg: true }, select: { id: true } });
    return membership.id;
  });
  return db().organizationMembership.findUniqueOrThrow({ ...(query ?? {}), where: { id } });
}
