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

/** The last bytes of a PDF, where its trailer (or cross-reference stream dictionary) is. */
const TAIL_BYTES = 65_536;

/** Whether a PDF's tail names an /Encrypt dictionary in its trailer or cross-reference stream dictionary. */
function namesEncryption(tailBytes: Uint8Array): boolean {
  const tail = Buffer.from(tailBytes.buffer, tailBytes.byteOffset, tailBytes.byteLength).subarray(-TAIL_BYTES).toString('latin1');
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
    // The bytes go to the PDF pool; only their tail is kept here, for the encryption check below.
    const held: { tail?: Uint8Array } = {};
    const reading = await readPdf(async () => {
      const bytes = await load();
      held.tail = new Uint8Array(bytes.subarray(-TAIL_BYTES)); // a copy: a Buffer's slice is a view
      return bytes;
    });
    if (reading.ok) return { encrypted: reading.encrypted, pageCount: reading.pageCount, activeContent: reading.activeContent };
    // An encrypted PDF's object streams cannot be read without its key: its trailer still
    // names the encryption dictionary, in the clear. One refused for its cost stays refused.
    if (!reading.unsafe && held.tail && namesEncryption(held.tail)) return { encrypted: true, pageCount: null, activeContent: [] };
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
