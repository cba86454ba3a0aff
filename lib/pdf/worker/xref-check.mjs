// @ts-check
/**
 * Whether pdf-lib read a PDF the way readers do. pdf-lib reads a file from top to bottom,
 * and when an object number is defined twice the later definition wins; it never looks at
 * the cross-reference (xref) offsets. pdf.js, poppler, qpdf and Acrobat follow the xref. A
 * crafted file can therefore show one page to every preview and another to pdf-lib, which
 * seals what it read: the sealed file would show content nobody reviewed, or keep JavaScript
 * the active-content check never saw. So pdf-lib's load notes where each object it keeps was
 * defined, and that is compared with where the file's own xref says each object is.
 *
 * Offsets count from the `%PDF-` header when it sits in the first 1024 bytes (after a BOM or
 * junk), as pdf.js and qpdf count them. Sections are read as pdf.js reads them: newest first,
 * the first entry for a number wins (free ones too), a classic table before its /XRefStm.
 */
import zlib from 'node:zlib';
import { PDFArray, PDFContext, PDFDict, PDFDocument, PDFName, PDFNumber, PDFObjectParser, PDFObjectStreamParser, PDFParser, PDFRawStream, PDFRef } from 'pdf-lib';

/**
 * Where pdf-lib found an object: the offset of its `N G obj` header, or of the object stream
 * holding it (`index` is then its place in that stream; -1 for an object of its own).
 * @typedef {{ offset: number; index: number }} Definition
 */
/**
 * Where pdf-lib took a top-level stream's data from: the bytes [start, end) of the file, in the
 * object whose header is at `offset`.
 * @typedef {{ offset: number; stream: PDFRawStream; start: number; end: number }} StreamRead
 */
/**
 * What one load noted: every object kept (the last definition wins, as in pdf-lib), the
 * number of each top-level object read, by offset (object and xref streams included), and
 * where each top-level stream's data was; the first name pdf-lib read otherwise than readers do.
 * @typedef {{ held: Map<PDFRef, Definition>; parsedAt: Map<number, PDFRef>; current: number; streamIndex: number; streams: StreamRead[]; lowerCaseName: string | null }} Reading
 */
/**
 * An xref entry: free (0), at an offset (1), or inside an object stream (2).
 * @typedef {{ type: 0 } | { type: 1; offset: number; gen: number } | { type: 2; stream: number; index: number }} XrefEntry
 */

/** @type {WeakMap<PDFContext, Reading>} */
const readings = new WeakMap();
/** @type {Reading | null} */
let armed = null;
/** A '#' pdf-lib kept in a name (it writes it #23) before an escape's two digits, one a lower-case letter. */
const LOWER_CASE_ESCAPE = /#23(?:[a-f][0-9a-fA-F]|[0-9A-F][a-f])/;
/** @type {[number, number] | null} The file's bytes pdf-lib sliced last. */
let lastSlice = null;

