/**
 * `npm start`: build once if there is no build, apply migrations, seed an empty embedded
 * database, close it, then hand over to the server (scripts/server.ts: Next's handler
 * behind a server that sets a trustworthy client address). The database is closed before
 * the server opens it: PGlite allows one process per data directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { applyMigrations } from '../lib/db/migrate.ts';
import { closeDatabase, getDatabase } from '../lib/db/index.ts';
import { DEMO_USER, seedDemoData } from '../prisma/seed.ts';
import { describeDatabaseError } from '../lib/db/describe-error.ts';

const nextBin = 'node_modules/next/dist/bin/next';
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

if (!fs.existsSync('.next/BUILD_ID')) {
  console.log('No production build yet: running `next build` once…');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const database = getDatabase();
const databaseKind = database.kind;
/** Whether the demo account is there to sign in with (the embedded database seeds it). */
let demoAccount = false;
try {
  const applied = await applyMigrations(database.adapterFactory);
  if (applied.length) console.log(`Applied ${applied.length} migration(s): ${applied.join(', ')}`);
  if (database.kind === 'pglite' && (await seedDemoData())) {
    console.log(`Seeded the demo account: ${DEMO_USER.email} / ${DEMO_USER.password}`);
  }
  demoAccount = (await database.prisma.user.count({ where: { email: DEMO_USER.email } })) > 0;
} catch (err) {
  console.error(describeDatabaseError(err, process.env.DATABASE_URL));
  await closeDatabase().catch(() => {});
  process.exit(1);
} finally {
  await closeDatabase();
}

// On PostgreSQL, batch sealing runs in a worker process of its own (scripts/batch-worker.ts),
// started and stopped with the server, at a lower CPU priority: an item's bookkeeping and its PDF
// threads never take time from the thread that serves requests (issue 22: requests keep their
// latency while a 500-document job runs). The embedded PGlite belongs to one process, so there
// the server's own workers seal. BATCH_CONCURRENCY=0 turns batch sealing off here altogether.
const separateWorker = databaseKind === 'postgres' && process.env.BATCH_CONCURRENCY !== '0';
// tsx as a loader in the server's own process, not its CLI: the CLI is a parent process that
// relays signals and kills (SIGKILL) a child that does not tell it within 30 ms it got one, which
// cut short the requests a stopping server lets finish (scripts/server.ts).
const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/server.ts', ...process.argv.slice(2)], {
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...env, NODE_ENV: 'production', ...(separateWorker ? { BATCH_CONCURRENCY: '0' } : {}) },
});
// The server's output passes through; once it is ready, say where to sign in (APP_URL's host) and with what.
let told = false;
child.stdout!.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  const ready = /Sealwright ready on (\S+)/.exec(chunk.toString());
  if (told || !ready) return;
  told = true;
  // APP_URL is the address people use; without it, the one this server listens on.
  const appUrl = (process.env.APP_URL || ready[1]!).replace(/\/+$/, '');
  console.log(`  Sign in at ${appUrl}/login${demoAccount ? ` with the demo account ${DEMO_USER.email} / ${DEMO_USER.password}` : ''}`);
});

let stopping = false;
let worker: ChildProcess | undefined;
function startWorker(): void {
  // Three items per core by default: some on the PDF threads while others wait on the database (bench:batch: 6 on 2 cores
  // sealed 1,000 documents in 17.9 s, 1.8x sequential sealDocument, with requests' p99 under 4x idle; 4 took 24.8 s).
  const concurrency = process.env.BATCH_CONCURRENCY || String(3 * os.availableParallelism());
  worker = spawn(process.execPath, ['--import', 'tsx', 'scripts/batch-worker.ts', '--concurrency', concurrency, '--nice', '10'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, NODE_ENV: 'production' },
  });
  worker.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`the batch worker stopped (${signal ?? code}); starting it again`);
    setTimeout(startWorker, 1_000).unref();
  });
}
if (separateWorker) startWorker();

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopping = true;
    worker?.kill(signal);
    child.kill(signal);
  });
child.on('exit', (code, signal) => {
  stopping = true;
  if (worker && worker.exitCode === null) worker.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
