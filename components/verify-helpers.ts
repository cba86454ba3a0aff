/**
 * Pure helpers of the public verification page, shared by its server page and its browser
 * components: no Node or DOM-only API besides TextDecoder and Web Crypto.
 */

import { EMBEDDED_VERIFICATION_CODE, VERIFICATION_CODE } from '../lib/seals/code-format.ts';

/**
 * What a visitor typed or pasted, as a code: trimmed and lowercased, spaces and hyphens
 * dropped, and a pasted verification link reduced to its last path segment; null when it
 * is not 12 letters and digits.
 */
export function normalizeCodeInput(raw: string): string | null {
  const text = raw
    .trim()
    .toLowerCase()
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  const last = text.split('/').pop() ?? '';
  const code = last.replace(/[\s-]+/g, '');
  return VERIFICATION_CODE.test(code) ? code : null;
}

/** A path segment as the visitor typed it (a malformed escape is kept as is). */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The verification code embedded in a PDF's bytes, read as latin1: the last
 * `SealVerificationCode (…)` entry (an incremental update appends a newer information
 * dictionary after the old one), or null when the file carries none.
 */
export function findSealCode(bytes: Uint8Array): string | null {
  const text = new TextDecoder('latin1').decode(bytes);
  let last: string | null = null;
  for (const match of text.matchAll(EMBEDDED_VERIFICATION_CODE)) last = match[1];
  return last;
}

/** SHA-256 of the bytes as lowercase hex, by Web Crypto (the browser's own, asynchronous). */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A seal's date and time as people read it, in UTC (the same on the server and in every browser). */
export function formatSealedAt(value: Date | string): string {
  return `${DATE_TIME.format(new Date(value))} UTC`;
}

/** A seal's date alone, in UTC. */
export function formatSealedDate(value: Date | string): string {
  return DATE.format(new Date(value));
}
