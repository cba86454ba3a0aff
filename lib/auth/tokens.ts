import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AppError } from '../errors.ts';
import { UUID_RE } from '../ids.ts';
import { jwtKey } from './secret.ts';

/** Access tokens live 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 900;
/** Refresh tokens live 30 days. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

const ISSUER = 'sealwright';
const AUDIENCE = 'sealwright-api';

/** MFA pending tokens live 5 minutes. */
export const MFA_PENDING_TTL_SECONDS = 300;

/**
 * Sign an access token for a user. `sessionId` is the refresh-token family it was issued with
 * (changePassword keeps that session and revokes the others), `refreshTokenId` the refresh
 * token issued beside it. `now` (seconds) is for tests that need an old token.
 */
export async function signAccessToken(userId: string, now = Math.floor(Date.now() / 1000), sessionId?: string, refreshTokenId?: string): Promise<string> {
  return new SignJWT({ typ: 'access', ...(sessionId ? { sid: sessionId } : {}), ...(refreshTokenId ? { rid: refreshTokenId } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(jwtKey());
}

/** The user id (and session, and the refresh token issued beside it) in a valid access token; TOKEN_EXPIRED or UNAUTHENTICATED otherwise. */
export async function verifyAccessToken(token: string): Promise<{ userId: string; sessionId: string | null; refreshTokenId: string | null }> {
  // A missing key is a server fault, never the client's token: keep it out of the try.
  const key = jwtKey();
  try {
    // A token without an expiry would never die; one whose subject is no user id names nobody.
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || !UUID_RE.test(payload.sub)) throw new AppError('UNAUTHENTICATED', 'Invalid access token');
    const uuid = (v: unknown) => (typeof v === 'string' && UUID_RE.test(v) ? v.toLowerCase() : null);
    return { userId: payload.sub.toLowerCase(), sessionId: uuid(payload.sid), refreshTokenId: uuid(payload.rid) };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 'Access token has expired');
    if (err instanceof AppError) throw err;
    throw new AppError('UNAUTHENTICATED', 'Invalid access token');
  }
}

/**
 * The token that carries a password-checked sign-in to its MFA step: 5 minutes, single use
 * (its jti is claimed when the step succeeds). It grants nothing else: its typ and audience
 * differ from an access token's.
 */
export async function signMfaPendingToken(userId: string, now = Math.floor(Date.now() / 1000)): Promise<string> {
  return new SignJWT({ typ: 'mfa_pending' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(`${AUDIENCE}:mfa`)
    .setIssuedAt(now)
    .setExpirationTime(now + MFA_PENDING_TTL_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(jwtKey());
}

/** The user and token id of a valid MFA pending token; UNAUTHENTICATED (or TOKEN_EXPIRED) otherwise. */
export async function verifyMfaPendingToken(token: string): Promise<{ userId: string; tokenId: string; expiresAt: number }> {
  const key = jwtKey();
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: `${AUDIENCE}:mfa`, algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub', 'jti'] });
    if (payload.typ !== 'mfa_pending' || typeof payload.sub !== 'string' || !UUID_RE.test(payload.sub) || typeof payload.jti !== 'string') {
      throw new AppError('UNAUTHENTICATED', 'Invalid MFA pending token');
    }
    return { userId: payload.sub.toLowerCase(), tokenId: payload.jti, expiresAt: payload.exp! * 1000 };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 'The sign-in step has expired: sign in again with your password');
    if (err instanceof AppError) throw err;
    throw new AppError('UNAUTHENTICATED', 'Invalid MFA pending token');
  }
}

/** A new opaque refresh token value. */
export function newRefreshTokenValue(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Refresh tokens are stored as their SHA-256 only. */
export function hashRefreshToken(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
