import { printableText } from '../text.ts';
import { capHeightRatio, layoutGlyphs, measure, renderableStack } from './fonts.ts';
import type { TextStyle } from './fonts.ts';
import { loadFamily } from './spec.ts';
import type { StampSpec } from './spec.ts';
import { DEFAULT_FONT_FAMILY, fontSizeScale, spacingPx, STYLE_RULES, TEMPLATE_FONT_SIZE } from './style.ts';
import type { StampStyle, StyleName } from './style.ts';

/** The values printed on a seal; every one is escaped before it reaches the SVG. */
export interface StampValues {
  name: string;
  license: string;
  discipline?: string;
  city?: string;
  date?: string;
  stateLabel?: string;
  expiration?: string;
}

const CENTER = 100;
const OUTER_R = 97;
const RING_PAD = 3;
/** Relative size of each kind of inner line against the template's 12px base. */
const LINE_SCALE: Record<string, number> = { NAME: 1.5, NUMBER: 1.15, LEGEND: 1.0, default: 0.9 };
/** Text never shrinks below this share of its size before a long line is split in two. */
const SPLIT_BELOW = 0.7;

/** Make a value safe as SVG text: nothing invisible (controls, bidi and other format characters), one line; escapeXml does the markup. */
export const cleanText = printableText;

export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);

function fill(template: string, vars: Record<string, string>): string {
  return cleanText(template.replace(/\{([A-Z_]+)\}/g, (_, key: string) => vars[key] ?? ''));
}

function lineKind(template: string): string {
  const key = /\{([A-Z_]+)\}/.exec(template)?.[1] ?? 'default';
  return LINE_SCALE[key] ? key : 'default';
}

/** Whether every field a template names is empty (such a line is left out). */
function isEmptyLine(template: string, vars: Record<string, string>): boolean {
  const keys = [...template.matchAll(/\{([A-Z_]+)\}/g)].map((m) => m[1]);
  return keys.length > 0 && keys.every((k) => !vars[k]);
}

function arcPoint(r: number, deg: number) {
  const rad = (deg * Math.PI) / 180;
  return { x: CENTER + r * Math.cos(rad), y: CENTER + r * Math.sin(rad) };
}

