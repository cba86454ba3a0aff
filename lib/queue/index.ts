/**
 * Background work on pg-boss 10 (a PostgreSQL job queue: SKIP LOCKED claims, retries, expiry of
 * work whose instance died), in the app's own database: on PostgreSQL through its own pool,
 * on the embedded PGlite through a small executeSql adapter (STACK-NOTES "Node version and job
 * queues"). One queue API for batch sealing and document ingest.
 *
 * - `enqueueInTransaction` writes jobs in the caller's Prisma transaction: the work and the
 *   rows it works on commit together, or neither does.
 * - `workQueue` runs handlers in this process (every `npm start` instance); pg-boss hands
 *   each job to one of them at a time.
 * - `drainQueue` works jobs for a bounded time (the Vercel cron route), with no worker loop.
 *
 * A handler settles its own job's outcome in the database; what it throws is an unexpected
 * failure, and pg-boss tries the job again (up to the queue's retry limit, then its dead-letter
 * queue).
 */
import PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import { beforeDatabaseClose, getDatabase } from '../db/index.ts';
import type { Database, Prisma } from '../db/index.ts';
import { env } from '../env.ts';
import { logger } from '../log.ts';

/** What pg-boss needs of a database: one function that runs SQL and answers its rows. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * PGlite as pg-boss's database. SQL without parameters may hold several statements (pg-boss
 * creates its schema and takes its advisory locks that way): `exec` runs them, and the last
 * result is the answer. The rest goes through `query`. PGlite runs one statement at a time, so
 * these wait for a Prisma transaction in progress rather than interleave with it.
 */
export function pgliteExecutor(pglite: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await pglite.query(text, values as unknown[]);
        return { rows: result.rows };
      }
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** A Prisma transaction as pg-boss's database: what pg-boss writes through it commits or rolls back with the transaction. */
export function transactionExecutor(tx: Prisma.TransactionClient): SqlExecutor {
  return {
    async executeSql(text, values) {
      const rows = await tx.$queryRawUnsafe<unknown[]>(text, ...(values ?? []).map((v) => (v === undefined ? null : v)));
      return { rows };
    },
  };
}

/** A queue of ours: its name and how its jobs are retried and expired. */
export interface QueueDefinition {
  name: string;
  /** Attempts after the first, for unexpected failures and for work whose instance died. */
  retryLimit: number;
  /** Seconds between attempts (doubled each time). */
  retryDelay: number;
  /** How long a job may stay claimed before pg-boss gives it to another worker. */
  expireInSeconds: number;
  /** Where a job goes once its retries are spent (a queue defined here too). */
  deadLetter?: string;
}

interface QueueState {
  database: Database;
  boss: PgBoss;
  started: Promise<PgBoss>;
  created: Map<string, Promise<void>>;
  /** This process's idle worker slots, by queue: woken when jobs are written here (or the queue stops). On globalThis with the rest, shared by every bundle of the app. */
  idle: Map<string, Set<() => void>>;
  /** Every worker slot's loop: stopQueue waits for the job each is working to end. */
  loops: Promise<void>[];
  stopping?: Promise<void>;
}

const globalForQueue = globalThis as unknown as { __sealwrightQueue?: QueueState };

/**
 * The process's pg-boss, started on first use over the process's database (and started again
 * when the database was closed and opened since: tests). Stopped before the database closes:
 * a job under way finishes first, or pg-boss hands it back for another try.
 */
export function boss(): Promise<PgBoss> {
  const database = getDatabase();
  const current = globalForQueue.__sealwrightQueue;
  if (current && current.database === database && !current.stopping) return current.started;

  const e = env();
  const common = { schema: 'pgboss', schedule: false, supervise: true, maintenanceIntervalSeconds: e.QUEUE_MAINTENANCE_SECONDS } as const;
  const make = () => {
    const instance =
      database.kind === 'pglite'
        ? new PgBoss({ ...common, db: pgliteExecutor(database.pglite!) })
        : new PgBoss({ ...common, connectionString: database.connectionString!, max: 4, application_name: 'sealwright-queue' });
    instance.on('error', (err: Error) => logger.error('queue: pg-boss reported an error', { error: err.message }));
    return instance;
  };
  const state: QueueState = { database, boss: make(), started: Promise.resolve(undefined as never), created: new Map(), idle: new Map(), loops: [] };
  state.started = (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await state.boss.start();
      } catch (err) {
        // Instances started at once on a new database all create pg-boss's schema; the losers
        // fail. The schema is there for a second try (a failed PgBoss cannot start again: a new one).
        if (attempt >= 4) throw err;
        logger.warn('queue: pg-boss did not start; trying again', { attempt, error: err instanceof Error ? err.message : String(err) });
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt + Math.random() * 250));
        state.boss = make();
      }
    }
  })();
  globalForQueue.__sealwrightQueue = state;
  beforeDatabaseClose('queue', () => stopQueue());
  return state.started;
}

