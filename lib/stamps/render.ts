import { Resvg } from '@resvg/resvg-js';
import { resolveJurisdiction } from './jurisdictions.ts';
import type { StateCode } from './jurisdictions.ts';
import { getProfession, PROFESSION_SLUGS } from './professions.ts';
import type { ProfessionSlug } from './professions.ts';
import { resolveSpec } from './spec.ts';
import type { StampSpec } from './spec.ts';
import { FONT_FILES, missingCharacters } from './fonts.ts';
import { AppError, quote } from '../errors.ts';
import { printableText } from '../text.ts';
import { DEFAULT_FONT_FAMILY, parseStyle } from './style.ts';
import type { StampStyle } from './style.ts';
import { buildSvg } from './svg.ts';
import type { StampValues } from './svg.ts';
import { svgToPdf } from '../pdf/render-stamp-pdf.ts';

export const STAMP_FORMATS = ['svg', 'png', 'pdf'] as const;
export type StampFormat = (typeof STAMP_FORMATS)[number];

export const CONTENT_TYPES: Record<StampFormat, string> = { svg: 'image/svg+xml', png: 'image/png', pdf: 'application/pdf' };

/** A checked stamp request: what to draw, where it applies, and how. */
export interface StampRequest {
  profession: ProfessionSlug;
  state: StateCode;
  format: StampFormat;
  values: StampValues;
  style: StampStyle;
}

/** The text a stamp prints, and how long each may be: the renderer and the gallery's form share this list. */
export const STAMP_TEXT_FIELDS = [
  { key: 'name', label: 'Name', maxLength: 120, required: true },
  { key: 'license', label: 'License number', maxLength: 40, required: true },
  { key: 'discipline', label: 'Discipline (where the seal has one)', maxLength: 60, required: false },
  { key: 'city', label: 'City (where the seal has one)', maxLength: 60, required: false },
  { key: 'date', label: 'Date (where the seal has one)', maxLength: 40, required: false },
  { key: 'state_label', label: 'State label (where the seal has one)', maxLength: 20, required: false },
] as const;
export type StampTextField = (typeof STAMP_TEXT_FIELDS)[number]['key'];

const LIMITS = Object.fromEntries(STAMP_TEXT_FIELDS.map((f) => [f.key, f.maxLength])) as Record<StampTextField, number>;
const bad = (message: string) => new AppError('BAD_USER_INPUT', message);

