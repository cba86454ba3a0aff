// @ts-check
/**
 * placeSeals: what a seal draws on a page: the credential's stamp at the chosen spot, and a footer line
 * "Sealed by … · verify at <url>" beside a QR code of the verification URL, with a link over
 * both; where the board's rule asks for them, a signature line and a dated date line beside the stamp. Positions are taken on the page as it is seen (its crop box, turned by /Rotate), so a
 * landscape sheet stored rotated gets an upright stamp in the expected corner.
 */
import fs from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import {
  PDFArray,
  PDFContentStream,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFObjectCopier,
  PDFOperator,
  PDFOperatorNames as Ops,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  StandardFonts,
  concatTransformationMatrix,
  degrees,
  drawObject,
  drawText,
  fill,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingGrayscaleColor,
  setLineWidth,
  setStrokingGrayscaleColor,
  stroke,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { closingOperators, ContentError, contentBalance, decodeContents, leakOf, pageResources, refuseLeakingResources, streamBalance } from './content-balance.mjs';
import { PdfFailure } from './pdf-failure.mjs';
import { helveticaWidth, QR_QUIET_MODULES, sealLayout } from './seal-layout.mjs';
/** @typedef {import('pdf-lib').PDFFont} PDFFont */
/** @typedef {import('pdf-lib').PDFPage} PDFPage */
/** @typedef {[number, number, number, number, number, number]} Matrix */
/** @typedef {[number, number, number, number]} Rect */

/** The bundled fonts, as lib/stamps/fonts.ts finds them (the pool's threads share the process's working directory). */
const FONT_DIR = path.resolve(process.cwd(), 'templates/fonts');

/**
 * A page as it is seen: its width and height, and the matrix from that upright frame (origin bottom-left) to the page's user space.
 * @typedef {{ width: number; height: number; matrix: Matrix }} VisualFrame
 */

/**
 * The part of a page that viewers show, as poppler and pdf.js work it out: the CropBox cut down
 * to the MediaBox (a crop box reaching past the media box shows only their overlap, and one that
 * misses it entirely is ignored), each box's corners taken in whichever order they are written.
 * Taken as written, a crop box twice the page's size put the seal off the sheet, and reversed
 * corners drew it upside down across the page (an attack probe).
 * @param {PDFPage} page
 * @returns {{ x: number; y: number; width: number; height: number }}
 */
function shownBox(page) {
  /** @param {{ x: number; y: number; width: number; height: number }} r */
  const corners = (r) => ({ x1: Math.min(r.x, r.x + r.width), y1: Math.min(r.y, r.y + r.height), x2: Math.max(r.x, r.x + r.width), y2: Math.max(r.y, r.y + r.height) });
  const media = corners(page.getMediaBox());
  const crop = corners(page.getCropBox());
  const overlap = { x1: Math.max(crop.x1, media.x1), y1: Math.max(crop.y1, media.y1), x2: Math.min(crop.x2, media.x2), y2: Math.min(crop.y2, media.y2) };
  const { x1, y1, x2, y2 } = overlap.x1 < overlap.x2 && overlap.y1 < overlap.y2 ? overlap : media;
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/**
 * @param {PDFPage} page
 * @returns {VisualFrame}
 */
export function visualFrame(page) {
  const { x, y, width: w, height: h } = shownBox(page);
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
  const quiet = QR_QUIET_MODULES;
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
  const source = await PDFDocument.load(stampPdf, { updateMetadata: false, parseSpeed: Infinity });
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
 * @property {import('./seal-layout.mjs').SealMarks | null} [marks] The signature and date lines the board's rule asks for.
 */

/** @typedef {import('./seal-layout.mjs').FooterPosition} FooterPosition */

/**
 * @typedef {object} SealForm
 * @property {PDFRef} ref
 * @property {Rect} stampRect
 * @property {Rect} linkRect
 * @property {Rect[]} parts Every part the seal draws (stamp, QR code, text, signature and date lines), as x, y, width, height in the upright frame.
 */

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
  // The same layout the dashboard's preview draws (seal-layout.mjs). Helvetica is measured as
  // drawText draws it, glyph after glyph (pdf-lib's own measure adds kerning that Tj never applies).
  const measure = font.name === 'Helvetica' ? helveticaWidth : (/** @type {string} */ text, /** @type {number} */ size) => font.widthOfTextAtSize(text, size);
  const layout = sealLayout({ width, height }, placement, measure, stamp);
  const [stampX, stampY] = layout.stamp;
  const scale = layout.stampScale;
  const [qrX, qrY, qrSize] = layout.qr;
  const operators = [
    pushGraphicsState(),
    concatTransformationMatrix(scale, 0, 0, scale, stampX, stampY),
    drawObject('Stamp'),
    popGraphicsState(),
    pushGraphicsState(),
    concatTransformationMatrix(qrSize / 100, 0, 0, qrSize / 100, qrX, qrY),
    drawObject('QR'),
    popGraphicsState(),
    ...layout.lines.flatMap((line) =>
      drawText(font.encodeText(line.text), { color: rgb(0.1, 0.1, 0.1), font: 'F', size: layout.fontSize, rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0), x: line.x, y: line.y }),
    ),
    ...(layout.marks
      ? [
          pushGraphicsState(),
          setLineWidth(0.6),
          setStrokingGrayscaleColor(0.1),
          ...layout.marks.rules.flatMap((r) => [moveTo(r.x1, r.y), lineTo(r.x2, r.y), stroke()]),
          popGraphicsState(),
          ...layout.marks.texts.flatMap((t) =>
            drawText(font.encodeText(t.text), { color: rgb(0.1, 0.1, 0.1), font: 'F', size: t.size, rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0), x: t.x, y: t.y }),
          ),
        ]
      : []),
  ];
  // No /OC on this form or the ones it draws: the seal belongs to no layer a reader could turn off.
  const form = doc.context.formXObject(operators, { BBox: [0, 0, width, height], Resources: { XObject: { Stamp: stamp.ref, QR: qr }, Font: { F: font.ref } } });
  const parts = [layout.stamp, layout.qr, layout.footerBox, ...(layout.marks ? [layout.marks.box] : [])];
  return { ref: doc.context.register(form), stampRect: layout.stamp, linkRect: layout.footerBox, parts };
}

