import crypto from 'node:crypto';
import { env } from '../env.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export { VERIFICATION_CODE } from './code-format.ts';

/** 12 random lowercase alphanumeric characters (crypto-grade, unbiased: 36^12, about 62 bits). */
export function newVerificationCode(): string {
  let code = '';
  while (code.length < 12) {
    for (const byte of crypto.randomBytes(16)) {
      if (byte < 252 && code.length < 12) code += ALPHABET[byte % 36]; // 252 = 7 × 36: no modulo bias
    }
  }
  return code;
}

/** VERIFY_URL (default APP_URL + /verify), without a trailing slash: what a seal's code is appended to. */
export function verificationBase(): string {
  const e = env();
  return (e.VERIFY_URL ?? `${e.APP_URL.replace(/\/+$/, '')}/verify`).replace(/\/+$/, '');
}

/** VERIFY_URL (default APP_URL + /verify) + / + code. */
export function verificationUrl(code: string): string {
  return `${verificationBase()}/${code}`;
}

/** A SHA-256 as a verifier may send it: 64 hex characters in either case, optionally prefixed `sha256:` or `sha-256:`; lowercase hex, or null. */
export function parseSha256(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(?:sha-?256:)?([0-9a-fA-F]{64})$/i.exec(value.trim());
  return match ? match[1].toLowerCase() : null;
}