function text(input: Record<string, unknown>, key: string): string | undefined {
  const v = input[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') throw bad(`${key} must be a string`);
  // Checked and printed as it will show: a name of bidi or zero-width characters is empty.
  return printableText(v);
}

/**
 * A keyword (profession, format) as sent, trimmed: blank means the default, and nothing else
 * does, so a value of invisible characters is an unknown keyword, not the default.
 */
function keyword(input: Record<string, unknown>, key: 'profession' | 'format'): string | undefined {
  const v = input[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') throw bad(`${key} must be a string`);
  return v.trim() || undefined;
}

function required(input: Record<string, unknown>, key: 'name' | 'license' | 'state'): string {
  const v = text(input, key);
  if (!v) throw bad(`${key} is required and must not be empty`);
  return v;
}

function limited(key: StampTextField, value: string | undefined): string | undefined {
  if (value !== undefined && [...value].length > LIMITS[key]) {
    throw bad(`${key} is at most ${LIMITS[key]} characters; got ${[...value].length}`);
  }
  return value || undefined;
}

/**
 * Check the body of a stamp request (rest-interface.md POST /v1/stamp). Bad input is
 * BAD_USER_INPUT; a jurisdiction with no template is NOT_FOUND.
 */
export function parseStampRequest(input: Record<string, unknown>, defaults: { format?: StampFormat } = {}): StampRequest {
  const name = limited('name', required(input, 'name'))!;
  const license = limited('license', required(input, 'license'))!;
  const stateInput = required(input, 'state');
  const professionInput = keyword(input, 'profession') ?? 'engineer';
  const profession = getProfession(professionInput);
  if (!profession) {
    throw bad(`Unknown profession: ${quote(professionInput)}. profession accepts one of ${PROFESSION_SLUGS.join(', ')}.`);
  }
  const formatInput = (keyword(input, 'format') ?? defaults.format ?? 'png').toLowerCase();
  if (!(STAMP_FORMATS as readonly string[]).includes(formatInput)) {
    throw bad(`Unknown format: ${quote(keyword(input, 'format'))}. format accepts one of ${STAMP_FORMATS.join(', ')}.`);
  }
  const style = parseStyle(input);
  const jurisdiction = resolveJurisdiction(stateInput);
  if (jurisdiction.kind === 'unknown') {
    throw bad(`Unknown state: ${quote(stateInput)}. state accepts one of the 50 US states by name or two-letter abbreviation (TX, Texas).`);
  }
  if (jurisdiction.kind === 'no-template') {
    throw new AppError('NOT_FOUND', `No stamp template exists for ${profession.slug} in ${jurisdiction.name} (${jurisdiction.code}); stamps cover the 50 states.`);
  }
  const values = {
    name,
    license,
    discipline: limited('discipline', text(input, 'discipline')) ?? profession.branch ?? undefined,
    city: limited('city', text(input, 'city')),
    date: limited('date', text(input, 'date')),
    stateLabel: limited('state_label', text(input, 'state_label')),
  };
  const stack = style.font_family ?? DEFAULT_FONT_FAMILY;
  for (const [key, value] of Object.entries(values)) {
    const missing = value ? missingCharacters(value, stack) : [];
    if (missing.length) {
      const field = key === 'stateLabel' ? 'state_label' : key;
      throw bad(
        `${field} contains characters the stamp fonts cannot draw: ${missing
          .slice(0, 10)
          .map((c) => JSON.stringify(c))
          .join(', ')}. Stamps support Latin, Greek and Cyrillic letters.`,
      );
    }
  }
  return {
    profession: profession.slug,
    state: jurisdiction.code,
    format: formatInput as StampFormat,
    values,
    style,
  };
}

/** The seal data of a request. */
export function stampSpec(request: Pick<StampRequest, 'profession' | 'state'>): StampSpec {
  return resolveSpec(getProfession(request.profession)!, request.state);
}

/** The stamp as SVG text. */
export function renderStampSvg(request: Omit<StampRequest, 'format'>): string {
  return buildSvg(stampSpec(request), request.values, request.style);
}

/** resvg over the bundled fonts only: identical output on every machine. */
export function resvgFor(svg: string, zoom: number): Resvg {
  return new Resvg(svg, {
    fitTo: { mode: 'zoom', value: zoom },
    font: {
      loadSystemFonts: false,
      fontFiles: FONT_FILES,
      defaultFontFamily: 'Liberation Sans',
      sansSerifFamily: 'Liberation Sans',
      serifFamily: 'Liberation Serif',
      monospaceFamily: 'Liberation Mono',
    },
    shapeRendering: 2,
    textRendering: 2,
  });
}

export interface RenderedStamp {
  format: StampFormat;
  contentType: string;
  filename: string;
  body: Uint8Array;
}

/** Render a checked request in its format: SVG (vector), PNG (4× raster), PDF (vector, page the size of the seal). */
export async function renderStamp(request: StampRequest): Promise<RenderedStamp> {
  const svg = renderStampSvg(request);
  let body: Uint8Array;
  if (request.format === 'svg') body = new TextEncoder().encode(svg);
  else if (request.format === 'png') body = resvgFor(svg, 4).render().asPng();
  else body = await svgToPdf(resvgFor(svg, 1), { title: `Seal of ${request.values.name}`, diameterIn: stampSpec(request).diameterIn });
  return { format: request.format, contentType: CONTENT_TYPES[request.format], filename: `stamp.${request.format}`, body };
}
