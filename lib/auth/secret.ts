import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '../env.ts';
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
  if (!secret) {
    if (e.DATA_DIR.startsWith('memory://')) {
      secret = crypto.randomBytes(48).toString('base64url');
    } else {
      const file = path.resolve(e.DATA_DIR, 'jwt-secret');
      if (!fs.existsSync(file)) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        try {
          fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        }
      }
      secret = fs.readFileSync(file, 'utf8').trim();
    }
  }
  cached = { key: new TextEncoder().encode(secret), source };
  return cached.key;
}
