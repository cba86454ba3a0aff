import crypto from 'node:crypto';
import { env } from '../env.ts';
import { logger } from '../log.ts';
import { readOrCreateDataFile } from './data-file.ts';

let cached: { key: Buffer; source: string } | undefined;

/** The key that encrypts secrets at rest: ENCRYPTION_KEY, or one generated into DATA_DIR/keys/encryption-key. */
function encryptionKey(): Buffer {
  const e = env();
  const source = e.ENCRYPTION_KEY ?? e.DATA_DIR;
  if (cached?.source === source) return cached.key;
  let text = e.ENCRYPTION_KEY;
  if (!text) {
    if (e.DATABASE_URL) logger.warn('ENCRYPTION_KEY is not set: private keys are encrypted with a key of this instance in DATA_DIR; instances sharing a database need one ENCRYPTION_KEY');
    text = readOrCreateDataFile('keys/encryption-key', () => crypto.randomBytes(32).toString('hex')).trim();
  }
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  cached = { key, source };
  return key;
}

/** AES-256-GCM: nonce (12) + tag (16) + ciphertext. `context` is bound in as associated data, so a box moved to another row does not open. */
export function encryptSecret(plain: Uint8Array, context: string): Uint8Array<ArrayBuffer> {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', encryptionKey(), nonce);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return new Uint8Array(Buffer.concat([nonce, cipher.getAuthTag(), body]));
}

/** Open what encryptSecret sealed; throws if the key, the context or a byte differs. */
export function decryptSecret(box: Uint8Array, context: string): Buffer {
  const data = Buffer.from(box);
  const decipher = crypto.createDecipheriv('aes-256-gcm', encryptionKey(), data.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(data.subarray(12, 28));
  return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]);
}
