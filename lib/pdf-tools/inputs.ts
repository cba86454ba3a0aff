/**
 * The PDF tools' inputs (decisions.md "Input objects": pages 1-based, coordinates in points
 * from the lower-left corner of the page as seen, colors #rrggbb), checked here and handed to
 * the pool in the worker's terms (0-based pages, colors as 0-1 components). A bad value is
 * BAD_USER_INPUT naming the field.
 */
import { AppError, quote } from '../errors.ts';

export const PAGE_SIZE_NAMES = ['LETTER', 'LEGAL', 'TABLOID', 'A4', 'A3'] as const;
export type PageSizeName = (typeof PAGE_SIZE_NAMES)[number];
export const DRAW_TYPES = ['RECTANGLE', 'ELLIPSE', 'LINE', 'TEXT'] as const;
export type DrawType = (typeof DRAW_TYPES)[number];

/** The most blank pages createPdf makes at once. */
export const MAX_CREATED_PAGES = 1000;
/** The most documents one merge takes. */
export const MAX_MERGED_DOCUMENTS = 100;
/** The most pages a document has (lib/pdf/worker/inspect-pdf.mjs MAX_PAGES, which the PDF threads enforce). */
export const MAX_DOCUMENT_PAGES = 10_000;
/** The most shapes one drawOnPdf draws. */
export const MAX_DRAW_OPERATIONS = 500;
/** The most fields one fillPdfForm fills. */
export const MAX_FORM_FIELDS = 1000;
export const MAX_WATERMARK_LENGTH = 200;
export const MAX_DRAWN_TEXT_LENGTH = 2000;
export const MAX_FIELD_VALUE_LENGTH = 10_000;
/** Coordinates and lengths far beyond any page (the largest PDF page is 14,400 points). */
const MAX_COORDINATE = 100_000;

const bad = (message: string) => new AppError('BAD_USER_INPUT', message);

/** A color #rrggbb (the # optional, either case) as 0-1 components; null stays null. */
export function color(raw: string | null | undefined, what: string): [number, number, number] | null {
  if (raw === null || raw === undefined) return null;
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(raw.trim());
  if (!m) throw bad(`${what} must be a color #rrggbb; got ${quote(raw)}`);
  return [parseInt(m[1], 16) / 255, parseInt(m[2], 16) / 255, parseInt(m[3], 16) / 255];
}

/** A finite number within [min, max], or the fallback when absent. */
export function numberIn(raw: number | null | undefined, what: string, min: number, max: number): number | null;
export function numberIn(raw: number | null | undefined, what: string, min: number, max: number, fallback: number): number;
export function numberIn(raw: number | null | undefined, what: string, min: number, max: number, fallback?: number): number | null {
  if (raw === null || raw === undefined) return fallback ?? null;
  if (!Number.isFinite(raw) || raw < min || raw > max) throw bad(`${what} must be from ${min} to ${max}; got ${raw}`);
  return raw;
}

/** A coordinate in points (it may lie off the page: drawing there is clipped, as readers do). */
export const coordinate = (raw: number | null | undefined, what: string) => numberIn(raw, what, -MAX_COORDINATE, MAX_COORDINATE);

/** A 1-based page number as the worker's 0-based index (its upper bound is checked against the file). */
export function pageIndex(raw: number, what = 'page'): number {
  if (!Number.isInteger(raw) || raw < 1) throw bad(`${what} must be a page number from 1; got ${raw}`);
  return raw - 1;
}

/** A list of 1-based pages (1 to `max` of them) as 0-based indexes. */
export function pageIndexes(raw: readonly number[], what: string, max: number): number[] {
  if (raw.length === 0) throw bad(`${what} must name at least one page`);
  if (raw.length > max) throw bad(`${what} names at most ${max} pages; got ${raw.length}`);
  return raw.map((p) => pageIndex(p, what));
}

/** Text to draw: one to `max` characters. */
export function drawnText(raw: string | null | undefined, what: string, max: number): string {
  const text = (raw ?? '').normalize('NFC');
  if (text.trim() === '') throw bad(`${what} must not be empty`);
  if ([...text].length > max) throw bad(`${what} must be at most ${max} characters; got ${[...text].length}`);
  return text;
}

export interface DrawOperationInput {
  type: DrawType;
  x?: number | null;
  y?: number | null;
  width?: number | null;
  height?: number | null;
  x2?: number | null;
  y2?: number | null;
  text?: string | null;
  fontSize?: number | null;
  color?: string | null;
  borderColor?: string | null;
  borderWidth?: number | null;
  opacity?: number | null;
}

/** drawOnPdf's operations, checked, in the worker's terms. */
export function drawOperations(raw: readonly DrawOperationInput[]) {
  if (raw.length === 0) throw bad('operations must hold at least one operation');
  if (raw.length > MAX_DRAW_OPERATIONS) throw bad(`operations holds at most ${MAX_DRAW_OPERATIONS}; got ${raw.length}`);
  return raw.map((op, i) => {
    const at = `operations[${i}]`;
    const required = (value: number | null | undefined, name: string) => {
      const v = coordinate(value, `${at}.${name}`);
      if (v === null) throw bad(`${at}.${name} is required for a ${op.type}`);
      return v;
    };
    const base = {
      type: op.type,
      x: required(op.x, 'x'),
      y: required(op.y, 'y'),
      color: color(op.color, `${at}.color`),
      borderColor: color(op.borderColor, `${at}.borderColor`),
      borderWidth: numberIn(op.borderWidth, `${at}.borderWidth`, 0, 1000),
      opacity: numberIn(op.opacity, `${at}.opacity`, 0, 1, 1),
    };
    if (op.type === 'RECTANGLE' || op.type === 'ELLIPSE') {
      const width = required(op.width, 'width');
      const height = required(op.height, 'height');
      if (width <= 0 || height <= 0) throw bad(`${at}: width and height must be above 0`);
      return { ...base, width, height };
    }
    if (op.type === 'LINE') return { ...base, x2: required(op.x2, 'x2'), y2: required(op.y2, 'y2') };
    return { ...base, text: drawnText(op.text, `${at}.text`, MAX_DRAWN_TEXT_LENGTH), fontSize: numberIn(op.fontSize, `${at}.fontSize`, 1, 500, 12) };
  });
}

/** fillPdfForm's fields: one to MAX_FORM_FIELDS, names given once. */
export function formFields(raw: ReadonlyArray<{ name: string; value: string }>) {
  if (raw.length === 0) throw bad('fields must hold at least one field');
  if (raw.length > MAX_FORM_FIELDS) throw bad(`fields holds at most ${MAX_FORM_FIELDS}; got ${raw.length}`);
  const seen = new Set<string>();
  return raw.map(({ name, value }, i) => {
    if (name.trim() === '') throw bad(`fields[${i}].name must not be empty`);
    if (seen.has(name)) throw bad(`fields names ${quote(name)} twice`);
    seen.add(name);
    if ([...value].length > MAX_FIELD_VALUE_LENGTH) throw bad(`fields[${i}].value must be at most ${MAX_FIELD_VALUE_LENGTH} characters`);
    return { name, value: value.normalize('NFC') };
  });
}
