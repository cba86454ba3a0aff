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
export const FONT_FILES = Object.values(FILES)
  .flatMap((f) => Object.values(f))
  .map((f) => path.join(FONT_DIR, f));

// Common names mapped to the metric-compatible Liberation family that stands in for them.
const ALIASES: Record<string, Family> = {
  'liberation sans': 'Liberation Sans',
  helvetica: 'Liberation Sans',
  arial: 'Liberation Sans',
  'helvetica neue': 'Liberation Sans',
  arimo: 'Liberation Sans',
  'sans-serif': 'Liberation Sans',
  'system-ui': 'Liberation Sans',
  'liberation serif': 'Liberation Serif',
  times: 'Liberation Serif',
  'times new roman': 'Liberation Serif',
  tinos: 'Liberation Serif',
  georgia: 'Liberation Serif',
  serif: 'Liberation Serif',
  'liberation mono': 'Liberation Mono',
  courier: 'Liberation Mono',
  'courier new': 'Liberation Mono',
  cousine: 'Liberation Mono',
  monospace: 'Liberation Mono',
};

/** The bundled family a CSS stack resolves to: its first known name, else Liberation Sans. */
export function resolveFamily(stack: string): Family {
  for (const part of stack.split(',')) {
    const name = part
      .trim()
      .replace(/^'(.*)'$/, '$1')
      .toLowerCase();
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
  layout(text: string): { advanceWidth: number; glyphs: { codePoints: number[]; advanceWidth: number }[]; positions: { xAdvance: number }[] };
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

/** One glyph as the bundled font lays it out: its characters, where it starts, and its own width. */
export interface PlacedGlyph {
  chars: string;
  /** Start of the glyph from the start of the text, kerning and spacing included. */
  x: number;
  /** The glyph's own advance (without kerning): its centre is x + width / 2. */
  width: number;
}

/**
 * `text` shaped by the bundled font at `size`: kerning pairs applied (the font's kern and
 * GPOS data, through fontkit), then the caller's letter and word spacing. `measure` and
 * the ring's glyph placement both read this, so what is measured is what is drawn.
 */
export function layoutGlyphs(text: string, size: number, style: TextStyle): { glyphs: PlacedGlyph[]; width: number } {
  const font = fontFor(resolveFamily(style.family), isBold(style.weight), style.fontStyle === 'italic' || style.fontStyle === 'oblique');
  const shown = style.smallCaps ? text.toUpperCase() : text;
  const run = font.layout(shown);
  const unit = size / font.unitsPerEm;
  const glyphs: PlacedGlyph[] = [];
  let x = 0;
  run.glyphs.forEach((glyph, i) => {
    const chars = String.fromCodePoint(...glyph.codePoints);
    glyphs.push({ chars, x, width: glyph.advanceWidth * unit });
    x += run.positions[i].xAdvance * unit;
    if (i < run.glyphs.length - 1) x += style.letterSpacing + (chars === ' ' ? style.wordSpacing : 0);
  });
  return { glyphs, width: x };
}

/** The advance width of `text` at `size`, as the bundled font lays it out, kerning and spacing included. */
export function measure(text: string, size: number, style: TextStyle): number {
  return layoutGlyphs(text, size, style).width;
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
