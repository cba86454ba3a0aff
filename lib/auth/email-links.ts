import crypto from 'node:crypto';
import { appUrl } from '../env.ts';
import { hashRefreshToken } from './tokens.ts';

/** A password-reset link works for 1 hour. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** An address-confirmation link works for 7 days. */
export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** An invitation link works for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The pages of the app an emailed link opens. */
export type LinkPage = '/reset-password' | '/confirm-email' | '/invitations/accept';

/**
 * A new link token: 32 random bytes (base64url) for the mail, and the SHA-256 that is all the
 * database keeps (as for refresh tokens): a copy of the table opens no account.
 */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, tokenHash: linkTokenHash(token) };
}

/** The stored form of a link token. */
export function linkTokenHash(token: string): string {
  return hashRefreshToken(token);
}

/** The absolute URL of a page of the app carrying a token, under APP_URL. */
export function linkUrl(page: LinkPage, token: string): string {
  return appUrl(`${page}?token=${encodeURIComponent(token)}`);
}

/** A token as typed or pasted: at most 200 characters, surrounding blanks dropped; anything else finds nothing. */
export function cleanLinkToken(token: unknown): string | null {
  if (typeof token !== 'string') return null;
  const t = token.trim();
  return t.length > 0 && t.length <= 200 ? t : null;
}
