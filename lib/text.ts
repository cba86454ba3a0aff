import { AppError } from './errors.ts';

/**
 * Bidirectional formatting controls (embeddings, overrides, isolates and marks). Printed on
 * a seal they reorder what the reader sees ("\u202e654321" reads 123456), so every text that
 * reaches a stamp or a sealed page goes without them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** `text` without bidi controls. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** How deeply a client's input may nest: deeper is refused rather than walked. */
export const MAX_INPUT_NESTING = 64;

/** Where the first NUL character sits in a parsed input (a string, or in a key or value of an object or list), or null. */
export function findNul(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (!value || typeof value !== 'object' || value instanceof Blob) return null;
  if (depth >= MAX_INPUT_NESTING) throw new AppError('BAD_USER_INPUT', `Input is nested more than ${MAX_INPUT_NESTING} levels deep: ${at}`);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${at}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${at} (a key)`;
    const found = findNul(inner, `${at}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuse text holding a NUL character (U+0000) with BAD_USER_INPUT, before it goes anywhere:
 * PostgreSQL cannot store it, and no name, number or address has one. Every door calls this
 * on everything a client sent.
 */
export function rejectNul(value: unknown, at: string): void {
  const found = findNul(value, at);
  if (found) throw new AppError('BAD_USER_INPUT', `Text must not contain NUL (U+0000) characters: ${found}`);
}