/** Create a queue (once per process; pg-boss keeps it in the database, and a second create is a no-op there). */
async function ensureQueue(definition: QueueDefinition): Promise<PgBoss> {
  const instance = await boss();
  const state = globalForQueue.__sealwrightQueue!;
  let created = state.created.get(definition.name);
  if (!created) {
    const options: PgBoss.Queue = {
      name: definition.name,
      policy: 'standard',
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelay,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds,
      ...(definition.deadLetter ? { deadLetter: definition.deadLetter } : {}),
    };
    created = (async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          const existing = await instance.getQueue(definition.name);
          if (existing) await instance.updateQueue(definition.name, options);
          else await instance.createQueue(definition.name, options);
          return;
        } catch (err) {
          // Instances starting at once on a new database create the same queue together, and
          // PostgreSQL may end one of them as a deadlock: the queue is there for a second try.
          if (attempt >= 4) throw err;
          logger.warn('queue: creating a queue failed; trying again', { queue: definition.name, attempt, error: err instanceof Error ? err.message : String(err) });
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt + Math.random() * 300));
        }
      }
    })();
    state.created.set(definition.name, created);
    created.catch(() => state.created.delete(definition.name));
  }
  await created;
  return instance;
}

/**
 * Make sure the queues exist before a transaction writes jobs into them (on PGlite, pg-boss
 * cannot run its own statements while a Prisma transaction holds the database).
 */
export async function prepareQueues(...definitions: QueueDefinition[]): Promise<void> {
  for (const definition of definitions) await ensureQueue(definition);
}

/**
 * Write jobs in the caller's transaction (call `prepareQueues` first). Each job's id is
 * given: one queue job per row of ours, never two. Workers take the highest `priority` first
 * (default 0), then the oldest.
 */
export async function enqueueInTransaction(tx: Prisma.TransactionClient, definition: QueueDefinition, jobs: { id: string; data: object; priority?: number }[]): Promise<void> {
  const instance = globalForQueue.__sealwrightQueue?.boss;
  if (!instance) throw new Error('enqueueInTransaction: prepareQueues first');
  for (let i = 0; i < jobs.length; i += 1000) {
    await instance.insert(
      jobs.slice(i, i + 1000).map((job) => ({ id: job.id, name: definition.name, data: job.data, priority: job.priority ?? 0 })),
      { db: transactionExecutor(tx) } as never,
    );
  }
}

/** Wake this process's idle workers of a queue now rather than at their next poll (jobs were just written). */
export function nudge(queue: string): void {
  const state = globalForQueue.__sealwrightQueue;
  if (!state || state.stopping) return;
  for (const wake of [...(state.idle.get(queue) ?? [])]) wake();
}

/** Wait `ms`, or less when woken (nudge, stopQueue). */
function idleFor(state: QueueState, queue: string, ms: number): Promise<void> {
  let slots = state.idle.get(queue);
  if (!slots) state.idle.set(queue, (slots = new Set()));
  const waiting = slots;
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      waiting.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    waiting.add(wake);
  });
}

/** The job a handler gets: its data, and which attempt this is. */
export type QueueJob<T> = PgBoss.JobWithMetadata<T>;

/** Handles one job; throws on an unexpected failure (the job is tried again). */
export type JobHandler<T> = (job: QueueJob<T>) => Promise<void>;

/**
 * Run `handler` on the queue's jobs in this process: `concurrency` worker slots, each claiming
 * up to `batchSize` jobs at a time and working them one after another, then claiming more at
 * once (polling every `pollingIntervalSeconds` only while the queue is empty, or sooner when
 * `nudge` says jobs were written). A handler that throws fails its own job only (pg-boss retries
 * it); the others of the batch complete.
 *
 * Each slot is a loop of our own (fetch, work, complete), as `drainQueue` is, not pg-boss's
 * `work`: pg-boss stops waiting for a handler once its jobs' expireInSeconds pass, fails them,
 * and claims more while the handler runs on. A process then ran more jobs at once than its
 * concurrency (seen: a batch worker of concurrency 1 sealing two items at once under load),
 * and jobs claimed meanwhile waited out their own expiry unworked. Here a slot claims only once
 * its work has ended; a job that outlives its expiry is still handed to another worker by
 * pg-boss's maintenance, as one whose instance died.
 */
