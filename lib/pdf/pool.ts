/**
 * The PDF pool: parsing untrusted PDFs and all heavy PDF work (inspect, place, sign) runs on
 * piscina worker threads, never on the thread that serves requests. One thread per core
 * (os.availableParallelism()), so two seals at once take about the time of one on two cores.
 *
 * - Turns: a task, and the loading of its bytes, waits for a free thread (`onPdfTurn`), so
 *   ten uploads at once hold at most one file per thread in memory, not ten.
 * - Fair shares: each turn belongs to a tenant (`asPdfTenant`: a request's client address, a
 *   batch job's, an organization's background work). A freed thread goes to the waiting tenant
 *   with the fewest turns running, and tenants with as many take turns, so one client's queue
 *   of slow files (several accounts' worth) delays another's next task by at most the time
 *   until a thread frees, never by the length of that queue.
 * - Time: every task has a limit; past it the task is aborted, which ends the thread running it
 *   (piscina terminates a busy thread on abort) and a fresh one takes its place, so a hostile
 *   file that hangs never holds the pool.
 * - Memory: each thread's heap is capped (1 GB); a thread that runs out is ended and replaced.
 * - Priority: the threads run niced below the thread that serves requests.
 *
 * The threads run lib/pdf/worker/pdf-worker.mjs, plain JavaScript found by its path: under
 * vitest and tsx beside this module, in `next start` and the standalone server under the
 * working directory (next.config.ts traces lib/pdf/worker/ into the build, and the standalone
 * server runs from its own directory, as it does for the templates).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { env } from '../env.ts';
import { logger } from '../log.ts';
import type { PdfTask } from './worker/pdf-worker.mjs';

export type { PdfTask };

/** Threads in the pool: PDF_THREADS, else one per core the process may use; started with the pool and kept. */
export const PDF_THREADS = env().PDF_THREADS ?? Math.max(1, os.availableParallelism());

/** A task passed its time limit: its thread was ended. */
export class PdfTaskTimeout extends Error {}

/** The thread running a task ended before it answered: an error in it (out of memory), or it exited. */
export class PdfThreadEnded extends Error {
  constructor(
    message: string,
    readonly exited: boolean,
  ) {
    super(message);
  }
}

const WORKER_PATH = 'lib/pdf/worker/pdf-worker.mjs';

/** The pool's entry file: under the working directory (a build, the sources), else beside this module. */
function workerFile(): string {
  const candidates = [path.resolve(process.cwd(), WORKER_PATH)];
  try {
    candidates.push(path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker', 'pdf-worker.mjs'));
  } catch {
    // Bundled: import.meta.url may not be a file URL; the working directory holds the traced copy.
  }
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`The PDF pool's worker file is missing (looked for ${candidates.join(', ')})`);
  return found;
}

interface PoolState {
  pool: Piscina | null;
  free: number;
  /** Who waits for a turn, by tenant, in the order the tenants are to be served among equals. */
  waiting: Map<string, Array<() => void>>;
  /** Turns held, by tenant. */
  running: Map<string, number>;
}

// One pool per process, also when a dev server evaluates this module again.
const state: PoolState = ((globalThis as { __sealwrightPdfPoolShares?: PoolState }).__sealwrightPdfPoolShares ??= { pool: null, free: PDF_THREADS, waiting: new Map(), running: new Map() });

/** The tenant of work that names none (a request outside the API's doors). */
export const DEFAULT_PDF_TENANT = 'unnamed';

const tenants = new AsyncLocalStorage<string>();

/** Run `work` with every PDF turn it takes (awaited work included) counted against `tenant`. */
export function asPdfTenant<T>(tenant: string, work: () => Promise<T>): Promise<T> {
  return tenants.run(tenant, work);
}

/** The tenant the current work counts against. */
export function currentPdfTenant(): string {
  return tenants.getStore() ?? DEFAULT_PDF_TENANT;
}

/** Turns held and waiting, by tenant (tests, metrics). */
export function pdfPoolShares(): { free: number; running: Record<string, number>; waiting: Record<string, number> } {
  return { free: state.free, running: Object.fromEntries(state.running), waiting: Object.fromEntries([...state.waiting].map(([t, q]) => [t, q.length])) };
}