function star(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const rr = i % 2 === 0 ? r : r * 0.4;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${fmt(cx + rr * Math.cos(a))},${fmt(cy + rr * Math.sin(a))}`);
  }
  return `<polygon points="${pts.join(' ')}"/>`;
}

/** Glyph presentation attributes from the style parameters (validated, so safe to print). */
function glyphAttributes(style: StampStyle, ink: string): string {
  const attrs: Partial<Record<StyleName, string>> = {
    font_family: renderableStack(style.font_family ?? DEFAULT_FONT_FAMILY),
    fill: style.fill ?? ink,
    stroke: style.stroke ?? 'none',
    text_anchor: style.text_anchor ?? 'middle',
  };
  for (const [name, value] of Object.entries(style) as [StyleName, string][]) {
    if (name !== 'font_size' && !(name in attrs)) attrs[name] = value;
  }
  return (Object.entries(attrs) as [StyleName, string][]).map(([name, value]) => `${STYLE_RULES[name].attribute}="${escapeXml(value)}"`).join(' ');
}

/** Render a seal as SVG from its spec, its values and the style parameters. */
export function buildSvg(spec: StampSpec, values: StampValues, style: StampStyle): string {
  const family = loadFamily(spec.family);
  const scale = fontSizeScale(style.font_size);
  const textStyle = (size: number): TextStyle => ({
    family: style.font_family ?? DEFAULT_FONT_FAMILY,
    weight: style.font_weight,
    fontStyle: style.font_style,
    smallCaps: style.font_variant === 'small-caps',
    letterSpacing: spacingPx(style.letter_spacing, size),
    wordSpacing: spacingPx(style.word_spacing, size),
  });
  // k scales the caller's letter and word spacing: it is given up before text shrinks too far.
  const measureAt = (text: string, size: number, k = 1) => {
    const st = textStyle(size);
    return measure(text, size, { ...st, letterSpacing: st.letterSpacing * k, wordSpacing: st.wordSpacing * k });
  };
  /** The largest size (and spacing share) at which `text` fits `available(size)`; never wider. */
  const fitText = (text: string, start: number, available: (size: number) => number) => {
    let size = start;
    let k = 1;
    // A hair of margin: the SVG prints sizes and spacing rounded to two decimals.
    const room = (s: number) => available(s) * 0.997;
    const over = () => measureAt(text, size, k) - room(size);
    for (let i = 0; i < 10 && over() > 0 && size > start * 0.5; i++) {
      size = Math.max(start * 0.5, size * (room(size) / measureAt(text, size, k)));
    }
    if (over() > 0) {
      // Spacing set in px does not shrink with the glyphs: give it up first.
      const glyphs = measureAt(text, size, 0);
      const spacing = measureAt(text, size, 1) - glyphs;
      if (spacing > 0) k = Math.max(0, Math.min(1, (room(size) - glyphs) / spacing));
    }
    for (let i = 0; i < 20 && over() > 0; i++) size *= Math.max(0.05, (room(size) / measureAt(text, size, k)) * 0.998);
    return { size, k };
  };
  /** Presentation attributes of one text element: its size, and spacing where it had to give. */
  const textAttrs = (size: number, k: number) => {
    let attrs = `font-size="${fmt(size)}"`;
    if (k < 1) {
      const st = textStyle(size);
      attrs += ` letter-spacing="${fmt(st.letterSpacing * k)}" word-spacing="${fmt(st.wordSpacing * k)}"`;
    }
    return attrs;
  };
  const cap = capHeightRatio(textStyle(TEMPLATE_FONT_SIZE));
  const ink = style.fill && /^#/.test(style.fill) ? style.fill : '#000000';

  const has = (f: string) => spec.fields.includes(f as never);
  const prefix = spec.numberPrefix && !values.license.toUpperCase().replace(/[\s-]/g, '').startsWith(spec.numberPrefix.toUpperCase().replace(/[\s-]/g, '')) ? spec.numberPrefix : '';
  const vars: Record<string, string> = {
    NAME: cleanText(values.name),
    LICENSE: cleanText(values.license),
    LEGEND: spec.legend,
    STATE_LEGEND: spec.stateLegend,
    STATE: spec.stateName,
    STATE_LABEL: cleanText(has('state_label') && values.stateLabel ? values.stateLabel : spec.stateLabel),
    DISCIPLINE: has('discipline') ? cleanText(values.discipline ?? '').toUpperCase() : '',
    CITY: has('city') ? cleanText(values.city ?? '') : '',
    DATE: has('date') ? cleanText(values.date ?? '') : '',
    EXPIRATION: has('expiration') && values.expiration ? `EXP. ${cleanText(values.expiration)}` : '',
  };
  vars.NUMBER = fill(spec.numberFormat, { ...vars, PREFIX: prefix });

  const innerR = OUTER_R * spec.innerRatio;
  const ringMid = (OUTER_R + innerR) / 2;
  const ringWidth = OUTER_R - innerR - 2 * RING_PAD;
  // Ring text: as large as the ring allows, shrunk until it fits its 140° arc. Each glyph is
  // placed on the arc where the font's own layout (kerning included) puts it, so the spacing
  // on the ring is the spacing of the typeface.
  const ringSpan = 140;
  const ringText = (template: string, where: 'top' | 'bottom') => {
    const text = fill(template, vars);
    if (!text) return '';
    const radiusAt = (s: number) => (where === 'top' ? ringMid - (s * cap) / 2 : ringMid + (s * cap) / 2);
    // The baseline radius moves with the size, so the text must fit the arc at its own size.
    const { size, k } = fitText(text, Math.min((ringWidth * 0.56) / cap, TEMPLATE_FONT_SIZE * 1.15) * scale, (s) => ((radiusAt(s) * ringSpan) / 180) * Math.PI);
    const r = radiusAt(size);
    const st = textStyle(size);
    const { glyphs, width } = layoutGlyphs(text, size, { ...st, letterSpacing: st.letterSpacing * k, wordSpacing: st.wordSpacing * k });
    // The caller's text_anchor decides where on its arc the text stands: from the arc's start,
    // about its middle, or up to its end; never beyond it.
    const anchor = style.text_anchor ?? 'middle';
    const halfArc = (r * ringSpan * Math.PI) / 360;
    const start = anchor === 'start' ? -halfArc : anchor === 'end' ? halfArc - width : -width / 2;
    const placed = glyphs
      .filter((g) => g.chars.trim())
      .map((g) => {
        const along = start + g.x + g.width / 2;
        const deg = where === 'top' ? 270 + (along / r) * (180 / Math.PI) : 90 - (along / r) * (180 / Math.PI);
        const p = arcPoint(r, deg);
        const turn = where === 'top' ? deg + 90 : deg - 90;
        return `<text transform="translate(${fmt(p.x)} ${fmt(p.y)}) rotate(${fmt(turn)})">${escapeXml(g.chars)}</text>`;
      });
    return `<g class="ring-${where}" aria-label="${escapeXml(text)}" font-size="${fmt(size)}" text-anchor="middle" letter-spacing="0" word-spacing="0">${placed.join('')}</g>`;
  };

  // Inner lines: stacked about the centre, each as large as its chord of the inner circle allows.
  // A line that would shrink too far splits at the space nearest its middle into lines of
  // one block, which keep one size; the number line never splits from its prefix.
  const innerLimit = innerR - 5;
  type Line = { text: string; size: number; block: number; splittable: boolean };
  let lines: Line[] = spec.inner
    .filter((t) => !isEmptyLine(t, vars))
    .map((t, block) => ({ text: fill(t, vars), size: TEMPLATE_FONT_SIZE * (LINE_SCALE[lineKind(t)] ?? LINE_SCALE.default) * scale, block, splittable: lineKind(t) !== 'NUMBER' }))
    .filter((l) => l.text);
  const place = () => {
    const gap = 0.42;
    const heights = lines.map((l) => l.size * cap);
    let total = heights.reduce((a, h) => a + h, 0) + lines.slice(1).reduce((a, l) => a + l.size * gap, 0);
    const maxTotal = innerLimit * 1.55;
    if (total > maxTotal) {
      const k = maxTotal / total;
      lines = lines.map((l) => ({ ...l, size: l.size * k }));
      total = maxTotal;
    }
    let y = CENTER - total / 2;
    return lines.map((l, i) => {
      if (i > 0) y += l.size * gap;
      const top = y;
      y += l.size * cap;
      const far = Math.max(Math.abs(top - CENTER), Math.abs(y - CENTER));
      const chord = 2 * Math.sqrt(Math.max(0, innerLimit ** 2 - far ** 2)) * 0.94;
      return { ...l, baseline: y, chord };
    });
  };
  /** Lines of one block take the smallest size among them. */
  const sameSizePerBlock = <L extends { block: number; size: number }>(list: L[]): L[] => {
    const smallest = new Map<number, number>();
    for (const l of list) smallest.set(l.block, Math.min(smallest.get(l.block) ?? Infinity, l.size));
    return list.map((l) => ({ ...l, size: smallest.get(l.block)! }));
  };
  let placed = place();
  for (let pass = 0; pass < 4; pass++) {
    let changed = false;
    const next: Line[] = [];
    for (const l of placed) {
      const line = { text: l.text, size: l.size, block: l.block, splittable: l.splittable };
      const width = measureAt(l.text, l.size);
      if (width <= l.chord) {
        next.push(line);
        continue;
      }
      changed = true;
      const fitted = (l.size * l.chord) / width;
      const split = l.splittable && pass < 2 && fitted < l.size * SPLIT_BELOW ? nearestMiddleBreak(l.text) : null;
      if (split) {
        next.push({ ...line, text: split.head }, { ...line, text: split.tail });
      } else {
        next.push({ ...line, size: fitted });
      }
    }
    lines = sameSizePerBlock(next);
    placed = place();
    if (!changed) break;
  }
  // Last word: whatever the split left, nothing overflows its chord, and a block keeps one size.
  const fitted = placed.map((l) => ({ ...l, ...(measureAt(l.text, l.size) > l.chord ? fitText(l.text, l.size, () => l.chord) : { k: 1 }) }));
  const blockK = new Map<number, number>();
  for (const l of fitted) blockK.set(l.block, Math.min(blockK.get(l.block) ?? 1, l.k));
  const final = sameSizePerBlock(fitted).map((l) => ({ ...l, k: blockK.get(l.block)! }));
  const inner = final.map((l) => `<text x="${CENTER}" y="${fmt(l.baseline)}" ${textAttrs(l.size, l.k)}>${escapeXml(l.text)}</text>`).join('\n    ');

  const sepR = Math.min(ringWidth * 0.22, 5);
  const separators =
    spec.separator === 'star'
      ? star(CENTER - ringMid, CENTER, sepR) + star(CENTER + ringMid, CENTER, sepR)
      : `<circle cx="${fmt(CENTER - ringMid)}" cy="${CENTER}" r="${fmt(sepR * 0.55)}"/><circle cx="${fmt(CENTER + ringMid)}" cy="${CENTER}" r="${fmt(sepR * 0.55)}"/>`;

  const label = escapeXml(`${vars.NAME}, ${spec.legend}, ${vars.NUMBER}, ${spec.stateLegend}`);
  const values_: Record<string, string> = {
    width: `${spec.diameterIn}in`,
    height: `${spec.diameterIn}in`,
    label,
    ink: escapeXml(ink),
    innerR: fmt(innerR),
    separators,
    glyphStyle: glyphAttributes(style, ink),
    ringTop: ringText(spec.ringTop, 'top'),
    ringBottom: ringText(spec.ringBottom, 'bottom'),
    inner,
  };
  return family.svg.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values_[key] ?? '');
}

/** Where to break a line nearest its middle: at a space (dropped) or after a hyphen (kept); null when it cannot break. */
function nearestMiddleBreak(text: string): { head: string; tail: string } | null {
  const mid = text.length / 2;
  let best: { at: number; cost: number } | null = null;
  for (let i = 1; i < text.length - 1; i++) {
    const at = text[i] === ' ' ? i : text[i - 1] === '-' && text[i] !== ' ' && text[i - 2] !== ' ' ? i : -1;
    if (at < 0) continue;
    const cost = Math.abs(at - mid);
    if (!best || cost < best.cost) best = { at, cost };
  }
  if (!best) return null;
  return text[best.at] === ' ' ? { head: text.slice(0, best.at), tail: text.slice(best.at + 1) } : { head: text.slice(0, best.at), tail: text.slice(best.at) };
}
