// @ts-check
/**
 * pdfValidate: what is wrong with a PDF's structure, in words. The cross-reference sections
 * (each in-use entry must point at its object), the page tree (every page there, /Count
 * right), fonts that are neither embedded nor one of the 14 standard fonts, signatures whose
 * /ByteRange does not cover the file, encryption, and what the file would run or launch.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFObjectParser, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
import { findActiveContent, MAX_PAGES } from '../inspect-pdf.mjs';
import { byteRangeOf, signatureDictionaries } from './signatures.mjs';

const latin1 = (/** @type {Uint8Array} */ bytes, start = 0, end = bytes.length) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + Math.max(0, start), Math.max(0, Math.min(end, bytes.length) - Math.max(0, start))).toString('latin1');

/** Cross-reference sections followed through /Prev, at most. */
const MAX_SECTIONS = 100;

/**
 * Whether an object `num gen obj` starts at `offset` (whitespace before it tolerated, as readers do).
 * @param {Uint8Array} bytes
 * @param {number} offset
 * @param {number} num
 * @param {number} gen
 */
function objectAt(bytes, offset, num, gen) {
  if (offset < 0 || offset >= bytes.length) return false;
  const m = /^\s*(\d+)\s+(\d+)\s+obj\b/.exec(latin1(bytes, offset, offset + 64));
  return m !== null && Number(m[1]) === num && Number(m[2]) === gen;
}

/**
 * The issues of the cross-reference sections, from the last startxref back through /Prev.
 * @param {PDFDocument} pdf
 * @param {Uint8Array} bytes
 * @returns {string[]}
 */
function xrefIssues(pdf, bytes) {
  const tail = latin1(bytes, bytes.length - 2048);
  const start = /startxref\s+(\d+)\s*(?:%%EOF)?\s*$/.exec(tail) ?? [...tail.matchAll(/startxref\s+(\d+)/g)].pop();
  if (!start) return ['The file has no startxref at its end: it is truncated or damaged'];
  const issues = [];
  if (!/%%EOF\s*$/.test(tail)) issues.push('The file does not end with %%EOF: it may be truncated');
  /** @type {number | null} */
  let offset = Number(start[1]);
  let wrong = 0;
  let checked = 0;
  /** @type {string | null} */
  let firstWrong = null;
  const seen = new Set();
  for (let sections = 0; sections < MAX_SECTIONS && offset !== null && !seen.has(offset); sections++) {
    seen.add(offset);
    if (offset >= bytes.length) {
      issues.push(`The cross-reference offset ${offset} points past the end of the file (${bytes.length} bytes)`);
      break;
    }
    const head = latin1(bytes, offset, offset + 64);
    /** @type {number | null} */
    let prev = null;
    if (/^\s*xref\b/.test(head)) {
      const end = latin1(bytes, offset).indexOf('trailer');
      if (end < 0) {
        issues.push(`The cross-reference table at offset ${offset} has no trailer`);
        break;
      }
      const table = latin1(bytes, offset, offset + end);
      const lines = table.split(/\r\n|\r|\n/).slice(1);
      let num = 0;
      for (const line of lines) {
        const sub = /^\s*(\d+)\s+(\d+)\s*$/.exec(line);
        if (sub) {
          num = Number(sub[1]);
          continue;
        }
        const entry = /^\s*(\d{10})\s+(\d{5})\s+([nf])/.exec(line);
        if (!entry) continue;
        if (entry[3] === 'n') {
          checked += 1;
          if (!objectAt(bytes, Number(entry[1]), num, Number(entry[2]))) {
            wrong += 1;
            firstWrong ??= `object ${num} at offset ${Number(entry[1])}`;
          }
        }
        num += 1;
      }
      const trailer = latin1(bytes, offset + end, offset + end + 4096);
      const prevMatch = /\/Prev\s+(\d+)/.exec(trailer.slice(0, trailer.indexOf('startxref') >= 0 ? trailer.indexOf('startxref') : undefined));
      prev = prevMatch ? Number(prevMatch[1]) : null;
    } else {
      const stream = streamAt(pdf, bytes, offset);
      if (!(stream instanceof PDFRawStream) || stream.dict.lookup(PDFName.of('Type')) !== PDFName.of('XRef')) {
        issues.push(`The cross-reference table is broken: startxref or /Prev points at offset ${offset}, where there is neither a cross-reference table nor a cross-reference stream`);
        // The last table in the file, if there is one, is checked instead (readers rebuild from it or from the objects).
        const fallback = latin1(bytes).lastIndexOf('\nxref');
        if (fallback < 0 || seen.has(fallback + 1)) break;
        offset = fallback + 1;
        continue;
      }
      const result = xrefStreamEntries(stream);
      if (!result) {
        issues.push(`The cross-reference stream at offset ${offset} cannot be decoded`);
        break;
      }
      for (const { num, offset: at, gen } of result) {
        checked += 1;
        if (!objectAt(bytes, at, num, gen)) {
          wrong += 1;
          firstWrong ??= `object ${num} at offset ${at}`;
        }
      }
      const prevValue = stream.dict.lookup(PDFName.of('Prev'));
      prev = prevValue instanceof PDFNumber ? prevValue.asNumber() : null;
    }
    offset = /** @type {number} */ (prev);
    if (prev === null) break;
  }
  if (wrong > 0) issues.push(`The cross-reference table is broken: ${wrong} of its ${checked} entries point to the wrong place (the first: ${firstWrong})`);
  return issues;
}

