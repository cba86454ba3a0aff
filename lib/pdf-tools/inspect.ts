/**
 * The PDF inspection queries (pdfInfo, pdfMetadata, pdfPageInfo, pdfDetailedPageInfo,
 * pdfSignatures, pdfText, pdfValidate): always the document's current version, read from its
 * file on the PDF pool. Each call counts against the actor's "PDF operations" limit (10 a
 * minute, BILLING_RATE_LIMIT_EXCEEDED past it), found or not, and reads once the actor's
 * previous PDF operation has finished (user-lane.ts). A document the actor does not
 * see answers null (pdfPageInfo, a list: NOT_FOUND).
 */
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { extractPageTexts } from '../pdf/extract-page-texts.ts';
import { readPdfFacts } from '../pdf/pdf-tools.ts';
import type { PdfInfo, PdfMetadata, PdfPageDetail, PdfPageSize, PdfSignatureInfo, PdfValidation } from '../pdf/pdf-tools.ts';
import { limitOperation } from '../ratelimit/index.ts';
import type { LimitedOperation } from '../ratelimit/index.ts';
import { blobStore } from '../storage/index.ts';
import type { BlobStore } from '../storage/index.ts';
import { documentToRead, fileBytes } from './document-file.ts';
import { inUserLane } from './user-lane.ts';

interface ReadArgs {
  actor: Actor;
  documentId: string;
  store?: BlobStore;
  /** The request's: aborted, an operation still waiting for the user's previous one gives up (TIMEOUT). */
  signal?: AbortSignal;
}

/**
 * Count the call, find the document, and read its current file with `read`, once the user's
 * previous PDF operation has finished (lib/pdf-tools/user-lane.ts); null when not found.
 */
async function withCurrentFile<T>(operation: LimitedOperation, { actor, documentId, store = blobStore(), signal }: ReadArgs, read: (load: () => Promise<Uint8Array>) => Promise<T>): Promise<T | null> {
  await limitOperation(operation, actor.userId);
  const document = await documentToRead({ actor, documentId });
  if (!document) return null;
  return inUserLane(actor.userId, () => read(() => fileBytes(store, document.currentVersion.fileHash)), signal);
}

/** pdfInfo: page count, size, encryption, linearization, version and page sizes as seen. */
export function getPdfInfo(args: ReadArgs): Promise<PdfInfo | null> {
  return withCurrentFile('pdfInfo', args, (load) => readPdfFacts('info', load));
}

/** pdfMetadata: the document information (dates in ISO 8601 with their offset) and facts of the file. */
export function getPdfMetadata(args: ReadArgs): Promise<PdfMetadata | null> {
  return withCurrentFile('pdfMetadata', args, (load) => readPdfFacts('metadata', load));
}

/** pdfPageInfo: every page's size as seen and rotation; NOT_FOUND for a document the actor does not see. */
export async function getPdfPageInfo(args: ReadArgs): Promise<PdfPageSize[]> {
  const pages = await withCurrentFile('pdfPageInfo', args, (load) => readPdfFacts('pageInfo', load));
  if (!pages) throw new AppError('NOT_FOUND', 'Document not found');
  return pages;
}

/** pdfDetailedPageInfo: one page (1-based) with every box, inherited ones included. */
export function getPdfDetailedPageInfo({ page, ...args }: ReadArgs & { page: number }): Promise<PdfPageDetail | null> {
  if (!Number.isInteger(page) || page < 1) throw new AppError('BAD_USER_INPUT', `page must be a page number from 1; got ${page}`);
  return withCurrentFile('pdfDetailedPageInfo', args, (load) => readPdfFacts('pageDetail', load, { page }));
}

/** pdfSignatures: each signature's signer (common name), signing time and /SubFilter. */
export function getPdfSignatures(args: ReadArgs): Promise<PdfSignatureInfo | null> {
  return withCurrentFile('pdfSignatures', args, (load) => readPdfFacts('signatures', load));
}

/** pdfText: the text in reading order, pages separated by form feeds (as pdftotext writes them). */
export async function getPdfText(args: ReadArgs): Promise<{ text: string; pageCount: number } | null> {
  const pages = await withCurrentFile('pdfText', args, (load) => extractPageTexts(load));
  if (!pages) return null;
  return { text: pages.map((page) => `${page}\f`).join(''), pageCount: pages.length };
}

/** pdfValidate: structural problems in words; isValid when there are none. */
export function validatePdf(args: ReadArgs): Promise<PdfValidation | null> {
  return withCurrentFile('pdfValidate', args, (load) => readPdfFacts('validate', load));
}
