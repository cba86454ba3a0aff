// @ts-check
/**
 * Drawing on pages as they are seen (addPdfWatermark, drawOnPdf, drawPdfImage): coordinates in
 * points from the lower-left corner of the page as displayed, its /Rotate applied, so a page
 * turned a quarter gets its text upright like the rest of it. Text is drawn in the bundled
 * Liberation Sans, embedded (subset), so it renders the same in every reader and covers
 * Latin, Greek and Cyrillic, not only Latin-1.
 */
import fs from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { concatTransformationMatrix, degrees, popGraphicsState, pushGraphicsState, rgb } from 'pdf-lib';
import { PdfFailure } from '../pdf-failure.mjs';
import { visualFrame } from '../place-seal.mjs';
/** @typedef {import('pdf-lib').PDFDocument} PDFDocument */
/** @typedef {import('pdf-lib').PDFPage} PDFPage */
/** @typedef {import('pdf-lib').PDFFont} PDFFont */
/** @typedef {[number, number, number]} Rgb components 0 to 1 */

/** The bundled fonts (the pool's threads share the process's working directory). */
const FONT_FILE = path.resolve(process.cwd(), 'templates/fonts/LiberationSans-Regular.ttf');
/** @type {Uint8Array | null} */
let fontBytes = null;

/**
 * The bundled sans font embedded in the document (subset to the characters drawn). Text with a
 * character it has no glyph for is refused, naming the characters.
 * @param {PDFDocument} doc
 * @param {string[]} texts
 * @returns {Promise<PDFFont>}
 */
export async function textFont(doc, texts) {
  fontBytes ??= new Uint8Array(fs.readFileSync(FONT_FILE));
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(fontBytes, { subset: true });
  const face = /** @type {{ hasGlyphForCodePoint(c: number): boolean }} */ (/** @type {any} */ (font).embedder.font);
  const missing = new Set();
  for (const text of texts) for (const ch of text) if (!/\s/.test(ch) && !face.hasGlyphForCodePoint(/** @type {number} */ (ch.codePointAt(0)))) missing.add(ch);
  if (missing.size > 0) {
    throw new PdfFailure('BAD_USER_INPUT', `The text has characters the bundled font (Liberation Sans: Latin, Greek, Cyrillic) cannot draw: ${[...missing].slice(0, 10).join(' ')}`);
  }
  return font;
}

/**
 * Draw on a page in its seen frame: `draw` gets the frame's width and height and draws with
 * pdf-lib's page methods, inside q/Q with the frame's matrix.
 * @param {PDFPage} page
 * @param {(frame: { width: number; height: number }) => void} draw
 */
export function inSeenFrame(page, draw) {
  const frame = visualFrame(page);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...frame.matrix));
  draw(frame);
  page.pushOperators(popGraphicsState());
}

/** @param {Rgb} c */
const color = (c) => rgb(c[0], c[1], c[2]);

/**
 * @typedef {object} WatermarkOptions
 * @property {string} text
 * @property {number[]} pages 0-based
 * @property {number | null} fontSize null: the largest that fits the page along the angle
 * @property {Rgb} color
 * @property {number} opacity
 * @property {number | null} rotation degrees counter-clockwise as seen; null: the page's diagonal
 */

/**
 * A text watermark centred on each chosen page, along its diagonal (or the angle given) as the
 * page is seen. Answers how many pages got it.
 * @param {PDFDocument} doc
 * @param {WatermarkOptions} options
 */
export async function addWatermark(doc, options) {
  const text = options.text.replace(/\s+/g, ' ').trim();
  const font = await textFont(doc, [text]);
  const pages = doc.getPages();
  const unitWidth = font.widthOfTextAtSize(text, 1);
  const unitHeight = font.heightAtSize(1, { descender: false });
  for (const index of options.pages) {
    inSeenFrame(pages[index], ({ width, height }) => {
      const angle = options.rotation ?? (Math.atan2(height, width) * 180) / Math.PI;
      const rad = (angle * Math.PI) / 180;
      const cos = Math.abs(Math.cos(rad));
      const sin = Math.abs(Math.sin(rad));
      // Largest size whose turned box fits 90% of the page.
      const fit = Math.min((0.9 * width) / (unitWidth * cos + unitHeight * sin), (0.9 * height) / (unitWidth * sin + unitHeight * cos));
      const size = options.fontSize ?? Math.max(4, Math.min(200, fit));
      const w = unitWidth * size;
      const h = unitHeight * size;
      // The baseline's start, so the text's middle is the page's centre.
      const x = width / 2 - (w / 2) * Math.cos(rad) + (h / 2) * Math.sin(rad);
      const y = height / 2 - (w / 2) * Math.sin(rad) - (h / 2) * Math.cos(rad);
      pages[index].drawText(text, { x, y, size, font, color: color(options.color), opacity: options.opacity, rotate: degrees(angle) });
    });
  }
  return options.pages.length;
}

