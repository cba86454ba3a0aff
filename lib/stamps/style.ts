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

/**
 * The largest font size, spacing and stroke width, in each unit (px also for a bare number). A
 * seal is 200 units across and its text is set at 12 px: these take nothing a seal could show.
 * Beyond them a stamp could cost resvg's rasterizer seconds of the request thread (a 96 px font
 * outlined by a 100 px stroke in dashes of 0.5: 16 s), and past about 10^8 px it panics, which
 * aborts the whole process.
 */
type Caps = Record<'px' | 'pt' | 'em' | 'rem', number> & { '%'?: number };
const SIZE_CAPS: Caps = { px: 96, pt: 72, em: 8, rem: 8, '%': 800 };
const SPACING_CAPS: Caps = { px: 100, pt: 75, em: 8, rem: 8 };
const STROKE_CAPS: Caps = { px: 10, pt: 7.5, em: 1, rem: 1 };
const LENGTH = new RegExp(`^(?:${NUMBER})(?:px|pt|em|rem)?$`);
const SIZE = new RegExp(`^(?:${NUMBER})(?:px|pt|em|rem|%)?$`);
const SPACING = new RegExp(`^(?:normal|(?:${SIGNED})(?:px|pt|em|rem)?)$`);

/** Whether a length's magnitude is within the cap of its unit. */
function withinCaps(value: string, caps: Caps): boolean {
  const unit = (/(px|pt|em|rem|%)$/.exec(value)?.[1] ?? 'px') as keyof Caps;
  const cap = caps[unit];
  return cap !== undefined && Math.abs(parseFloat(value)) <= cap;
}
/** The caps in words: "96px (72pt, 8em, 8rem, 800%)". */
const capsInWords = (caps: Caps) =>
  `${caps.px}px (${(Object.entries(caps) as [string, number][])
    .slice(1)
    .map(([unit, n]) => `${n}${unit}`)
    .join(', ')})`;

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
    ...pattern(SIZE, `a number above 0 and at most ${capsInWords(SIZE_CAPS)}, optionally followed by px, pt, em, rem or % (12, 12px, 9pt, 1.2em, 110%)`, 'font-size'),
    // A size of 0 would answer a blank seal.
    test: (v: string) => v.length <= 100 && SIZE.test(v) && parseFloat(v) > 0 && withinCaps(v, SIZE_CAPS),
  },
  font_variant: oneOf(['normal', 'small-caps'], 'font-variant'),
  font_stretch: oneOf(['normal', 'condensed', 'expanded', 'ultra-condensed', 'extra-condensed', 'semi-condensed', 'semi-expanded', 'extra-expanded', 'ultra-expanded'], 'font-stretch'),
  letter_spacing: {
    ...pattern(SPACING, `normal, or a number with an optional unit px, pt, em or rem, negatives allowed, at most ${capsInWords(SPACING_CAPS)} either way (0.5px, -0.02em)`, 'letter-spacing'),
    test: (v: string) => v.length <= 100 && SPACING.test(v) && (v === 'normal' || withinCaps(v, SPACING_CAPS)),
  },
  word_spacing: {
    ...pattern(SPACING, `normal, or a number with an optional unit px, pt, em or rem, negatives allowed, at most ${capsInWords(SPACING_CAPS)} either way (2px, 0.1em)`, 'word-spacing'),
    test: (v: string) => v.length <= 100 && SPACING.test(v) && (v === 'normal' || withinCaps(v, SPACING_CAPS)),
  },
  text_decoration: oneOf(['none', 'underline', 'line-through', 'overline'], 'text-decoration'),
  text_anchor: oneOf(['start', 'middle', 'end'], 'text-anchor'),
  fill: pattern(COLOR, COLOR_ACCEPTS, 'fill'),
  fill_opacity: pattern(OPACITY, OPACITY_ACCEPTS, 'fill-opacity'),
  stroke: pattern(COLOR, COLOR_ACCEPTS, 'stroke'),
  stroke_width: {
    ...pattern(LENGTH, `a number optionally followed by px, pt, em or rem, at most ${capsInWords(STROKE_CAPS)} (0.5, 1px)`, 'stroke-width'),
    test: (v: string) => v.length <= 100 && LENGTH.test(v) && withinCaps(v, STROKE_CAPS),
  },
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
