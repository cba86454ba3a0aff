import { logger } from '../log.ts';
import { recheckCredentials } from './recheck-credentials.ts';
import type { RecheckReport } from './recheck-credentials.ts';

/**
 * Run the credential re-check every `intervalMs` in this process (the first a minute after
 * start, once the server is serving). One sweep at a time; a failed sweep is logged and the
 * next one runs as planned. The timer never keeps the process alive. Returns a stop function.
 */
export function startRecheckSchedule({ intervalMs, firstAfterMs = Math.min(60_000, intervalMs), sweep = () => recheckCredentials() }: { intervalMs: number; firstAfterMs?: number; sweep?: () => Promise<RecheckReport> }): () => void {
  let running = false;
  let stopped = false;
  let timer: NodeJS.Timeout;
  const run = async () => {
    if (!running) {
      running = true;
      try {
        const report = await sweep();
        if (report.checked > 0 || report.boardUnavailable) logger.info('credential re-check', { ...report });
      } catch (err) {
        logger.error('credential re-check failed', { error: err instanceof Error ? err.message : String(err) });
      } finally {
        running = false;
      }
    }
    if (stopped) return;
    timer = setTimeout(run, intervalMs);
    timer.unref();
  };
  timer = setTimeout(run, firstAfterMs);
  timer.unref();
  return () => {
    // A sweep under way finishes, and plans no next one.
    stopped = true;
    clearTimeout(timer);
  };
}
