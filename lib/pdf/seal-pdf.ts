import { AppError, isErrorCode } from '../errors.ts';
import { logger } from '../log.ts';
import { PdfTaskTimeout, runPdfTask } from './pool.ts';
import { PDF_READ_TIMEOUT_MS } from './read-pdf.ts';
import type { SealPdfOptions } from './worker/seal-pdf.mjs';

export type { SealPdfOptions };
export type { FooterPosition } from './worker/place-seal.mjs';
export type { CmsSigner } from './worker/sign-cms.mjs';

/** A refusal in words from the thread (lib/pdf/worker/pdf-failure.mjs). */
interface Failure {
  failure: { code: string; message: string; log?: { message: string; fields: Record<string, unknown> } };
}

/**
 * sealPdf on the PDF pool (lib/pdf/worker/seal-pdf.mjs): the file read once, its active
 * content refused, the seal's stamp, footer and code placed, and with a signer the PAdES
 * signature (and its timestamp) made, off the request thread. Bytes in, bytes out. A refusal
 * comes back as the AppError it names (active content, a file that cannot be read, a certified
 * PDF: BAD_USER_INPUT; a timestamp authority that does not answer: TIMEOUT). The file read
 * within the reading limit when it was uploaded; sealing it gets that time for the reading,
 * twice that for the seal, plus the timestamp authority's, before its thread is ended (TIMEOUT).
 */
export async function sealPdf(original: Uint8Array, options: SealPdfOptions): Promise<Uint8Array> {
  const timeoutMs = 3 * PDF_READ_TIMEOUT_MS + (options.signature?.tsaUrl ? (options.signature.tsaTimeoutMs ?? 10_000) : 0);
  let answer: Uint8Array | Failure;
  try {
    answer = await runPdfTask<Uint8Array | Failure>({ op: 'seal', bytes: original, options }, { timeoutMs });
  } catch (err) {
    if (err instanceof PdfTaskTimeout) throw new AppError('TIMEOUT', `Sealing the PDF took longer than ${timeoutMs / 1000} s; the document was not sealed`);
    throw err;
  }
  if (answer instanceof Uint8Array) return answer;
  const { code, message, log } = answer.failure;
  if (log) logger.error(log.message, log.fields);
  throw new AppError(isErrorCode(code) ? code : 'INTERNAL_SERVER_ERROR', message);
}
