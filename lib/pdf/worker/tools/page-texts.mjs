// @ts-check
/**
 * The text of each page, in reading order, with pdfjs-dist (pdfText, and the chat's ingest
 * through lib/pdf/extract-page-texts.ts). pdfjs gives the text runs in the order the content
 * stream draws them, which is not always the order a person reads (a footer drawn first, a
 * title block added later); here the runs are put on lines as the page is seen (its /Rotate
 * applied), and the lines read top to bottom, split into columns where a gutter runs through
 * a block, each column read before the next.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
/** pdfjs's character maps, for fonts that name a predefined CMap (CJK text). */
const CMAP_URL = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'cmaps')}${path.sep}`;

/**
 * pdf.js's legacy build (the one that runs on Node 20) brings core-js, which replaces
 * Array.prototype.push in the whole thread with a polyfill (for a V8 edge case with
 * non-writable lengths that nothing here meets). pdf.js pushes for every glyph: measured on a
 * 500-page file, the polyfill took about a fifth of the extraction, and it slows whatever else
 * the thread runs (pdf-lib). The engine's own push is put back once pdf.js has loaded.
 */
function restoreNativePush() {
  const isNative = (/** @type {unknown} */ fn) => typeof fn === 'function' && /\{\s*\[native code\]\s*\}$/.test(Function.prototype.toString.call(fn));
  if (isNative(Array.prototype.push)) return;
  const native = vm.runInNewContext('Array.prototype.push');
  if (isNative(native)) Object.defineProperty(Array.prototype, 'push', { value: native, writable: true, configurable: true, enumerable: false });
}
restoreNativePush();

/**
 * @typedef {object} Run A piece of text on a line as the page is seen: x and top grow rightwards and downwards.
 * @property {string} text
 * @property {number} x
 * @property {number} right
 * @property {number} baseline
 * @property {number} size
 */

/**
 * @typedef {object} Line
 * @property {Run[]} runs
 * @property {number} x
 * @property {number} right
 * @property {number} top
 * @property {number} bottom
 * @property {number} size
 */

/**
 * The runs of a page's text content in the seen frame, each in the frame of its own direction
 * (x along the text, baseline across it), grouped by direction: upright text first, then text
 * at other angles (a diagonal watermark, a sideways label), each read on its own.
 * @param {any[]} items
 * @param {number[]} viewportTransform
 * @returns {Run[][]}
 */
function runsByDirection(items, viewportTransform) {
  /** @type {Map<number, Run[]>} */
  const groups = new Map();
  for (const item of items) {
    if (typeof item.str !== 'string' || item.str.trim() === '') continue;
    const m = pdfjs.Util.transform(viewportTransform, item.transform);
    const angle = Math.atan2(m[1], m[0]);
    const size = Math.hypot(m[2], m[3]) || Math.hypot(m[0], m[1]) || 1;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const x = m[4] * cos + m[5] * sin;
    const baseline = -m[4] * sin + m[5] * cos;
    const key = ((Math.round((angle * 180) / Math.PI) % 360) + 360) % 360;
    const runs = groups.get(key) ?? [];
    runs.push({ text: item.str, x, right: x + (item.width ?? 0), baseline, size });
    groups.set(key, runs);
  }
  return [...groups].sort(([a], [b]) => (a === 0 ? -1 : b === 0 ? 1 : a - b)).map(([, runs]) => runs);
}

/**
 * Runs on one baseline (within a third of their size) make a line, left to right, spaced where they are apart.
 * @param {Run[]} runs
 * @returns {Line[]}
 */
function linesOf(runs) {
  const sorted = [...runs].sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  /** @type {Run[][]} */
  const groups = [];
  for (const run of sorted) {
    const last = groups[groups.length - 1];
    if (last && Math.abs(last[0].baseline - run.baseline) <= Math.min(last[0].size, run.size) / 3) last.push(run);
    else groups.push([run]);
  }
  // A wide gap on a line (more than two characters) separates pieces that columns may split apart.
  const segments = groups.flatMap((group) => {
    const ordered = group.sort((a, b) => a.x - b.x);
    const pieces = [[ordered[0]]];
    for (const run of ordered.slice(1)) {
      const last = pieces[pieces.length - 1];
      const right = Math.max(...last.map((r) => r.right));
      if (run.x - right > Math.max(run.size, last[0].size) * 2) pieces.push([run]);
      else last.push(run);
    }
    return pieces;
  });
  return segments.map((ordered) => {
    const size = Math.max(...ordered.map((r) => r.size));
    return {
      runs: ordered,
      x: Math.min(...ordered.map((r) => r.x)),
      right: Math.max(...ordered.map((r) => r.right)),
      top: Math.min(...ordered.map((r) => r.baseline - r.size)),
      bottom: Math.max(...ordered.map((r) => r.baseline)),
      size,
    };
  });
}

/** @param {Line} line */
function lineText(line) {
  let text = '';
  let end = -Infinity;
  for (const run of line.runs) {
    const gap = run.x - end;
    if (text !== '' && gap > run.size * 0.15 && !/\s$/.test(text) && !/^\s/.test(run.text)) text += ' ';
    text += run.text;
    end = Math.max(end, run.right);
  }
  return text.replace(/\s+$/, '');
}

/**
 * A block's lines in reading order: blocks split at wide vertical gaps (read top to bottom),
 * then at a gutter that runs through a block with lines on both sides (columns, left to right).
 * @param {Line[]} lines
 * @param {number} depth
 * @returns {Line[]}
 */
function readingOrder(lines, depth = 0) {
  if (lines.length <= 2 || depth > 12) return lines.sort((a, b) => a.top - b.top || a.x - b.x);
  const byTop = [...lines].sort((a, b) => a.top - b.top);
  const sizes = lines.map((l) => l.size).sort((a, b) => a - b);
  const typical = sizes[Math.floor(sizes.length / 2)];
  // Paragraph or section breaks: a vertical gap wider than a line and a half.
  const blocks = [];
  let current = [byTop[0]];
  let reach = byTop[0].bottom;
  for (const line of byTop.slice(1)) {
    if (line.top - reach > typical * 1.5) {
      blocks.push(current);
      current = [];
    }
    current.push(line);
    reach = Math.max(reach, line.bottom);
  }
  blocks.push(current);
  if (blocks.length > 1) return blocks.flatMap((block) => readingOrder(block, depth + 1));
  // Columns: a horizontal gap no line crosses, wider than two characters, with two lines or more on each side.
  const byX = [...lines].sort((a, b) => a.x - b.x);
  let right = byX[0].right;
  for (let i = 1; i < byX.length; i++) {
    const line = byX[i];
    if (line.x - right > typical * 2 && i >= 2 && byX.length - i >= 2) {
      return [...readingOrder(byX.slice(0, i), depth + 1), ...readingOrder(byX.slice(i), depth + 1)];
    }
    right = Math.max(right, line.right);
  }
  return byTop.sort((a, b) => a.top - b.top || a.x - b.x);
}

/**
 * The text of every page of a PDF, one string per page, lines separated by newlines. An
 * encrypted PDF is opened with the empty password when it has one (most "protected" files);
 * one that needs a password throws.
 * @param {Uint8Array} bytes
 * @returns {Promise<string[]>}
 */
export async function pageTexts(bytes) {
  const task = pdfjs.getDocument({
    data: bytes,
    password: '',
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    cMapUrl: CMAP_URL,
    cMapPacked: true,
    verbosity: 0,
  });
  const doc = await task.promise;
  restoreNativePush(); // pdf.js's worker code, loaded with the first document, brings core-js too
  try {
    const texts = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent({ disableNormalization: false });
      const lines = runsByDirection(content.items, viewport.transform).flatMap((runs) => readingOrder(linesOf(runs)));
      texts.push(lines.map(lineText).join('\n'));
      page.cleanup();
    }
    return texts;
  } finally {
    await task.destroy();
  }
}
