import sharp from 'sharp';
import { svgToPdf } from '../pdf/render-stamp-pdf.ts';
import { renderStampSvg, resvgFor, stampSpec } from './render.ts';
import type { StampRequest } from './render.ts';

/** The stamp sizes a user may export at (decisions.md: User.stampExportSize), in inches. */
export const STAMP_EXPORT_SIZES = { small: 1, medium: 1.5, large: 2 } as const;
export type StampExportSize = keyof typeof STAMP_EXPORT_SIZES;

export const STAMP_EXPORT_FORMATS = ['PDF', 'PNG', 'JPEG', 'TIFF'] as const;
export type StampExportFormat = (typeof STAMP_EXPORT_FORMATS)[number];

/** Raster exports are printed at this resolution. */
export const EXPORT_DPI = 300;

const TYPES: Record<StampExportFormat, { contentType: string; ext: string }> = {
  PDF: { contentType: 'application/pdf', ext: 'pdf' },
  PNG: { contentType: 'image/png', ext: 'png' },
  JPEG: { contentType: 'image/jpeg', ext: 'jpg' },
  TIFF: { contentType: 'image/tiff', ext: 'tiff' },
};

export interface StampExport {
  data: Uint8Array;
  filename: string;
  contentType: string;
}

/**
 * A stamp as a file to place in drawings: vector PDF on a page the size asked, or a raster of
 * that size at 300 dpi drawn by resvg over the bundled fonts, then encoded by sharp (JPEG on
 * white, since it has no transparency). The same renderer as POST /v1/stamp draws it.
 */
export async function exportStamp(request: Omit<StampRequest, 'format'>, format: StampExportFormat, size: StampExportSize = 'medium'): Promise<StampExport> {
  const inches = STAMP_EXPORT_SIZES[size];
  const svg = renderStampSvg(request);
  const { contentType, ext } = TYPES[format];
  const filename = `stamp.${ext}`;
  if (format === 'PDF') {
    return { data: await svgToPdf(resvgFor(svg, 1), { title: `Seal of ${request.values.name}`, diameterIn: inches }), filename, contentType };
  }
  // The SVG is sized in inches (96 px each): zoom it to the export's pixels.
  const pixels = Math.round(inches * EXPORT_DPI);
  const png = resvgFor(svg, pixels / (stampSpec(request).diameterIn * 96))
    .render()
    .asPng();
  let image = sharp(png).resize(pixels, pixels, { fit: 'fill' }).withMetadata({ density: EXPORT_DPI });
  if (format === 'PNG') image = image.png();
  else if (format === 'JPEG') image = image.flatten({ background: '#ffffff' }).jpeg({ quality: 92, chromaSubsampling: '4:4:4' });
  else image = image.tiff({ compression: 'lzw' });
  return { data: new Uint8Array(await image.toBuffer()), filename, contentType };
}
