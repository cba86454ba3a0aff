import { Worker } from 'node:worker_threads';
import { logger } from '../log.ts';

/** How long reading one PDF may take before it is refused (the worker is ended and replaced). */
export const PDF_READ_TIMEOUT_MS = 15_000;

export type PdfReading =
  | { ok: true; encrypted: boolean; pageCount: number }
  /** `unsafe`: refused for what it would cost to read (bombs, forged page trees, time, memory), not merely damaged. */
  | { ok: false; unsafe: boolean; message: string };

// Resolved next to this module, in the sources and in a build alike (next.config.ts traces it).
const WORKER_FILE = new URL('./pdf-inspect-worker.cjs', import.meta.url);

let worker: Worker | null = null;

function end(reason: string): void {
  const ending = worker;
  worker = null;
  if (ending) void ending.terminate().catch(() => {});
  logger.warn('pdf reader ended', { reason });
}

/**
 * Read a PDF in the worker thread (lib/documents/pdf-inspect-worker.cjs): whether it parses,
 * its page count and whether it is encrypted. One PDF at a time (callers queue, see
 * inspect-file.ts); past PDF_READ_TIMEOUT_MS, or when the worker runs out of its memory, the PDF
 * is refused and the worker replaced. The main thread never parses an uploaded PDF.
 */
export function readPdf(bytes: Uint8Array, timeoutMs = PDF_READ_TIMEOUT_MS): Promise<PdfReading> {
  worker ??= new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: 1024 } });
  worker.unref();
  const current = worker;
  return new Promise((resolve) => {
    const finish = (reading: PdfReading) => {
      clearTimeout(timer);
      current.off('message', onMessage);
      current.off('error', onError);
      current.off('exit', onExit);
      resolve(reading);
    };
    const onMessage = (reading: PdfReading) => finish(reading);
    const onError = (err: Error) => {
      end(`error: ${err.message}`);
      finish({ ok: false, unsafe: true, message: 'it could not be read within the memory a file may use' });
    };
    const onExit = () => {
      if (worker === current) worker = null;
      finish({ ok: false, unsafe: true, message: 'its reading stopped' });
    };
    const timer = setTimeout(() => {
      end('timeout');
      finish({ ok: false, unsafe: true, message: `reading it took longer than ${timeoutMs / 1000} s` });
    }, timeoutMs);
    current.on('message', onMessage);
    current.on('error', onError);
    current.on('exit', onExit);
    const copy = new Uint8Array(bytes); // the worker gets a buffer of its own, moved, not cloned
    current.postMessage({ bytes: copy.buffer }, [copy.buffer]);
  });
}
