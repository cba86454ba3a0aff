// @ts-check
/**
 * placeSeals: what a seal draws on a page: the credential's stamp at the chosen spot, and a footer line
 * "Sealed by … · verify at <url>" beside a QR code of the verification URL, with a link over
 * both. Positions are taken on the page as it is seen (its crop box, turned by /Rotate), so a
 * landscape sheet stored rotated gets an upright stamp in the expected corner.
 */
import fs from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import {
  PDFArray,
  PDFContentStream,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFObjectCopier,
  PDFOperator,
  PDFOperatorNames as Ops,
  PDFRawStream,
  PDFString,
  StandardFonts,
  concatTransformationMatrix,
  degrees,
  drawObject,
  drawText,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingGrayscaleColor,
} from 'pdf-lib';
import QRCode from 'qrcode';
/** @typedef {import('pdf-lib').PDFDict} PDFDict */
/** @typedef {import('pdf-lib').PDFFont} PDFFont */
/** @typedef {import('pdf-lib').PDFPage} PDFPage */
/** @typedef {import('pdf-lib').PDFRef} PDFRef */
/** @typedef {[number, number, number, number, number, number]} Matrix */
/** @typedef {[number, number, number, number]} Rect */

/** The bundled fonts, as lib/stamps/fonts.ts finds them (the pool's threads share the process's working directory). */
const FONT_DIR = path.resolve(process.cwd(), 'templates/fonts');

/**
 * A page as it is seen: its width and height, and the matrix from that upright frame (origin bottom-left) to the page's user space.
 * @typedef {{ width: number; height: number; matrix: Matrix }} VisualFrame
 */

/**
 * @param {PDFPage} page
 * @returns {VisualFrame}
 */
export function visualFrame(page) {
  const { x, y, width: w, height: h } = page.getCropBox();
  const turn = /** @type {0 | 90 | 180 | 270} */ (((page.getRotation().angle % 360) + 360) % 360);
  switch (turn) {
    case 90:
      return { width: h, height: w, matrix: [0, 1, -1, 0, x + w, y] };
    case 180:
      return { width: w, height: h, matrix: [-1, 0, 0, -1, x + w, y + h] };
    case 270:
      return { width: h, height: w, matrix: [0, -1, 1, 0, x, y + h] };
    default:
      return { width: w, height: h, matrix: [1, 0, 0, 1, x, y] };
  }
}

/**
 * A rectangle of the upright frame in the page's user space (for annotation rectangles).
 * @param {VisualFrame} frame
 * @param {number} x
 * @param {number} y
 * @param {number} width
 * @param {number} height
 * @returns {Rect}
 */
export function toUserRect(frame, x, y, width, height) {
  const [a, b, c, d, e, f] = frame.matrix;
  const corners = [
    [x, y],
    [x + width, y],
    [x, y + height],
    [x + width, y + height],
  ].map(([u, v]) => [a * u + c * v + e, b * u + d * v + f]);
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

const MARGIN = 14;
const QR_SIZE = 40;
const FOOTER_FONT_SIZE = 7;
const MIN_FONT_SIZE = 4.5;

/**
 * Helvetica when the footer's characters are in its encoding, else the bundled Liberation Sans (subset).
 * @param {PDFDocument} doc
 * @param {string} text
 * @returns {Promise<PDFFont>}
 */
export async function footerFont(doc, text) {
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  try {
    helvetica.encodeText(text);
    return helvetica;
  } catch {
    doc.registerFontkit(fontkit);
    return doc.embedFont(fs.readFileSync(path.join(FONT_DIR, 'LiberationSans-Regular.ttf')), { subset: true });
  }
}

/**
 * The footer's lines at the largest size from 7 pt down that fits the width: one line, else two (before "verify at").
 * @param {string} text
 * @param {PDFFont} font
 * @param {number} width
 * @returns {{ lines: string[]; size: number }}
 */
function layoutFooter(text, font, width) {
  const oneLine = [text];
  const split = text.lastIndexOf(' \u00b7 verify at ');
  const twoLines = split > 0 ? [text.slice(0, split), text.slice(split + 3)] : oneLine;
  for (const lines of [oneLine, twoLines]) {
    const widest = Math.max(...lines.map((l) => font.widthOfTextAtSize(l, 1)));
    const size = Math.min(FOOTER_FONT_SIZE, width / widest);
    if (size >= MIN_FONT_SIZE || lines === twoLines) return { lines, size: Math.max(size, 2) };
  }
  return { lines: oneLine, size: MIN_FONT_SIZE };
}

/**
 * The QR code of a URL as fill operators of dark modules, in a square of `size` at (x, y), with a white quiet zone.
 * @param {string} url
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @returns {PDFOperator[]}
 */
function qrOperators(url, x, y, size) {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + 2 * quiet);
  /** @param {number} v */
  const num = (v) => PDFNumber.of(Math.round(v * 1000) / 1000);
  /** @type {(rx: number, ry: number, rw: number, rh: number) => PDFOperator} */
  const rect = (rx, ry, rw, rh) => PDFOperator.of(Ops.AppendRectangle, [num(rx), num(ry), num(rw), num(rh)]);
  /** @type {PDFOperator[]} */
  const ops = [setFillingGrayscaleColor(1), rect(x, y, size, size), fill(), setFillingGrayscaleColor(0)];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      ops.push(rect(x + (quiet + start) * cell, y + size - (quiet + row + 1) * cell, (col - start) * cell, cell));
    }
  }
  ops.push(fill());
  return ops;
}

