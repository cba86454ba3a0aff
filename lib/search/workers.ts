/**
 * Who reads queued document versions: `startIngestWorkers` in every long-running instance that
 * runs batch workers (the server on PGlite, `npm run batch:worker` on PostgreSQL), and
 * `drainIngestQueue` where no process stays up (GET /v1/cron/batch on Vercel).
 */
import { drainQueue, workQueue } from '../queue/index.ts';
import type { JobHandler } from '../queue/index.ts';
import { ingestDocumentVersion } from './ingest.ts';
import { INGEST_QUEUE } from './ingest-queue.ts';
import type { IngestJob } from './ingest-queue.ts';

const ingest: JobHandler<IngestJob> = async (job) => {
  await ingestDocumentVersion(job.data.ingestId, { lastAttempt: job.retryCount >= job.retryLimit });
};

/** Start this process's ingest workers (none when concurrency is 0). One reads at a time by default: reading is PDF-thread work, and sealing shares the threads. */
export async function startIngestWorkers({ concurrency = 1 }: { concurrency?: number } = {}): Promise<boolean> {
  if (concurrency <= 0) return false;
  await workQueue(INGEST_QUEUE, { concurrency, batchSize: 1, pollingIntervalSeconds: 1 }, ingest);
  return true;
}

/** Read queued versions for at most `budgetMs`, then answer what was done. */
export function drainIngestQueue({ budgetMs, concurrency = 1 }: { budgetMs: number; concurrency?: number }) {
  return drainQueue([{ definition: INGEST_QUEUE, handler: ingest as JobHandler<never> }], { budgetMs, concurrency });
}
