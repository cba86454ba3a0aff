import crypto from 'node:crypto';
import { z } from 'zod';
import { db, Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { printableText } from '../text.ts';
import { createPersonalOrganization } from '../orgs/organizations.ts';
import { loadActor } from '../orgs/actor.ts';
import type { Actor } from '../orgs/actor.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_MS,
  hashRefreshToken,
  newRefreshTokenValue,
  signAccessToken,
  verifyAccessToken,
} from './tokens.ts';

/** What sign-in answers: a token pair and the user it belongs to. */
export interface AuthPayload {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  mfaRequired: boolean;
  mfaPendingToken: string | null;
  userId: string;
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

async function issueTokens(tx: Prisma.TransactionClient, userId: string, familyId: string = crypto.randomUUID()) {
  const refreshToken = newRefreshTokenValue();
  const row = await tx.refreshToken.create({
    data: { userId, familyId, tokenHash: hashRefreshToken(refreshToken), expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS) },
    select: { id: true },
  });
  return { refreshToken, refreshTokenId: row.id, accessToken: await signAccessToken(userId) };
}

function payload(userId: string, tokens: { accessToken: string; refreshToken: string }): AuthPayload {
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    mfaRequired: false,
    mfaPendingToken: null,
    userId,
  };
}

/** Create a user with a personal FREE organization on trial, and sign them in. */
export async function registerUser({ input, signal }: { input: { email: string; password: string; displayName?: string | null }; signal?: AbortSignal }): Promise<AuthPayload> {
  const data = parse(registerInput, input);
  const passwordHash = await hashPassword(data.password);
  // A caller that has already been answered (timed out) must not find an account made behind its back.
  signal?.throwIfAborted();
  try {
    const { userId, tokens } = await db().$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email: data.email, passwordHash, displayName: data.displayName || null },
        select: { id: true },
      });
      const orgName = data.displayName ? `${data.displayName}` : data.email.split('@')[0];
      await createPersonalOrganization(tx, { userId: user.id, name: orgName });
      return { userId: user.id, tokens: await issueTokens(tx, user.id) };
    });
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

/** Sign in by email and password. A wrong password and an unknown email answer the same. */
export async function loginUser({ input, signal }: { input: { email: string; password: string }; signal?: AbortSignal }): Promise<AuthPayload> {
  const address = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
  const user = address ? await db().user.findUnique({ where: { email: address }, select: passwordCheckSelect }) : null;
  if (!user) {
    await burnPasswordCheck(String(input.password ?? ''));
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  }
  if (!(await verifyPassword(user.passwordHash, String(input.password ?? '')))) {
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  }
  signal?.throwIfAborted();
  const tokens = await db().$transaction((tx) => issueTokens(tx, user.id));
  return payload(user.id, tokens);
}

async function revokeFamily(familyId: string) {
  await db().refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/**
 * Exchange a refresh token for a new pair. The old one is revoked; presenting a revoked
 * one again revokes its whole family (a stolen token is then useless to both parties).
 */
export async function rotateRefreshToken({ refreshToken, signal }: { refreshToken: string; signal?: AbortSignal }): Promise<AuthPayload> {
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

/** Revoke one of the actor's refresh tokens, or all of them when none is named. */
export async function logoutUser({ actor, refreshToken }: { actor: Actor; refreshToken?: string | null }): Promise<boolean> {
  const where = refreshToken
    ? { userId: actor.userId, tokenHash: hashRefreshToken(refreshToken) }
    : { userId: actor.userId };
  if (refreshToken) {
    const found = await db().refreshToken.findFirst({ where, select: { id: true } });
    if (!found) return false;
  }
  await db().refreshToken.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() } });
  return true;
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
 * The actor behind an `Authorization: Bearer` header: null without one, TOKEN_EXPIRED or
 * UNAUTHENTICATED for a bad one. The organization comes from X-Organization-Id when the user
 * belongs to it, else the primary membership.
 */
export async function authenticate({ authorization, organizationId }: { authorization?: string | null; organizationId?: string | null }): Promise<Actor | null> {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw new AppError('UNAUTHENTICATED', 'Authorization header must be "Bearer <token>"');
  const userId = await verifyAccessToken(match[1]);
  const actor = await loadActor({ userId, requestedOrganizationId: organizationId });
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Account no longer exists');
  return actor;
}