/**
 * The stream object that starts at `offset` (pdf-lib keeps no cross-reference streams once loaded), or null.
 * @param {PDFDocument} pdf
 * @param {Uint8Array} bytes
 * @param {number} offset
 */
function streamAt(pdf, bytes, offset) {
  const head = /^\s*\d+\s+\d+\s+obj\b/.exec(latin1(bytes, offset, offset + 64));
  if (!head) return null;
  try {
    const object = PDFObjectParser.forBytes(bytes.subarray(offset + head[0].length), pdf.context).parseObject();
    return object instanceof PDFRawStream ? object : null;
  } catch {
    return null;
  }
}

/**
 * The in-use entries (type 1) of a cross-reference stream: object number, offset, generation.
 * @param {PDFRawStream} stream
 * @returns {Array<{ num: number; offset: number; gen: number }> | null}
 */
function xrefStreamEntries(stream) {
  try {
    const w = stream.dict.lookup(PDFName.of('W'));
    const size = stream.dict.lookup(PDFName.of('Size'));
    if (!(w instanceof PDFArray) || w.size() !== 3 || !(size instanceof PDFNumber)) return null;
    const widths = [0, 1, 2].map((i) => /** @type {PDFNumber} */ (w.lookup(i)).asNumber());
    const index = stream.dict.lookup(PDFName.of('Index'));
    const ranges = [];
    if (index instanceof PDFArray)
      for (let i = 0; i + 1 < index.size(); i += 2) ranges.push([/** @type {PDFNumber} */ (index.lookup(i)).asNumber(), /** @type {PDFNumber} */ (index.lookup(i + 1)).asNumber()]);
    else ranges.push([0, size.asNumber()]);
    const data = decodePDFRawStream(stream).decode();
    const rowLength = widths[0] + widths[1] + widths[2];
    const field = (/** @type {number} */ at, /** @type {number} */ width, /** @type {number} */ fallback) => {
      if (width === 0) return fallback;
      let v = 0;
      for (let i = 0; i < width; i++) v = v * 256 + data[at + i];
      return v;
    };
    const out = [];
    let row = 0;
    for (const [first, count] of ranges) {
      for (let i = 0; i < count && (row + 1) * rowLength <= data.length; i++, row++) {
        const at = row * rowLength;
        const type = field(at, widths[0], 1);
        if (type === 1) out.push({ num: first + i, offset: field(at + widths[0], widths[1], 0), gen: field(at + widths[0] + widths[1], widths[2], 0) });
      }
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * The page tree's issues: entries naming objects that do not exist or are no dictionary, nodes
 * listed twice, and a /Count that differs from the pages found.
 * @param {PDFDocument} pdf
 */
function pageTreeIssues(pdf) {
  const issues = [];
  const root = pdf.catalog.get(PDFName.of('Pages'));
  const stack = [root];
  const seen = new Set();
  let pages = 0;
  while (stack.length > 0 && pages <= MAX_PAGES) {
    const entry = stack.pop();
    if (!(entry instanceof PDFRef)) {
      issues.push('The page tree has an entry that is not a reference to a page');
      continue;
    }
    if (seen.has(entry.toString())) {
      issues.push(`The page tree lists object ${entry.toString()} more than once`);
      continue;
    }
    seen.add(entry.toString());
    const node = pdf.context.lookup(entry);
    if (node === undefined) {
      issues.push(`The page tree names object ${entry.toString()}, which does not exist (a missing page object)`);
      continue;
    }
    if (!(node instanceof PDFDict)) {
      issues.push(`The page tree names object ${entry.toString()}, which is not a page dictionary`);
      continue;
    }
    const kids = node.lookup(PDFName.of('Kids'));
    if (node.lookup(PDFName.of('Type')) !== PDFName.of('Page') && kids instanceof PDFArray) {
      for (let i = kids.size() - 1; i >= 0; i--) stack.push(kids.get(i));
    } else {
      pages += 1;
    }
  }
  const rootNode = root instanceof PDFRef ? pdf.context.lookup(root) : undefined;
  const count = rootNode instanceof PDFDict ? rootNode.lookup(PDFName.of('Count')) : undefined;
  if (count instanceof PDFNumber && count.asNumber() !== pages) issues.push(`The page tree's /Count says ${count.asNumber()} pages, but it holds ${pages}`);
  return issues;
}

const STANDARD_FONTS = new Set([
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Symbol',
  'ZapfDingbats',
]);

/**
 * Fonts used by the pages (and the forms they draw) that are not embedded, by name with the
 * pages that use them. The 14 standard fonts need no embedding (every reader has them).
 * @param {PDFDocument} pdf
 */
function fontIssues(pdf) {
  /** @type {Map<string, number[]>} */
  const missing = new Map();
  const fontSeen = new Set();
  pdf.getPages().forEach((page, index) => {
    const resourcesSeen = new Set();
    const visit = (/** @type {unknown} */ resources, /** @type {number} */ depth) => {
      if (!(resources instanceof PDFDict) || resourcesSeen.has(resources) || depth > 8) return;
      resourcesSeen.add(resources);
      const fonts = resources.lookup(PDFName.of('Font'));
      if (fonts instanceof PDFDict) {
        for (const [, ref] of fonts.entries()) {
          const font = pdf.context.lookup(ref);
          if (!(font instanceof PDFDict)) continue;
          const name = describeUnembedded(pdf, font, fontSeen);
          if (name) missing.set(name, [...(missing.get(name) ?? []), index + 1]);
        }
      }
      const xobjects = resources.lookup(PDFName.of('XObject'));
      if (xobjects instanceof PDFDict) {
        for (const [, ref] of xobjects.entries()) {
          const xobject = pdf.context.lookup(ref);
          if (xobject instanceof PDFStream && xobject.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Form')) visit(xobject.dict.lookup(PDFName.of('Resources')), depth + 1);
        }
      }
    };
    visit(page.node.Resources(), 0);
  });
  return [...missing].map(([name, pages]) => {
    const unique = [...new Set(pages)];
    const shown = unique.length > 5 ? `${unique.slice(0, 5).join(', ')} and ${unique.length - 5} more` : unique.join(', ');
    return `The font ${name} is not embedded (page${unique.length > 1 ? 's' : ''} ${shown}): readers draw it with a substitute`;
  });
}

/**
 * The name of a font that is neither embedded nor standard, else null (a font already reported: its name again).
 * @param {PDFDocument} pdf
 * @param {PDFDict} font
 * @param {Set<PDFDict>} seen
 */
function describeUnembedded(pdf, font, seen) {
  const subtype = font.lookup(PDFName.of('Subtype'));
  if (subtype === PDFName.of('Type3')) return null;
  const baseFont = font.lookup(PDFName.of('BaseFont'));
  const name = baseFont instanceof PDFName ? baseFont.decodeText() : 'without a name';
  let described = font;
  if (subtype === PDFName.of('Type0')) {
    const descendants = font.lookup(PDFName.of('DescendantFonts'));
    const first = descendants instanceof PDFArray ? descendants.lookup(0) : undefined;
    if (!(first instanceof PDFDict)) return name;
    described = first;
  }
  if (seen.has(described)) return null;
  const descriptor = described.lookup(PDFName.of('FontDescriptor'));
  const embedded = descriptor instanceof PDFDict && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor.has(PDFName.of(k)));
  if (embedded) {
    seen.add(described);
    return null;
  }
  return STANDARD_FONTS.has(name.replace(/^[A-Z]{6}\+/, '')) && subtype !== PDFName.of('Type0') ? null : name;
}

/** @param {import('pdf-lib').PDFObject} object */
const serialized = (object) => {
  const out = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(out, 0);
  return Buffer.from(out).toString('latin1');
};

/**
 * Whether everything after the signed revision (bytes from `covered` on) is incremental updates
 * that only add validation data (PAdES B-LT: a /DSS in the catalog, and what the DSS holds),
 * ending in %%EOF. A certification allows that change whatever its P; anything else is a change
 * after signing. Objects that existed in the signed revision may change only if they are the
 * catalog (its /DSS alone) or the signed revision's own DSS and its /VRI, /Certs, /CRLs, /OCSPs.
 * @param {PDFDocument} pdf
 * @param {Uint8Array} bytes
 * @param {number} covered
 */
async function onlyValidationDataAfter(pdf, bytes, covered) {
  if (!/%%EOF\s*$/.test(latin1(bytes, bytes.length - 64))) return false;
  let signed;
  try {
    signed = await PDFDocument.load(bytes.subarray(0, covered), { updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: true });
  } catch {
    return false;
  }
  const catalogRef = pdf.context.trailerInfo.Root;
  if (!(catalogRef instanceof PDFRef) || signed.context.trailerInfo.Root !== catalogRef) return false;
  const dssName = PDFName.of('DSS');
  const oldDss = signed.catalog.lookup(dssName);
  const allowed = new Set([catalogRef]);
  const dssParts = oldDss instanceof PDFDict ? ['VRI', 'Certs', 'CRLs', 'OCSPs'].map((k) => oldDss.get(PDFName.of(k))) : [];
  for (const ref of [signed.catalog.get(dssName), ...dssParts]) if (ref instanceof PDFRef) allowed.add(ref);
  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) {
    const before = signed.context.lookup(ref);
    if (before === undefined) continue; // new: reachable only through a change checked here
    if (serialized(before) === serialized(object)) continue;
    if (!allowed.has(ref)) return false;
  }
  // The catalog: nothing but /DSS may differ.
  const keys = new Set([...pdf.catalog.keys(), ...signed.catalog.keys()].filter((k) => k !== dssName));
  for (const key of keys) {
    const a = pdf.catalog.get(key);
    const b = signed.catalog.get(key);
    if (!a || !b || serialized(a) !== serialized(b)) return false;
  }
  return pdf.catalog.lookup(dssName) instanceof PDFDict;
}

/**
 * Signatures whose /ByteRange is malformed, or does not hold its /Contents exactly, and a file
 * changed after its last signature (bytes no signature covers).
 * @param {PDFDocument} pdf
 * @param {Uint8Array} bytes
 */
async function signatureIssues(pdf, bytes) {
  const issues = [];
  let covered = 0;
  const found = signatureDictionaries(pdf);
  for (const { fieldName, dict } of found) {
    const label = fieldName ? `The signature "${fieldName}"` : 'A signature';
    const range = byteRangeOf(dict);
    if (!range) {
      issues.push(`${label} has no valid /ByteRange`);
      continue;
    }
    const [a, b, c, d] = range;
    if (a !== 0) issues.push(`${label}'s /ByteRange does not start at the beginning of the file`);
    if (c + d > bytes.length || b > c) {
      issues.push(`${label}'s /ByteRange points past the end of the file`);
      continue;
    }
    if (bytes[b] !== 0x3c || bytes[c - 1] !== 0x3e) issues.push(`${label}'s /ByteRange does not leave out exactly its /Contents`);
    covered = Math.max(covered, c + d);
  }
  if (found.length > 0 && covered > 0 && covered < bytes.length && !(await onlyValidationDataAfter(pdf, bytes, covered))) {
    issues.push(`No signature's /ByteRange covers the whole file: bytes ${covered} to ${bytes.length} were added after the last signature`);
  }
  return issues;
}

/**
 * pdfValidate's answer: isValid when no issue was found, and the issues in words.
 * @param {PDFDocument} pdf
 * @param {Uint8Array} bytes
 */
export async function validatePdf(pdf, bytes) {
  const issues = [];
  if (!/^%PDF-\d+\.\d+/.test(latin1(bytes, 0, 1024).trimStart())) issues.push('The file does not start with a %PDF- header');
  issues.push(...xrefIssues(pdf, bytes));
  issues.push(...pageTreeIssues(pdf));
  if (pdf.isEncrypted) {
    issues.push('The file is encrypted: its content and fonts cannot be checked, and it cannot be edited or sealed');
  } else {
    issues.push(...fontIssues(pdf));
    issues.push(...(await signatureIssues(pdf, bytes)));
    for (const words of await findActiveContent(pdf)) issues.push(`It carries ${words}`);
  }
  return { isValid: issues.length === 0, issues };
}