// pdf-lib exposes no hook for this, so its parser is wrapped, the way inspect-pdf.mjs caps its
// decoders. Only a load started by loadMatchingXref is noted (its context is in `readings`);
// every other load in the thread (a stamp embedded, a tool's input) costs one map lookup.
(function noteDefinitions() {
  const parser = /** @type {any} */ (PDFParser.prototype);
  const parseDocument = parser.parseDocument;
  parser.parseDocument = function () {
    if (!armed) return parseDocument.call(this);
    const reading = armed;
    armed = null;
    readings.set(this.context, reading);
    return parseDocument.call(this).finally(() => readings.delete(this.context));
  };
  const parseIndirectObject = parser.parseIndirectObject;
  parser.parseIndirectObject = function () {
    const reading = readings.get(this.context);
    if (!reading) return parseIndirectObject.call(this);
    // pdf-lib has skipped whitespace and comments: this is the header's first digit.
    const offset = this.bytes.offset();
    reading.current = offset;
    return parseIndirectObject.call(this).then((/** @type {PDFRef} */ ref) => {
      reading.parsedAt.set(offset, ref);
      return ref;
    });
  };
  const objectStream = /** @type {any} */ (PDFObjectStreamParser.prototype);
  const parseIntoContext = objectStream.parseIntoContext;
  objectStream.parseIntoContext = function () {
    const reading = readings.get(this.context);
    if (!reading) return parseIntoContext.call(this);
    reading.streamIndex = 0;
    return parseIntoContext.call(this).finally(() => {
      reading.streamIndex = -1;
    });
  };
  // pdf-lib keeps no position with a stream: the data is the last slice of the file its parser
  // takes while reading the stream (its ByteStream class is reached through a parser).
  const byteStream = Object.getPrototypeOf(/** @type {any} */ (PDFObjectParser.forBytes(new Uint8Array(0), PDFContext.create())).bytes);
  const slice = byteStream.slice;
  byteStream.slice = function (/** @type {number} */ start, /** @type {number} */ end) {
    lastSlice = [start, end];
    return slice.call(this, start, end);
  };
  const objectParser = /** @type {any} */ (PDFObjectParser.prototype);
  const parseDictOrStream = objectParser.parseDictOrStream;
  objectParser.parseDictOrStream = function () {
    // Top-level streams only: an object stream's parser reads its decoded data, not the file.
    const reading = this instanceof PDFParser ? readings.get(/** @type {any} */ (this).context) : undefined;
    if (!reading) return parseDictOrStream.call(this);
    lastSlice = null;
    const object = parseDictOrStream.call(this);
    if (object instanceof PDFRawStream && lastSlice) reading.streams.push({ offset: reading.current, stream: object, start: lastSlice[0], end: lastSlice[1] });
    return object;
  };
  // pdf-lib decodes a name's #xx escapes only in upper case (#6F), readers in either (#6f): a
  // key written /CharPr#6fcs was a Type 3 font's glyphs to poppler and pdf.js and nothing to the
  // seal's checks, so a layer left open in them hid the seal (a re-probe). pdf-lib keeps such a
  // '#' as a character, which it writes back as #23.
  const parseName = objectParser.parseName;
  objectParser.parseName = function () {
    const name = parseName.call(this);
    const reading = readings.get(/** @type {any} */ (this).context);
    if (reading && reading.lowerCaseName === null && LOWER_CASE_ESCAPE.test(name.asString())) reading.lowerCaseName = name.decodeText();
    return name;
  };
  const context = /** @type {any} */ (PDFContext.prototype);
  const assign = context.assign;
  context.assign = function (/** @type {PDFRef} */ ref, /** @type {unknown} */ object) {
    const reading = readings.get(this);
    if (reading) reading.held.set(ref, { offset: reading.current, index: reading.streamIndex < 0 ? -1 : reading.streamIndex++ });
    return assign.call(this, ref, object);
  };
})();

const AGAIN = 'open it and save it again (for example print to PDF), then upload it';
/** @param {string} what */
const damaged = (what) => `its cross-reference table is damaged (${what}), so readers would rebuild it and might show something other than what is sealed: ${AGAIN}`;
/** @param {number} number */
const shadowed = (number) => `it defines object ${number} more than once, and readers would show a different version of it than the one sealed: ${AGAIN}`;

/** The most bytes a cross-reference stream may decode to (64 MB: a few million objects). */
const MAX_XREF_STREAM_BYTES = 64 * 1024 * 1024;

/**
 * Load a PDF with pdf-lib (one parse, as PDFDocument.load does) and check that what it kept
 * is what the file's xref lists. Objects the xref does not reach (free, unlisted, another
 * generation) are dropped from the document, as readers never see them; an object kept from
 * another place than the xref names, or an xref entry that lands on no object, answers
 * `mismatch` in words.
 * @param {Uint8Array} bytes
 * @param {Parameters<typeof PDFDocument.load>[1]} options
 * @returns {Promise<{ pdf: PDFDocument; mismatch: string | null }>}
 */
export async function loadMatchingXref(bytes, options) {
  /** @type {Reading} */
  const reading = { held: new Map(), parsedAt: new Map(), current: -1, streamIndex: -1, streams: [], lowerCaseName: null };
  armed = reading;
  const loading = PDFDocument.load(bytes, options);
  // pdf-lib starts its parse within the call: a reading still armed was never used.
  const unused = armed === reading;
  armed = null;
  const pdf = await loading;
  if (unused) throw new Error('pdf-lib no longer parses as xref-check.mjs expects');
  return { pdf, mismatch: compareWithXref(bytes, pdf, reading) };
}

/**
 * @param {Uint8Array} bytes
 * @param {PDFDocument} pdf
 * @param {Reading} reading
 * @returns {string | null}
 */