/** The name a page's resources give the seal's form XObject, unless the page already uses it for something else. */
const SEAL_XOBJECT = PDFName.of('SealwrightSeal');
// PDFName.of decodes its argument on every call: names read on every sealed page are made once.
const CONTENTS = PDFName.of('Contents');
const ANNOTS = PDFName.of('Annots');
const SUBTYPE = PDFName.of('Subtype');
const FLAGS = PDFName.of('F');
const RECT = PDFName.of('Rect');
const XOBJECT = PDFName.of('XObject');
const RESOURCES = PDFName.of('Resources');
const FORM = PDFName.of('Form');

/**
 * Name the seal's form in a page's resources: SEAL_XOBJECT when free (or already this form,
 * as on pages that share one resources dictionary), else a fresh name.
 * @param {PDFPage} page
 * @param {PDFRef} form
 * @returns {PDFName}
 */
function nameSealForm(page, form) {
  const { XObject } = page.node.normalizedEntries();
  const taken = XObject.get(SEAL_XOBJECT);
  const name = taken === undefined || taken === form ? SEAL_XOBJECT : XObject.uniqueKey('Seal');
  XObject.set(name, form);
  return name;
}

/** What a refusal of a page's content asks the user to do: a PDF printer writes balanced content. */
const RESAVE = 'open the PDF and save it again (for example print to PDF), then upload it';