/**
 * The QR code as one form XObject, 100 units square, that every stamped page draws.
 * @param {PDFDocument} doc
 * @param {string} url
 * @returns {PDFRef}
 */
function qrForm(doc, url) {
  return doc.context.register(doc.context.formXObject(qrOperators(url, 0, 0, 100), { BBox: [0, 0, 100, 100] }));
}

/** @typedef {{ ref: PDFRef; width: number; height: number }} EmbeddedStamp */

/**
 * The stamp's page as a form XObject, its content stream copied as it is (not decoded and deflated again).
 * @param {PDFDocument} doc
 * @param {Uint8Array} stampPdf
 * @returns {Promise<EmbeddedStamp>}
 */
async function embedStamp(doc, stampPdf) {
  const source = await PDFDocument.load(stampPdf, { updateMetadata: false });
  const page = source.getPage(0);
  const raw = page.node.Contents();
  const contents = raw instanceof PDFArray && raw.size() === 1 ? raw.lookup(0) : raw;
  const { width, height } = page.getSize();
  if (!(contents instanceof PDFRawStream)) {
    const [embedded] = await doc.embedPdf(source, [0]);
    return { ref: embedded.ref, width: embedded.width, height: embedded.height };
  }
  const resources = PDFObjectCopier.for(source.context, doc.context).copy(/** @type {PDFDict} */ (page.node.Resources()));
  const dict = doc.context.obj({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, width, height], Resources: resources });
  for (const key of ['Filter', 'DecodeParms']) {
    const value = contents.dict.get(PDFName.of(key));
    if (value) dict.set(PDFName.of(key), value);
  }
  return { ref: doc.context.register(PDFRawStream.of(dict, contents.contents)), width, height };
}

/**
 * @typedef {object} SealPlacement
 * @property {number[]} pages 0-based page indexes.
 * @property {number} positionX The stamp's centre as a fraction of the seen page's width from its left edge.
 * @property {number} positionY The stamp's centre as a fraction of the seen page's height from its top edge.
 * @property {number} size The stamp's diameter in points.
 * @property {string} footer
 * @property {string} verificationUrl
 * @property {FooterPosition} [footerPosition] Where the verification line and its QR code go (BELOW_STAMP when omitted).
 */

/** @typedef {'BELOW_STAMP' | 'BOTTOM_LEFT' | 'BOTTOM_RIGHT' | 'TOP_LEFT' | 'TOP_RIGHT'} FooterPosition */

/** @typedef {{ ref: PDFRef; stampRect: Rect; linkRect: Rect }} SealForm */

/**
 * The verification URL on at most two short lines, cut at a "/" (never inside a word, never
 * hyphenated), at the largest size from 6 pt down to 3 pt that fits `width`.
 * @param {string} url
 * @param {PDFFont} font
 * @param {number} width
 * @returns {{ lines: string[]; size: number }}
 */
function layoutUrl(url, font, width) {
  const fits = (/** @type {string[]} */ lines) => Math.min(6, width / Math.max(...lines.map((l) => font.widthOfTextAtSize(l, 1))));
  const one = [url];
  if (fits(one) >= 5) return { lines: one, size: fits(one) };
  // Two lines, cut after the "/" that balances them best.
  let best = one;
  let bestSize = fits(one);
  for (let i = url.indexOf('/') + 1; i > 0 && i < url.length; i = url.indexOf('/', i) + 1) {
    const lines = [url.slice(0, i), url.slice(i)];
    const size = fits(lines);
    if (size > bestSize) [best, bestSize] = [lines, size];
  }
  return { lines: best, size: Math.max(bestSize, 3) };
}