function compareWithXref(bytes, pdf, reading) {
  if (reading.lowerCaseName !== null) {
    return `it writes a name (/${reading.lowerCaseName}) with a lower-case escape that Sealwright reads differently from PDF readers, so they might show something other than what is sealed: ${AGAIN}`;
  }
  const start = headerStart(bytes);
  const read = readXref(bytes, start);
  if (typeof read === 'string') return damaged(read);
  const { entries, trailer } = read;
  /** @param {number} offset */
  const landing = (offset) => skipSpace(bytes, start + offset);

  // Every entry in use lands on a definition of that object pdf-lib read: else the table is
  // damaged, or it points where pdf-lib saw no object (inside another stream's data).
  for (const [number, entry] of entries) {
    if (entry.type !== 1 || number === 0 || entry.offset === 0) continue;
    const ref = reading.parsedAt.get(landing(entry.offset));
    if (ref?.objectNumber !== number || ref.generationNumber !== entry.gen) return damaged(`its entry for object ${number} does not point at that object`);
  }
  // Every object pdf-lib kept is the one the xref names.
  const context = pdf.context;
  for (const [ref, definition] of reading.held) {
    if (ref.objectNumber === 0 || context.lookup(ref) === undefined) continue;
    const entry = entries.get(ref.objectNumber);
    // pdf.js counts an entry at offset 0 (or in object stream 0) as free.
    const reachable = entry?.type === 1 ? entry.offset !== 0 && entry.gen === ref.generationNumber : entry?.type === 2 && entry.stream !== 0 && ref.generationNumber === 0;
    if (!reachable) {
      // Freed in a later revision, or never listed: no reader sees it, so neither does the seal.
      context.delete(ref);
      continue;
    }
    const place = /** @type {{ type: 1; offset: number } | { type: 2; stream: number; index: number }} */ (entry);
    if (place.type === 1) {
      if (definition.index !== -1 || landing(place.offset) !== definition.offset) return shadowed(ref.objectNumber);
    } else {
      const stream = entries.get(place.stream);
      if (definition.index !== place.index || stream?.type !== 1 || landing(stream.offset) !== definition.offset) return shadowed(ref.objectNumber);
    }
  }
  // The catalog readers open is the one in the newest trailer; pdf-lib takes the last one in the file.
  const root = trailer.get(PDFName.of('Root'));
  if (!(root instanceof PDFRef)) return damaged('its trailer names no catalog');
  if (root !== context.trailerInfo.Root) return `its trailers name different catalogs, and readers would show another one than the one sealed: ${AGAIN}`;
  if (context.lookup(root) === undefined) return damaged('it does not list its catalog');
  if (Boolean(trailer.get(PDFName.of('Encrypt'))) !== Boolean(context.trailerInfo.Encrypt)) return damaged('its trailers disagree on whether it is encrypted');
  return compareStreamEnds(bytes, context, reading);
}

/**
 * Whether pdf-lib ended each stream it kept where readers end it. pdf-lib follows a stream's
 * /Length only when it is a direct number; past an indirect one it ends the data at the first
 * "endstream" it meets, even one inside the data (a "%endstream" comment), where pdf.js and
 * poppler read /Length bytes: the rest of a page's content, unseen by the seal, ran after the
 * point where pdf-lib stopped, and its "Q Q … re W n" popped the wrapper's q and clipped the seal
 * away (probe C). Readers take /Length when it leads to the endstream keyword (past whitespace
 * and comments, as their lexers and pdf-lib's read), and search for the keyword otherwise, as
 * pdf-lib does; so where /Length leads to one, pdf-lib must have stopped at that one. Compared
 * by the keyword rather than by the count of bytes: a writer that counts the line end before
 * endstream in /Length is read alike by all. The streams of the objects pdf-lib kept, and the
 * object streams holding them, are checked; no stream is decoded.
 * @param {Uint8Array} bytes
 * @param {PDFContext} context
 * @param {Reading} reading
 * @returns {string | null}
 */
