import sharp from 'sharp';
import { AppError } from '../errors.ts';
import type { DocumentContentType } from '../storage/sniff.ts';
import { MAX_IMAGE_PIXELS } from './image-to-pdf.ts';
import { onPdfTurn } from './pool.ts';
import { readPdf } from './read-pdf.ts';

/** What reading a stored file taught: a PDF's pages, encryption and active content. */
export interface FileFacts {
  encrypted: boolean;
  pageCount: number | null;
  /** What a PDF would run or launch, in words (JavaScript, launch actions, embedded programs): sealing refuses it. */
  activeContent: string[];
}

/** Whether a PDF's trailer (or cross-reference stream dictionary) names an /Encrypt dictionary. */
function namesEncryption(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-65_536).toString('latin1');
  return /\/Encrypt\s+\d+\s+\d+\s+R/.test(tail);
}

/**
 * Read a stored file as its type says it is: a PDF must parse (an encrypted one is accepted
 * and marked), an image must decode. Anything else is BAD_USER_INPUT naming the file. The
 * bytes are loaded only when a thread of the PDF pool is free for them (`load`), so uploads
 * waiting for theirs hold none. PDFs are read on the pool; images are decoded by sharp (native,
 * off the request thread) in a turn of the pool, so they count against the same limit.
 */
export async function inspectFile(load: () => Promise<Uint8Array>, contentType: DocumentContentType, filename: string): Promise<FileFacts> {
  if (contentType === 'application/pdf') {
    const held: { bytes?: Uint8Array } = {};
    const reading = await readPdf(async () => (held.bytes = await load()));
    if (reading.ok) return { encrypted: reading.encrypted, pageCount: reading.pageCount, activeContent: reading.activeContent };
    // An encrypted PDF's object streams cannot be read without its key: its trailer still
    // names the encryption dictionary, in the clear. One refused for its cost stays refused.
    if (!reading.unsafe && held.bytes && namesEncryption(held.bytes)) return { encrypted: true, pageCount: null, activeContent: [] };
    throw new AppError('BAD_USER_INPUT', `${filename} is not a readable PDF: ${reading.message}`);
  }
  return onPdfTurn(async () => {
    const bytes = await load();
    try {
      const meta = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
      if (!meta.width || !meta.height) throw new Error('no dimensions');
      await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).stats(); // decodes every pixel
      return { encrypted: false, pageCount: 1, activeContent: [] };
    } catch (err) {
      const reason = err instanceof Error ? err.message.split('\n')[0].slice(0, 200) : 'undecodable';
      throw new AppError('BAD_USER_INPUT', `${filename} is not a readable image: ${reason}`);
    }
  });
}
