/**
 * Private services for the fault tests (vitest project `faults`): a PostgreSQL cluster and a
 * Redis server of their own, on ports of their own, with their files under /tmp, and the app as
 * `npm start` runs it (scripts/start.ts, which runs scripts/server.ts). They are stopped,
 * restarted and killed on purpose, so never the machine's shared 5432 and 6379. Every resource
 * is registered as it is made and released by `releaseAll` (each file's afterAll), and, should
 * the test process die first, by an exit handler that kills what is left and unmounts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { freePort } from '../../e2e/process.ts';

export { freePort };

const isRoot = process.getuid?.() === 0;

/** Cleanups of what was made, last made first. */
const cleanups: Array<{ name: string; sync: () => void }> = [];
function releaseNow(): void {
  for (const c of cleanups.splice(0).reverse()) {
    try {
      c.sync();
    } catch {
      // best effort while exiting
    }
  }
}
process.once('exit', releaseNow);
// Stopped from outside (Ctrl-C, vitest ending its workers, CI's timeout): release, then go as the signal says.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    releaseNow();
    process.kill(process.pid, signal);
  });
}

function register(name: string, sync: () => void): () => void {
  const entry = { name, sync };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** Release everything still held (servers, databases, mounts), last made first; errors are collected, not thrown midway. */
export async function releaseAll(): Promise<void> {
  const errors: string[] = [];
  for (const c of cleanups.splice(0).reverse()) {
    try {
      c.sync();
    } catch (err) {
      errors.push(`${c.name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (errors.length) throw new Error(`cleanup failed:\n${errors.join('\n')}`);
}

/** The newest installed PostgreSQL's bin directory (PG_BIN overrides). */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (fs.existsSync(path.join(root, v, 'bin', 'pg_ctl'))) return path.join(root, v, 'bin');
  throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql (set PG_BIN)');
}

const run = promisify(execFile);

/** A PostgreSQL tool, as the postgres user when we are root (the server refuses to run as root). */
function postgresCommand(tool: string, args: string[]): [string, string[]] {
  const bin = path.join(postgresBin(), tool);
  return isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

/** Run a PostgreSQL tool without blocking the event loop (the tests' own load keeps running meanwhile). */
async function asPostgres(tool: string, args: string[], options: { allowFail?: boolean } = {}): Promise<string> {
  const [cmd, argv] = postgresCommand(tool, args);
  try {
    return (await run(cmd, argv, { encoding: 'utf8', timeout: 60_000 })).stdout;
  } catch (err) {
    if (options.allowFail) return '';
    const e = err as { code?: number; stderr?: string; stdout?: string };
    throw new Error(`${tool} ${args.join(' ')} failed (${e.code}): ${e.stderr ?? ''}${e.stdout ?? ''}`);
  }
}

/** The same, blocking: for the exit handler, where nothing asynchronous runs any more. */
function asPostgresSync(tool: string, args: string[]): void {
  const [cmd, argv] = postgresCommand(tool, args);
  spawnSync(cmd, argv, { timeout: 30_000 });
}

export interface PrivatePostgres {
  port: number;
  /** postgresql://postgres@127.0.0.1:port/postgres */
  url: string;
  start(): Promise<void>;
  /** pg_ctl stop: `fast` ends every session (clients see their connections closed), `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  running(): boolean;
}

/**
 * A cluster of our own: initdb into /tmp (no fsync: nothing here must survive the machine),
 * trust authentication on 127.0.0.1 only, a socket directory of its own.
 */
export async function startPostgres(): Promise<PrivatePostgres> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-fault-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'sock');
  fs.mkdirSync(socketDir);
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', root]);
  const port = await freePort();
  let started = false;
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    if (!started) return;
    await asPostgres('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop'], { allowFail: true });
    started = false;
  };
  const start = async () => {
    await asPostgres('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(root, 'log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`,
      'start',
    ]);
    started = true;
  };
  register(`postgres on ${port}`, () => {
    // Whether or not we think it runs: a start that timed out may have left a server behind.
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) asPostgresSync('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']);
    fs.rmSync(root, { recursive: true, force: true });
  });
  await asPostgres('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  await start();
  return { port, url: `postgresql://postgres@127.0.0.1:${port}/postgres`, start, stop, running: () => started };
}

export interface PrivateRedis {
  port: number;
  url: string;
  start(): Promise<void>;
  /** SHUTDOWN NOSAVE: the server is gone, its data with it (nothing is persisted). */
  stop(): Promise<void>;
  /** SIGSTOP: the server keeps its connections and answers nothing (a hung host). */
  freeze(): void;
  /** SIGCONT after freeze. */
  thaw(): void;
  /** A command through redis-cli (KEYS, GET…), its output lines. */
  cli(...args: string[]): Promise<string[]>;
}

/** A Redis of our own: no RDB, no AOF, daemonized with a pid file under /tmp. */
export async function startRedis(): Promise<PrivateRedis> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-fault-redis-'));
  const port = await freePort();
  const pidFile = path.join(root, 'redis.pid');
  let running = false;
  const ping = () =>
    run('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8', timeout: 5_000 }).then(
      (r) => r.stdout.trim() === 'PONG',
      () => false,
    );
  const start = async () => {
    await run('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'yes',
      '--pidfile',
      pidFile,
      '--dir',
      root,
      '--logfile',
      path.join(root, 'log'),
    ]);
    // Daemonized: wait until it answers.
    const deadline = Date.now() + 10_000;
    while (!(await ping())) {
      if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer`);
      await new Promise((r) => setTimeout(r, 50));
    }
    running = true;
  };
  const stop = async () => {
    if (!running) return;
    await run('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { timeout: 10_000 }).catch(() => {});
    const deadline = Date.now() + 10_000;
    while ((await ping()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    running = false;
  };
  const cli = async (...args: string[]) =>
    (await run('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8', timeout: 10_000 })).stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  const signal = (sig: NodeJS.Signals) => {
    const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8')) : 0;
    if (pid > 0) process.kill(pid, sig);
  };
  register(`redis on ${port}`, () => {
    try {
      signal('SIGCONT');
    } catch {
      // not running
    }
    if (running) spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { timeout: 10_000 });
    // A daemon whose shutdown failed still has its pid file.
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, 'utf8'));
      try {
        if (pid > 0) process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    fs.rmSync(root, { recursive: true, force: true });
  });
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop, cli, freeze: () => signal('SIGSTOP'), thaw: () => signal('SIGCONT') };
}

/** A tmpfs of `size` (`2m`, `64m`) mounted on a new directory; removed by releaseAll. Root only. */
export function mountTmpfs(size: string): string {
  if (!isRoot) throw new Error('mounting a tmpfs needs root');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-fault-tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir]);
  register(`tmpfs ${dir}`, () => {
    // A server still writing there is killed before (releaseAll runs last made first); -l as a last resort.
    if (spawnSync('umount', [dir]).status !== 0) spawnSync('umount', ['-l', dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

export const canMount = isRoot && process.platform === 'linux';

/**
 * What this machine lacks to run the fault tests (empty: nothing): the PostgreSQL server
 * binaries, redis-server, a production build. `scripts/system-tools.mjs` installs the first two.
 */
export function missingForFaults(): string[] {
  const missing: string[] = [];
  try {
    postgresBin();
  } catch {
    missing.push('the PostgreSQL server binaries (apt-get install postgresql, or PG_BIN)');
  }
  if (spawnSync('redis-server', ['--version']).status !== 0) missing.push('redis-server (apt-get install redis-server)');
  if (!fs.existsSync('.next/BUILD_ID')) missing.push('a production build (next build)');
  return missing;
}

export interface AppServer {
  url: string;
  port: number;
  /** The process group of `npm start` (scripts/start.ts, the server it runs and its batch worker). */
  child: ChildProcess;
  /** Everything the processes wrote. */
  output(): string;
  /** SIGTERM to start.ts, as a service manager stops it; resolves once the group is gone. */
  stop(): Promise<void>;
  /** SIGKILL to every process of the group at once: a crash, nothing runs after it. */
  kill9(): Promise<void>;
}

/** Wait for `child` to exit, at most `ms`. */
function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone
  }
}

/**
 * `npm start` (scripts/start.ts: migrate, then scripts/server.ts, the real HTTP server) on
 * 127.0.0.1:`port`, in a process group of its own so that a crash can take all of it; resolves
 * once `/` answers. It needs a production build in .next (`next build`).
 */
export async function startApp({ port, env }: { port?: number; env: Record<string, string> }): Promise<AppServer> {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('The fault tests run the production server: run `next build` first');
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--port', String(p), '--hostname', '127.0.0.1'], {
    env: { ...process.env, NODE_ENV: 'production', APP_URL: `http://127.0.0.1:${p}`, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const pid = child.pid!;
  const unregister = register(`app on ${p}`, () => killGroup(pid, 'SIGKILL'));
  const server: AppServer = {
    url: `http://127.0.0.1:${p}`,
    port: p,
    child,
    output: () => out,
    async stop() {
      killGroup(pid, 'SIGTERM');
      if (!(await exited(child, 15_000))) killGroup(pid, 'SIGKILL');
      await exited(child, 5_000);
      // The batch worker and the server exit with start.ts; make sure nothing of the group is left.
      killGroup(pid, 'SIGKILL');
      unregister();
    },
    async kill9() {
      killGroup(pid, 'SIGKILL');
      await exited(child, 10_000);
      unregister();
    },
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      unregister();
      throw new Error(`npm start exited while starting:\n${out}`);
    }
    try {
      const res = await fetch(`${server.url}/`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill9();
      throw new Error(`npm start did not answer within 120 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}
