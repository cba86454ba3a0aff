import crypto from 'node:crypto';
import { env } from '../env.ts';
import { readOrCreateDataFile } from '../keys/data-file.ts';

/** The seal log's signing key and what verifiers need of it. */
export interface LogKey {
  privateKey: crypto.KeyObject;
  publicKey: crypto.KeyObject;
  /** The raw 32-byte Ed25519 public key. */
  publicKeyRaw: Uint8Array;
  publicKeyPem: string;
  /** SHA-256 of the SubjectPublicKeyInfo (DER), lowercase hex: the log's id, as RFC 6962's. */
  keyId: string;
}

let cached: { key: LogKey; source: string } | undefined;

const pemText = (value: string) => value.replace(/\\n/g, '\n');

/**
 * The Ed25519 key that signs the seal log's tree heads: SEAL_LOG_KEY (PKCS#8 PEM), or one
 * generated into DATA_DIR/keys/seal-log-ed25519.pem on first use (as the CA's key is). Every
 * instance must share it: auditors hold the log to one key.
 */
export function logKey(): LogKey {
  const e = env();
  const source = e.SEAL_LOG_KEY ? 'env' : e.DATA_DIR;
  if (cached?.source === source) return cached.key;
  const pem = e.SEAL_LOG_KEY
    ? pemText(e.SEAL_LOG_KEY)
    : readOrCreateDataFile('keys/seal-log-ed25519.pem', () => crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }) as string);
  const privateKey = crypto.createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('SEAL_LOG_KEY (or DATA_DIR/keys/seal-log-ed25519.pem) is not an Ed25519 key');
  const publicKey = crypto.createPublicKey(privateKey);
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  const key: LogKey = {
    privateKey,
    publicKey,
    publicKeyRaw: new Uint8Array(spki.subarray(spki.length - 32)),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }) as string,
    keyId: crypto.createHash('sha256').update(spki).digest('hex'),
  };
  cached = { key, source };
  return key;
}
