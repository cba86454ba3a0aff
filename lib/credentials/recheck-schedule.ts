import { every } from '../jobs/every.ts';
import { logger } from '../log.ts';
import { recheckCredentials } from './recheck-credentials.ts';
import type { RecheckReport } from './recheck-credentials.ts';

/**
 * Run the credential re-check every `intervalMs` in this process (the first a minute after
 * start, once the server is serving), one sweep at a time. Returns a stop function.
 */
export function startRecheckSchedule({
  intervalMs,
  firstAfterMs,
  sweep = () => recheckCredentials(),
}: {
  intervalMs: number;
  firstAfterMs?: number;
  sweep?: () => Promise<RecheckReport>;
}): () => void {
  return every({
    name: 'credential re-check',
    intervalMs,
    firstAfterMs,
    work: async () => {
      const report = await sweep();
      if (report.checked > 0 || report.boardUnavailable) logger.info('credential re-check', { ...report });
    },
  });
}
