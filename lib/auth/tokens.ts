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

/** Sign an access token for a user. `now` (seconds) is for tests that need an old token. */
export async function signAccessToken(userId: string, now = Math.floor(Date.now() / 1000)): Promise<string> {
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(jwtKey());
}

/** The user id in a valid access token; TOKEN_EXPIRED or UNAUTHENTICATED otherwise. */
export async function verifyAccessToken(token: string): Promise<string> {
  // A missing key is a server fault, never the client's token: keep it out of the try.
  const key = jwtKey();
  try {
    // A token without an expiry would never die; one whose subject is no user id names nobody.
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || !UUID_RE.test(payload.sub)) throw new AppError('UNAUTHENTICATED', 'Invalid access token');
    return payload.sub.toLowerCase();
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 'Access token has expired');
    if (err instanceof AppError) throw err;
    throw new AppError('UNAUTHENTICATED', 'Invalid access token');
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