/**
 * The stream that ends a page's own content, before the seal is drawn: `after` (the wrapper's Q)
 * when the content is balanced, else one that first closes what the content leaves open (text
 * object, path, marked content, saved states), so the seal is drawn in the page's default state
 * and outside every layer. Refused (PdfFailure BAD_USER_INPUT): content that pops a state or ends
 * a marked-content sequence it never began (that undoes the wrapper: a clip or a hidden layer
 * after it would cover the seal), or that cannot be read to tell.
 * @param {PDFDocument} doc
 * @param {PDFPage} page
 * @param {number} index
 * @param {PDFRef} after
 * @param {Map<string, PDFRef>} closers The closing streams made so far, by their text (pages left open alike share one).
 * @param {Set<string>} formsChecked The forms found balanced so far (by reference), read once however many pages draw them.
 * @returns {PDFRef}
 */
function endOfContent(doc, page, index, after, closers, formsChecked) {
  let balance;
  try {
    balance = contentBalance(decodeContents(doc.context, page.node.get(CONTENTS)));
  } catch (err) {
    if (err instanceof ContentError) throw new PdfFailure('BAD_USER_INPUT', `Page ${index + 1}'s content ${err.message}: ${RESAVE}`);
    throw err;
  }
  if (balance.minDepth < 0) {
    throw new PdfFailure('BAD_USER_INPUT', `Page ${index + 1}'s content restores a graphics state it never saved, which could hide the seal: ${RESAVE}`);
  }
  if (balance.minMarked < 0) {
    throw new PdfFailure('BAD_USER_INPUT', `Page ${index + 1}'s content ends a marked-content sequence it never began, which could hide the seal: ${RESAVE}`);
  }
  refuseLeakingForms(doc, index, balance.drawn, page.node.Resources(), formsChecked, 0);
  try {
    // Then the glyphs, soft masks, patterns and forms the page's resources hold, drawn by a name
    // read as readers read it or not (probes C and D).
    for (const resources of pageResources(doc.context, page.node)) refuseLeakingResources(doc.context, resources);
  } catch (err) {
    if (err instanceof ContentError) throw new PdfFailure('BAD_USER_INPUT', `Page ${index + 1}'s content ${err.message}: ${RESAVE}`);
    throw err;
  }
  const closing = closingOperators(balance);
  if (!closing) return after;
  let closer = closers.get(closing);
  if (!closer) closers.set(closing, (closer = doc.context.register(doc.context.stream(`${closing}Q\n`))));
  return closer;
}

/** How deep forms drawing forms are followed; deeper nesting is refused rather than sealed unread. */
const MAX_FORM_NESTING = 12;

/**
 * Refuse (PdfFailure BAD_USER_INPUT) a form XObject the page draws (`drawn`, by name in
 * `resources`), or one those forms draw, whose content does not close what it opens: pdf.js
 * lets a form's extra Q, or a layer it leaves open, carry on after the form ends, so a form drawn
 * last hid the seal on screen and in print while the page's own content was balanced (a
 * re-probe after the page check). Poppler keeps them inside the form; the seal must show in both.
 * @param {PDFDocument} doc
 * @param {number} index
 * @param {string[]} drawn
 * @param {PDFDict | undefined} resources
 * @param {Set<string>} checked
 * @param {number} nesting
 */
function refuseLeakingForms(doc, index, drawn, resources, checked, nesting) {
  const xobjects = resources?.lookupMaybe(XOBJECT, PDFDict);
  if (!xobjects || drawn.length === 0) return;
  for (const name of drawn) {
    const entry = xobjects.get(PDFName.of(name));
    const key = entry instanceof PDFRef ? entry.toString() : null;
    if (key && checked.has(key)) continue;
    const form = entry === undefined ? undefined : doc.context.lookup(entry);
    if (!(form instanceof PDFStream) || form.dict.lookup(SUBTYPE) !== FORM) continue;
    /** @type {PDFStream} */
    const stream = form;
    const which = `Page ${index + 1} draws a form (/${name})`;
    if (nesting >= MAX_FORM_NESTING) throw new PdfFailure('BAD_USER_INPUT', `${which} nested more than ${MAX_FORM_NESTING} forms deep: ${RESAVE}`);
    const own = stream.dict.lookupMaybe(RESOURCES, PDFDict);
    let balance;
    try {
      balance = streamBalance(doc.context, stream);
    } catch (err) {
      if (err instanceof ContentError) throw new PdfFailure('BAD_USER_INPUT', `${which} whose content ${err.message}: ${RESAVE}`);
      throw err;
    }
    const fault = leakOf(balance);
    if (fault) throw new PdfFailure('BAD_USER_INPUT', `${which} whose content ${fault}, which could hide the seal: ${RESAVE}`);
    if (key) checked.add(key);
    // A form without resources of its own uses the page's (an old convention readers still follow).
    refuseLeakingForms(doc, index, balance.drawn, own ?? resources, checked, nesting + 1);
    // Then what the form's own resources hold: glyphs, soft masks, patterns, forms (the page's are read after).
    try {
      if (own) refuseLeakingResources(doc.context, own);
    } catch (err) {
      if (err instanceof ContentError) throw new PdfFailure('BAD_USER_INPUT', `${which} whose content ${err.message}: ${RESAVE}`);
      throw err;
    }
  }
}

