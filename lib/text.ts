import { AppError } from './errors.ts';

// Control characters (whitespace ones become spaces), every invisible format character
// (bidi controls, zero-width spaces and joiners, soft hyphens, tag characters), and
// unpaired surrogates: none prints, and each would let two texts that look alike differ.
const INVISIBLE = /[\p{Cf}\u0000-\u0008\u000E-\u001F\u007F-\u009F\uFFF9-\uFFFB\u034F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/**
 * Text as it may be printed on a seal or a sealed page: nothing invisible, one line, no
 * surrounding space. Bidi controls are among what goes: printed on a seal they reorder what
 * the reader sees ("\u202e654321" reads 123456). What is checked (required, length) is
 * this, not the raw input.
 */
export function printableText(text: string): string {
  // Composed (NFC): "José" typed as e + combining accent prints as the one é the fonts draw.
  return text.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** A name as search compares it: printable, lower case, accents, apostrophes and periods gone, hyphens as spaces ("Núñez", "nunez"; "Ødegaard", "odegaard"; "Quintana-Óbuchi", "quintana obuchi"). */
export function searchKey(text: string): string {
  return printableText(text)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[øłđßæœþı]/g, (c) => FOLDS[c])
    .replace(/['’.]/g, '')
    .replace(/[\s-]+/g, ' ')
    .trim();
}

// Letters that no decomposition takes to ASCII, written as people type them without the key.
const FOLDS: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ı: 'i' };

/** How deeply a client's input may nest, and how many values it may hold, where it is walked: more is refused. */
export const MAX_INPUT_NESTING = 64;
export const MAX_INPUT_VALUES = 100_000;

/** Where the first NUL character sits in a parsed input (a string, or in a key or value of an object or list), or null. */
export function findNul(value: unknown, at: string): string | null {
  // The path is built only for the answer: walking a large input costs no strings.
  let visited = 0;
  const walk = (v: unknown, depth: number): (string | number)[] | null => {
    if (++visited > MAX_INPUT_VALUES) throw new AppError('BAD_USER_INPUT', `Input holds more than ${MAX_INPUT_VALUES} values: ${at}`);
    if (typeof v === 'string') return v.includes('\u0000') ? [] : null;
    if (!v || typeof v !== 'object' || v instanceof Blob) return null;
    if (depth >= MAX_INPUT_NESTING) throw new AppError('BAD_USER_INPUT', `Input is nested more than ${MAX_INPUT_NESTING} levels deep: ${at}`);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const found = walk(v[i], depth + 1);
        if (found) return [i, ...found];
      }
      return null;
    }
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      if (key.includes('\u0000')) return ['(a key)'];
      const found = walk((v as Record<string, unknown>)[key], depth + 1);
      if (found) return [key, ...found];
    }
    return null;
  };
  const path = walk(value, 0);
  return path && at + path.map((k) => (typeof k === 'number' ? `[${k}]` : k === '(a key)' ? ' (a key)' : `.${k}`)).join('');
}

/**
 * Refuse text holding a NUL character (U+0000) with BAD_USER_INPUT, before it goes anywhere:
 * PostgreSQL cannot store it, and no name, number or address has one. Every door calls this
 * on everything a client sent; given the JSON text the value was parsed from, it walks the
 * value only when that text holds the escape at all.
 */
export function rejectNul(value: unknown, at: string, sourceText?: string): void {
  // JSON can only carry NUL as the escape \u0000: text without it needs no walk.
  if (sourceText !== undefined && !sourceText.includes('\\u0000')) return;
  const found = findNul(value, at);
  if (found) throw new AppError('BAD_USER_INPUT', `Text must not contain NUL (U+0000) characters: ${found}`);
}
