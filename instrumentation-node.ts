/**
 * The start-up of instrumentation.ts, for the Node runtime: parse the environment, or stop;
 * then start the periodic credential re-check (CREDENTIAL_RECHECK_INTERVAL_MS, 0: off).
 */
import { env } from './lib/env.ts';

try {
  env();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

if (env().CREDENTIAL_RECHECK_INTERVAL_MS > 0) {
  const { startRecheckSchedule } = await import('./lib/credentials/recheck-schedule.ts');
  startRecheckSchedule({ intervalMs: env().CREDENTIAL_RECHECK_INTERVAL_MS });
}