/**
 * Where the footer goes and how it reads, in the page's upright frame: a block of the QR code
 * and text lines. BELOW_STAMP: the URL with its code, centred under the stamp, then a QR code
 * no wider than the stamp (above the stamp when the page has no room below it). A corner: the
 * QR code in that corner inside the margin, the footer line beside it.
 * @param {SealPlacement} placement
 * @param {PDFFont} font
 * @param {{ width: number; height: number; margin: number; stamp: Rect }} frame
 * @returns {{ qr: Rect; lines: { text: string; x: number; y: number }[]; fontSize: number; box: Rect }}
 */
function footerLayout(placement, font, { width, height, margin, stamp }) {
  const position = placement.footerPosition ?? 'BELOW_STAMP';
  if (position === 'BELOW_STAMP') {
    const [sx, sy, sw] = stamp;
    const blockWidth = Math.max(sw, 36);
    const { lines, size } = layoutUrl(placement.verificationUrl, font, blockWidth);
    const lineHeight = size * 1.25;
    const qrSize = Math.min(sw * 0.45, 44, blockWidth);
    const gap = 2;
    const blockHeight = gap + lines.length * lineHeight + gap + qrSize;
    const centre = sx + sw / 2;
    // Under the stamp; above it when the page ends first.
    const below = sy - blockHeight >= Math.min(margin, 2);
    const top = below ? sy - gap : Math.min(sy + stamp[3] + blockHeight, height);
    const textLines = lines.map((text, i) => ({ text, x: centre - font.widthOfTextAtSize(text, size) / 2, y: top - (i + 1) * lineHeight + (lineHeight - size) / 2 + size * 0.2 }));
    const qrY = top - lines.length * lineHeight - gap - qrSize;
    const textWidth = Math.max(...lines.map((l) => font.widthOfTextAtSize(l, size)));
    const boxWidth = Math.max(textWidth, qrSize);
    return { qr: [centre - qrSize / 2, qrY, qrSize, qrSize], lines: textLines, fontSize: size, box: [centre - boxWidth / 2, qrY, boxWidth, top - qrY] };
  }
  const qrSize = Math.min(QR_SIZE, width / 6, height / 6);
  const right = position === 'BOTTOM_RIGHT' || position === 'TOP_RIGHT';
  const topCorner = position === 'TOP_LEFT' || position === 'TOP_RIGHT';
  // At most 60% of the page across, so a corner block stays in its corner (two lines rather than one long one).
  const textWidthMax = Math.max(Math.min(width - qrSize - 6 - 2 * margin, width * 0.6), 10);
  const { lines, size: fontSize } = layoutFooter(placement.footer, font, textWidthMax);
  const lineHeight = fontSize * 1.3;
  const qrX = right ? width - margin - qrSize : margin;
  const qrY = topCorner ? height - margin - qrSize : margin;
  const firstBaseline = qrY + qrSize / 2 + ((lines.length - 1) * lineHeight) / 2 - fontSize / 3;
  const widths = lines.map((l) => font.widthOfTextAtSize(l, fontSize));
  const textWidth = Math.max(...widths);
  const textLines = lines.map((text, i) => ({ text, x: right ? qrX - 6 - widths[i] : qrX + qrSize + 6, y: firstBaseline - i * lineHeight }));
  const boxX = right ? qrX - 6 - textWidth : qrX;
  return { qr: [qrX, qrY, qrSize, qrSize], lines: textLines, fontSize, box: [boxX, qrY, qrSize + 6 + textWidth, qrSize] };
}

/**
 * The whole seal of one page size (stamp, QR code, footer) as one form XObject in the upright frame.
 * @param {PDFDocument} doc
 * @param {number} width
 * @param {number} height
 * @param {SealPlacement} placement
 * @param {EmbeddedStamp} stamp
 * @param {PDFRef} qr
 * @param {PDFFont} font
 * @returns {SealForm}
 */