function pool(): Piscina {
  if (!state.pool) {
    const created = new Piscina({
      filename: workerFile(),
      // All started at once and kept: a burst of seals or uploads waits for no thread to start.
      minThreads: PDF_THREADS,
      maxThreads: PDF_THREADS,
      // Below the request thread's priority (Linux, through @napi-rs/nice): when every core is
      // busy, answering requests comes before PDF work.
      niceIncrement: 5,
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    // A thread that dies with no task on it (piscina replaces it): logged, never a crash.
    created.on('error', (err: unknown) => logger.warn('pdf pool: a thread ended', { error: String(err) }));
    state.pool = created;
  }
  return state.pool;
}

function hold(tenant: string, delta: 1 | -1) {
  const n = (state.running.get(tenant) ?? 0) + delta;
  if (n > 0) state.running.set(tenant, n);
  else state.running.delete(tenant);
}

/** Hand a freed turn to the waiting tenant with the fewest turns running (the longest served last among equals); false when nobody waits. */
function handOn(): boolean {
  let chosen: string | null = null;
  let fewest = Infinity;
  for (const tenant of state.waiting.keys()) {
    const held = state.running.get(tenant) ?? 0;
    if (held < fewest) [chosen, fewest] = [tenant, held];
  }
  if (chosen === null) return false;
  const queue = state.waiting.get(chosen)!;
  const next = queue.shift()!;
  // Served: to the back of the line of tenants, behind those that waited as long.
  state.waiting.delete(chosen);
  if (queue.length > 0) state.waiting.set(chosen, queue);
  hold(chosen, 1);
  next();
  return true;
}

async function takeTurn(): Promise<() => void> {
  const tenant = currentPdfTenant();
  if (state.free > 0) {
    state.free -= 1;
    hold(tenant, 1);
  } else {
    // The turn is held for it by whoever hands it on (handOn).
    await new Promise<void>((resolve) => {
      const queue = state.waiting.get(tenant);
      if (queue) queue.push(resolve);
      else state.waiting.set(tenant, [resolve]);
    });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    hold(tenant, -1);
    if (!handOn()) state.free += 1;
  };
}

/**
 * Run file work once a pool thread is free, holding that thread's turn while it runs: what
 * the main thread does with a file that costs memory (an image decoded by sharp), so it counts
 * against the same limit as the PDFs. Not for work that calls runPdfTask (that takes a turn).
 */
export async function onPdfTurn<T>(work: () => Promise<T>): Promise<T> {
  const release = await takeTurn();
  try {
    return await work();
  } finally {
    release();
  }
}

const isThreadEnd = (err: unknown) => {
  const e = err as { code?: unknown; message?: unknown };
  return (typeof e?.code === 'string' && e.code.startsWith('ERR_WORKER')) || (typeof e?.message === 'string' && e.message.startsWith('worker exited'));
};

/**
 * Run a task on a pool thread once one is free, and answer what the thread answers. `task` may
 * be a function that loads it (called only when its turn comes, so waiting tasks hold no
 * bytes). Its bytes are copied and the copy moved to the thread; the caller's own are not
 * kept here meanwhile. Throws PdfTaskTimeout past `timeoutMs` (the thread is ended),
 * PdfThreadEnded when the thread died, or what the task threw.
 */
export async function runPdfTask<T>(task: PdfTask | (() => Promise<PdfTask>), { timeoutMs }: { timeoutMs: number }): Promise<T> {
  return onPdfTurn(async () => {
    const loaded = typeof task === 'function' ? await task() : task;
    const op = loaded.op;
    const bytes = new Uint8Array(loaded.bytes);
    const message: PdfTask = { ...loaded, bytes };
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      return (await pool().run(message, { signal: abort.signal, transferList: [bytes.buffer] })) as T;
    } catch (err) {
      if (abort.signal.aborted) {
        logger.warn('pdf pool: a task passed its time limit; its thread was ended', { op, timeoutMs });
        throw new PdfTaskTimeout(`the ${op} task took longer than ${timeoutMs} ms`);
      }
      if (isThreadEnd(err)) {
        logger.warn('pdf pool: a thread ended during a task', { op, error: String(err) });
        throw new PdfThreadEnded(String(err), String((err as { message?: unknown }).message).startsWith('worker exited'));
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  });
}
