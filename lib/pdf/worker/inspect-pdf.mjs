/**
 * inspectPdf: read an untrusted PDF in a pool thread (lib/pdf/read-pdf.ts asks): a PDF can be
 * made to cost pdf-lib seconds of synchronous work (one object of millions of numbers, streams
 * that inflate to gigabytes, a page tree that names a node twice at every level), and on the
 * main thread that would stall every request. Here it can only stall this thread, which the
 * pool ends after its time limit.
 *
 * 'read' answers { ok: true, encrypted, pageCount, activeContent } once every stream has been
 * decoded within the limits, or { ok: false, unsafe: boolean, message }. activeContent lists,
 * in words, the JavaScript, launch actions and embedded executables the PDF carries (sealing
 * asks the same of the file it seals: loadListingActiveContent). Every load here also checks
 * that pdf-lib kept the objects the file's cross-reference table lists (xref-check.mjs): a file
 * defining an object twice would otherwise be previewed as one thing and sealed as another.
 *
 * Plain JavaScript loaded from disk by path (lib/pdf/pool.ts): never bundled, no build step.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFContext, PDFDict, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFStream, PDFString } from 'pdf-lib';
import { loadMatchingXref } from './xref-check.mjs';
/** @typedef {import('pdf-lib').PDFDocument} PDFDocument */

/** The most pages a document may have: far beyond any plan set, far below what a forged page tree claims. */
const MAX_PAGES = 10000;
/** The most bytes one stream may decode to, and all streams of one file together. */
const MAX_STREAM_BYTES = 64 * 1024 * 1024;
const MAX_TOTAL_BYTES = 128 * 1024 * 1024;
/** How a file is parsed for inspection: strictly, every object read at once (a pool thread has nothing to yield to). */
const INSPECT_LOAD = { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true, parseSpeed: Infinity };
const tooLargeStream = () => new UnsafePdfError(`a stream decodes to more than ${MAX_STREAM_BYTES / 1024 / 1024} MB`);
const tooLargeTotal = () => new UnsafePdfError(`its streams decode to more than ${MAX_TOTAL_BYTES / 1024 / 1024} MB`);

class UnsafePdfError extends Error {}

/**
 * Parse a file for inspection or sealing, refusing one in which pdf-lib would keep other
 * objects than the ones readers show (xref-check.mjs): previews follow the xref, and the
 * seal would otherwise vouch for content nobody saw.
 * @param {Uint8Array} bytes
 * @param {{ reportMismatch?: boolean }} [options] reportMismatch: answer the mismatch instead (pdfValidate names it among the file's issues).
 */
async function loadInspecting(bytes, { reportMismatch = false } = {}) {
  const { pdf, mismatch } = await loadMatchingXref(bytes, INSPECT_LOAD);
  if (mismatch && !reportMismatch) throw new UnsafePdfError(mismatch);
  return { pdf, mismatch };
}

/** On while a file is inspected: pdf-lib's decoders are capped then only (sealing reads files that passed). */
let inspecting = false;
let decodedTotal = 0;
/** Off while streams are walked (checkStreams counts what they decode to itself); pdf-lib's decodes at load count here. */
let countInDecoder = true;
let refusal = null;

// pdf-lib's decoders grow one buffer per stream (DecodeStream.ensureBuffer); the class is not
// exported, so it is reached through a decoder pdf-lib hands out. Growth past either cap stops
// the decode. pdf-lib's parser turns any error inside an object into "invalid object", so the
// reason is kept in `refusal`.
(function capDecodedStreams() {
  const probe = decodePDFRawStream(PDFContext.create().flateStream(new Uint8Array(0)));
  const decodeStream = Object.getPrototypeOf(Object.getPrototypeOf(probe));
  const ensureBuffer = decodeStream.ensureBuffer;
  decodeStream.ensureBuffer = function (requested) {
    if (!inspecting) return ensureBuffer.call(this, requested);
    const before = this.buffer ? this.buffer.byteLength : 0;
    if (requested > MAX_STREAM_BYTES) {
      refusal = tooLargeStream();
      throw refusal;
    }
    const buffer = ensureBuffer.call(this, requested);
    if (countInDecoder) decodedTotal += Math.max(0, buffer.byteLength - before);
    if (decodedTotal > MAX_TOTAL_BYTES) {
      refusal = tooLargeTotal();
      throw refusal;
    }
    return buffer;
  };
})();

