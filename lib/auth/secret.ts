import crypto from 'node:crypto';
import { env } from '../env.ts';
import { readOrCreateDataFile } from '../keys/data-file.ts';
import { logger } from '../log.ts';

let cached: { key: Uint8Array; source: string } | undefined;

/**
 * The key that signs access tokens: JWT_SECRET, or for the embedded set-up a random key
 * kept in DATA_DIR/jwt-secret (created once, mode 0600) so tokens survive a restart.
 */
export function jwtKey(): Uint8Array {
  const e = env();
  const source = e.JWT_SECRET ? 'env' : e.DATA_DIR;
  if (cached && cached.source === source) return cached.key;
  let secret = e.JWT_SECRET;
  if (!secret && e.DATABASE_URL && !cached) {
    logger.warn('JWT_SECRET is not set: this instance signs tokens with a key of its own in DATA_DIR; instances sharing a database need one JWT_SECRET');
  }
  secret ??= readOrCreateDataFile('jwt-secret', () => crypto.randomBytes(48).toString('base64url')).trim();
  cached = { key: new TextEncoder().encode(secret), source };
  return cached.key;
}