/**
 * @typedef {object} DrawOperation
 * @property {'RECTANGLE' | 'ELLIPSE' | 'LINE' | 'TEXT'} type
 * @property {number} x
 * @property {number} y
 * @property {number} [width]
 * @property {number} [height]
 * @property {number} [x2]
 * @property {number} [y2]
 * @property {string} [text]
 * @property {number} [fontSize]
 * @property {Rgb | null} [color]
 * @property {Rgb | null} [borderColor]
 * @property {number | null} [borderWidth]
 * @property {number} opacity
 */

/**
 * Shapes and text on one page (0-based), in the seen frame. Rectangles and ellipses fill with
 * `color` and stroke with `borderColor` (neither given: a black 1 pt outline); a line takes
 * `color` (else `borderColor`, else black) and `borderWidth` (1 pt); text takes `color` (black)
 * and `fontSize` (12 pt). Answers how many were drawn.
 * @param {PDFDocument} doc
 * @param {number} pageIndex
 * @param {DrawOperation[]} operations
 */
export async function drawOperations(doc, pageIndex, operations) {
  const texts = operations.filter((o) => o.type === 'TEXT').map((o) => o.text ?? '');
  const font = texts.length > 0 ? await textFont(doc, texts) : null;
  const page = doc.getPage(pageIndex);
  const black = /** @type {Rgb} */ ([0, 0, 0]);
  inSeenFrame(page, () => {
    for (const op of operations) {
      const opacity = op.opacity;
      if (op.type === 'RECTANGLE' || op.type === 'ELLIPSE') {
        const outlineOnly = !op.color && !op.borderColor;
        const shape = {
          color: op.color ? color(op.color) : undefined,
          borderColor: op.borderColor ? color(op.borderColor) : outlineOnly ? color(black) : undefined,
          borderWidth: op.borderColor || outlineOnly ? (op.borderWidth ?? 1) : 0,
          opacity,
          borderOpacity: opacity,
        };
        const width = op.width ?? 0;
        const height = op.height ?? 0;
        if (op.type === 'RECTANGLE') page.drawRectangle({ x: op.x, y: op.y, width, height, ...shape });
        else page.drawEllipse({ x: op.x + width / 2, y: op.y + height / 2, xScale: width / 2, yScale: height / 2, ...shape });
      } else if (op.type === 'LINE') {
        page.drawLine({ start: { x: op.x, y: op.y }, end: { x: op.x2 ?? op.x, y: op.y2 ?? op.y }, thickness: op.borderWidth ?? 1, color: color(op.color ?? op.borderColor ?? black), opacity });
      } else {
        const size = op.fontSize ?? 12;
        page.drawText(op.text ?? '', { x: op.x, y: op.y, size, font: /** @type {PDFFont} */ (font), color: color(op.color ?? black), opacity, lineHeight: size * 1.2 });
      }
    }
  });
  return operations.length;
}

/**
 * @typedef {object} ImageOptions
 * @property {number} page 0-based
 * @property {'image/png' | 'image/jpeg'} contentType
 * @property {number} x
 * @property {number} y
 * @property {number | null} width null: from height keeping the proportions, or the image's pixels as points
 * @property {number | null} height
 * @property {number} opacity
 */

/**
 * A PNG or JPEG drawn upright on a page at (x, y), its lower-left corner, in the seen frame.
 * @param {PDFDocument} doc
 * @param {Uint8Array} imageBytes
 * @param {ImageOptions} options
 */
export async function drawImage(doc, imageBytes, options) {
  let image;
  try {
    image = options.contentType === 'image/png' ? await doc.embedPng(imageBytes) : await doc.embedJpg(imageBytes);
  } catch (err) {
    throw new PdfFailure('BAD_USER_INPUT', `The image cannot be drawn: ${err instanceof Error ? err.message.split('\n')[0].slice(0, 200) : 'it does not decode'}`);
  }
  const ratio = image.width / image.height;
  const width = options.width ?? (options.height !== null ? options.height * ratio : image.width);
  const height = options.height ?? (options.width !== null ? options.width / ratio : image.height);
  inSeenFrame(doc.getPage(options.page), () => doc.getPage(options.page).drawImage(image, { x: options.x, y: options.y, width, height, opacity: options.opacity }));
  return { width, height };
}
