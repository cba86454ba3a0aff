import { readPdfFacts } from './pdf-tools.ts';

/**
 * The text of each page of a PDF, in reading order, one string per page (pdfjs-dist on the PDF
 * pool, within the reading limits: lib/pdf/worker/tools/page-texts.mjs). The one text
 * extraction of the app: pdfText answers it, and document ingest for search and chat calls it.
 * Throws BAD_USER_INPUT for a PDF that cannot be read or needs a password, TIMEOUT past the
 * reading limit. `bytes` may be a loader, called once a pool thread is free.
 */
export function extractPageTexts(bytes: Uint8Array | (() => Promise<Uint8Array>)): Promise<string[]> {
  return readPdfFacts('text', bytes);
}
