/**
 * Crash safety of batch sealing, on PostgreSQL (the embedded PGlite belongs to one process):
 * two worker processes (scripts/batch-worker.ts) share one job; one is killed with SIGKILL in
 * the middle and started again. Counting seals and versions shows every item sealed exactly
 * once, none lost, and both processes took items.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { seedCredential, seedUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, uploaded } from '../../test/documents.ts';
import { db, getDatabase } from '../db/index.ts';
import { env } from '../env.ts';
import { loadActor } from '../orgs/actor.ts';
import { stopQueue } from '../queue/index.ts';
import { createBatchSealJob } from './create-job.ts';

const DOCUMENTS = 40;
const onPostgres = getDatabase().kind === 'postgres';

interface Worker {
  child: ChildProcess;
  items: string[];
  exited: Promise<void>;
}

const workers: Worker[] = [];

/** Each worker's connections carry its own application_name, so pg_stat_activity tells what they are doing. */
function startWorker(applicationName = `batch-crash-${process.pid}-${workers.length}`): Worker & { applicationName: string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/batch-worker.ts', '--concurrency', '1'], {
    env: { ...process.env, BATCH_ITEM_TIMEOUT_SECONDS: '3', QUEUE_MAINTENANCE_SECONDS: '1', LOG_LEVEL: 'silent', PGAPPNAME: applicationName },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const worker: Worker = { child, items: [], exited: new Promise((resolve) => child.once('exit', () => resolve())) };
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      const { item, outcome } = JSON.parse(line) as { item: string; outcome: string };
      if (outcome === 'sealed') worker.items.push(item);
    } catch {
      // not a progress line
    }
  });
  workers.push(worker);
  return { ...worker, applicationName };
}

/**
 * Whether any of a process's connections has a transaction open or a statement running. A
 * frozen process whose connections are all idle has nothing under way that could still
 * commit: at most one message of its is unread, and an unread BEGIN or fetch changes no item.
 */
