// @ts-check
/**
 * A PDF's first page as a small PNG, drawn by pdf.js (pdfjs-dist's Node build) on a canvas of
 * @napi-rs/canvas (its optional dependency, a prebuilt Skia), on a thread of the PDF pool. The
 * fonts pdf.js needs for the 14 standard fonts and CJK CMaps come from the package itself, so
 * nothing is fetched. Never evaluates the file's JavaScript (isEvalSupported false).
 */
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** pdfjs-dist's folders of data files, with the trailing slash it insists on. */
function pdfjsData() {
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const dir = (/** @type {string} */ name) => `${path.join(root, name)}${path.sep}`;
  return { standardFontDataUrl: dir('standard_fonts'), cMapUrl: dir('cmaps'), wasmUrl: dir('wasm'), iccUrl: dir('iccs') };
}

/**
 * The first page as a PNG whose longer side is `maxSide` pixels, on white; with its size.
 * @param {Uint8Array} bytes
 * @param {number} maxSide
 * @returns {Promise<{ png: Uint8Array; width: number; height: number }>}
 */
export async function renderThumbnail(bytes, maxSide) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: bytes, isEvalSupported: false, stopAtErrors: false, verbosity: 0, maxImageSize: 64 * 1024 * 1024, ...pdfjsData() });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const scale = maxSide / Math.max(base.width, base.height);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    const { createCanvas } = require('@napi-rs/canvas');
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvas: /** @type {any} */ (canvas), canvasContext: /** @type {any} */ (context), viewport }).promise;
    const png = await canvas.encode('png');
    return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), width, height };
  } finally {
    await task.destroy();
  }
}
