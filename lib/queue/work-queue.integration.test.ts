/**
 * workQueue's loop on the real pg-boss (PGlite, or PostgreSQL with DATABASE_URL): a worker that
 * found work claims again at once instead of waiting out its polling interval, so a queue of
 * jobs is worked at the speed of its handler, not `batchSize` jobs per interval.
 */
import crypto from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { db } from '../db/index.ts';
import { boss, enqueueInTransaction, prepareQueues, stopQueue, workQueue } from './index.ts';
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

it('works one job at a time per worker, and a job claimed after a slow one gets its whole expiry', async () => {
  // pg-boss's own worker gives up on a handler after expireInSeconds (here 1 s), fails its job
  // and claims more while the handler runs on: a worker of concurrency 1 ran three jobs at once,
  // and a job claimed behind a slow one spent its expiry (and a retry) waiting.
  const queue: QueueDefinition = { name: `test-one-at-a-time-${crypto.randomBytes(4).toString('hex')}`, retryLimit: 1, retryDelay: 1, expireInSeconds: 1 };
  await prepareQueues(queue);
  const [slow, ...quick] = Array.from({ length: 3 }, () => crypto.randomUUID());
  await db().$transaction((tx) => enqueueInTransaction(tx, queue, [{ id: slow, data: { n: slow }, priority: 1 }, ...quick.map((id) => ({ id, data: { n: id } }))]));

  let running = 0;
  let most = 0;
  const runs = new Map<string, number>();
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  await workQueue<{ n: string }>(queue, { concurrency: 1, batchSize: 1, pollingIntervalSeconds: 1 }, async (job) => {
    running++;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, job.data.n === slow ? 2_500 : 50));
    running--;
    runs.set(job.data.n, (runs.get(job.data.n) ?? 0) + 1);
    if (quick.every((id) => runs.has(id))) allDone();
  });
  await finished;
  expect(most).toBe(1);
  expect(runs.get(slow)).toBe(1);
  // The quick jobs ran once each, on their first attempt, and are done (marked so once the handler has returned).
  const instance = await boss();
  for (const id of quick) {
    expect(runs.get(id)).toBe(1);
    const deadline = Date.now() + 3_000;
    let job = await instance.getJobById(queue.name, id);
    while (job?.state === 'active' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = await instance.getJobById(queue.name, id);
    }
    expect(job).toMatchObject({ state: 'completed', retryCount: 0 });
  }
});
