/**
 * The PDF tools on the PDF pool (lib/pdf/worker/tools/): every reading and edit of a stored
 * PDF runs on a pool thread, within the upload's reading limits (pages, stream sizes) and the
 * same time limit, never on the thread that serves requests. Bytes in, facts or bytes out; a
 * refusal comes back as the AppError it names, a task past its time as TIMEOUT, a thread that
 * ran out of memory as BAD_USER_INPUT.
 *
 * Engines (issue 24, item 5), chosen by measurement on the same files in one interleaved run
 * (in a thread, p50, 2-core machine): merging ten 100-page files took pdf-lib 1.17.1 330 ms,
 * @cantoo/pdf-lib 2.11.1 347 ms (qpdf --pages 202 ms); the text of 500 pages took pdfjs-dist
 * 1,502 ms, PDFium (@embedpdf/pdfium 2.15.1, WASM) 664 ms (pdftotext 420 ms).
 * - Editing stays on pdf-lib: the fork is no faster, and sealing, signing and the upload's
 *   limits (inspect-pdf.mjs patches pdf-lib's decoders) are built on pdf-lib's classes, which
 *   a second copy of the library would not share. The fork has the same API: moving to it is
 *   an import change, worth it when pdf-lib's lack of releases bites.
 * - Text stays on pdfjs-dist: PDFium reads faster, but gives text in content-stream order,
 *   while reading order needs each run's position (pdf.js gives it with the text; PDFium needs
 *   a WASM call per character); its WASM memory lives outside the thread's heap limit and never
 *   shrinks; and pdf.js is already shipped (thumbnails). Its slowest part here was core-js's
 *   Array.prototype.push polyfill, now undone (tools/page-texts.mjs).
 * - MuPDF is AGPL: left out.
 */
import { AppError, isErrorCode } from '../errors.ts';
import { PdfTaskTimeout, PdfThreadEnded, runPdfTask } from './pool.ts';
import { PDF_READ_TIMEOUT_MS } from './read-pdf.ts';
import type { ToolTask } from './worker/tools/run-tool.mjs';

type ToolName = ToolTask['tool'];

/** A page's size as it is seen (rotation applied). */
export interface PdfPageSize {
  page: number;
  width: number;
  height: number;
  rotation: number;
}

export interface PdfBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfPageDetail extends PdfPageSize {
  isLandscape: boolean;
  mediaBox: PdfBox;
  cropBox: PdfBox;
  bleedBox: PdfBox;
  trimBox: PdfBox;
  artBox: PdfBox;
}

export interface PdfInfo {
  pageCount: number;
  fileSize: number;
  isEncrypted: boolean;
  isLinearized: boolean;
  version: string | null;
  pageSizes: PdfPageSize[];
}

export interface PdfMetadata {
  title: string | null;
  author: string | null;
  subject: string | null;
  keywords: string | null;
  creator: string | null;
  producer: string | null;
  creationDate: string | null;
  modificationDate: string | null;
  pageCount: number;
  pdfVersion: string | null;
  fileSize: number;
  isEncrypted: boolean;
  hasForms: boolean;
}

export interface PdfSignatureInfo {
  isSigned: boolean;
  signatureCount: number;
  signatures: Array<{ signerName: string | null; signingDate: string | null; signatureType: string | null }>;
}

export interface PdfValidation {
  isValid: boolean;
  issues: string[];
}

/** What an edit did, beside its new file. */
export interface PdfEditFacts {
  pageCount: number;
  operationsApplied: number;
  fieldsFilled: number;
  pagesWatermarked: number;
}

interface ReadingResults {
  info: PdfInfo;
  metadata: PdfMetadata;
  pageInfo: PdfPageSize[];
  pageDetail: PdfPageDetail;
  signatures: PdfSignatureInfo;
  text: string[];
  validate: PdfValidation;
}

type Answer<R> = { ok: true; result: R; pdf?: Uint8Array } | { failure: { code: string; message: string } };

