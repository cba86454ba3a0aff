import crypto from 'node:crypto';
import { z } from 'zod';
import { db, Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { printableText } from '../text.ts';
import { createPersonalOrganization } from '../orgs/organizations.ts';
import { liveSessionWhere, resolveActor } from '../orgs/actor.ts';
import { dropLapsedPlan } from '../orgs/lapsed-plans.ts';
import type { Actor } from '../orgs/actor.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_MS, hashRefreshToken, newRefreshTokenValue, signAccessToken, signMfaPendingToken, verifyAccessToken } from './tokens.ts';
import { clearFailures, guardedCheck } from '../ratelimit/index.ts';
import type { LockoutName } from '../ratelimit/index.ts';
import { sendMailInBackground } from '../mail/index.ts';
import { createConfirmationMail } from './email-confirmation.ts';

/**
 * What sign-in answers: a token pair and the user it belongs to; or, for an account with
 * MFA, mfaRequired with an mfaPendingToken and no tokens (verifyMfaLogin completes it).
 */
export interface AuthPayload {
  accessToken: string | null;
  refreshToken: string | null;
  expiresIn: number | null;
  mfaRequired: boolean;
  mfaPendingToken: string | null;
  /** null while MFA is pending: nothing about the account is told before the second factor. */
  userId: string | null;
}

const email = z
  .string()
  .trim()
  .max(254, 'email is too long')
  .email('email is not a valid address')
  .transform((v) => v.toLowerCase());

const registerInput = z.object({
  email,
  password: z.string().min(10, 'password must be at least 10 characters').max(1024, 'password is too long'),
  // A name is printed on seals: nothing invisible in it (bidi controls would reorder it).
  displayName: z
    .string()
    .max(200, 'displayName is at most 200 characters')
    .nullish()
    .transform((v) => (v == null ? v : printableText(v))),
});

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError('BAD_USER_INPUT', result.error.issues.map((i) => i.message).join('; '));
  return result.data;
}

/** A token pair for a new session, or the next pair of session `familyId` (the access token names its session). */
export async function issueTokens(tx: Prisma.TransactionClient, userId: string, familyId: string = crypto.randomUUID()) {
  const refreshToken = newRefreshTokenValue();
  const row = await tx.refreshToken.create({
    data: { userId, familyId, tokenHash: hashRefreshToken(refreshToken), expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS) },
    select: { id: true },
  });
  return { refreshToken, refreshTokenId: row.id, accessToken: await signAccessToken(userId, undefined, familyId, row.id) };
}

/** A completed sign-in: tokens and the user. */
export type SignedIn = AuthPayload & { accessToken: string; refreshToken: string; expiresIn: number; userId: string };

export function payload(userId: string, tokens: { accessToken: string; refreshToken: string }): SignedIn {
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    mfaRequired: false,
    mfaPendingToken: null,
    userId,
  };
}

/** Create a user with a personal FREE organization on trial, sign them in, and mail them a link that confirms their address. */
export async function registerUser({ input, signal }: { input: { email: string; password: string; displayName?: string | null }; signal?: AbortSignal }): Promise<SignedIn> {
  const data = parse(registerInput, input);
  const passwordHash = await hashPassword(data.password);
  // A caller that has already been answered (timed out) must not find an account made behind its back.
  signal?.throwIfAborted();
  try {
    const { userId, tokens, confirmation } = await db().$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email: data.email, passwordHash, displayName: data.displayName || null },
        select: { id: true },
      });
      const orgName = data.displayName ? `${data.displayName}` : data.email.split('@')[0];
      await createPersonalOrganization(tx, { userId: user.id, name: orgName });
      const confirmation = await createConfirmationMail(tx, { userId: user.id, email: data.email });
      return { userId: user.id, tokens: await issueTokens(tx, user.id), confirmation };
    });
    // After the answer: a failing or slow mail server neither fails nor slows the sign-up (it is
    // logged, and resendConfirmation sends another).
    sendMailInBackground(confirmation);
    return payload(userId, tokens);
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new AppError('CONFLICT', 'An account with this email already exists');
    }
    throw err;
  }
}

/** The columns a password check reads: the one place that asks for the hash. */
const passwordCheckSelect = { id: true, passwordHash: true } satisfies Prisma.UserSelect;
const refreshTokenSelect = { id: true, userId: true, familyId: true, revokedAt: true, expiresAt: true } satisfies Prisma.RefreshTokenSelect;

/** The lockout key of an account: a hash of its email, known or not (no raw addresses in the store). */
export function accountKey(emailAddress: string): string {
  return crypto.createHash('sha256').update(emailAddress.trim().toLowerCase()).digest('hex').slice(0, 32);
}

export function tooManyAttempts(seconds: number): AppError {
  return new AppError('TOO_MANY_ATTEMPTS', `Too many failed attempts. Try again in ${seconds} s.`, { retryAfterSeconds: seconds });
}

