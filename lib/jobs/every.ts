import { logger } from '../log.ts';

/**
 * Run `work` every `intervalMs` in this process, the first time after `firstAfterMs`; the
 * next run is planned from the end of the last, so runs never overlap. A failed run is logged
 * (as `name`) and the next one runs as planned. The timer never keeps the process alive.
 * Returns a stop function (a run under way finishes, and plans no next one).
 */
export function every({ name, intervalMs, firstAfterMs = Math.min(60_000, intervalMs), work }: { name: string; intervalMs: number; firstAfterMs?: number; work: () => Promise<unknown> }): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout;
  const run = async () => {
    try {
      await work();
    } catch (err) {
      logger.error(`${name} failed`, { error: err instanceof Error ? err.message : String(err) });
    }
    if (stopped) return;
    timer = setTimeout(run, intervalMs);
    timer.unref();
  };
  timer = setTimeout(run, firstAfterMs);
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
