import { db, Prisma } from '../db/index.ts';
import { AppError, quote } from '../errors.ts';
import type { MembershipRole } from '../generated/prisma/enums.ts';
import { cleanLinkToken, INVITATION_TTL_MS, linkTokenHash, linkUrl, newLinkToken } from '../auth/email-links.ts';
import { sendMail } from '../mail/index.ts';
import { invitationMail } from '../mail/messages.ts';
import { limitIp } from '../ratelimit/index.ts';
import type { Actor } from './actor.ts';
import { lockOrganization } from './lock.ts';
import { currentActor, ensureSeat, MEMBERSHIP_ROLES } from './members.ts';
import { can, throwIfNoAccess } from './permissions.ts';

type OneMembershipQuery = Omit<Prisma.OrganizationMembershipFindUniqueArgs, 'where'>;

export interface InviteMemberInput {
  email: string;
  role: MembershipRole;
}

/** An address as stored: trimmed, lower case; BAD_USER_INPUT when it is none. */
function invitedAddress(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) throw new AppError('BAD_USER_INPUT', `email is not an email address: ${quote(raw)}`);
  return email;
}

/**
 * Invite someone by email into the current organization with a role: whether or not the
 * address has an account, the same mail goes out with a link (/invitations/accept, 7 days, once)
 * that the account using that address accepts. Needs members.manage, and owners.manage for an
 * OWNER (FORBIDDEN). Someone already a member → CONFLICT; no seat left under the plan's
 * maxTeamMembers → PLAN_LIMIT_EXCEEDED (checked again on acceptance). Inviting the same address
 * again replaces its pending invitation. 50 an hour per organization (RATE_LIMITED). True when
 * the mail was handed over; false when it could not be sent (logged), and then no invitation is kept.
 */
export async function inviteMember({ actor, input, now = new Date() }: { actor: Actor; input: InviteMemberInput; now?: Date }): Promise<boolean> {
  throwIfNoAccess(actor, 'members.manage');
  if (!(MEMBERSHIP_ROLES as readonly string[]).includes(input.role)) throw new AppError('BAD_USER_INPUT', `role must be one of ${MEMBERSHIP_ROLES.join(', ')}`);
  if (input.role === 'OWNER') throwIfNoAccess(actor, 'owners.manage', 'Only an OWNER invites an OWNER');
  const email = invitedAddress(input.email);
  await limitIp('invitation', `org:${actor.organizationId}`);
  const { token, tokenHash } = newLinkToken();
  const invitation = await db().$transaction(async (tx) => {
    await lockOrganization(tx, actor.organizationId);
    // The role as it is now, under the lock (as upsertMember reads it).
    const current = await currentActor(tx, actor);
    throwIfNoAccess(current, 'members.manage');
    if (input.role === 'OWNER') throwIfNoAccess(current, 'owners.manage', 'Only an OWNER invites an OWNER');
    const member = await tx.organizationMembership.findFirst({ where: { organizationId: actor.organizationId, user: { email } }, select: { id: true } });
    if (member) throw new AppError('CONFLICT', `${email} is a member of this organization already`);
    await ensureSeat(tx, actor.organizationId, now);
    await tx.organizationInvitation.deleteMany({ where: { organizationId: actor.organizationId, email, acceptedAt: null } });
    return tx.organizationInvitation.create({
      data: { organizationId: actor.organizationId, email, role: input.role, tokenHash, invitedById: actor.userId, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) },
      select: { id: true, organization: { select: { name: true } }, invitedBy: { select: { displayName: true, email: true } } },
    });
  });
  const sent = await sendMail(
    invitationMail({
      to: email,
      url: linkUrl('/invitations/accept', token),
      organizationName: invitation.organization.name,
      inviterName: invitation.invitedBy?.displayName || invitation.invitedBy?.email || 'A colleague',
      role: input.role,
      validDays: INVITATION_TTL_MS / 86_400_000,
    }),
  );
  // Nobody holds the link of a mail that did not go: the invitation is not kept.
  if (!sent) await db().organizationInvitation.deleteMany({ where: { id: invitation.id, acceptedAt: null } });
  return sent;
}

const invitationSelect = {
  id: true,
  organizationId: true,
  email: true,
  role: true,
  expiresAt: true,
  acceptedAt: true,
  invitedById: true,
  organization: { select: { name: true } },
} satisfies Prisma.OrganizationInvitationSelect;