/**
 * Sign in by email and password. A wrong password and an unknown email answer the same, and
 * count the same towards the lockout (the 5th miss per account or the 20th per address locks for 30 s,
 * doubling, at most 15 min). An account with MFA answers mfaRequired and a pending token.
 */
export async function loginUser({ input, signal, clientIp }: { input: { email: string; password: string }; signal?: AbortSignal; clientIp?: string | null }): Promise<AuthPayload> {
  const address = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
  const account = accountKey(address);
  // Checked under the lock (guardedCheck): a burst of concurrent guesses gets no more checks than the lock allows.
  let user: { id: string; passwordHash: string; mfaEnabled: boolean } | null = null;
  const right = await guardedCheck([['account', account], ...(clientIp ? ([['address', clientIp]] as [LockoutName, string][]) : [])], tooManyAttempts, async () => {
    user = address ? await db().user.findUnique({ where: { email: address }, select: { ...passwordCheckSelect, mfaEnabled: true } }) : null;
    if (!user) {
      await burnPasswordCheck(String(input.password ?? ''));
      return false;
    }
    return verifyPassword(user.passwordHash, String(input.password ?? ''));
  });
  if (!right || !user) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  const signedIn: { id: string; mfaEnabled: boolean } = user;
  await clearFailures('account', account);
  signal?.throwIfAborted();
  if (signedIn.mfaEnabled) {
    return { accessToken: null, refreshToken: null, expiresIn: null, mfaRequired: true, mfaPendingToken: await signMfaPendingToken(signedIn.id), userId: null };
  }
  const tokens = await db().$transaction((tx) => issueTokens(tx, signedIn.id));
  return payload(signedIn.id, tokens);
}

/**
 * Check the actor's password for a sensitive change (changePassword, deleteAccount): a wrong
 * one is INVALID_CREDENTIALS and counts towards the account's lockout like a failed sign-in.
 */
export async function confirmPassword(userId: string, password: unknown): Promise<void> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { ...passwordCheckSelect, email: true } });
  if (!user) throw new AppError('UNAUTHENTICATED', 'Account no longer exists');
  const account = accountKey(user.email);
  const right = await guardedCheck([['account', account]], tooManyAttempts, async () => typeof password === 'string' && verifyPassword(user.passwordHash, password));
  if (!right) throw new AppError('INVALID_CREDENTIALS', 'The password is not correct');
  await clearFailures('account', account);
}

const newPasswordSchema = z.string().min(10, 'newPassword must be at least 10 characters').max(1024, 'newPassword is too long');

/** Change the actor's password; every other session's refresh tokens are revoked (this one stays signed in). */
export async function changePassword({ actor, input, signal }: { actor: Actor; input: { currentPassword: string; newPassword: string }; signal?: AbortSignal }): Promise<{ success: boolean }> {
  const newPassword = parse(newPasswordSchema, input.newPassword);
  await confirmPassword(actor.userId, input.currentPassword);
  const passwordHash = await hashPassword(newPassword);
  signal?.throwIfAborted();
  await db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: actor.userId }, data: { passwordHash }, select: { id: true } });
    await revokeOtherSessions(tx, actor);
  });
  return { success: true };
}

/**
 * Sign out every session of the actor's but the one making the request: the refresh tokens of
 * the other families are revoked, and with them their access tokens. For a change of how one
 * signs in: the password, MFA on or off. The request's own session stays only while the
 * refresh token issued with its access token is still the session's live one. Once someone has
 * rotated it, the caller cannot be told from a thief holding the newer token, and a password
 * change is what cuts a thief off: that session ends too (sign in again with the new password).
 */
export async function revokeOtherSessions(tx: Prisma.TransactionClient, actor: Actor): Promise<void> {
  const own = actor.refreshTokenId ? await tx.refreshToken.findUnique({ where: { id: actor.refreshTokenId }, select: { familyId: true, revokedAt: true } }) : null;
  const keep = own && !own.revokedAt && own.familyId === actor.sessionId ? actor.sessionId : null;
  await tx.refreshToken.updateMany({
    where: { userId: actor.userId, revokedAt: null, ...(keep ? { familyId: { not: keep } } : {}) },
    data: { revokedAt: new Date() },
  });
}

/**
 * End a session: revoke every token of its family. Twice: a rotation under way has its old token
 * locked and its new one not yet committed, so the first pass waits for it on the old token and
 * misses the new one, and the second pass, begun after that commit, revokes it.
 */