/**
 * The number of pages, walking the page tree with every node visited once: pdf-lib's own count
 * follows a /Kids array that names one node twice, level after level, so a 2 KB file can claim
 * 2^40 pages. A node met twice, more than MAX_PAGES leaves, or no page at all is refused.
 */
function countPages(pdf) {
  const stack = [pdf.catalog.get(PDFName.of('Pages'))];
  const seen = new Set();
  let pages = 0;
  while (stack.length > 0) {
    const entry = stack.pop();
    if (!(entry instanceof PDFRef)) throw new UnsafePdfError('its page tree has an entry that is not a reference');
    const key = entry.toString();
    if (seen.has(key)) throw new UnsafePdfError('its page tree lists a page or node more than once');
    seen.add(key);
    if (seen.size > MAX_PAGES * 2) throw new UnsafePdfError(`its page tree has more than ${MAX_PAGES * 2} nodes`);
    const node = pdf.context.lookup(entry);
    if (!(node instanceof PDFDict)) throw new UnsafePdfError('its page tree has an entry that is not a dictionary');
    const kids = node.lookup(PDFName.of('Kids'));
    if (node.get(PDFName.of('Type')) !== PDFName.of('Page') && kids instanceof PDFArray) {
      for (let i = kids.size() - 1; i >= 0; i--) stack.push(kids.get(i));
    } else if (++pages > MAX_PAGES) {
      throw new UnsafePdfError(`it has more than ${MAX_PAGES} pages`);
    }
  }
  if (pages === 0) throw new UnsafePdfError('it has no pages');
  return pages;
}

/** pdf-lib's own messages say where it stopped; a JavaScript error inside it says nothing a user can use. */
function describe(err) {
  if (!(err instanceof Error) || err instanceof TypeError || err instanceof RangeError || /undefined|null/.test(err.message)) return 'its structure is damaged';
  return err.message.split('\n')[0].slice(0, 200);
}

// Filters decoded chunk by chunk with zlib; the others pdf-lib decodes (their output capped by
// ensureBuffer above). A filter of neither kind (an image codec: DCT, JPX, CCITT, JBIG2) ends
// the decoding: what reaches it is counted as it is.
const FLATE = new Set(['FlateDecode', 'Fl']);
const PDF_LIB_FILTERS = new Map([
  ['LZWDecode', 'LZWDecode'],
  ['LZW', 'LZWDecode'],
  ['ASCIIHexDecode', 'ASCIIHexDecode'],
  ['AHx', 'ASCIIHexDecode'],
  ['ASCII85Decode', 'ASCII85Decode'],
  ['A85', 'ASCII85Decode'],
  ['RunLengthDecode', 'RunLengthDecode'],
  ['RL', 'RunLengthDecode'],
]);
/** Encoded streams up to this size with one Flate filter are inflated in one call (they cannot hold a bomb). */
const SMALL_FLATE_BYTES = 16 * 1024;
/** What a step in the middle of a chain may produce: hex text is twice the bytes it stands for. */
const MAX_STEP_BYTES = 2 * MAX_STREAM_BYTES;

/** A stream's filters with their parameters, in order: [{ name, parms }]. */
function filtersOf(stream) {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const parms = stream.dict.lookup(PDFName.of('DecodeParms'));
  if (filter instanceof PDFName) return [{ name: filter.decodeText(), parms: parms instanceof PDFDict ? parms : null }];
  if (!(filter instanceof PDFArray)) return [];
  const out = [];
  for (let i = 0; i < filter.size(); i++) {
    const name = filter.lookup(i);
    const parm = parms instanceof PDFArray && i < parms.size() ? parms.lookup(i) : null;
    if (name instanceof PDFName) out.push({ name: name.decodeText(), parms: parm instanceof PDFDict ? parm : null });
  }
  return out;
}

