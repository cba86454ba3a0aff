/**
 * The start-up of instrumentation.ts, for the Node runtime: parse the environment, or stop;
 * make X-Forwarded-For the socket's address unless a proxy is trusted (lib/http/peer-address);
 * have the verification counts held in memory written when the server stops; remove the
 * temporary upload files an earlier run left; then start the lapsed-plan sweep, the hourly removal
 * of encrypted messages unacknowledged for 30 days, the periodic
 * credential re-check (CREDENTIAL_RECHECK_INTERVAL_MS, 0: off) and the blob collector
 * (BLOB_COLLECT_INTERVAL_MS, 0: off); the seal log's catch-up and its signed heads every 10 s; and the
 * batch-sealing and document-ingest workers (BATCH_CONCURRENCY, 0: none).
 */
import { env } from './lib/env.ts';

/** How often lapsed plans are swept (a cheap conditional UPDATE). */
const LAPSED_PLAN_SWEEP_MS = 5 * 60_000;
/** How often encrypted messages past their 30 days are removed. */
const EXPIRED_MESSAGES_SWEEP_MS = 60 * 60_000;

try {
  env();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

// Per-IP limits key on X-Forwarded-For: with no trusted proxy, it becomes the socket's address
// in every start path (next start, next dev, the standalone server), not what a client wrote.
const { installPeerAddressGuard } = await import('./lib/http/peer-address.ts');
installPeerAddressGuard(env().TRUST_PROXY);

// What the server holds in memory is written before its database closes (SIGINT/SIGTERM).
{
  const { flushOnShutdown } = await import('./lib/jobs/on-shutdown.ts');
  flushOnShutdown();
}

// Cancelled plans whose period is over are written FREE canceled, even before Stripe's event
// and without a request of the organization's (reads already compute it: lib/orgs/lapsed-plans.ts).
{
  const { every } = await import('./lib/jobs/every.ts');
  const { dropLapsedPlans } = await import('./lib/orgs/lapsed-plans.ts');
  every({ name: 'lapsed plans', intervalMs: LAPSED_PLAN_SWEEP_MS, work: () => dropLapsedPlans() });
}

if (env().CREDENTIAL_RECHECK_INTERVAL_MS > 0) {
  const { startRecheckSchedule } = await import('./lib/credentials/recheck-schedule.ts');
  startRecheckSchedule({ intervalMs: env().CREDENTIAL_RECHECK_INTERVAL_MS });
}

// Encrypted messages nobody acknowledged within 30 days are removed (lib/messaging/relay.ts).
{
  const { every } = await import('./lib/jobs/every.ts');
  const { removeExpiredMessages } = await import('./lib/messaging/relay.ts');
  every({ name: 'expired encrypted messages', intervalMs: EXPIRED_MESSAGES_SWEEP_MS, work: () => removeExpiredMessages() });
}

// Temporary files of uploads an earlier run was receiving when it stopped: nothing will finish them.
{
  const { removeTemporariesOfEarlierRuns } = await import('./lib/storage/collect-blobs.ts');
  void removeTemporariesOfEarlierRuns().catch((err) => console.error(`removing stale temporary files failed: ${err instanceof Error ? err.message : String(err)}`));
}

if (env().BLOB_COLLECT_INTERVAL_MS > 0) {
  const { every } = await import('./lib/jobs/every.ts');
  const { collectBlobs } = await import('./lib/storage/collect-blobs.ts');
  every({ name: 'blob collector', intervalMs: env().BLOB_COLLECT_INTERVAL_MS, firstAfterMs: 5 * 60_000, work: () => collectBlobs() });
}

// The seal log: seals made before it existed are appended once, then a signed tree head every
// 10 s while entries arrive (readers who need a newer one get it signed on demand).
{
  const { every } = await import('./lib/jobs/every.ts');
  const { appendUnloggedSeals } = await import('./lib/transparency/seal-log.ts');
  const { HEAD_INTERVAL_MS, signTreeHeadIfDue } = await import('./lib/transparency/heads.ts');
  void appendUnloggedSeals().catch((err) => console.error(`appending earlier seals to the seal log failed: ${err instanceof Error ? err.message : String(err)}`));
  every({ name: 'seal log heads', intervalMs: HEAD_INTERVAL_MS, firstAfterMs: HEAD_INTERVAL_MS, work: () => signTreeHeadIfDue() });
}

// Batch sealing: every instance works the shared queue (pg-boss), unless BATCH_CONCURRENCY=0.
{
  const { startBatchWorkers } = await import('./lib/batch/workers.ts');
  void startBatchWorkers().catch((err) => console.error(`the batch-sealing workers did not start: ${err instanceof Error ? err.message : String(err)}`));
}

// Document ingest for search and chat: the same queue, worked wherever batch items are (BATCH_CONCURRENCY=0: elsewhere).
{
  const { batchConcurrency } = await import('./lib/batch/workers.ts');
  const { startIngestWorkers } = await import('./lib/search/workers.ts');
  if (batchConcurrency() > 0) void startIngestWorkers().catch((err) => console.error(`the ingest workers did not start: ${err instanceof Error ? err.message : String(err)}`));
}