function compareStreamEnds(bytes, context, reading) {
  /** @type {Set<number>} Where the objects kept were defined (an object stream's offset for those in it). */
  const used = new Set();
  for (const [ref, definition] of reading.held) if (context.lookup(ref) !== undefined) used.add(definition.offset);
  for (const { offset, stream, start, end } of reading.streams) {
    if (!used.has(offset)) continue;
    const length = lengthOf(context, stream);
    if (length === null) continue;
    const kept = skipSpace(bytes, end);
    for (const from of dataStarts(bytes, start)) {
      const keyword = skipSpace(bytes, from + length);
      if (keyword !== kept && startsWith(bytes, keyword, 'endstream')) {
        const number = reading.parsedAt.get(offset)?.objectNumber;
        return `its stream in object ${number} ends in one place by its /Length, where readers end it, and in another where Sealwright reads it, so readers would show something other than what is sealed: ${AGAIN}`;
      }
    }
  }
  return null;
}

/**
 * A stream's /Length as readers take it, direct or indirect: a whole number of bytes, or null.
 * @param {PDFContext} context
 * @param {PDFRawStream} stream
 */
function lengthOf(context, stream) {
  const value = stream.dict.get(PDFName.of('Length'));
  const number = value instanceof PDFRef ? context.lookup(value) : value;
  const length = number instanceof PDFNumber ? number.asNumber() : -1;
  return Number.isInteger(length) && length >= 0 ? length : null;
}

/**
 * Where readers may start a stream's data, given where pdf-lib started it: pdf-lib takes
 * "stream" with the line end after it, or alone when another byte follows; pdf.js and poppler
 * skip whatever follows "stream" to the end of that line. Both, when they differ.
 * @param {Uint8Array} bytes
 * @param {number} start
 * @returns {number[]}
 */
function dataStarts(bytes, start) {
  if (bytes[start - 1] === 0x0a || bytes[start - 1] === 0x0d) return [start];
  let line = start;
  while (line < bytes.length && bytes[line] !== 0x0a && bytes[line] !== 0x0d) line++;
  if (bytes[line] === 0x0d && bytes[line + 1] === 0x0a) line++;
  return [start, Math.min(line + 1, bytes.length)];
}

/**
 * Where offsets count from: the `%PDF-` header when it is in the first 1024 bytes, else the file's start.
 * @param {Uint8Array} bytes
 */
function headerStart(bytes) {
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).indexOf('%PDF-');
  return at < 0 ? 0 : at;
}

/**
 * Past whitespace and comments, as both pdf-lib and readers skip them before an object.
 * @param {Uint8Array} bytes
 * @param {number} pos
 */
function skipSpace(bytes, pos) {
  while (pos < bytes.length) {
    const b = bytes[pos];
    if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0x00) pos++;
    else if (b === 0x25) while (pos < bytes.length && bytes[pos] !== 0x0a && bytes[pos] !== 0x0d) pos++;
    else break;
  }
  return pos;
}

/**
 * @param {Uint8Array} bytes
 * @param {number} pos
 * @param {string} word
 */
function startsWith(bytes, pos, word) {
  for (let i = 0; i < word.length; i++) if (bytes[pos + i] !== word.charCodeAt(i)) return false;
  return true;
}

/**
 * A non-negative integer at `pos` (after whitespace): [value, position after it], or null.
 * @param {Uint8Array} bytes
 * @param {number} pos
 * @returns {[number, number] | null}
 */
function readInt(bytes, pos) {
  let p = skipSpace(bytes, pos);
  const from = p;
  let value = 0;
  while (p < bytes.length && bytes[p] >= 0x30 && bytes[p] <= 0x39 && p - from < 15) value = value * 10 + bytes[p++] - 0x30;
  return p === from ? null : [value, p];
}

/**
 * The merged xref of the file and its newest trailer, or what is wrong with it in words.
 * @param {Uint8Array} bytes
 * @param {number} start
 * @returns {{ entries: Map<number, XrefEntry>; trailer: PDFDict } | string}
 */