function sealForm(doc, width, height, placement, stamp, qr, font) {
  // The stamp, kept whole on the page.
  const size = Math.min(placement.size, width, height);
  const half = size / 2;
  const cx = Math.min(Math.max(placement.positionX * width, half), width - half);
  const cy = Math.min(Math.max(height - placement.positionY * height, half), height - half);
  const scale = size / Math.max(stamp.width, stamp.height);
  const stampWidth = stamp.width * scale;
  const stampHeight = stamp.height * scale;
  const margin = Math.min(MARGIN, width / 20, height / 20);
  const stampRect = /** @type {Rect} */ ([cx - stampWidth / 2, cy - stampHeight / 2, stampWidth, stampHeight]);
  const footer = footerLayout(placement, font, { width, height, margin, stamp: stampRect });
  const [qrX, qrY, qrSize] = footer.qr;
  const operators = [
    pushGraphicsState(),
    concatTransformationMatrix(scale, 0, 0, scale, cx - stampWidth / 2, cy - stampHeight / 2),
    drawObject('Stamp'),
    popGraphicsState(),
    pushGraphicsState(),
    concatTransformationMatrix(qrSize / 100, 0, 0, qrSize / 100, qrX, qrY),
    drawObject('QR'),
    popGraphicsState(),
    ...footer.lines.flatMap((line) =>
      drawText(font.encodeText(line.text), { color: rgb(0.1, 0.1, 0.1), font: 'F', size: footer.fontSize, rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0), x: line.x, y: line.y }),
    ),
  ];
  const form = doc.context.formXObject(operators, { BBox: [0, 0, width, height], Resources: { XObject: { Stamp: stamp.ref, QR: qr }, Font: { F: font.ref } } });
  return { ref: doc.context.register(form), stampRect, linkRect: footer.box };
}

/**
 * Draw the seal on the pages asked. Each page size gets one form XObject holding the whole
 * seal, and each page a small stream that draws it upright, after its own content wrapped in
 * q … Q (a page may leave its graphics state changed), plus a link to the verification page.
 * Returns the first stamp's rectangle in user space (where a signature widget goes).
 * @param {PDFDocument} doc
 * @param {Uint8Array} stampPdf
 * @param {SealPlacement} placement
 * @returns {Promise<Rect | null>}
 */
export async function placeSeals(doc, stampPdf, placement) {
  const stamp = await embedStamp(doc, stampPdf);
  const font = await footerFont(doc, (placement.footerPosition ?? 'BELOW_STAMP') === 'BELOW_STAMP' ? placement.verificationUrl : placement.footer);
  const qr = qrForm(doc, placement.verificationUrl);
  const before = doc.context.register(PDFContentStream.of(doc.context.obj({}), [pushGraphicsState()], false));
  const after = doc.context.register(PDFContentStream.of(doc.context.obj({}), [popGraphicsState()], false));
  const action = doc.context.register(doc.context.obj({ Type: 'Action', S: 'URI', URI: PDFString.of(placement.verificationUrl) }));
  /** @type {Map<string, SealForm>} */
  const forms = new Map();
  /** @type {Rect | null} */
  let stampRect = null;
  for (const index of placement.pages) {
    const page = doc.getPage(index);
    const frame = visualFrame(page);
    const key = `${frame.width}x${frame.height}`;
    let form = forms.get(key);
    if (!form) forms.set(key, (form = sealForm(doc, frame.width, frame.height, placement, stamp, qr, font)));
    page.node.wrapContentStreams(before, after);
    const name = page.node.newXObject('Seal', form.ref);
    const draw = [pushGraphicsState(), concatTransformationMatrix(...frame.matrix), drawObject(name), popGraphicsState()];
    page.node.addContentStream(doc.context.register(PDFContentStream.of(doc.context.obj({}), draw, false)));
    page.node.addAnnot(doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: toUserRect(frame, ...form.linkRect), Border: [0, 0, 0], F: 4, A: action })));
    stampRect ??= toUserRect(frame, ...form.stampRect);
  }
  return stampRect;
}

/**
 * Write the verification code into the document information dictionary (decisions.md: `SealVerificationCode`).
 * @param {PDFDocument} doc
 * @param {string} code
 */
export function setVerificationCode(doc, code) {
  // pdf-lib keeps getInfoDict private; it makes the dictionary when the file has none.
  /** @type {{ getInfoDict(): PDFDict }} */ (/** @type {unknown} */ (doc)).getInfoDict().set(PDFName.of('SealVerificationCode'), PDFString.of(code));
}
