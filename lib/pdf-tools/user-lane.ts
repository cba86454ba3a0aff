/**
 * One PDF-tool operation at a time per user, in this process. The PDF pool has one thread per
 * core (two here); each task may take up to its time limit (15 s, a merge up to 30 s), and the
 * "PDF operations" budget lets a user start 10 a minute: unchecked, one user's operations could
 * hold every thread for minutes while everyone else's waited. So a user's operation takes the
 * pool only when their previous one has finished; the others wait in line, in the order they
 * came (a query asking pdfInfo and pdfMetadata at once answers both, one after the other), and
 * never hold more than one thread, so another user's operation finds one free.
 *
 * A request that ends while its operation still waits (the GraphQL request timeout) leaves the
 * line: the operation answers TIMEOUT in words and never runs, so nothing is changed after the
 * caller was told it timed out.
 */
import { AppError } from '../errors.ts';

interface Lane {
  /** Callers waiting for the lane, first come first; each is called when its turn comes. */
  waiting: Array<() => void>;
}

// One table per process, also when a dev server evaluates this module again.
const lanes: Map<string, Lane> = ((globalThis as { __sealwrightPdfUserLanes?: Map<string, Lane> }).__sealwrightPdfUserLanes ??= new Map());

/** How many of this user's operations are running or waiting (0 when none). */
export function laneLength(userId: string): number {
  const lane = lanes.get(userId);
  return lane ? lane.waiting.length + 1 : 0;
}

async function takeLane(userId: string, signal?: AbortSignal): Promise<() => void> {
  const lane = lanes.get(userId);
  if (!lane) lanes.set(userId, { waiting: [] });
  else {
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = lane.waiting.indexOf(turn);
        if (at >= 0) lane.waiting.splice(at, 1);
        reject(new AppError('TIMEOUT', 'The request ended while this PDF operation waited for your other PDF operations to finish; nothing was changed'));
      };
      if (signal?.aborted) return leave();
      signal?.addEventListener('abort', leave, { once: true });
      lane.waiting.push(turn);
    });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const current = lanes.get(userId)!;
    const next = current.waiting.shift();
    if (next) next();
    else lanes.delete(userId);
  };
}

/** Run `work` (a PDF tool's work on the pool) once the user's previous PDF operation has finished. */
export async function inUserLane<T>(userId: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const release = await takeLane(userId, signal);
  try {
    return await work();
  } finally {
    release();
  }
}
