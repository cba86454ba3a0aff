/**
 * The 19 style parameters of POST /v1/stamp (rest-interface.md), validated exactly as the
 * table says. A bad value is BAD_USER_INPUT naming the field, repeating the value (at most
 * 100 characters of it) and listing what the field accepts.
 */
import { AppError, quote } from '../errors.ts';

const NUMBER = String.raw`\d+(?:\.\d+)?|\.\d+`;
const SIGNED = String.raw`-?(?:${NUMBER})`;
const OPACITY = /^(?:0(?:\.\d+)?|1(?:\.0+)?|\.\d+)$/;
const COLOR = /^(?:#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|none|transparent|currentColor)$/;
const COLOR_ACCEPTS = 'a hex color of 3, 4, 6 or 8 digits (#000, #000000), none, transparent, or currentColor';
const OPACITY_ACCEPTS = 'a decimal from 0 to 1 (0, 0.5, 1)';

const DASHARRAY = new RegExp(`^\\s*(?:${NUMBER})(?:\\s*,\\s*(?:${NUMBER})){0,9}\\s*$`);
const MIN_DASH = 0.5;
const DASHARRAY_ACCEPTS = `comma-separated numbers, at most 10, each 0 or at least ${MIN_DASH}, adding up to at least 1 (4,2 or 1.5, 1, 3)`;

function dashesAreDrawable(value: string): boolean {
  const dashes = value.split(',').map((n) => Number(n.trim()));
  return dashes.every((d) => d === 0 || d >= MIN_DASH) && dashes.reduce((a, d) => a + d, 0) >= 1;
}

interface Rule {
  test: (v: string) => boolean;
  accepts: string;
  attribute: string;
}

const oneOf = (values: string[], attribute: string): Rule => ({
  test: (v) => values.includes(v),
  accepts: `one of ${values.join(', ')}`,
  attribute,
});
const pattern = (re: RegExp, accepts: string, attribute: string, maxLength = 100): Rule => ({
  test: (v) => v.length <= maxLength && re.test(v),
  accepts,
  attribute,
});

export const STYLE_RULES = {
  font_family: pattern(
    /^[A-Za-z0-9 ,'.-]+$/,
    "a CSS font-family stack of letters, digits, spaces, commas, single quotes, hyphens and periods, at most 200 characters (Helvetica, 'Liberation Sans', sans-serif)",
    'font-family',
    200,
  ),
  font_weight: oneOf(['normal', 'bold', 'bolder', 'lighter', '100', '200', '300', '400', '500', '600', '700', '800', '900'], 'font-weight'),
  font_style: oneOf(['normal', 'italic', 'oblique'], 'font-style'),
  font_size: {
    ...pattern(new RegExp(`^(?:${NUMBER})(?:px|pt|em|rem|%)?$`), 'a number above 0 optionally followed by px, pt, em, rem or % (12, 12px, 9pt, 1.2em, 110%)', 'font-size'),
    // A size of 0 would answer a blank seal.
    test: (v: string) => v.length <= 100 && new RegExp(`^(?:${NUMBER})(?:px|pt|em|rem|%)?$`).test(v) && parseFloat(v) > 0,
  },
  font_variant: oneOf(['normal', 'small-caps'], 'font-variant'),
  font_stretch: oneOf(['normal', 'condensed', 'expanded', 'ultra-condensed', 'extra-condensed', 'semi-condensed', 'semi-expanded', 'extra-expanded', 'ultra-expanded'], 'font-stretch'),
  letter_spacing: pattern(
    new RegExp(`^(?:normal|(?:${SIGNED})(?:px|pt|em|rem)?)$`),
    'normal, or a number with an optional unit px, pt, em or rem; negatives allowed (0.5px, -0.02em)',
    'letter-spacing',
  ),
  word_spacing: pattern(new RegExp(`^(?:normal|(?:${SIGNED})(?:px|pt|em|rem)?)$`), 'normal, or a number with an optional unit px, pt, em or rem; negatives allowed (2px, 0.1em)', 'word-spacing'),
  text_decoration: oneOf(['none', 'underline', 'line-through', 'overline'], 'text-decoration'),
  text_anchor: oneOf(['start', 'middle', 'end'], 'text-anchor'),
  fill: pattern(COLOR, COLOR_ACCEPTS, 'fill'),
  fill_opacity: pattern(OPACITY, OPACITY_ACCEPTS, 'fill-opacity'),
  stroke: pattern(COLOR, COLOR_ACCEPTS, 'stroke'),
  stroke_width: pattern(new RegExp(`^(?:${NUMBER})(?:px|pt|em|rem)?$`), 'a number optionally followed by px, pt, em or rem (0.5, 1px)', 'stroke-width'),
  stroke_opacity: pattern(OPACITY, OPACITY_ACCEPTS, 'stroke-opacity'),
  stroke_linecap: oneOf(['butt', 'round', 'square'], 'stroke-linecap'),
  stroke_linejoin: oneOf(['miter', 'round', 'bevel', 'miter-clip', 'arcs'], 'stroke-linejoin'),
  stroke_dasharray: {
    ...pattern(DASHARRAY, DASHARRAY_ACCEPTS, 'stroke-dasharray', 200),
    // Dashes a hair long would make the rasterizer cut every outline into millions of pieces.
    test: (v: string) => v.length <= 200 && DASHARRAY.test(v) && dashesAreDrawable(v),
  },
  opacity: pattern(OPACITY, OPACITY_ACCEPTS, 'opacity'),
} satisfies Record<string, Rule>;

export type StyleName = keyof typeof STYLE_RULES;
export const STYLE_NAMES = Object.keys(STYLE_RULES) as StyleName[];
export type StampStyle = Partial<Record<StyleName, string>>;

/** The default font stack; Liberation Sans is bundled, so every machine draws the same glyphs. */
export const DEFAULT_FONT_FAMILY = 'Helvetica, Liberation Sans, sans-serif';

/** Pick and check the style parameters of a request; unknown keys are ignored, empty ones mean "default". */
export function parseStyle(input: Record<string, unknown>): StampStyle {
  const style: StampStyle = {};
  for (const name of STYLE_NAMES) {
    const raw = input[name];
    if (raw === undefined || raw === null || raw === '') continue;
    const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : undefined;
    const rule = STYLE_RULES[name];
    if (value === undefined || !rule.test(value)) {
      throw new AppError('BAD_USER_INPUT', `Invalid ${name}: ${quote(raw)}. ${name} accepts ${rule.accepts}.`);
    }
    style[name] = value;
  }
  return style;
}

/** The template's base font size in user units (px), and a requested size converted to it. */
export const TEMPLATE_FONT_SIZE = 12;
export function fontSizeScale(fontSize: string | undefined): number {
  if (!fontSize) return 1;
  const m = /^([\d.]+)(px|pt|em|rem|%)?$/.exec(fontSize)!;
  const n = Number(m[1]);
  const px = m[2] === 'pt' ? (n * 4) / 3 : m[2] === 'em' || m[2] === 'rem' ? n * TEMPLATE_FONT_SIZE : m[2] === '%' ? (n * TEMPLATE_FONT_SIZE) / 100 : n;
  return px / TEMPLATE_FONT_SIZE;
}

/** A spacing value in user units at a given font size (0 for normal). */
export function spacingPx(value: string | undefined, fontSize: number): number {
  if (!value || value === 'normal') return 0;
  const m = /^(-?[\d.]+)(px|pt|em|rem)?$/.exec(value)!;
  const n = Number(m[1]);
  return m[2] === 'pt' ? (n * 4) / 3 : m[2] === 'em' ? n * fontSize : m[2] === 'rem' ? n * TEMPLATE_FONT_SIZE : n;
}
