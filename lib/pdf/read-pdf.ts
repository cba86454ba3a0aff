import { PdfTaskTimeout, PdfThreadEnded, runPdfTask } from './pool.ts';

/** How long reading one PDF may take before it is refused (its thread is ended and replaced). */
export const PDF_READ_TIMEOUT_MS = 15_000;

export type PdfReading =
  /** `activeContent`: what the PDF would run or launch, in words (JavaScript, launch actions, embedded programs); empty for none. */
  | { ok: true; encrypted: boolean; pageCount: number; activeContent: string[] }
  /** `unsafe`: refused for what it would cost to read (bombs, forged page trees, time, memory), not merely damaged. */
  | { ok: false; unsafe: boolean; message: string };

type Bytes = Uint8Array | (() => Promise<Uint8Array>);

/**
 * Read a PDF on the PDF pool (lib/pdf/worker/inspect-pdf.mjs): whether it parses, its page
 * count, whether it is encrypted, and its active content. Every stream is decoded there, chunk
 * by chunk, within 64 MB each and 128 MB in all. Past PDF_READ_TIMEOUT_MS, or when its thread
 * runs out of memory, the PDF is refused and the thread replaced. `bytes` may be a loader,
 * called once a thread is free. The main thread never parses an uploaded PDF.
 */
export async function readPdf(bytes: Bytes, timeoutMs = PDF_READ_TIMEOUT_MS): Promise<PdfReading> {
  try {
    return await runPdfTask<PdfReading>(typeof bytes === 'function' ? async () => ({ op: 'read', bytes: await bytes() }) : { op: 'read', bytes }, { timeoutMs });
  } catch (err) {
    if (err instanceof PdfTaskTimeout) return { ok: false, unsafe: true, message: `reading it took longer than ${timeoutMs / 1000} s` };
    if (err instanceof PdfThreadEnded) return { ok: false, unsafe: true, message: err.exited ? 'its reading stopped' : 'it could not be read within the memory a file may use' };
    throw err;
  }
}
