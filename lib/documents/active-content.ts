import { AppError } from '../errors.ts';
import { oneAtATime } from './inspect-file.ts';
import { findActiveContent } from './pdf-inspector.ts';

/** "a, b and c". */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * Refuse to seal a PDF that would run or launch something (JavaScript, a launch action, an
 * embedded program): a seal vouches for what the document shows, and such content can change
 * what it shows or do more. BAD_USER_INPUT naming what was found. Read in the worker thread,
 * after the PDF work queued before it.
 */
export async function assertNoActiveContent(bytes: Uint8Array): Promise<void> {
  const found = await oneAtATime(() => findActiveContent(bytes));
  if (found.length === 0) return;
  throw new AppError('BAD_USER_INPUT', `The PDF cannot be sealed: it contains ${listed(found)}. Remove it (for example print to PDF) and upload it again`);
}
