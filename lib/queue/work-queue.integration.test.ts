/**
 * workQueue's loop on the real pg-boss (PGlite, or PostgreSQL with DATABASE_URL): a worker that
 * found work claims again at once instead of waiting out its polling interval, so a queue of
 * jobs is worked at the speed of its handler, not `batchSize` jobs per interval.
 */
import crypto from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { db } from '../db/index.ts';
import { enqueueInTransaction, prepareQueues, stopQueue, workQueue } from './index.ts';
import type { QueueDefinition } from './index.ts';

afterAll(() => stopQueue());

it('claims again at once while jobs wait, not batchSize jobs per polling interval', async () => {
  const queue: QueueDefinition = { name: `test-claim-again-${crypto.randomBytes(4).toString('hex')}`, retryLimit: 0, retryDelay: 1, expireInSeconds: 60 };
  await prepareQueues(queue);
  const ids = Array.from({ length: 8 }, () => crypto.randomUUID());
  await db().$transaction((tx) =>
    enqueueInTransaction(
      tx,
      queue,
      ids.map((id) => ({ id, data: { n: id } })),
    ),
  );

  const done: string[] = [];
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  const started = Date.now();
  // One worker, two jobs a claim, a 5 s interval: waiting it out after each claim would take 15 s.
  await workQueue<{ n: string }>(queue, { concurrency: 1, batchSize: 2, pollingIntervalSeconds: 5 }, async (job) => {
    done.push(job.data.n);
    if (done.length === ids.length) allDone();
  });
  await finished;
  expect(Date.now() - started).toBeLessThan(4_000);
  expect([...done].sort()).toEqual([...ids].sort());
});

it('works one job at a time per worker even when pg-boss stops waiting for a job past its expiry', async () => {
  // pg-boss gives up on a handler after expireInSeconds (here 1 s) and claims more; the slow
  // job's work goes on. Without waiting for it, a worker of concurrency 1 ran two jobs at once.
  const queue: QueueDefinition = { name: `test-one-at-a-time-${crypto.randomBytes(4).toString('hex')}`, retryLimit: 0, retryDelay: 1, expireInSeconds: 1 };
  await prepareQueues(queue);
  const ids = Array.from({ length: 3 }, () => crypto.randomUUID());
  await db().$transaction((tx) =>
    enqueueInTransaction(
      tx,
      queue,
      ids.map((id) => ({ id, data: { n: id } })),
    ),
  );

  let running = 0;
  let most = 0;
  const done: string[] = [];
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  await workQueue<{ n: string }>(queue, { concurrency: 1, batchSize: 1, pollingIntervalSeconds: 1 }, async (job) => {
    running++;
    most = Math.max(most, running);
    // The first job outlives its expiry by far; the others are quick.
    await new Promise((resolve) => setTimeout(resolve, done.length === 0 ? 2_500 : 50));
    running--;
    done.push(job.data.n);
    if (done.length === ids.length) allDone();
  });
  await finished;
  expect(most).toBe(1);
  expect([...done].sort()).toEqual([...ids].sort());
});
