// @ts-check
/**
 * What a PDF says about itself, read from the file (pdfInfo, pdfMetadata, pdfPageInfo,
 * pdfDetailedPageInfo): its version, linearization, document information, form and pages with
 * every box, inherited ones included. Runs in a pool thread on a PDF loaded within the limits.
 */
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from 'pdf-lib';
/** @typedef {import('pdf-lib').PDFDocument} PDFDocument */
/** @typedef {import('pdf-lib').PDFPage} PDFPage */
/** @typedef {{ x: number; y: number; width: number; height: number }} Box */

const latin1 = (/** @type {Uint8Array} */ bytes, start = 0, end = bytes.length) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.max(0, Math.min(end, bytes.length) - start)).toString('latin1');

/**
 * The PDF version: the header's, or the catalog's /Version when that is higher (an incremental
 * update may raise it there).
 * @param {PDFDocument} pdf
 * @param {Uint8Array} bytes
 * @returns {string | null}
 */
export function pdfVersion(pdf, bytes) {
  const header = /%PDF-(\d+\.\d+)/.exec(latin1(bytes, 0, 1024))?.[1] ?? null;
  const catalogVersion = pdf.catalog.lookup(PDFName.of('Version'));
  const declared = catalogVersion instanceof PDFName ? catalogVersion.decodeText() : null;
  if (!declared || !/^\d+\.\d+$/.test(declared)) return header;
  if (!header) return declared;
  const [hMajor, hMinor] = header.split('.').map(Number);
  const [dMajor, dMinor] = declared.split('.').map(Number);
  return dMajor > hMajor || (dMajor === hMajor && dMinor > hMinor) ? declared : header;
}

/**
 * Whether the file is linearized, from its linearization dictionary: the first object of the
 * file is a dictionary with /Linearized, and its /L (the file's length) matches the file.
 * A file updated after linearization is longer than /L, so no longer linearized.
 * @param {PDFDocument} pdf
 * @param {Uint8Array} bytes
 */
export function isLinearized(pdf, bytes) {
  const first = /^%PDF-\d+\.\d+[^\n\r]*[\r\n]+(?:%[^\r\n]*[\r\n]+)*\s*(\d+)\s+(\d+)\s+obj\b/.exec(latin1(bytes, 0, 1024));
  if (!first) return false;
  const dict = pdf.context.lookup(PDFRef.of(Number(first[1]), Number(first[2])));
  if (!(dict instanceof PDFDict) || !dict.has(PDFName.of('Linearized'))) return false;
  const length = dict.lookup(PDFName.of('L'));
  return length instanceof PDFNumber && length.asNumber() === bytes.length;
}

/**
 * A box entry of a page as a rectangle (corners in either order), or null when absent or malformed.
 * @param {PDFDict} node
 * @param {string} name
 * @param {boolean} inheritable
 * @returns {Box | null}
 */
function boxEntry(node, name, inheritable) {
  /** @type {PDFDict | undefined} */
  let at = node;
  const seen = new Set();
  while (at && !seen.has(at)) {
    seen.add(at);
    const value = at.lookup(PDFName.of(name));
    if (value instanceof PDFArray && value.size() === 4) {
      const n = [0, 1, 2, 3].map((i) => {
        const v = value.lookup(i);
        return v instanceof PDFNumber ? v.asNumber() : NaN;
      });
      if (n.every(Number.isFinite)) {
        return { x: Math.min(n[0], n[2]), y: Math.min(n[1], n[3]), width: Math.abs(n[2] - n[0]), height: Math.abs(n[3] - n[1]) };
      }
      return null;
    }
    if (!inheritable) return null;
    /** @type {unknown} */
    const parent = at.lookup(PDFName.of('Parent'));
    at = parent instanceof PDFDict ? parent : undefined;
  }
  return null;
}

/**
 * @param {Box} a
 * @param {Box} b
 * @returns {Box}
 */
function intersect(a, b) {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const top = Math.min(a.y + a.height, b.y + b.height);
  return right > x && top > y ? { x, y, width: right - x, height: top - y } : a;
}

const LETTER = { x: 0, y: 0, width: 612, height: 792 };

/**
 * Every box of a page as the PDF defines them: MediaBox and CropBox inherited through the page
 * tree, CropBox clipped to MediaBox, and Bleed, Trim and Art boxes defaulting to the CropBox.
 * @param {PDFDict} node
 */
export function pageBoxes(node) {
  const mediaBox = boxEntry(node, 'MediaBox', true) ?? LETTER;
  const crop = boxEntry(node, 'CropBox', true);
  const cropBox = crop ? intersect(crop, mediaBox) : mediaBox;
  const clip = (/** @type {string} */ name) => {
    const box = boxEntry(node, name, false);
    return box ? intersect(box, mediaBox) : cropBox;
  };
  return { mediaBox, cropBox, bleedBox: clip('BleedBox'), trimBox: clip('TrimBox'), artBox: clip('ArtBox') };
}

/**
 * A page's /Rotate (inherited), as 0, 90, 180 or 270 clockwise.
 * @param {PDFDict} node
 */
