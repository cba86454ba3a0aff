/**
 * Who works the batch queue: `startBatchWorkers` in every long-running instance (started with
 * the server), `drainBatchQueue` where no process stays up (GET /v1/cron/batch on Vercel).
 * Both hand each queue job to workBatchItem; pg-boss gives a job to one of them at a time,
 * across every instance on the database.
 */
import { env } from '../env.ts';
import { PDF_THREADS } from '../pdf/pool.ts';
import { drainQueue, workQueue } from '../queue/index.ts';
import type { JobHandler, QueueJob } from '../queue/index.ts';
import { BATCH_DEAD_LETTER, batchQueue } from './queue.ts';
import type { BatchItemJob } from './queue.ts';
import { failAbandonedItem, workBatchItem } from './work-item.ts';

/** Told of every item this process settles or finds settled (the worker script prints it). */
type OnItem = (itemId: string, outcome: Awaited<ReturnType<typeof workBatchItem>>) => void;

const sealItemThen =
  (onItem?: OnItem): JobHandler<BatchItemJob> =>
  async (job: QueueJob<BatchItemJob>) => {
    const outcome = await workBatchItem(job.data.itemId, { lastAttempt: job.retryCount >= job.retryLimit });
    onItem?.(job.data.itemId, outcome);
  };
const sealItem = sealItemThen();

const failAbandoned: JobHandler<BatchItemJob> = async (job) => {
  await failAbandonedItem(job.data.itemId);
};

/**
 * How many items this instance seals at once: BATCH_CONCURRENCY, else one per PDF thread. The
 * PDF work runs on the pool's threads, never on the thread serving requests.
 */
export function batchConcurrency(): number {
  // On Vercel no process stays up between requests: the cron route works the queue.
  return env().BATCH_CONCURRENCY ?? (process.env.VERCEL ? 0 : PDF_THREADS);
}

/** Start this process's batch workers (none when BATCH_CONCURRENCY is 0). */
export async function startBatchWorkers({ concurrency = batchConcurrency(), onItem }: { concurrency?: number; onItem?: OnItem } = {}): Promise<boolean> {
  if (concurrency <= 0) return false;
  await workQueue(BATCH_DEAD_LETTER, { concurrency: 1, batchSize: 10, pollingIntervalSeconds: 5 }, failAbandoned);
  // One item a claim: a queue job's expiry (BATCH_ITEM_TIMEOUT_SECONDS) runs from its claim, so
  // a second item claimed with the first would spend its time waiting for the first.
  await workQueue(batchQueue(), { concurrency, batchSize: 1, pollingIntervalSeconds: 1 }, onItem ? sealItemThen(onItem) : sealItem);
  return true;
}

/** Work batch items for at most `budgetMs` (no new item is taken after it), then answer what was done. */
export function drainBatchQueue({ budgetMs, concurrency = batchConcurrency() || 1 }: { budgetMs: number; concurrency?: number }) {
  return drainQueue(
    [
      { definition: batchQueue(), handler: sealItem as JobHandler<never> },
      { definition: BATCH_DEAD_LETTER, handler: failAbandoned as JobHandler<never> },
    ],
    { budgetMs, concurrency },
  );
}
