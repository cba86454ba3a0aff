import fs from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';

/** The fonts bundled in templates/fonts (OFL): the only ones the PNG and PDF renderers use. */
export const FONT_DIR = path.resolve(process.cwd(), 'templates/fonts');

type Family = 'Liberation Sans' | 'Liberation Serif' | 'Liberation Mono';
const FILES: Record<Family, { regular: string; bold?: string; italic?: string; boldItalic?: string }> = {
  'Liberation Sans': { regular: 'LiberationSans-Regular.ttf', bold: 'LiberationSans-Bold.ttf', italic: 'LiberationSans-Italic.ttf', boldItalic: 'LiberationSans-BoldItalic.ttf' },
  'Liberation Serif': { regular: 'LiberationSerif-Regular.ttf', bold: 'LiberationSerif-Bold.ttf' },
  'Liberation Mono': { regular: 'LiberationMono-Regular.ttf' },
};

/** Every bundled font file, for resvg. */
export const FONT_FILES = Object.values(FILES).flatMap((f) => Object.values(f)).map((f) => path.join(FONT_DIR, f));

// Common names mapped to the metric-compatible Liberation family that stands in for them.
const ALIASES: Record<string, Family> = {
  'liberation sans': 'Liberation Sans', helvetica: 'Liberation Sans', arial: 'Liberation Sans', 'helvetica neue': 'Liberation Sans', arimo: 'Liberation Sans', 'sans-serif': 'Liberation Sans', 'system-ui': 'Liberation Sans',
  'liberation serif': 'Liberation Serif', times: 'Liberation Serif', 'times new roman': 'Liberation Serif', tinos: 'Liberation Serif', georgia: 'Liberation Serif', serif: 'Liberation Serif',
  'liberation mono': 'Liberation Mono', courier: 'Liberation Mono', 'courier new': 'Liberation Mono', cousine: 'Liberation Mono', monospace: 'Liberation Mono',
};

/** The bundled family a CSS stack resolves to: its first known name, else Liberation Sans. */
export function resolveFamily(stack: string): Family {
  for (const part of stack.split(',')) {
    const name = part.trim().replace(/^'(.*)'$/, '$1').toLowerCase();
    if (ALIASES[name]) return ALIASES[name];
  }
  return 'Liberation Sans';
}

/** The stack to hand the renderers: the caller's stack with its bundled stand-in appended. */
export function renderableStack(stack: string): string {
  const family = resolveFamily(stack);
  return stack.toLowerCase().includes(family.toLowerCase()) ? stack : `${stack}, '${family}'`;
}

interface FontLike {
  unitsPerEm: number;
  capHeight: number;
  layout(text: string): { advanceWidth: number };
  hasGlyphForCodePoint(codePoint: number): boolean;
}
const cache = new Map<string, FontLike>();

function fontFor(family: Family, bold: boolean, italic: boolean): FontLike {
  const files = FILES[family];
  const file = (bold && italic && files.boldItalic) || (bold && files.bold) || (italic && files.italic) || files.regular;
  let font = cache.get(file);
  if (!font) {
    font = fontkit.create(fs.readFileSync(path.join(FONT_DIR, file))) as unknown as FontLike;
    cache.set(file, font);
  }
  return font;
}

export interface TextStyle {
  family: string;
  weight?: string;
  fontStyle?: string;
  letterSpacing: number;
  wordSpacing: number;
  smallCaps?: boolean;
}

function isBold(weight: string | undefined): boolean {
  return weight === 'bold' || weight === 'bolder' || (weight !== undefined && /^\d+$/.test(weight) && Number(weight) >= 600);
}

/** The advance width of `text` at `size`, as the bundled font lays it out, spacing included. */
export function measure(text: string, size: number, style: TextStyle): number {
  const font = fontFor(resolveFamily(style.family), isBold(style.weight), style.fontStyle === 'italic' || style.fontStyle === 'oblique');
  const shown = style.smallCaps ? text.toUpperCase() : text;
  const glyphs = [...shown].length;
  const spaces = (shown.match(/ /g) ?? []).length;
  const width = (font.layout(shown).advanceWidth / font.unitsPerEm) * size;
  return width + style.letterSpacing * Math.max(0, glyphs - 1) + style.wordSpacing * spaces;
}

/** Cap height as a fraction of the font size. */
export function capHeightRatio(style: TextStyle): number {
  const font = fontFor(resolveFamily(style.family), isBold(style.weight), false);
  return font.capHeight / font.unitsPerEm;
}

/** The characters of `text` the bundled font for `stack` cannot draw (they would print as boxes). */
export function missingCharacters(text: string, stack: string): string[] {
  const font = fontFor(resolveFamily(stack), false, false);
  const missing = new Set<string>();
  for (const ch of text) {
    if (/[\s\p{Cc}\p{Cf}]/u.test(ch)) continue; // spaces; control and format characters draw nothing
    if (!font.hasGlyphForCodePoint(ch.codePointAt(0)!)) missing.add(ch);
  }
  return [...missing];
}