async function revokeFamily(familyId: string) {
  for (let pass = 0; pass < 2; pass++) await db().refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/**
 * Exchange a refresh token for a new pair. The old one is revoked; presenting a revoked
 * one again revokes its whole family (a stolen token is then useless to both parties).
 */
export async function rotateRefreshToken({ refreshToken, signal }: { refreshToken: string; signal?: AbortSignal }): Promise<SignedIn> {
  const row = await db().refreshToken.findUnique({
    where: { tokenHash: hashRefreshToken(refreshToken) },
    select: refreshTokenSelect,
  });
  if (!row) throw new AppError('UNAUTHENTICATED', 'Invalid refresh token');
  if (row.revokedAt) {
    await revokeFamily(row.familyId);
    throw new AppError('TOKEN_REVOKED', 'Refresh token has been revoked');
  }
  if (row.expiresAt <= new Date()) throw new AppError('TOKEN_EXPIRED', 'Refresh token has expired');
  signal?.throwIfAborted();
  const tokens = await db().$transaction(async (tx) => {
    // Only one of two concurrent rotations can flip revokedAt; the loser is a reuse.
    const claimed = await tx.refreshToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (claimed.count !== 1) return null;
    const next = await issueTokens(tx, row.userId, row.familyId);
    await tx.refreshToken.update({ where: { id: row.id }, data: { replacedById: next.refreshTokenId } });
    return next;
  });
  if (!tokens) {
    await revokeFamily(row.familyId);
    throw new AppError('TOKEN_REVOKED', 'Refresh token has been revoked');
  }
  return payload(row.userId, tokens);
}

/**
 * Sign out the session of one of the actor's refresh tokens, or every session when none is
 * named. The whole session ends, whichever of its tokens is named: one already rotated too (a
 * thief who refreshed a stolen token first keeps no session the owner signed out).
 */
export async function logoutUser({ actor, refreshToken }: { actor: Actor; refreshToken?: string | null }): Promise<boolean> {
  if (!refreshToken) {
    await db().refreshToken.updateMany({ where: { userId: actor.userId, revokedAt: null }, data: { revokedAt: new Date() } });
    return true;
  }
  const found = await db().refreshToken.findFirst({ where: { userId: actor.userId, tokenHash: hashRefreshToken(refreshToken) }, select: { familyId: true } });
  if (!found) return false;
  await revokeFamily(found.familyId);
  return true;
}

/** Sign out the session of a refresh token, by its value (the dashboard's sign-out); unknown values are ignored. */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  const found = await db().refreshToken.findUnique({ where: { tokenHash: hashRefreshToken(refreshToken) }, select: { familyId: true } });
  if (found) await revokeFamily(found.familyId);
}

type UserQuery = Omit<Prisma.UserFindUniqueArgs, 'where'>;

/** A user by id, with the caller's include/select (the GraphQL layer passes its selection). */
export async function getUserById<Q extends UserQuery>({ id, query }: { id: string; query?: Q }) {
  const user = await db().user.findUnique({ ...(query ?? {}), where: { id } });
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}

/** The signed-in user. */
export async function getMe<Q extends UserQuery>({ actor, query }: { actor: Actor; query?: Q }) {
  const user = await db().user.findUnique({ ...(query ?? {}), where: { id: actor.userId } });
  if (!user) throw new AppError('UNAUTHENTICATED', 'Account no longer exists');
  return user;
}

/**
 * The actor behind an `Authorization: Bearer` header: null without one, TOKEN_EXPIRED,
 * TOKEN_REVOKED (its session was signed out) or UNAUTHENTICATED for a bad one. The
 * organization comes from X-Organization-Id when the user belongs to it, else the primary
 * membership.
 */
export async function authenticate({ authorization, organizationId }: { authorization?: string | null; organizationId?: string | null }): Promise<Actor | null> {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw new AppError('UNAUTHENTICATED', 'Authorization header must be "Bearer <token>"');
  const { userId, sessionId, refreshTokenId } = await verifyAccessToken(match[1]);
  // Every access token this service issues names its session; it works only while that session
  // holds. Signing out (logout, the dashboard's sign-out), "sign out the others" (changePassword,
  // MFA on or off), a password reset and a refresh token's reuse revoke the session's refresh
  // tokens, and so end its access tokens at once, not at their expiry.
  const revoked = () => new AppError('TOKEN_REVOKED', 'This session has been signed out: sign in again');
  if (!sessionId) throw revoked();
  const resolved = await resolveActor({ userId, requestedOrganizationId: organizationId, sessionId });
  if (!resolved) {
    // Which it was (only on this path): the account is gone, or the session is over.
    const user = await db().user.findUnique({ where: { id: userId }, select: { refreshTokens: { where: liveSessionWhere(sessionId), select: { id: true }, take: 1 } } });
    throw user && user.refreshTokens.length === 0 ? revoked() : new AppError('UNAUTHENTICATED', 'Account no longer exists');
  }
  // The plan step: a cancelled plan whose period is over is written FREE canceled before the
  // operation reads its organization (the sweep and Stripe's event may not have come yet).
  if (resolved.planLapsed) await dropLapsedPlan(resolved.actor.organizationId);
  return { ...resolved.actor, sessionId, refreshTokenId };
}
