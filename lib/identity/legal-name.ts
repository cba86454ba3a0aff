import { AppError, quote } from '../errors.ts';
import { printableText } from '../text.ts';

/**
 * What a person's name is written with: letters (any script) and their marks, spaces, periods,
 * apostrophes, hyphens and commas (", P.E."). Nothing else may ride on a seal between a first
 * and a last name ("Nancy (Verified by Sealwright) Thompson", markup).
 */
export const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'\u2019,-]*$/u;

/** A legal name as typed by a person: a person's name (PERSON_NAME), 2 to 200 characters. */
export function cleanLegalName(raw: string | null | undefined, what = 'legalName'): string {
  const name = printableText(raw ?? '')
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, ' ');
  if (name.length < 2 || name.length > 200 || !PERSON_NAME.test(name)) {
    throw new AppError('BAD_USER_INPUT', `${what} must be a person's full legal name (2 to 200 characters: letters, spaces, periods, apostrophes, hyphens and commas); got ${quote(raw ?? '')}`);
  }
  return name;
}
