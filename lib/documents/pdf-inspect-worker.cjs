'use strict';
/**
 * Reads uploaded PDFs off the main thread (lib/documents/pdf-inspector.ts starts it): a PDF can
 * be made to cost pdf-lib seconds of synchronous work (one object of millions of numbers,
 * streams that inflate to gigabytes, a page tree that names a node twice at every level), and
 * on the main thread that would stall every request. Here it can only stall this worker, which
 * the main thread ends after its time limit.
 *
 * Message in: { bytes: ArrayBuffer }. Message out: { ok: true, encrypted, pageCount } or
 * { ok: false, unsafe: boolean, message }.
 *
 * Plain CommonJS, loaded from disk by path: it is not bundled, so it needs no build step.
 */
const { parentPort } = require('node:worker_threads');
const { decodePDFRawStream, PDFArray, PDFContext, PDFDict, PDFDocument, PDFName, PDFRef } = require('pdf-lib');

/** The most pages a document may have: far beyond any plan set, far below what a forged page tree claims. */
const MAX_PAGES = 10000;
/** The most bytes one stream may decode to, and all streams of one file together. */
const MAX_STREAM_BYTES = 64 * 1024 * 1024;
const MAX_TOTAL_BYTES = 128 * 1024 * 1024;

class UnsafePdfError extends Error {}

let decodedTotal = 0;
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
    const before = this.buffer ? this.buffer.byteLength : 0;
    if (requested > MAX_STREAM_BYTES) {
      refusal = new UnsafePdfError(`a stream decodes to more than ${MAX_STREAM_BYTES / 1024 / 1024} MB`);
      throw refusal;
    }
    const buffer = ensureBuffer.call(this, requested);
    decodedTotal += Math.max(0, buffer.byteLength - before);
    if (decodedTotal > MAX_TOTAL_BYTES) {
      refusal = new UnsafePdfError(`its streams decode to more than ${MAX_TOTAL_BYTES / 1024 / 1024} MB`);
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

parentPort.on('message', async ({ bytes }) => {
  decodedTotal = 0;
  refusal = null;
  try {
    const pdf = await PDFDocument.load(new Uint8Array(bytes), { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true, parseSpeed: Infinity });
    parentPort.postMessage({ ok: true, encrypted: pdf.isEncrypted, pageCount: countPages(pdf) });
  } catch (err) {
    const unsafe = refusal ?? (err instanceof UnsafePdfError ? err : null);
    parentPort.postMessage({ ok: false, unsafe: unsafe !== null, message: unsafe ? unsafe.message : describe(err) });
  } finally {
    refusal = null;
  }
});