/** How long one tool task on one file may take: the reading limit. */
export const PDF_TOOL_TIMEOUT_MS = PDF_READ_TIMEOUT_MS;

/** What each source beyond the first adds to an edit's time limit (a merge), and the most an edit may take. */
export const PDF_TOOL_PER_EXTRA_FILE_MS = 150;
export const PDF_TOOL_MAX_TIMEOUT_MS = 30_000;

/**
 * An edit's one time limit for the whole task: the reading limit, plus 150 ms for each source
 * file beyond the first, at most 30 s (a merge of 100 files: 29.85 s). Not the reading limit
 * per file: a merge of 100 files held a pool thread for up to 25 minutes.
 */
export function editTimeoutMs(fileCount: number): number {
  return Math.min(PDF_TOOL_MAX_TIMEOUT_MS, PDF_TOOL_TIMEOUT_MS + PDF_TOOL_PER_EXTRA_FILE_MS * Math.max(0, fileCount - 1));
}

async function run<R>(tool: ToolName, files: Uint8Array[] | (() => Promise<Uint8Array[]>), extra: Pick<ToolTask, 'args' | 'names'>, timeoutMs: number): Promise<{ result: R; pdf?: Uint8Array }> {
  const pack = (loaded: Uint8Array[]): ToolTask => {
    const bytes = new Uint8Array(loaded.reduce((n, f) => n + f.byteLength, 0));
    let at = 0;
    for (const f of loaded) {
      bytes.set(f, at);
      at += f.byteLength;
    }
    return { op: 'tool', tool, bytes, sizes: loaded.map((f) => f.byteLength), ...extra };
  };
  let answer: Answer<R>;
  try {
    answer = await runPdfTask<Answer<R>>(typeof files === 'function' ? async () => pack(await files()) : pack(files), { timeoutMs });
  } catch (err) {
    if (err instanceof PdfTaskTimeout) throw new AppError('TIMEOUT', `The PDF took longer than ${Math.round(timeoutMs / 100) / 10} s to process; nothing was changed`);
    if (err instanceof PdfThreadEnded)
      throw new AppError('BAD_USER_INPUT', err.exited ? 'The PDF could not be processed: its reading stopped' : 'The PDF could not be processed within the memory a file may use');
    throw err;
  }
  if ('failure' in answer) throw new AppError(isErrorCode(answer.failure.code) ? answer.failure.code : 'INTERNAL_SERVER_ERROR', answer.failure.message);
  return answer;
}

/**
 * A reading of one PDF on the pool: info, metadata, page sizes, one page's boxes, signatures,
 * text per page, or validation. `bytes` may be a loader, called once a thread is free.
 */
export async function readPdfFacts<T extends keyof ReadingResults>(tool: T, bytes: Uint8Array | (() => Promise<Uint8Array>), args: Record<string, unknown> = {}): Promise<ReadingResults[T]> {
  const files = typeof bytes === 'function' ? async () => [await bytes()] : [bytes];
  return (await run<ReadingResults[T]>(tool, files, { args }, PDF_TOOL_TIMEOUT_MS)).result;
}

/**
 * An edit on the pool: the files it reads (the document's, or several for a merge, plus an
 * image), its arguments, and `names` to name a source in a refusal. Answers the new PDF and
 * what was done, within one time limit for the whole task (editTimeoutMs).
 */
export async function editPdf(
  tool: Exclude<ToolName, keyof ReadingResults>,
  files: Uint8Array[] | (() => Promise<Uint8Array[]>),
  { args = {}, names, fileCount }: { args?: Record<string, unknown>; names?: string[]; fileCount: number },
): Promise<{ pdf: Uint8Array; facts: PdfEditFacts }> {
  const answer = await run<PdfEditFacts>(tool, files, { args, names }, editTimeoutMs(fileCount));
  if (!answer.pdf) throw new Error(`the ${tool} tool answered no PDF`);
  return { pdf: answer.pdf, facts: answer.result };
}
