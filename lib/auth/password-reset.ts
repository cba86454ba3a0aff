import { z } from 'zod';
import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { sendMailInBackground } from '../mail/index.ts';
import { passwordResetMail } from '../mail/messages.ts';
import { clearFailures, limitIp } from '../ratelimit/index.ts';
import { accountKey } from './accounts.ts';
import { cleanLinkToken, linkTokenHash, linkUrl, newLinkToken, PASSWORD_RESET_TTL_MS } from './email-links.ts';
import { hashPassword } from './passwords.ts';

const newPasswordSchema = z.string().min(10, 'newPassword must be at least 10 characters').max(1024, 'newPassword is too long');

/**
 * Mail a password-reset link to the account that uses `email`, if one does. The answer is the
 * same, true, whether or not the address is registered, and takes the same time: the account is
 * looked up, and its link made and mailed, after the answer. Limited per address asked for (3 an hour) and per client address
 * (10 an hour), registered or not: RATE_LIMITED past either.
 */
export async function requestPasswordReset({ email, clientIp, now = new Date() }: { email: string; clientIp?: string | null; now?: Date }): Promise<true> {
  const address = email.trim().toLowerCase();
  if (!address.includes('@') || address.length > 254) throw new AppError('BAD_USER_INPUT', 'email is not a valid address');
  if (clientIp) await limitIp('passwordResetIp', clientIp);
  await limitIp('passwordResetEmail', accountKey(address));
  // Everything that differs for a registered address (its lookup, the link, the mail) happens after the answer.
  sendMailInBackground(async () => {
    const user = await db().user.findUnique({ where: { email: address }, select: { id: true, email: true } });
    if (!user) return null;
    const { token, tokenHash } = newLinkToken();
    await db().emailToken.create({
      data: { userId: user.id, purpose: 'PASSWORD_RESET', email: user.email, tokenHash, expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS) },
      select: { id: true },
    });
    return passwordResetMail({ to: user.email, url: linkUrl('/reset-password', token), validHours: PASSWORD_RESET_TTL_MS / 3_600_000 });
  });
  return true;
}

const INVALID = 'This password reset link is not valid: ask for a new one';

/**
 * Set a new password with an emailed link: the link works once, within its hour. Every session
 * of the account is signed out (all its refresh tokens are revoked), its other reset links stop
 * working, and the sign-in lockout of the account is lifted. The mail reached its owner, so an
 * unconfirmed address counts as confirmed. A password under 10 characters → BAD_USER_INPUT, as
 * at sign-up; an unknown, used or expired link → BAD_USER_INPUT.
 */
export async function resetPassword({ input, signal, now = new Date() }: { input: { token: string; newPassword: string }; signal?: AbortSignal; now?: Date }): Promise<true> {
  const parsed = newPasswordSchema.safeParse(input.newPassword);
  if (!parsed.success) throw new AppError('BAD_USER_INPUT', parsed.error.issues.map((i) => i.message).join('; '));
  const token = cleanLinkToken(input.token);
  const link = token
    ? await db().emailToken.findUnique({
        where: { tokenHash: linkTokenHash(token) },
        select: { id: true, userId: true, purpose: true, email: true, expiresAt: true, usedAt: true, user: { select: { email: true } } },
      })
    : null;
  // A confirmation link is no reset link, and an address changed since the mail is not the account's any more.
  if (!link || link.purpose !== 'PASSWORD_RESET' || link.user.email !== link.email) throw new AppError('BAD_USER_INPUT', INVALID);
  if (link.usedAt) throw new AppError('BAD_USER_INPUT', 'This password reset link has been used already: ask for a new one');
  if (link.expiresAt <= now) throw new AppError('BAD_USER_INPUT', 'This password reset link has expired: ask for a new one');
  const passwordHash = await hashPassword(parsed.data);
  signal?.throwIfAborted();
  await db().$transaction(async (tx) => {
    // Only one of two uses of the link at once can claim it.
    const claimed = await tx.emailToken.updateMany({ where: { id: link.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (claimed.count !== 1) throw new AppError('BAD_USER_INPUT', 'This password reset link has been used already: ask for a new one');
    await tx.user.update({ where: { id: link.userId }, data: { passwordHash }, select: { id: true } });
    await tx.user.updateMany({ where: { id: link.userId, confirmedAt: null }, data: { confirmedAt: now } });
    await tx.emailToken.updateMany({ where: { userId: link.userId, purpose: 'PASSWORD_RESET', usedAt: null }, data: { usedAt: now } });
    await tx.refreshToken.updateMany({ where: { userId: link.userId, revokedAt: null }, data: { revokedAt: now } });
  });
  await clearFailures('account', accountKey(link.email));
  return true;
}
