import { AppError, quote } from '../errors.ts';
import { printableText } from '../text.ts';

/** A legal name as typed by a person: printable, 2 to 200 characters, with a letter in it. */
export function cleanLegalName(raw: string | null | undefined, what = 'legalName'): string {
  const name = printableText(raw ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');
  if (name.length < 2 || name.length > 200 || !/\p{L}/u.test(name)) {
    throw new AppError('BAD_USER_INPUT', `${what} must be a person's full legal name (2 to 200 characters); got ${quote(raw ?? '')}`);
  }
  return name;
}