function readXref(bytes, start) {
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf('startxref');
  const first = at < 0 ? null : readInt(bytes, at + 'startxref'.length);
  if (!first) return 'no startxref';
  const context = PDFContext.create();
  /** @type {Map<number, XrefEntry>} */
  const entries = new Map();
  /** @param {number} number @param {XrefEntry} entry */
  const add = (number, entry) => {
    if (!entries.has(number)) entries.set(number, entry);
  };
  /** @type {PDFDict | null} */
  let newest = null;
  const queue = [first[0]];
  const seen = new Set();
  while (queue.length > 0) {
    const offset = /** @type {number} */ (queue.shift());
    if (seen.has(offset)) continue;
    seen.add(offset);
    const pos = skipSpace(bytes, start + offset);
    if (pos >= bytes.length) return 'a section lies past its end';
    /** @type {PDFDict} */
    let dict;
    try {
      if (startsWith(bytes, pos, 'xref')) {
        const table = readTable(bytes, pos + 4, add);
        if (typeof table === 'string') return table;
        const trailer = parseObjectAt(bytes, table, context);
        if (!(trailer instanceof PDFDict)) return 'its trailer is not a dictionary';
        dict = trailer;
        const stream = dict.get(PDFName.of('XRefStm'));
        if (stream instanceof PDFNumber) queue.push(stream.asNumber());
      } else {
        const stream = readStreamSection(bytes, pos, context, add);
        if (typeof stream === 'string') return stream;
        dict = stream;
      }
    } catch {
      return 'a section cannot be parsed';
    }
    newest ??= dict;
    const prev = dict.get(PDFName.of('Prev'));
    if (prev instanceof PDFNumber) queue.push(prev.asNumber());
  }
  return { entries, trailer: /** @type {PDFDict} */ (newest) };
}

/**
 * One object parsed with pdf-lib's own syntax parser, at a position the xref names.
 * @param {Uint8Array} bytes
 * @param {number} pos
 * @param {PDFContext} context
 */
function parseObjectAt(bytes, pos, context) {
  return PDFObjectParser.forBytes(bytes.subarray(pos), context).parseObject();
}

/**
 * A classic table's entries (after `xref`); answers the position after `trailer`, or what is wrong.
 * @param {Uint8Array} bytes
 * @param {number} pos
 * @param {(number: number, entry: XrefEntry) => void} add
 * @returns {number | string}
 */
function readTable(bytes, pos, add) {
  for (;;) {
    pos = skipSpace(bytes, pos);
    if (startsWith(bytes, pos, 'trailer')) return pos + 'trailer'.length;
    const head = readInt(bytes, pos);
    const count = head && readInt(bytes, head[1]);
    if (!head || !count) return 'a subsection header is not two numbers';
    let first = head[0];
    pos = count[1];
    for (let i = 0; i < count[0]; i++) {
      const offset = readInt(bytes, pos);
      const gen = offset && readInt(bytes, offset[1]);
      const kind = gen ? skipSpace(bytes, gen[1]) : bytes.length;
      if (!offset || !gen || (bytes[kind] !== 0x6e && bytes[kind] !== 0x66)) return 'an entry is not an offset, a generation and n or f';
      const free = bytes[kind] === 0x66;
      // A table starting at 1 whose first entry is free means object 0 (pdf.js corrects it alike).
      if (i === 0 && free && first === 1) first = 0;
      add(first + i, free ? { type: 0 } : { type: 1, offset: offset[0], gen: gen[0] });
      pos = kind + 1;
    }
  }
}

/**
 * A cross-reference stream's entries; answers its dictionary (the trailer), or what is wrong.
 * @param {Uint8Array} bytes
 * @param {number} pos
 * @param {PDFContext} context
 * @param {(number: number, entry: XrefEntry) => void} add
 * @returns {PDFDict | string}
 */
function readStreamSection(bytes, pos, context, add) {
  const number = readInt(bytes, pos);
  const gen = number && readInt(bytes, number[1]);
  const keyword = gen ? skipSpace(bytes, gen[1]) : bytes.length;
  if (!gen || !startsWith(bytes, keyword, 'obj')) return 'startxref or /Prev points at neither a table nor a stream';
  const stream = parseObjectAt(bytes, keyword + 3, context);
  if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Type')) !== PDFName.of('XRef')) return 'startxref or /Prev points at neither a table nor a stream';
  const dict = stream.dict;
  const widths = dict.get(PDFName.of('W'));
  const w = widths instanceof PDFArray ? widths.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : -1)) : [];
  if (w.length !== 3 || w.some((n) => !Number.isInteger(n) || n < 0 || n > 8) || w[0] + w[1] + w[2] === 0) return 'a stream section has a bad /W';
  const size = dict.get(PDFName.of('Size'));
  const index = dict.get(PDFName.of('Index'));
  const ranges = index instanceof PDFArray ? index.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : -1)) : [0, size instanceof PDFNumber ? size.asNumber() : -1];
  if (ranges.length % 2 !== 0 || ranges.some((n) => !Number.isInteger(n) || n < 0)) return 'a stream section has a bad /Index or /Size';
  const data = decodeXrefStream(stream);
  if (typeof data === 'string') return data;
  const rowWidth = w[0] + w[1] + w[2];
  let at = 0;
  /** @param {number} width */
  const field = (width) => {
    let value = 0;
    for (let i = 0; i < width; i++) value = value * 256 + data[at++];
    return value;
  };
  for (let r = 0; r < ranges.length; r += 2) {
    if (at + ranges[r + 1] * rowWidth > data.length) return 'a stream section has fewer entries than it lists';
    for (let i = 0; i < ranges[r + 1]; i++) {
      // A type field of width 0 means every entry is of type 1.
      const type = w[0] === 0 ? 1 : field(w[0]);
      const a = field(w[1]);
      const b = field(w[2]);
      // Other types are reserved, and count as free (a null reference).
      add(ranges[r] + i, type === 1 ? { type: 1, offset: a, gen: b } : type === 2 ? { type: 2, stream: a, index: b } : { type: 0 });
    }
  }
  return dict;
}

