import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { logger } from '../log.ts';

/** How long reading one PDF may take before it is refused (the worker is ended and replaced). */
export const PDF_READ_TIMEOUT_MS = 15_000;

export type PdfReading =
  /** `activeContent`: what the PDF would run or launch, in words (JavaScript, launch actions, embedded programs); empty for none. */
  | { ok: true; encrypted: boolean; pageCount: number; activeContent: string[] }
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

type Failure = { ok: false; unsafe: boolean; message: string };

// The worker answers one message at a time, and each request listens for the next answer: a
// second request sent meanwhile would take the first one's answer. Requests wait their turn.
let turn: Promise<unknown> = Promise.resolve();

function ask<T extends { ok: true }>(kind: 'read' | 'activeContent', bytes: Uint8Array, timeoutMs: number): Promise<T | Failure> {
  const run = turn.then(() => askNow<T>(kind, bytes, timeoutMs));
  turn = run.catch(() => {});
  return run;
}

function askNow<T extends { ok: true }>(kind: 'read' | 'activeContent', bytes: Uint8Array, timeoutMs: number): Promise<T | Failure> {
  worker ??= new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: 1024 } });
  worker.unref();
  const current = worker;
  return new Promise((resolve) => {
    const finish = (reading: T | Failure) => {
      clearTimeout(timer);
      current.off('message', onMessage);
      current.off('error', onError);
      current.off('exit', onExit);
      resolve(reading);
    };
    const onMessage = (reading: T | Failure) => finish(reading);
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
    current.postMessage({ kind, bytes: copy.buffer }, [copy.buffer]);
  });
}

/**
 * Read a PDF in the worker thread (lib/documents/pdf-inspect-worker.cjs): whether it parses,
 * its page count, whether it is encrypted, and its active content. Every stream is decoded
 * there, chunk by chunk, within 64 MB each and 128 MB in all. One PDF at a time (callers queue,
 * see inspect-file.ts); past PDF_READ_TIMEOUT_MS, or when the worker runs out of its memory,
 * the PDF is refused and the worker replaced. The main thread never parses an uploaded PDF.
 */
export function readPdf(bytes: Uint8Array, timeoutMs = PDF_READ_TIMEOUT_MS): Promise<PdfReading> {
  return ask<Extract<PdfReading, { ok: true }>>('read', bytes, timeoutMs);
}

/**
 * What a PDF would run or launch (JavaScript, launch actions, embedded programs), in words, as
 * the worker thread finds it; empty when there is none. A PDF the worker cannot read is
 * BAD_USER_INPUT.
 */
export async function findActiveContent(bytes: Uint8Array, timeoutMs = PDF_READ_TIMEOUT_MS): Promise<string[]> {
  const answer = await ask<{ ok: true; activeContent: string[] }>('activeContent', bytes, timeoutMs);
  if (!answer.ok) throw new AppError('BAD_USER_INPUT', `The PDF is not readable: ${answer.message}`);
  return answer.activeContent;
}
