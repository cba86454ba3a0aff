import { AppError } from '../errors.ts';
import { findActiveContent } from '../pdf/read-pdf.ts';

/** "a, b and c". */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * Refuse to seal a PDF that would run or launch something (JavaScript, a launch action, an
 * embedded program): a seal vouches for what the document shows, and such content can change
 * what it shows or do more. BAD_USER_INPUT naming what was found. Read on the PDF pool, once a
 * thread is free.
 */
export async function assertNoActiveContent(bytes: Uint8Array): Promise<void> {
  const found = await findActiveContent(bytes);
  if (found.length === 0) return;
  throw new AppError('BAD_USER_INPUT', `The PDF cannot be sealed: it contains ${listed(found)}. Remove it (for example print to PDF) and upload it again`);
}