/**
 * A cross-reference stream's data: as stored, or inflated (capped) with its PNG predictor undone.
 * @param {PDFRawStream} stream
 * @returns {Uint8Array | string}
 */
function decodeXrefStream(stream) {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const name = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
  if (name === undefined) return stream.contents;
  if (name !== PDFName.of('FlateDecode') && name !== PDFName.of('Fl')) return 'a stream section is encoded in a way not supported here';
  /** @type {Uint8Array} */
  let data;
  try {
    data = zlib.inflateSync(stream.contents, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: MAX_XREF_STREAM_BYTES });
  } catch {
    return 'a stream section cannot be inflated';
  }
  const parmsObject = stream.dict.lookup(PDFName.of('DecodeParms'));
  const parms = parmsObject instanceof PDFArray ? parmsObject.lookup(0) : parmsObject;
  if (!(parms instanceof PDFDict)) return data;
  /** @param {string} key @param {number} fallback */
  const number = (key, fallback) => {
    const value = parms.lookup(PDFName.of(key));
    return value instanceof PDFNumber ? value.asNumber() : fallback;
  };
  const predictor = number('Predictor', 1);
  if (predictor === 1) return data;
  if (predictor < 10 || predictor > 15) return 'a stream section uses a predictor not supported here';
  const colors = number('Colors', 1);
  const bits = number('BitsPerComponent', 8);
  const columns = number('Columns', 1);
  if (![1, 2, 4, 8, 16].includes(bits) || colors < 1 || colors > 32 || columns < 1) return 'a stream section has bad predictor parameters';
  return undoPng(data, Math.ceil((columns * colors * bits) / 8), Math.max(1, (colors * bits) / 8)) ?? 'a stream section has a bad PNG predictor row';
}

/**
 * Rows of PNG-filtered data back to bytes (each row starts with its filter type), or null.
 * @param {Uint8Array} data
 * @param {number} rowLength
 * @param {number} pixelBytes
 * @returns {Uint8Array | null}
 */
function undoPng(data, rowLength, pixelBytes) {
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = new Uint8Array(rows * rowLength);
  let up = new Uint8Array(rowLength);
  for (let r = 0; r < rows; r++) {
    const tag = data[r * (rowLength + 1)];
    const row = data.subarray(r * (rowLength + 1) + 1, (r + 1) * (rowLength + 1));
    const cur = out.subarray(r * rowLength, (r + 1) * rowLength);
    for (let i = 0; i < rowLength; i++) {
      const left = i >= pixelBytes ? cur[i - pixelBytes] : 0;
      const upLeft = i >= pixelBytes ? up[i - pixelBytes] : 0;
      if (tag === 0) cur[i] = row[i];
      else if (tag === 1) cur[i] = row[i] + left;
      else if (tag === 2) cur[i] = row[i] + up[i];
      else if (tag === 3) cur[i] = row[i] + ((left + up[i]) >> 1);
      else if (tag === 4) {
        const p = left + up[i] - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up[i]);
        const pc = Math.abs(p - upLeft);
        cur[i] = row[i] + (pa <= pb && pa <= pc ? left : pb <= pc ? up[i] : upLeft);
      } else return null;
    }
    up = cur;
  }
  return out;
}