/** A chain step pdf-lib decodes: its input gathered (capped), then decoded whole (capped by ensureBuffer). */
function pdfLibStep(name, parms) {
  return async function* (source) {
    const chunks = [];
    let size = 0;
    for await (const chunk of source) {
      size += chunk.length;
      if (size > MAX_STEP_BYTES) throw tooLargeStream();
      chunks.push(chunk);
    }
    const context = PDFContext.create();
    const dict = context.obj({ Filter: name });
    if (parms) dict.set(PDFName.of('DecodeParms'), parms);
    yield Buffer.from(decodePDFRawStream(PDFRawStream.of(dict, new Uint8Array(Buffer.concat(chunks)))).decode());
  };
}

/**
 * Decode a stream through every filter it names, handing each decoded chunk to `onChunk` as it
 * comes (never the whole): onChunk throws to stop. zlib inflates 64 KB at a time.
 */
async function decodeChunks(stream, onChunk) {
  const filters = filtersOf(stream);
  // Deflate expands at most about 1032 times: a small stream with one Flate filter decodes to
  // at most ~16 MB, so it is inflated in one call (most content streams: no stream set-up each).
  if (filters.length === 1 && FLATE.has(filters[0].name) && stream.contents.length <= SMALL_FLATE_BYTES) {
    onChunk(zlib.inflateSync(stream.contents, { finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    return;
  }
  const steps = [];
  for (const { name, parms } of filters) {
    if (FLATE.has(name)) steps.push(zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 }));
    else if (PDF_LIB_FILTERS.has(name)) steps.push(pdfLibStep(PDF_LIB_FILTERS.get(name), parms));
    else break;
  }
  // pipeline answers a consumer's own error as an AbortError once it has torn the steps down:
  // the consumer's error is kept here to be thrown as it was.
  let stopped = null;
  await pipeline(Readable.from([Buffer.from(stream.contents.buffer, stream.contents.byteOffset, stream.contents.byteLength)]), ...steps, async function (source) {
    for await (const chunk of source) {
      try {
        onChunk(chunk);
      } catch (err) {
        stopped = err;
        throw err;
      }
    }
  }).catch((err) => {
    throw stopped ?? err;
  });
}

/**
 * Decode every stream of the file (content streams, images, fonts, embedded files: what pdf-lib
 * leaves encoded until asked), counting what each decodes to: past MAX_STREAM_BYTES for one or
 * MAX_TOTAL_BYTES for all (the object streams decoded at load included), it is refused at once.
 * A stream that is merely damaged stops where its decoding fails, as readers treat it.
 */
async function checkStreams(pdf) {
  countInDecoder = false;
  try {
    for (const [, object] of pdf.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFRawStream)) continue;
      let size = 0;
      try {
        await decodeChunks(object, (chunk) => {
          size += chunk.length;
          decodedTotal += chunk.length;
          if (size > MAX_STREAM_BYTES) throw tooLargeStream();
          if (decodedTotal > MAX_TOTAL_BYTES) throw tooLargeTotal();
        });
      } catch (err) {
        if (err instanceof UnsafePdfError) throw err;
        if (refusal) throw refusal;
      }
    }
  } finally {
    countInDecoder = true;
  }
}

// Embedded files whose names or first bytes say they are programs.
const EXECUTABLE_NAME = /\.(exe|bat|cmd|com|msi|scr|js|vbs|ps1|sh|jar|app)$/i;
const isProgram = (head) => (head[0] === 0x4d && head[1] === 0x5a) || (head[0] === 0x7f && head[1] === 0x45 && head[2] === 0x4c && head[3] === 0x46);

const nameIs = (dict, key, value) => dict.lookup(PDFName.of(key)) === PDFName.of(value);
const textOf = (value) => (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null);
/** A file name as it may be shown: printable, at most 100 characters. */
const shownName = (name) => name.replace(/[^\x20-\x7e\u00a0-\uffff]/g, '').slice(0, 100);

/** The first bytes of a stream, decoded (up to 4). */
async function headOf(stream) {
  const head = [];
  const enough = new Error('enough');
  await decodeChunks(stream, (chunk) => {
    for (const byte of chunk.subarray(0, 4 - head.length)) head.push(byte);
    if (head.length >= 4) throw enough;
  }).catch((err) => {
    if (err !== enough && err instanceof UnsafePdfError) throw err;
  });
  return head;
}