export async function workQueue<T extends object>(
  definition: QueueDefinition,
  { concurrency, batchSize = 1, pollingIntervalSeconds = 1 }: { concurrency: number; batchSize?: number; pollingIntervalSeconds?: number },
  handler: JobHandler<T>,
): Promise<void> {
  const instance = await ensureQueue(definition);
  const state = globalForQueue.__sealwrightQueue!;
  let lastFetchError = 0;
  const slot = async () => {
    while (!state.stopping) {
      let jobs: QueueJob<T>[] = [];
      try {
        jobs = ((await instance.fetch<T>(definition.name, { batchSize, includeMetadata: true })) ?? []) as QueueJob<T>[];
      } catch (err) {
        // The database away (it is restarted, or closing): try again at the next poll, logged every 10 s at most.
        if (Date.now() - lastFetchError > 10_000) {
          lastFetchError = Date.now();
          logger.error('queue: could not claim jobs; trying again', { queue: definition.name, error: err instanceof Error ? err.message : String(err) });
        }
      }
      if (jobs.length === 0) {
        await idleFor(state, definition.name, pollingIntervalSeconds * 1000);
        continue;
      }
      for (const job of jobs) {
        const outcome = await runJob(instance, definition, job, handler);
        if (outcome === 'done')
          await instance
            .complete(definition.name, job.id)
            .catch((err: unknown) => logger.error('queue: could not mark a job done', { queue: definition.name, job: job.id, error: err instanceof Error ? err.message : String(err) }));
      }
    }
  };
  for (let i = 0; i < concurrency; i++) state.loops.push(slot());
}

async function runJob<T>(instance: PgBoss, definition: QueueDefinition, job: QueueJob<T>, handler: JobHandler<T>): Promise<'done' | 'failed'> {
  try {
    await handler(job);
    return 'done';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    logger.error('queue: a job failed; it will be tried again while its retries last', { queue: definition.name, job: job.id, attempt: job.retryCount + 1, error: message });
    await instance.fail(definition.name, job.id, { message }).catch(() => {});
    return 'failed';
  }
}

/**
 * Work the queues' jobs until none is left or `budgetMs` has passed (no new job is claimed
 * after that; the one under way finishes). For hosts where no process stays up (Vercel cron).
 * Answers how many jobs were done and failed.
 */
export async function drainQueue(
  queues: { definition: QueueDefinition; handler: JobHandler<never> }[],
  { budgetMs, concurrency = 2 }: { budgetMs: number; concurrency?: number },
): Promise<{ done: number; failed: number; timedOut: boolean }> {
  const started = Date.now();
  const counts = { done: 0, failed: 0, timedOut: false };
  for (const { definition } of queues) await ensureQueue(definition);
  const instance = await boss();
  const lane = async () => {
    for (;;) {
      if (Date.now() - started >= budgetMs) {
        counts.timedOut = true;
        return;
      }
      let worked = false;
      for (const { definition, handler } of queues) {
        const [job] = (await instance.fetch(definition.name, { batchSize: 1, includeMetadata: true })) as QueueJob<never>[];
        if (!job) continue;
        worked = true;
        const outcome = await runJob(instance, definition, job, handler);
        if (outcome === 'done') await instance.complete(definition.name, job.id);
        counts[outcome] += 1;
        break;
      }
      if (!worked) return;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return counts;
}

/** How many jobs of a queue wait or run (created, retry or active). */
export async function queueSize(definition: QueueDefinition): Promise<number> {
  const instance = await ensureQueue(definition);
  return instance.getQueueSize(definition.name, { before: 'completed' });
}

/** Stop this process's workers and pg-boss: work under way finishes (up to 30 s), then the queue lets go of the database. */
export async function stopQueue(): Promise<void> {
  const state = globalForQueue.__sealwrightQueue;
  if (!state) return;
  state.stopping ??= (async () => {
    try {
      // Idle slots wake and end; busy ones end after their job (waited for up to 30 s).
      for (const slots of state.idle.values()) for (const wake of [...slots]) wake();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(state.loops), new Promise((resolve) => (timer = setTimeout(resolve, 30_000)))]);
      clearTimeout(timer);
      const instance = await state.started;
      await instance.stop({ graceful: true, wait: true, timeout: 30_000, close: true });
    } catch (err) {
      logger.error('queue: stopping pg-boss failed', { error: err instanceof Error ? err.message : String(err) });
    } finally {
      if (globalForQueue.__sealwrightQueue === state) globalForQueue.__sealwrightQueue = undefined;
    }
  })();
  return state.stopping;
}