/** Annotation flags (12.5.3): Hidden, Print, NoView. */
const HIDDEN = 2;
const PRINT = 4;
const NO_VIEW = 32;
const APPEARANCE = PDFName.of('AP');

/**
 * The width of the border a reader strokes around an annotation without an appearance (poppler
 * does for a link: a white one 230 points wide hid the seal): /BS /W, else /Border's third
 * number, else 1.
 * @param {PDFDict} annot
 */
function borderWidth(annot) {
  const style = annot.lookup(PDFName.of('BS'));
  const width = style instanceof PDFDict ? style.lookup(PDFName.of('W')) : undefined;
  if (width instanceof PDFNumber) return width.asNumber();
  const border = annot.lookup(PDFName.of('Border'));
  const third = border instanceof PDFArray && border.size() >= 3 ? border.lookup(2) : undefined;
  return third instanceof PDFNumber ? third.asNumber() : 1;
}

/**
 * An annotation's flags as both viewers read them: only a whole number from 0 to 2^31 - 1 is
 * taken (pdf.js reads a negative value as 0, poppler one past 32 bits as 0); anything else
 * counts as no flags, so as shown, never as Hidden.
 * @param {unknown} value
 */
function annotationFlags(value) {
  const n = value instanceof PDFNumber ? value.asNumber() : 0;
  return Number.isInteger(n) && n >= 0 && n < 2 ** 31 ? n : 0;
}

/**
 * Refuse (PdfFailure BAD_USER_INPUT) an annotation that covers part of the seal on screen or in
 * print: annotations are drawn above the page's content, so an opaque one hides the seal. A link
 * or a popup with no appearance stream draws at most a thin border; with one, or with a border
 * wider than a point, viewers draw it like any other (a white link box hid the seal, and so did
 * a white border). Every other kind counts, a form field's widget too.
 * @param {PDFPage} page
 * @param {number} index
 * @param {VisualFrame} frame
 * @param {Rect[]} parts The seal's parts in the upright frame (x, y, width, height).
 */
