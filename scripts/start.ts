/**
 * `npm start`: build once if there is no build, apply migrations, seed an empty embedded
 * database, close it, then hand over to the server (scripts/server.ts: Next's handler
 * behind a server that sets a trustworthy client address). The database is closed before
 * the server opens it: PGlite allows one process per data directory.
 */
import fs from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
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

const tsx = 'node_modules/tsx/dist/cli.mjs';
const child = spawn(process.execPath, [tsx, 'scripts/server.ts', ...process.argv.slice(2)], { stdio: ['inherit', 'pipe', 'inherit'], env: { ...env, NODE_ENV: 'production' } });
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
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