export function pageRotation(node) {
  /** @type {PDFDict | undefined} */
  let at = node;
  const seen = new Set();
  while (at && !seen.has(at)) {
    seen.add(at);
    const value = at.lookup(PDFName.of('Rotate'));
    if (value instanceof PDFNumber) return (((Math.round(value.asNumber() / 90) * 90) % 360) + 360) % 360;
    /** @type {unknown} */
    const parent = at.lookup(PDFName.of('Parent'));
    at = parent instanceof PDFDict ? parent : undefined;
  }
  return 0;
}

/**
 * A page's size as it is seen (its CropBox with /Rotate applied) and its rotation.
 * @param {PDFPage} page
 * @param {number} index 0-based
 */
export function basicPageInfo(page, index) {
  const { cropBox } = pageBoxes(page.node);
  const rotation = pageRotation(page.node);
  const turned = rotation === 90 || rotation === 270;
  return { page: index + 1, width: turned ? cropBox.height : cropBox.width, height: turned ? cropBox.width : cropBox.height, rotation };
}

/**
 * basicPageInfo with every box and whether the page is landscape as seen.
 * @param {PDFPage} page
 * @param {number} index 0-based
 */
export function detailedPageInfo(page, index) {
  const basic = basicPageInfo(page, index);
  return { ...basic, isLandscape: basic.width > basic.height, ...pageBoxes(page.node) };
}

/**
 * @param {PDFDocument} pdf
 * @param {Uint8Array} bytes
 */
export function pdfInfo(pdf, bytes) {
  const pages = pdf.getPages();
  return {
    pageCount: pages.length,
    fileSize: bytes.length,
    isEncrypted: pdf.isEncrypted,
    isLinearized: isLinearized(pdf, bytes),
    version: pdfVersion(pdf, bytes),
    pageSizes: pages.map((page, i) => basicPageInfo(page, i)),
  };
}

/**
 * A PDF date (D:YYYYMMDDHHmmSSOHH'mm') as ISO 8601 with its offset (Z for UT); without an
 * offset in the file, the local time as written. Null when it is not a date.
 * @param {string} text
 */
export function isoDate(text) {
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(?:([Zz])|([+-])(\d{2})'?(?:(\d{2})'?)?)?/.exec(text.trim());
  if (!m) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', zulu, sign, offH, offM = '00'] = m;
  const parts = [Number(month), Number(day), Number(hour), Number(minute), Number(second)];
  if (parts[0] < 1 || parts[0] > 12 || parts[1] < 1 || parts[1] > 31 || parts[2] > 23 || parts[3] > 59 || parts[4] > 59) return null;
  const local = `${year}-${month}-${day}T${hour}:${minute}:${second}`;
  if (zulu || (sign && Number(offH) === 0 && Number(offM) === 0 && sign === '+')) return `${local}Z`;
  if (sign) return `${local}${sign}${offH}:${offM}`;
  return local;
}

/**
 * A text entry of a dictionary, decoded (PDFDocEncoding or UTF-16), or null.
 * @param {PDFDict | undefined} dict
 * @param {string} key
 */
function textEntry(dict, key) {
  const value = dict?.lookup(PDFName.of(key));
  if (value instanceof PDFString || value instanceof PDFHexString) {
    const text = value
      .decodeText()
      .replace(/\u0000/g, '')
      .trim();
    return text === '' ? null : text;
  }
  return null;
}

/**
 * Whether the document's AcroForm has fields.
 * @param {PDFDocument} pdf
 */
export function hasFormFields(pdf) {
  const acroForm = pdf.catalog.lookup(PDFName.of('AcroForm'));
  if (!(acroForm instanceof PDFDict)) return false;
  const fields = acroForm.lookup(PDFName.of('Fields'));
  return fields instanceof PDFArray && fields.size() > 0;
}

/**
 * The document information (title … modificationDate, dates in ISO 8601) and facts of the
 * file. An encrypted file's strings are encrypted too: they read null.
 * @param {PDFDocument} pdf
 * @param {Uint8Array} bytes
 * @param {number} pageCount
 */
export function pdfMetadata(pdf, bytes, pageCount) {
  const infoRef = pdf.context.trailerInfo.Info;
  const found = infoRef ? pdf.context.lookup(infoRef) : undefined;
  const info = found instanceof PDFDict && !pdf.isEncrypted ? found : undefined;
  const date = (/** @type {string} */ key) => {
    const text = textEntry(info, key);
    return text ? isoDate(text) : null;
  };
  return {
    title: textEntry(info, 'Title'),
    author: textEntry(info, 'Author'),
    subject: textEntry(info, 'Subject'),
    keywords: textEntry(info, 'Keywords'),
    creator: textEntry(info, 'Creator'),
    producer: textEntry(info, 'Producer'),
    creationDate: date('CreationDate'),
    modificationDate: date('ModDate'),
    pageCount,
    pdfVersion: pdfVersion(pdf, bytes),
    fileSize: bytes.length,
    isEncrypted: pdf.isEncrypted,
    hasForms: hasFormFields(pdf),
  };
}
