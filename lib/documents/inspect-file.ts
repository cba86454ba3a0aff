import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { AppError } from '../errors.ts';
import type { DocumentContentType } from '../storage/sniff.ts';

/** What reading a stored file taught: a PDF's pages and encryption. */
export interface FileFacts {
  encrypted: boolean;
  pageCount: number | null;
}

// Parsing a 16 MB PDF takes a few times its size in memory: one at a time, so ten uploads at
// once do not hold ten parsed documents.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => {});
  return run;
}

/** Whether a PDF's trailer (or cross-reference stream dictionary) names an /Encrypt dictionary. */
function namesEncryption(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-65_536).toString('latin1');
  return /\/Encrypt\s+\d+\s+\d+\s+R/.test(tail);
}

/**
 * Read a stored file as its type says it is: a PDF must parse (an encrypted one is accepted
 * and marked), an image must decode. Anything else is BAD_USER_INPUT naming the file.
 */
export function inspectFile(bytes: Uint8Array, contentType: DocumentContentType, filename: string): Promise<FileFacts> {
  return oneAtATime(async () => {
    if (contentType === 'application/pdf') {
      try {
        const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
        const pageCount = pdf.getPageCount();
        if (pageCount < 1) throw new Error('it has no pages');
        return { encrypted: pdf.isEncrypted, pageCount };
      } catch (err) {
        // An encrypted PDF's object streams cannot be read without its key: its trailer still
        // names the encryption dictionary, in the clear.
        if (namesEncryption(bytes)) return { encrypted: true, pageCount: null };
        const reason = err instanceof Error ? err.message.split('\n')[0].slice(0, 200) : 'unreadable';
        throw new AppError('BAD_USER_INPUT', `${filename} is not a readable PDF: ${reason}`);
      }
    }
    try {
      const meta = await sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 }).metadata();
      if (!meta.width || !meta.height) throw new Error('no dimensions');
      await sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 }).stats(); // decodes every pixel
      return { encrypted: false, pageCount: 1 };
    } catch (err) {
      const reason = err instanceof Error ? err.message.split('\n')[0].slice(0, 200) : 'undecodable';
      throw new AppError('BAD_USER_INPUT', `${filename} is not a readable image: ${reason}`);
    }
  });
}