/** The values of a name tree (its /Names pairs, through its /Kids), each node visited once. */
function nameTreeValues(tree) {
  const values = [];
  const seen = new Set();
  const stack = [tree];
  while (stack.length > 0 && seen.size < 10000) {
    const node = stack.pop();
    if (!(node instanceof PDFDict) || seen.has(node)) continue;
    seen.add(node);
    const pairs = node.lookup(PDFName.of('Names'));
    if (pairs instanceof PDFArray) for (let i = 1; i < pairs.size(); i += 2) values.push(pairs.lookup(i));
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i++) stack.push(kids.lookup(i));
  }
  return values;
}

/**
 * What the PDF would run or launch, in words: JavaScript (in /OpenAction, in additional actions
 * /AA, in the document's /JavaScript name tree, or any other action), launch actions, and
 * embedded files that are programs (by name or by their MZ or ELF first bytes). Every object
 * is looked at, referenced or not: a reader may reach any of them.
 */
async function findActiveContent(pdf) {
  const dicts = [];
  const visit = (object, depth) => {
    if (depth > 64) return;
    if (object instanceof PDFStream) return visit(object.dict, depth + 1);
    if (object instanceof PDFDict) {
      dicts.push(object);
      for (const [, value] of object.entries()) visit(value, depth + 1);
    } else if (object instanceof PDFArray) {
      for (const value of object.asArray()) visit(value, depth + 1);
    }
  };
  for (const [, object] of pdf.context.enumerateIndirectObjects()) visit(object, 0);

  const javaScript = new Set(dicts.filter((d) => nameIs(d, 'S', 'JavaScript') || d.has(PDFName.of('JS'))));
  const found = [];
  const explained = new Set();
  // An action and the ones it chains to with /Next.
  const chain = (action) => {
    const out = [];
    const stack = [action];
    while (stack.length > 0 && out.length < 1000) {
      const a = stack.pop();
      if (!(a instanceof PDFDict) || out.includes(a)) continue;
      out.push(a);
      const next = a.lookup(PDFName.of('Next'));
      if (next instanceof PDFArray) for (let i = 0; i < next.size(); i++) stack.push(next.lookup(i));
      else stack.push(next);
    }
    return out;
  };
  const label = (actions, words) => {
    const js = actions.filter((a) => javaScript.has(a));
    if (js.length === 0) return;
    js.forEach((a) => explained.add(a));
    if (!found.includes(words)) found.push(words);
  };
  const catalog = pdf.catalog;
  label(chain(catalog.lookup(PDFName.of('OpenAction'))), 'JavaScript in /OpenAction');
  for (const dict of dicts) {
    const aa = dict.lookup(PDFName.of('AA'));
    if (aa instanceof PDFDict) for (const [key] of aa.entries()) label(chain(aa.lookup(key)), 'JavaScript in /AA (an additional action)');
  }
  const names = catalog.lookup(PDFName.of('Names'));
  if (names instanceof PDFDict && names.has(PDFName.of('JavaScript'))) {
    found.push('JavaScript in the document-level /JavaScript name tree');
    for (const value of nameTreeValues(names.lookup(PDFName.of('JavaScript')))) chain(value).forEach((a) => explained.add(a));
  }
  if ([...javaScript].some((a) => !explained.has(a))) found.push('JavaScript in an action');
  if (dicts.some((d) => nameIs(d, 'S', 'Launch'))) found.push('a launch action');

  // Embedded files: a file specification's /EF names the streams, its /UF or /F the file.
  const fileNames = new Map();
  for (const dict of dicts) {
    const ef = dict.lookup(PDFName.of('EF'));
    if (!(ef instanceof PDFDict)) continue;
    const name = textOf(dict.lookup(PDFName.of('UF'))) ?? textOf(dict.lookup(PDFName.of('F')));
    for (const [key] of ef.entries()) {
      const stream = ef.lookup(key);
      if (stream instanceof PDFStream) fileNames.set(stream, name ?? fileNames.get(stream) ?? null);
    }
  }
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFStream && nameIs(object.dict, 'Type', 'EmbeddedFile') && !fileNames.has(object)) fileNames.set(object, null);
  }
  for (const [stream, name] of fileNames) {
    const byName = name !== null && EXECUTABLE_NAME.test(name.trim());
    const byBytes = !byName && stream instanceof PDFRawStream && !pdf.isEncrypted && isProgram(await headOf(stream));
    if (byName || byBytes) {
      const words = name ? `an embedded executable (${shownName(name)})` : 'an embedded executable';
      if (!found.includes(words)) found.push(words);
    }
  }
  return found;
}