function refuseCoveringAnnotations(page, index, frame, parts) {
  const annots = page.node.lookup(ANNOTS);
  if (!(annots instanceof PDFArray)) return;
  const covered = parts.map((part) => toUserRect(frame, ...part));
  for (let i = 0; i < annots.size(); i++) {
    const annot = annots.lookup(i);
    if (!(annot instanceof PDFDict)) continue;
    const subtype = annot.lookup(SUBTYPE);
    const kind = subtype instanceof PDFName ? subtype.decodeText() : 'of no type';
    if ((kind === 'Link' || kind === 'Popup') && !annot.has(APPEARANCE) && borderWidth(annot) <= 1) continue;
    const flags = annotationFlags(annot.lookup(FLAGS));
    if (flags & HIDDEN || (flags & NO_VIEW && !(flags & PRINT))) continue;
    const rect = annot.lookup(RECT);
    const v = rect instanceof PDFArray && rect.size() === 4 ? rect.asArray().map((n) => page.node.context.lookup(n)) : [];
    if (!v.every((n) => n instanceof PDFNumber)) continue;
    const [a, b, c, d] = /** @type {PDFNumber[]} */ (v).map((n) => n.asNumber());
    const [x1, y1, x2, y2] = [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
    // A rectangle of no area draws nothing (an invisible signature's widget).
    if (!(x1 < x2 && y1 < y2)) continue;
    if (covered.some(([px1, py1, px2, py2]) => x1 < px2 && px1 < x2 && y1 < py2 && py1 < y2)) {
      throw new PdfFailure('BAD_USER_INPUT', `An annotation (${kind}) covers the place of the seal on page ${index + 1}: remove it or choose another position`);
    }
  }
}

/**
 * Draw the seal on the pages asked. Each page size gets one form XObject holding the whole
 * seal, and each page a small stream that draws it upright (one stream shared by the pages
 * that name the form alike and turn alike), after its own content wrapped in q … Q (a page
 * may leave its graphics state changed), plus a link to the verification page. Content that
 * leaves more open is closed before the seal (endOfContent); content that would hide the seal
 * anyway, and an annotation over it, is refused (PdfFailure BAD_USER_INPUT). Returns the
 * first stamp's rectangle in user space (where a signature widget goes).
 * @param {PDFDocument} doc
 * @param {Uint8Array} stampPdf
 * @param {SealPlacement} placement
 * @returns {Promise<Rect | null>}
 */
export async function placeSeals(doc, stampPdf, placement) {
  const stamp = await embedStamp(doc, stampPdf);
  const footerWords = (placement.footerPosition ?? 'BELOW_STAMP') === 'BELOW_STAMP' ? placement.verificationUrl : placement.footer;
  const font = await footerFont(doc, `${footerWords} ${placement.marks?.signedBy ?? ''}`);
  const qr = qrForm(doc, placement.verificationUrl);
  const before = doc.context.register(PDFContentStream.of(doc.context.obj({}), [pushGraphicsState()], false));
  const after = doc.context.register(PDFContentStream.of(doc.context.obj({}), [popGraphicsState()], false));
  const action = doc.context.register(doc.context.obj({ Type: 'Action', S: 'URI', URI: PDFString.of(placement.verificationUrl) }));
  /** @type {Map<string, SealForm>} */
  const forms = new Map();
  /** @type {Map<string, PDFRef>} The drawing streams, by the name they draw and the matrix they draw it with. */
  const draws = new Map();
  /** @type {Map<string, PDFRef>} */
  const closers = new Map();
  /** @type {Set<string>} */
  const formsChecked = new Set();
  /** @type {Rect | null} */
  let stampRect = null;
  for (const index of placement.pages) {
    const page = doc.getPage(index);
    const frame = visualFrame(page);
    if (!(frame.width > 0 && frame.height > 0)) throw new PdfFailure('BAD_USER_INPUT', `Page ${index + 1} shows nothing: its MediaBox has no area`);
    const key = `${frame.width}x${frame.height}`;
    let form = forms.get(key);
    if (!form) forms.set(key, (form = sealForm(doc, frame.width, frame.height, placement, stamp, qr, font)));
    refuseCoveringAnnotations(page, index, frame, form.parts);
    const end = endOfContent(doc, page, index, after, closers, formsChecked);
    // wrapContentStreams wraps an array only, so a page of one stream becomes an array of it: the
    // q … Q pdf-lib adds itself comes only on a page it has not normalized yet.
    const contents = page.node.get(CONTENTS);
    if (contents && !(page.node.Contents() instanceof PDFArray)) page.node.set(CONTENTS, doc.context.obj([contents]));
    page.node.wrapContentStreams(before, end);
    const name = nameSealForm(page, form.ref);
    const drawKey = `${name.toString()} ${frame.matrix.join(' ')}`;
    let draw = draws.get(drawKey);
    if (!draw) {
      const operators = [pushGraphicsState(), concatTransformationMatrix(...frame.matrix), drawObject(name), popGraphicsState()];
      draws.set(drawKey, (draw = doc.context.register(PDFContentStream.of(doc.context.obj({}), operators, false))));
    }
    page.node.addContentStream(draw);
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