async function findInvitation(raw: string) {
  const token = cleanLinkToken(raw);
  return token ? db().organizationInvitation.findUnique({ where: { tokenHash: linkTokenHash(token) }, select: invitationSelect }) : null;
}

/** What the /invitations/accept page shows of an invitation: the link is the proof, so its holder may read it. */
export interface InvitationSummary {
  organizationName: string;
  email: string;
  role: MembershipRole;
  state: 'pending' | 'accepted' | 'expired';
}

/** The invitation a link carries, or null for an unknown link. */
export async function describeInvitation({ token, now = new Date() }: { token: string; now?: Date }): Promise<InvitationSummary | null> {
  const invitation = await findInvitation(token);
  if (!invitation) return null;
  const state = invitation.acceptedAt ? 'accepted' : invitation.expiresAt <= now ? 'expired' : 'pending';
  return { organizationName: invitation.organization.name, email: invitation.email, role: invitation.role, state };
}

/**
 * Accept an invitation: the signed-in user whose account uses the invited address (case aside)
 * becomes a member with the invited role, and their address counts as confirmed (the mail
 * reached it). Another account → FORBIDDEN; already a member → CONFLICT; an unknown, used or
 * expired link → BAD_USER_INPUT; no seat left under the plan → PLAN_LIMIT_EXCEEDED, and the
 * invitation stays usable once there is one. The link works once.
 */
export async function acceptInvitation<Q extends OneMembershipQuery>({ actor, token, query, now = new Date() }: { actor: Pick<Actor, 'userId'>; token: string; query?: Q; now?: Date }) {
  const invitation = await findInvitation(token);
  if (!invitation) throw new AppError('BAD_USER_INPUT', 'This invitation link is not valid');
  const user = await db().user.findUnique({ where: { id: actor.userId }, select: { email: true } });
  if (!user) throw new AppError('UNAUTHENTICATED', 'Account no longer exists');
  if (user.email.toLowerCase() !== invitation.email) {
    throw new AppError('FORBIDDEN', `This invitation is for ${invitation.email}: sign in with the account that uses that address, or create one with it`);
  }
  const id = await db().$transaction(async (tx) => {
    await lockOrganization(tx, invitation.organizationId);
    const existing = await tx.organizationMembership.findUnique({
      where: { userId_organizationId: { userId: actor.userId, organizationId: invitation.organizationId } },
      select: { id: true },
    });
    if (existing) throw new AppError('CONFLICT', `You are a member of ${invitation.organization.name} already`);
    // The invitation grants what its sender may still grant: one sent by an ADMIN since removed
    // or made a MEMBER, or an OWNER invitation from someone no longer an OWNER, grants nothing.
    const sender = invitation.invitedById
      ? await tx.organizationMembership.findUnique({
          where: { userId_organizationId: { userId: invitation.invitedById, organizationId: invitation.organizationId } },
          select: { role: true },
        })
      : null;
    if (!sender || !can(sender.role, 'members.manage') || (invitation.role === 'OWNER' && !can(sender.role, 'owners.manage'))) {
      throw new AppError(
        'FORBIDDEN',
        `This invitation is no longer valid: whoever sent it can no longer invite a${invitation.role === 'ADMIN' || invitation.role === 'OWNER' ? 'n' : ''} ${invitation.role} to ${invitation.organization.name}. Ask its owners for a new one`,
      );
    }
    const claimed = await tx.organizationInvitation.updateMany({
      where: { id: invitation.id, acceptedAt: null, expiresAt: { gt: now } },
      data: { acceptedAt: now, acceptedById: actor.userId },
    });
    if (claimed.count !== 1) {
      throw new AppError('BAD_USER_INPUT', invitation.acceptedAt || invitation.expiresAt > now ? 'This invitation has been used already' : 'This invitation has expired: ask for a new one');
    }
    await ensureSeat(tx, invitation.organizationId, now);
    const created = await tx.organizationMembership.create({
      data: { userId: actor.userId, organizationId: invitation.organizationId, role: invitation.role, isPrimaryOrg: false },
      select: { id: true },
    });
    await tx.user.updateMany({ where: { id: actor.userId, confirmedAt: null }, data: { confirmedAt: now } });
    return created.id;
  });
  return db().organizationMembership.findUniqueOrThrow({ ...(query ?? {}), where: { id } });
}