/**
 * Load a PDF for the PDF tools under the same limits as an upload: parsed with pdf-lib's
 * decoders capped, its page tree walked with every node visited once (at most MAX_PAGES
 * pages), and, unless it is encrypted, every stream decoded within the stream limits. Answers
 * { pdf, pageCount }; a file that cannot be read throws a ReadingRefused saying why in words, as
 * does one whose objects are not the ones its cross-reference table lists, unless
 * reportXrefMismatch (pdfValidate): then that is answered in words as xrefMismatch.
 * @param {Uint8Array} bytes
 * @param {{ reportXrefMismatch?: boolean }} [options]
 * @returns {Promise<{ pdf: PDFDocument; pageCount: number; xrefMismatch: string | null }>}
 */
export async function loadWithinLimits(bytes, { reportXrefMismatch = false } = {}) {
  decodedTotal = 0;
  refusal = null;
  inspecting = true;
  try {
    const { pdf, mismatch } = await loadInspecting(bytes, { reportMismatch: reportXrefMismatch });
    const pageCount = countPages(pdf);
    if (!pdf.isEncrypted) await checkStreams(pdf);
    return { pdf, pageCount, xrefMismatch: mismatch };
  } catch (err) {
    const unsafe = refusal ?? (err instanceof UnsafePdfError ? err : null);
    throw new ReadingRefused(unsafe ? unsafe.message : describe(err), unsafe !== null);
  } finally {
    refusal = null;
    inspecting = false;
  }
}

/** A PDF loadWithinLimits refused: `unsafe` when for what reading it would cost, else damaged. */
export class ReadingRefused extends Error {
  /**
   * @param {string} message
   * @param {boolean} unsafe
   */
  constructor(message, unsafe) {
    super(message);
    this.unsafe = unsafe;
  }
}

/** The most pages a PDF may have, here and in the tools; findActiveContent for pdfValidate. */
export { MAX_PAGES, findActiveContent };

/** Why a file could not be read, as inspectPdf answers it. */
function readingFailure(err) {
  const unsafe = refusal ?? (err instanceof UnsafePdfError ? err : null);
  return { ok: false, unsafe: unsafe !== null, message: unsafe ? unsafe.message : describe(err) };
}

/**
 * Inspect a PDF (the 'read' task): parse it, count its pages, decode every stream within the
 * limits and list its active content. Never throws: a file that cannot be read is
 * { ok: false, unsafe, message }, unsafe when refused for what it would cost.
 */
export async function inspectPdf(bytes) {
  decodedTotal = 0;
  refusal = null;
  inspecting = true;
  try {
    const { pdf } = await loadInspecting(bytes);
    const pageCount = countPages(pdf);
    // An encrypted file's streams cannot be decoded without its key.
    if (!pdf.isEncrypted) await checkStreams(pdf);
    return { ok: true, encrypted: pdf.isEncrypted, pageCount, activeContent: await findActiveContent(pdf) };
  } catch (err) {
    return readingFailure(err);
  } finally {
    refusal = null;
    inspecting = false;
  }
}

/**
 * A PDF parsed as inspectPdf parses it (strictly, pdf-lib's decoders capped), with its active
 * content listed, and the parsed document kept: sealing reads the file once, refuses what would
 * run or launch, and draws on that same document. Never throws: answers
 * { ok: true, pdf, activeContent } or { ok: false, unsafe, message }.
 * @param {Uint8Array} bytes
 * @returns {Promise<{ ok: true; pdf: PDFDocument; activeContent: string[] } | { ok: false; unsafe: boolean; message: string }>}
 */
export async function loadListingActiveContent(bytes) {
  decodedTotal = 0;
  refusal = null;
  inspecting = true;
  try {
    const { pdf } = await loadInspecting(bytes);
    return { ok: true, pdf, activeContent: await findActiveContent(pdf) };
  } catch (err) {
    return readingFailure(err);
  } finally {
    refusal = null;
    inspecting = false;
  }
}
