import { AppError, quote } from '../errors.ts';
import { printableText } from '../text.ts';
import { BLOB_HASH } from '../storage/blob-store.ts';

export const MAX_NAME_LENGTH = 255;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_NOTES_LENGTH = 2000;

/** A document or folder name as stored: printable, one line, 1 to 255 characters; else BAD_USER_INPUT. */
export function cleanName(raw: string, what = 'name'): string {
  const name = printableText(raw);
  if (!name) throw new AppError('BAD_USER_INPUT', `${what} must not be empty`);
  if (name.length > MAX_NAME_LENGTH) throw new AppError('BAD_USER_INPUT', `${what} must be at most ${MAX_NAME_LENGTH} characters; got ${name.length}`);
  return name;
}

/** Free text (a description, a version's notes): kept as written, trimmed, at most `max` characters; empty is null. */
export function cleanText(raw: string | null | undefined, what: string, max = MAX_DESCRIPTION_LENGTH): string | null {
  if (raw === null || raw === undefined) return null;
  const text = raw.normalize('NFC').trim();
  if (text.length > max) throw new AppError('BAD_USER_INPUT', `${what} must be at most ${max} characters; got ${text.length}`);
  return text || null;
}

/** A file hash as given by a client (hex, either case, optionally "sha256:"): lowercase hex, else BAD_USER_INPUT. */
export function cleanFileHash(raw: string): string {
  const hash = raw
    .trim()
    .toLowerCase()
    .replace(/^sha-?256:/, '');
  if (!BLOB_HASH.test(hash)) throw new AppError('BAD_USER_INPUT', `fileHash must be the 64 hex characters uploadFile answered; got ${quote(raw)}`);
  return hash;
}
