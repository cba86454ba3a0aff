import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { sendMail } from '../mail/index.ts';
import { confirmationMail } from '../mail/messages.ts';
import type { Mail } from '../mail/index.ts';
import type { Actor } from '../orgs/actor.ts';
import { limitIp } from '../ratelimit/index.ts';
import { cleanLinkToken, CONFIRMATION_TTL_MS, linkTokenHash, linkUrl, newLinkToken } from './email-links.ts';

/**
 * A new confirmation link for an account's address (stored hashed, 7 days), and the mail that
 * carries it. Written in the caller's transaction: sign-up makes it with the account.
 */
export async function createConfirmationMail(tx: Prisma.TransactionClient, { userId, email, now = new Date() }: { userId: string; email: string; now?: Date }): Promise<Mail> {
  const { token, tokenHash } = newLinkToken();
  await tx.emailToken.create({
    data: { userId, purpose: 'EMAIL_CONFIRMATION', email, tokenHash, expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS) },
    select: { id: true },
  });
  return confirmationMail({ to: email, url: linkUrl('/confirm-email', token), validDays: CONFIRMATION_TTL_MS / 86_400_000 });
}

/**
 * Confirm an account's address with the emailed link: User.confirmedAt is set (kept if it was
 * set before). The link may be opened again while it is valid (it answers true); an unknown or
 * expired link → BAD_USER_INPUT. No session is needed: the link is the proof.
 */
export async function confirmEmail({ token: raw, now = new Date() }: { token: string; now?: Date }): Promise<true> {
  const token = cleanLinkToken(raw);
  const link = token
    ? await db().emailToken.findUnique({
        where: { tokenHash: linkTokenHash(token) },
        select: { id: true, userId: true, purpose: true, email: true, expiresAt: true, user: { select: { email: true } } },
      })
    : null;
  // Only the address the mail went to is confirmed by it.
  if (!link || link.purpose !== 'EMAIL_CONFIRMATION' || link.user.email !== link.email) throw new AppError('BAD_USER_INPUT', 'This confirmation link is not valid');
  if (link.expiresAt <= now) throw new AppError('BAD_USER_INPUT', 'This confirmation link has expired: sign in and send a new one');
  await db().$transaction([
    db().user.updateMany({ where: { id: link.userId, confirmedAt: null }, data: { confirmedAt: now } }),
    db().emailToken.updateMany({ where: { id: link.id, usedAt: null }, data: { usedAt: now } }),
  ]);
  return true;
}

/**
 * Send the signed-in user a new confirmation link. True when the mail was handed to the mail
 * server (or the outbox); false when the address is confirmed already (nothing to send) or the
 * mail could not be sent (logged). 3 an hour per account and 10 per client address: RATE_LIMITED past them.
 */
export async function resendConfirmation({ actor, clientIp, now = new Date() }: { actor: Pick<Actor, 'userId'>; clientIp?: string | null; now?: Date }): Promise<boolean> {
  const user = await db().user.findUnique({ where: { id: actor.userId }, select: { id: true, email: true, confirmedAt: true } });
  if (!user) throw new AppError('UNAUTHENTICATED', 'Account no longer exists');
  if (user.confirmedAt) return false;
  if (clientIp) await limitIp('confirmationIp', clientIp);
  await limitIp('confirmationEmail', `user:${user.id}`);
  const mail = await db().$transaction((tx) => createConfirmationMail(tx, { userId: user.id, email: user.email, now }));
  return sendMail(mail);
}
