/**
 * The seal log audited from outside, as anyone would: seals made by two processes at once on
 * one PostgreSQL (two batch workers, scripts/batch-worker.ts, sharing one job of 50) give 50
 * entries with indexes 0 to 49, and `npm run log:audit` against the /v1/log endpoints served
 * over HTTP says OK. Then rows are edited and deleted behind the app's back, by SQL, and the
 * auditor names what diverged. On PGlite (one process) the seals are made at once in this one.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entriesRoute from '../../app/v1/log/entries/route.ts';
import * as keyRoute from '../../app/v1/log/key/route.ts';
import * as consistencyRoute from '../../app/v1/log/proof/consistency/route.ts';
import * as inclusionRoute from '../../app/v1/log/proof/inclusion/route.ts';
import * as sthRoute from '../../app/v1/log/sth/route.ts';
import { serveRoutes } from '../../test/route-server.ts';
import type { RouteServer } from '../../test/route-server.ts';
import { draftDocuments, professional, sealAs } from '../../test/sealing.ts';
import { createBatchSealJob } from '../batch/create-job.ts';
import { db, getDatabase } from '../db/index.ts';
import { stopQueue } from '../queue/index.ts';
import { configureRateLimit } from '../ratelimit/index.ts';

const onPostgres = getDatabase().kind === 'postgres';
const SEALS = onPostgres ? 50 : 12;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-audit-'));
const state = path.join(tmp, 'audit-state.json');
const workers: ChildProcess[] = [];
let server: RouteServer;

/** Run the auditor as a user would, without blocking this process (it serves the log). */
function audit(...extra: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/log-audit.ts', server.url, '--state', state, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Change the log behind the app's back, as someone with the database's password could (its triggers refuse otherwise). */
async function bySql(sql: string): Promise<void> {
  await db().$transaction(async (tx) => {
    await tx.$executeRawUnsafe('ALTER TABLE "SealLogEntry" DISABLE TRIGGER "SealLogEntry_append_only"');
    await tx.$executeRawUnsafe(sql);
    await tx.$executeRawUnsafe('ALTER TABLE "SealLogEntry" ENABLE TRIGGER "SealLogEntry_append_only"');
  });
}

beforeAll(async () => {
  configureRateLimit('verify', { limit: 10_000 });
  server = await serveRoutes({
    '/v1/log/sth': sthRoute,
    '/v1/log/entries': entriesRoute,
    '/v1/log/key': keyRoute,
    '/v1/log/proof/inclusion': inclusionRoute,
    '/v1/log/proof/consistency': consistencyRoute,
  });
});

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null || w.signalCode !== null ? r(null) : w.once('exit', r)))));
  await stopQueue();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the seal log, audited over HTTP', () => {
  it(`logs ${SEALS} seals made at once with indexes 0 to ${SEALS - 1}${onPostgres ? ', by two processes on one PostgreSQL' : ''}`, { timeout: 120_000 }, async () => {
    // The workers start (a few seconds each) while the documents are made.
    const sealedBy = new Map<string, number>();
    const ready: Promise<void>[] = [];
    if (onPostgres) {
      for (let i = 0; i < 2; i++) {
        const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/batch-worker.ts', '--concurrency', '3'], {
          env: { ...process.env, LOG_LEVEL: 'silent' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        workers.push(child);
        // It says so on stderr once its queue workers run: the job is made when both do, so both take items.
        ready.push(
          new Promise<void>((resolve, reject) => {
            readline.createInterface({ input: child.stderr! }).on('line', (line) => {
              if (line.includes('sealing with')) resolve();
            });
            child.once('exit', (code) => reject(new Error(`a batch worker exited (${code}) before it started`)));
          }),
        );
        readline.createInterface({ input: child.stdout! }).on('line', (line) => {
          try {
            const { outcome, pid } = JSON.parse(line) as { outcome: string; pid: number };
            if (outcome === 'sealed') sealedBy.set(String(pid), (sealedBy.get(String(pid)) ?? 0) + 1);
          } catch {
            // not an item line
          }
        });
      }
    }
    const pro = await professional('Jordan Ellis');
    const ids = await draftDocuments(pro, SEALS);
    if (onPostgres) {
      await Promise.all(ready);
      const job = await createBatchSealJob({ actor: pro.actor, input: { documentIds: ids, credentialId: pro.credentialId }, query: { select: { id: true } } });
      const deadline = Date.now() + 100_000;
      while ((await db().batchSealJob.findUniqueOrThrow({ where: { id: job.id }, select: { completedAt: true } })).completedAt === null) {
        if (Date.now() > deadline) throw new Error('the batch did not finish');
        await new Promise((r) => setTimeout(r, 200));
      }
      // Both processes sealed, so their appends raced for the next index (each prints an item once it is settled).
      const reported = () => [...sealedBy.values()].reduce((a, b) => a + b, 0);
      while (reported() < SEALS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(reported()).toBe(SEALS);
      expect(sealedBy.size).toBe(2);
    } else {
      await Promise.all(ids.map((id) => sealAs(pro, id)));
    }
    const rows = await db().sealLogEntry.findMany({ orderBy: { leafIndex: 'asc' }, select: { leafIndex: true, verificationCode: true } });
    expect(rows.map((r) => r.leafIndex)).toEqual([...Array(SEALS).keys()]);
    const codes = await db().seal.findMany({ where: { documentId: { in: ids } }, select: { verificationCode: true } });
    expect(new Set(rows.map((r) => r.verificationCode))).toEqual(new Set(codes.map((c) => c.verificationCode)));
  });

  it('says OK, and saves the head it verified', async () => {
    const first = await audit();
    expect(first.stdout, first.stderr).toMatch(new RegExp(`^OK: ${SEALS} entries, root [0-9a-f]{64}; head saved to`));
    expect(first.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(state, 'utf8')).tree_size).toBe(SEALS);
    expect(fs.statSync(`${state}.leaves`).size).toBe(SEALS * 32);
    // Again, now held to the head it saved.
    expect((await audit()).stdout).toMatch(/^OK: /);
  });

  it('names an entry edited by SQL, then one deleted by SQL', async () => {
    const original = await db().sealLogEntry.findUniqueOrThrow({ where: { leafIndex: 7 }, select: { entry: true } });
    await bySql(`UPDATE "SealLogEntry" SET "entry" = replace("entry", 'Jordan Ellis', 'Mallory Ellis') WHERE "leafIndex" = 7`);
    const edited = await audit();
    expect(edited.code).toBe(1);
    expect(edited.stdout).toMatch(/^DIVERGED:/);
    expect(edited.stdout).toMatch(/Entry 7 does not hash to the leaf hash the log lists for it .* it reads \{.*Mallory Ellis/);
    expect(edited.stdout).toMatch(/Entry 7 changed since the last audit: its leaf hash was [0-9a-f]{64}, it is [0-9a-f]{64}; it now reads/);
    expect(edited.stdout).toMatch(/The entries do not hash to the signed head's root/);
    expect(edited.stdout).not.toMatch(/Entry (?!7 )\d+/);
    // A failed audit keeps the state of the last good one.
    expect(JSON.parse(fs.readFileSync(state, 'utf8')).tree_size).toBe(SEALS);

    await bySql(`UPDATE "SealLogEntry" SET "entry" = ${`'${original.entry.replace(/'/g, "''")}'`} WHERE "leafIndex" = 7`);
    expect((await audit()).stdout).toMatch(/^OK: /);

    await bySql(`DELETE FROM "SealLogEntry" WHERE "leafIndex" = 9`);
    const deleted = await audit();
    expect(deleted.code).toBe(1);
    expect(deleted.stdout).toMatch(/Entry 9 is missing: the log answered entry 8 then 10/);
    expect(deleted.stdout).toMatch(/Entry 9, present at the last audit, is gone/);
  });

  it('names a log that is not the one saved: another server, or a rewritten history', async () => {
    // The saved head is a different log's (as if the database had been swapped for another).
    const saved = JSON.parse(fs.readFileSync(state, 'utf8'));
    fs.writeFileSync(state, JSON.stringify({ ...saved, root_hash: 'ab'.repeat(32) }));
    const swapped = await audit();
    expect(swapped.code).toBe(1);
    expect(swapped.stdout).toMatch(/The log is not consistent with the head saved at the last audit .* its consistency proof to today's head does not verify/);
    const usage = await new Promise<number>((resolve) => spawn(process.execPath, ['--import', 'tsx', 'scripts/log-audit.ts'], { stdio: 'ignore' }).on('exit', (c) => resolve(c ?? -1)));
    expect(usage).toBe(2);
  });
});