async function busyInDatabase(applicationName: string): Promise<boolean> {
  const [row] = await db().$queryRaw<{ busy: bigint }[]>`SELECT count(*) AS busy FROM pg_stat_activity WHERE application_name = ${applicationName} AND state IS DISTINCT FROM 'idle'`;
  return row!.busy > 0n;
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 90_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

afterAll(async () => {
  for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
  await Promise.all(workers.map((w) => w.exited));
  await stopQueue();
});

describe.skipIf(!onPostgres)('batch sealing survives kill -9 of a worker process (PostgreSQL)', () => {
  it('seals every item exactly once across two processes, one killed in the middle and started again', { timeout: 180_000 }, async () => {
    // A dead worker's items are taken over once they have been claimed for 3 s (queue jobs carry it from when they are written).
    (env() as { BATCH_ITEM_TIMEOUT_SECONDS: number }).BATCH_ITEM_TIMEOUT_SECONDS = 3;
    const user = await seedUser({ planLevel: 'TEAM', displayName: 'Jordan Ellis' });
    const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId, displayName: 'Jordan Ellis' });
    const documentIds: string[] = [];
    for (let i = 0; i < DOCUMENTS; i++) {
      const bytes = await samplePdf(1, `Sheet ${i + 1}`);
      documentIds.push((await createDocumentVia(user.accessToken, { name: `Sheet ${i + 1}`, fileHash: await uploaded(bytes, `s${i}.pdf`, user.accessToken) })).id);
    }
    const actor = (await loadActor({ userId: user.id }))!;
    const job = await createBatchSealJob({ actor, input: { documentIds, credentialId: credential.id }, query: { select: { id: true } } });
    const completed = () => db().batchSealItem.count({ where: { jobId: job.id, status: 'COMPLETED' } });

    const victim = startWorker();
    const survivor = startWorker();
    // In the middle: both have sealed items, and two items are being sealed at once. Each
    // worker seals one at a time, so one of the two is the victim's: it dies holding it.
    await until(async () => (await completed()) >= 6 && victim.items.length >= 2 && survivor.items.length >= 1, 'both workers have sealed items');
    // The victim is frozen (SIGSTOP) and caught between transactions: none of its connections has
    // one open or a statement running (a COMMIT it sent just before freezing may take a while to
    // land on a loaded database, and would settle its item after the kill: seen on CI). Then two
    // items PROCESSING while it cannot move means one is its own, claimed and not settled, and
    // nothing of its can settle it any more. Otherwise let it go on, and look again.
    const processing = () => db().batchSealItem.count({ where: { jobId: job.id, status: 'PROCESSING' } });
    let held: Array<{ id: string; attempts: number; processingStartedAt: Date | null }> = [];
    for (let tries = 0; ; tries++) {
      await until(async () => (await processing()) === 2, 'both workers are sealing', 30_000, 5);
      victim.child.kill('SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (!(await busyInDatabase(victim.applicationName)) && (await processing()) === 2) {
        held = await db().batchSealItem.findMany({ where: { jobId: job.id, status: 'PROCESSING' }, select: { id: true, attempts: true, processingStartedAt: true } });
        if (held.length === 2) break;
      }
      victim.child.kill('SIGCONT');
      if (tries === 200) throw new Error('never caught the victim holding an item');
    }
    victim.child.kill('SIGKILL');
    const killedAt = new Date();
    await victim.exited;
    const atKill = await completed();
    expect(atKill).toBeLessThan(DOCUMENTS);

    const restarted = startWorker();
    await until(async () => {
      const row = await db().batchSealJob.findUniqueOrThrow({ where: { id: job.id }, select: { completedAt: true } });
      return row.completedAt !== null;
    }, 'the job has ended');

    const ended = await db().batchSealJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(ended).toMatchObject({ status: 'COMPLETED', totalDocuments: DOCUMENTS, completedDocuments: DOCUMENTS, failedDocuments: 0, cancelledDocuments: 0 });
    const items = await db().batchSealItem.findMany({ where: { jobId: job.id }, select: { status: true, sealId: true, documentId: true } });
    expect(items).toHaveLength(DOCUMENTS);
    expect(items.every((i) => i.status === 'COMPLETED' && i.sealId)).toBe(true);
    expect(new Set(items.map((i) => i.sealId)).size).toBe(DOCUMENTS);

    // Exactly once: one seal and one sealed version per document, and the seal is the item's.
    const seals = await db().seal.groupBy({ by: ['documentId'], where: { documentId: { in: documentIds } }, _count: true });
    const versions = await db().documentVersion.groupBy({ by: ['documentId'], where: { documentId: { in: documentIds } }, _count: true });
    expect(seals).toHaveLength(DOCUMENTS);
    expect(seals.every((s) => s._count === 1)).toBe(true);
    expect(versions.every((v) => v._count === 2)).toBe(true);
    const sealed = await db().documentVersion.findMany({ where: { documentId: { in: documentIds }, sealId: { not: null } }, select: { sealId: true } });
    expect(new Set(sealed.map((v) => v.sealId))).toEqual(new Set(items.map((i) => i.sealId)));

    // The item the victim died holding was taken over, and sealed once: it was tried twice.
    const attempts = await db().batchSealItem.aggregate({ where: { jobId: job.id }, _sum: { attempts: true }, _max: { attempts: true } });
    // Should this fail, it says what the two items held at the kill became, and who reported them.
    const after = await db().batchSealItem.findMany({ where: { id: { in: held.map((h) => h.id) } }, select: { id: true, attempts: true, processingStartedAt: true, processingCompletedAt: true } });
    const whoReported = (id: string) => ['victim', 'survivor', 'restarted'].filter((_, i) => [victim, survivor, restarted][i].items.includes(id));
    const story = JSON.stringify({ killedAt, atKill: held, after: after.map((a) => ({ ...a, reportedBy: whoReported(a.id) })) });
    expect(attempts._max.attempts, story).toBeGreaterThanOrEqual(2);
    expect(attempts._sum.attempts).toBeGreaterThan(DOCUMENTS);

    // Shared work: each process reported items, and no item was reported sealed twice.
    const reported = [...victim.items, ...survivor.items, ...restarted.items];
    expect(new Set(reported).size).toBe(reported.length);
    expect(victim.items.length).toBeGreaterThan(0);
    expect(survivor.items.length + restarted.items.length).toBeGreaterThan(0);
  });
});
