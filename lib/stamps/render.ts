import { Resvg } from '@resvg/resvg-js';
import { resolveJurisdiction } from './jurisdictions.ts';
import type { StateCode } from './jurisdictions.ts';
import { getProfession, PROFESSION_SLUGS } from './professions.ts';
import type { ProfessionSlug } from './professions.ts';
import { resolveSpec } from './spec.ts';
import type { StampSpec } from './spec.ts';
import { FONT_FILES, missingCharacters } from './fonts.ts';
import { DEFAULT_FONT_FAMILY, parseStyle, StampInputError } from './style.ts';
import type { StampStyle } from './style.ts';
import { buildSvg } from './svg.ts';
import type { StampValues } from './svg.ts';
import { svgToPdf } from './pdf.ts';

export { StampInputError } from './style.ts';

export const STAMP_FORMATS = ['svg', 'png', 'pdf'] as const;
export type StampFormat = (typeof STAMP_FORMATS)[number];

export const CONTENT_TYPES: Record<StampFormat, string> = { svg: 'image/svg+xml', png: 'image/png', pdf: 'application/pdf' };

/** No template for this profession and state (a recognised jurisdiction that is not a state). */
export class StampTemplateNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StampTemplateNotFoundError';
  }
}

/** A checked stamp request: what to draw, where it applies, and how. */
export interface StampRequest {
  profession: ProfessionSlug;
  state: StateCode;
  format: StampFormat;
  values: StampValues;
  style: StampStyle;
}

const LIMITS = { name: 120, license: 40, discipline: 60, city: 60, date: 40, state_label: 20 } as const;

function text(input: Record<string, unknown>, key: string): string | undefined {
  const v = input[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') throw new StampInputError(`${key} must be a string`);
  return v.trim();
}

function required(input: Record<string, unknown>, key: 'name' | 'license' | 'state'): string {
  const v = text(input, key);
  if (!v) throw new StampInputError(`${key} is required and must not be empty`);
  return v;
}

function limited(key: keyof typeof LIMITS, value: string | undefined): string | undefined {
  if (value !== undefined && [...value].length > LIMITS[key]) {
    throw new StampInputError(`${key} is at most ${LIMITS[key]} characters; got ${[...value].length}`);
  }
  return value || undefined;
}

/**
 * Check the body of a stamp request (rest-interface.md POST /v1/stamp). Bad input is a
 * StampInputError (400); a jurisdiction with no template is StampTemplateNotFoundError (404).
 */
export function parseStampRequest(input: Record<string, unknown>, defaults: { format?: StampFormat } = {}): StampRequest {
  const name = limited('name', required(input, 'name'))!;
  const license = limited('license', required(input, 'license'))!;
  const stateInput = required(input, 'state');
  const professionInput = text(input, 'profession') || 'engineer';
  const profession = getProfession(professionInput);
  if (!profession) {
    throw new StampInputError(`Unknown profession: ${JSON.stringify(professionInput)}. profession accepts one of ${PROFESSION_SLUGS.join(', ')}.`);
  }
  const formatInput = (text(input, 'format') || defaults.format || 'png').toLowerCase();
  if (!(STAMP_FORMATS as readonly string[]).includes(formatInput)) {
    throw new StampInputError(`Unknown format: ${JSON.stringify(text(input, 'format'))}. format accepts one of ${STAMP_FORMATS.join(', ')}.`);
  }
  const style = parseStyle(input);
  const jurisdiction = resolveJurisdiction(stateInput);
  if (jurisdiction.kind === 'unknown') {
    throw new StampInputError(`Unknown state: ${JSON.stringify(stateInput)}. state accepts one of the 50 US states by name or two-letter abbreviation (TX, Texas).`);
  }
  if (jurisdiction.kind === 'no-template') {
    throw new StampTemplateNotFoundError(`No stamp template exists for ${profession.slug} in ${jurisdiction.name} (${jurisdiction.code}); stamps cover the 50 states.`);
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
      throw new StampInputError(`${field} contains characters the stamp fonts cannot draw: ${missing.slice(0, 10).map((c) => JSON.stringify(c)).join(', ')}. Stamps support Latin, Greek and Cyrillic letters.`);
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
