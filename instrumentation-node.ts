/**
 * The start-up of instrumentation.ts, for the Node runtime: parse the environment, or stop;
 * then start the periodic credential re-check (CREDENTIAL_RECHECK_INTERVAL_MS, 0: off) and
 * the blob collector (BLOB_COLLECT_INTERVAL_MS, 0: off).
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

if (env().BLOB_COLLECT_INTERVAL_MS > 0) {
  const { every } = await import('./lib/jobs/every.ts');
  const { collectBlobs } = await import('./lib/storage/collect-blobs.ts');
  every({ name: 'blob collector', intervalMs: env().BLOB_COLLECT_INTERVAL_MS, firstAfterMs: 5 * 60_000, work: () => collectBlobs() });
}
