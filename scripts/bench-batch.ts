/**
 * `npm run bench:batch`: batch sealing on PostgreSQL (issue 22, items 6 and 8), against the
 * production server started the way `npm start` starts it, over HTTP only.
 *
 * - Sequential baseline: one-page documents sealed one after another with the sealDocument
 *   mutation (half before the batch, half after, so drift hits both alike): documents per second.
 * - Batch: 1,000 one-page documents in two createBatchSealJob calls of 500, timed from the first
 *   create until both jobs are COMPLETED (batchSealJob polled every 250 ms): documents per
 *   second, and its ratio to the sequential rate. Every document must end with exactly one seal.
 * - Responsiveness: GET /v1/verify/<a real code> and `{ me { id } }` with a token, each at a
 *   fixed rate (open loop: a request is sent on schedule whether or not the last one answered),
 *   on the idle server (before the batch and again after it; the window with the lower p99 is
 *   the baseline) and while the batch runs: p50 and p99 of each, and the p99 ratio.
 *
 * Targets (issue 22, on 2 cores): 1,000 documents in under 60 s, at least 1.6× the sequential
 * rate, and each endpoint's p99 under load below 5× its idle p99, with no error. Exits 1 when a
 * target fails (after printing everything).
 *
 * Before anything is measured the server is warmed as one that has been up a while: a few
 * sequential seals, both endpoints, and a batch of 10 (a process's first batch seal renders the
 * credential's stamp and plans the workers' queries). The measured jobs' own creation is in the
 * measured window. Also printed, to explain the figures: the slowest answers under load and when
 * they came; the CPU each document cost the server and this database's PostgreSQL backends
 * (Linux /proc, so other work on the machine does not count), and the rate two cores allow at
 * that cost; and the machine's load average, since other work skews every timing.
 *
 * Set-up: a scratch database on the PostgreSQL server of BENCH_DATABASE_URL (default
 * postgresql://postgres@127.0.0.1:5432/postgres), dropped at the end, and a scratch DATA_DIR.
 * This process applies the migrations and seeds the account (a TEAM user with a verified
 * credential) and the documents through the lib functions, into the same database and blob
 * directory the server reads. The server is scripts/start.ts (what `npm start` runs: a build
 * when there is none, migrations, then scripts/server.ts with NODE_ENV=production), with its
 * batch workers started by instrumentation as in production. It runs the build in .next, not
 * the sources: after changing code the server runs, `npm run build` (or pass --build).
 * TRUST_PROXY=1 and a new X-Forwarded-For on every request keep the per-IP limits (verify
 * 60 a minute, GraphQL 100 a minute) from tripping, while the limiter still runs for each.
 *
 * Flags: --documents N (1000, in jobs of at most 500), --sequential N (80), --warmup N (5
 * sequential seals before anything is measured), --warmup-batch N (a batch of 10 before),
 * --rate N (20 requests/s per endpoint), --idle S (20 s of each idle measurement), --pki (seal with a
 * signing certificate from the service's CA, PAdES, in both runs), --build (next build first),
 * --concurrency N (the server's BATCH_CONCURRENCY; default its own).
 */
import crypto from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const DOCUMENTS = flag('--documents', 1000);
const SEQUENTIAL = flag('--sequential', 80);
const WARMUP = flag('--warmup', 5);
const WARMUP_BATCH = flag('--warmup-batch', 10);
const RATE = flag('--rate', 20);
const IDLE_S = flag('--idle', 20);
const PKI = argv.includes('--pki');
const BUILD = argv.includes('--build');
/** BATCH_CONCURRENCY for the server; unset: the server's own default (one per PDF thread). */
const CONCURRENCY = argv.includes('--concurrency') ? argv[argv.indexOf('--concurrency') + 1] : '';
const JOB_SIZE = 500;
const POLL_MS = 250;
/** No job may stall this long (no item settled) before the run is called failed. */
const STALL_MS = 120_000;
const TARGET = { seconds: 60, speedup: 1.6, p99Ratio: 5 };
const PLACEMENT = { pageMode: 'FIRST', positionX: 0.85, positionY: 0.85, size: 96 } as const;

const repo = path.resolve(import.meta.dirname, '..');
const baseUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
const scratchName = `sealwright_bench_batch_${crypto.randomBytes(5).toString('hex')}`;
const scratchUrl = new URL(baseUrl);
scratchUrl.pathname = `/${scratchName}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-bench-batch-'));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const appUrl = `http://127.0.0.1:${port}`;
// The server's environment, and this process's (lib/env.ts parses it once, on first use).
const serverEnv: Record<string, string> = {
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  DATA_DIR: dataDir,
  DATABASE_URL: scratchUrl.toString(),
  APP_URL: appUrl,
  TRUST_PROXY: '1',
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
  BLOB_COLLECT_INTERVAL_MS: '0',
  CREDENTIAL_RECHECK_INTERVAL_MS: '0',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
Object.assign(process.env, serverEnv, { BATCH_CONCURRENCY: '0' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

// ---------------------------------------------------------------------------------------------
// CPU accounting (Linux /proc): what each phase cost the server (its process tree, every thread)
// and this database's PostgreSQL backends, whatever else the machine was doing meanwhile.

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU ms (user + system, all threads) of a process; 0 when it is gone or /proc is missing. */
function cpuMsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return 0;
  }
}

/** A process and its descendants (the server runs under tsx and start.ts). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    return [];
  }
  const tree: number[] = [];
  const walk = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return tree;
}

interface CpuSnapshot {
  server: number;
  postgres: Map<number, number>;
}

/** Run on the maintenance database of the server (CREATE / DROP DATABASE). */
async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The server: scripts/start.ts, in a process group of its own so its child goes with it.

interface Server {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Source files newer than the build: the server would run older code than the tree holds. */
function staleBuild(): string[] {
  const buildId = path.join(repo, '.next/BUILD_ID');
  if (!fs.existsSync(buildId)) return [];
  const built = fs.statSync(buildId).mtimeMs;
  const newer: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repo, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated' && entry.name !== 'node_modules') walk(rel);
      } else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && fs.statSync(path.join(repo, rel)).mtimeMs > built) newer.push(rel);
    }
  };
  for (const dir of ['lib', 'app']) walk(dir);
  for (const file of ['instrumentation.ts', 'instrumentation-node.ts', 'next.config.ts']) {
    if (fs.existsSync(path.join(repo, file)) && fs.statSync(path.join(repo, file)).mtimeMs > built) newer.push(file);
  }
  return newer;
}

async function startServer(): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: repo,
    env: { ...process.env, ...serverEnv, BATCH_CONCURRENCY: CONCURRENCY },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      out += text;
      for (const line of text.split('\n').filter(Boolean)) console.log(`  [server] ${line}`);
      if (out.includes('ready on')) resolve();
    });
    void exit.then(() => reject(new Error('the server exited before it was ready')));
  });
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // gone already
    }
  };
  return {
    child,
    async stop() {
      if (exited) return;
      signal('SIGTERM');
      // The queue stops gracefully (an item under way finishes, up to 30 s); then it is killed.
      await Promise.race([exit, sleep(40_000)]);
      if (!exited) signal('SIGKILL');
      await exit;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP: every request a client address of its own (TRUST_PROXY=1 reads X-Forwarded-For).

let clientN = crypto.randomInt(0x1000000);
function nextClient(): string {
  clientN = (clientN + 1) & 0xffffff;
  return `10.${clientN >>> 16}.${(clientN >>> 8) & 255}.${clientN & 255}`;
}

async function graphql<T>(token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${appUrl}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': nextClient() },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!res.ok || !body.data || body.errors) throw new Error(`GraphQL answered ${res.status}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

interface Samples {
  ms: number[];
  /** When each sample's request was sent (performance.now()), for the slowest answers' place in the run. */
  at: number[];
  failures: Map<string, number>;
}

/**
 * Requests to both endpoints at RATE a second each, on schedule (open loop), until stopped;
 * each answer's time from send to its last byte. Only 200s count as samples; anything else is
 * a failure, by status or error.
 */
function startLoad(code: string, token: string) {
  const period = 1000 / RATE;
  const results = { verify: { ms: [], at: [], failures: new Map() } as Samples, graphql: { ms: [], at: [], failures: new Map() } as Samples };
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  const send = async (samples: Samples, request: () => Promise<Response>, check: (body: string) => boolean) => {
    const t0 = performance.now();
    try {
      const res = await request();
      const body = await res.text();
      const ms = performance.now() - t0;
      if (res.status === 200 && check(body)) {
        samples.ms.push(ms);
        samples.at.push(t0);
      } else samples.failures.set(`HTTP ${res.status}`, (samples.failures.get(`HTTP ${res.status}`) ?? 0) + 1);
    } catch (err) {
      const key = err instanceof Error ? err.message : String(err);
      samples.failures.set(key, (samples.failures.get(key) ?? 0) + 1);
    }
  };
  const schedule = (samples: Samples, offsetMs: number, request: () => Promise<Response>, check: (body: string) => boolean) => {
    const start = performance.now() + offsetMs;
    let i = 0;
    const tick = () => {
      if (stopped) return;
      const p = send(samples, request, check);
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      i += 1;
      timers.push(setTimeout(tick, Math.max(0, start + i * period - performance.now())));
    };
    timers.push(setTimeout(tick, offsetMs));
  };
  schedule(
    results.verify,
    0,
    () => fetch(`${appUrl}/v1/verify/${code}`, { headers: { 'x-forwarded-for': nextClient() } }),
    (body) => body.includes(code),
  );
  const me = JSON.stringify({ query: '{ me { id } }' });
  schedule(
    results.graphql,
    period / 2,
    () => fetch(`${appUrl}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': nextClient() }, body: me }),
    (body) => body.includes('"me":{"id"'),
  );
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.all([...inFlight]);
      return results;
    },
  };
}

// ---------------------------------------------------------------------------------------------

interface Seeded {
  token: string;
  credentialId: string;
  signingCertificateId: string | null;
  verifyCode: string;
  documentIds: string[];
}

/** The account, its credential (and certificate), a sealed document to verify, and the documents to seal. */
async function seed(count: number): Promise<Seeded> {
  const { PDFDocument } = await import('pdf-lib');
  const { seedCredential, seedUser } = await import('../prisma/factories.ts');
  const { loadActor } = await import('../lib/orgs/actor.ts');
  const { blobStore } = await import('../lib/storage/index.ts');
  const { ReceivedUpload } = await import('../lib/storage/received-upload.ts');
  const { uploadFile } = await import('../lib/documents/upload-file.ts');
  const { createDocument } = await import('../lib/documents/create-document.ts');
  const { sealDocument } = await import('../lib/seals/seal-document.ts');
  const { requestSigningCertificate } = await import('../lib/seals/certificates.ts');

  const user = await seedUser({ planLevel: 'TEAM', displayName: 'Jordan Ellis' });
  const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId, displayName: 'Jordan Ellis' });
  const actor = await loadActor({ userId: user.id });
  if (!actor) throw new Error('the seeded user has no organization');
  const certificate = PKI ? await requestSigningCertificate({ actor, input: { name: 'Bench certificate', credentialId: credential.id } }) : null;

  const newDocument = async (n: number) => {
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]).drawText(`Bench sheet ${n} ${crypto.randomUUID()}`, { x: 72, y: 700 });
    const bytes = await pdf.save();
    const put = await blobStore().put(Readable.from([Buffer.from(bytes)]), { maxBytes: 1024 * 1024 });
    const file = await uploadFile({ actor, file: new ReceivedUpload(`sheet-${n}.pdf`, { hash: put.hash, size: put.size, contentType: 'application/pdf' }, null) });
    return (await createDocument({ actor, input: { name: `Sheet S-${n}`, fileHash: file.fileHash } })).id;
  };
  const verifyDocument = await newDocument(0);
  const seal = await sealDocument({ actor, input: { documentId: verifyDocument, credentialId: credential.id } });

  const documentIds: string[] = new Array(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      documentIds[i] = await newDocument(i + 1);
      if ((i + 1) % 250 === 0) console.log(`  ${i + 1}/${count} documents`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, lane));
  return { token: user.accessToken, credentialId: credential.id, signingCertificateId: certificate?.id ?? null, verifyCode: seal.verificationCode, documentIds };
}

const SEAL = 'mutation($i: SealDocumentInput!) { sealDocument(input: $i) { verificationCode } }';
const CREATE = 'mutation($i: CreateBatchSealInput!) { createBatchSealJob(input: $i) { id status totalDocuments } }';
const JOB = 'query($id: UUID!) { batchSealJob(id: $id) { status completedDocuments failedDocuments progressPercent remaining startedAt completedAt } }';
const ENDED = ['COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED', 'CANCELLED'];

interface JobView {
  status: string;
  completedDocuments: number;
  failedDocuments: number;
  progressPercent: number;
  remaining: number;
  startedAt: string | null;
  completedAt: string | null;
}

/** Documents sealed one after another over HTTP; the time of each. */
async function sealSequentially(s: Seeded, ids: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const documentId of ids) {
    const t0 = performance.now();
    await graphql(s.token, SEAL, { i: { documentId, credentialId: s.credentialId, signingCertificateId: s.signingCertificateId, ...PLACEMENT } });
    times.push(performance.now() - t0);
  }
  return times;
}

/**
 * Seal `ids` with createBatchSealJob, at most 500 a job, created one after the other; then poll
 * every job until all have ended. Timed from the first create to the last job's end.
 */
async function runBatch(s: Seeded, ids: string[]) {
  const started = performance.now();
  const jobIds: string[] = [];
  for (let i = 0; i < ids.length; i += JOB_SIZE) {
    const created = await graphql<{ createBatchSealJob: { id: string; status: string } }>(s.token, CREATE, {
      i: { documentIds: ids.slice(i, i + JOB_SIZE), credentialId: s.credentialId, signingCertificateId: s.signingCertificateId, ...PLACEMENT },
    });
    jobIds.push(created.createBatchSealJob.id);
  }
  const createdMs = performance.now() - started;
  const views = new Map<string, JobView>();
  let lastProgress = performance.now();
  let lastSettled = -1;
  let lastPrint = performance.now();
  for (;;) {
    for (const id of jobIds) {
      if (ENDED.includes(views.get(id)?.status ?? '')) continue;
      views.set(id, (await graphql<{ batchSealJob: JobView }>(s.token, JOB, { id })).batchSealJob);
    }
    const all = [...views.values()];
    const settledNow = all.reduce((n, v) => n + v.completedDocuments + v.failedDocuments, 0);
    if (settledNow !== lastSettled) {
      lastSettled = settledNow;
      lastProgress = performance.now();
    }
    if (all.length === jobIds.length && all.every((v) => ENDED.includes(v.status))) break;
    if (performance.now() - lastProgress > STALL_MS) throw new Error(`the batch stalled: ${settledNow} of ${ids.length} settled, nothing for ${STALL_MS / 1000} s`);
    if (performance.now() - lastPrint > 5000) {
      lastPrint = performance.now();
      console.log(`  ${fmt((performance.now() - started) / 1000)} s: ${all.map((v) => `${v.status} ${v.progressPercent}%`).join(', ')} (${settledNow}/${ids.length})`);
    }
    await sleep(POLL_MS);
  }
  return { started, seconds: (performance.now() - started) / 1000, createdMs, jobIds, views };
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function bench(): Promise<number> {
  const { closeDatabase, db, getDatabase } = await import('../lib/db/index.ts');
  const { applyMigrations } = await import('../lib/db/migrate.ts');
  let server: Server | null = null;
  try {
    if (BUILD || !fs.existsSync(path.join(repo, '.next/BUILD_ID'))) {
      console.log('Building the app (next build)…');
      const build = spawnSync(process.execPath, [path.join(repo, 'node_modules/next/dist/bin/next'), 'build'], { cwd: repo, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
      if (build.status !== 0) throw new Error('next build failed');
    }
    const stale = staleBuild();
    if (stale.length)
      console.log(
        `WARNING: the build in .next is older than ${stale.length} source file(s) (${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ', …' : ''}): the server runs the build. Pass --build to rebuild.`,
      );

    console.log(`Scratch database ${scratchName} on ${baseUrl.host}, DATA_DIR ${dataDir}`);
    await admin(`CREATE DATABASE "${scratchName}"`);
    await applyMigrations(getDatabase().adapterFactory);
    const total = SEQUENTIAL + WARMUP + WARMUP_BATCH + DOCUMENTS;
    console.log(`Seeding a TEAM account with a verified credential${PKI ? ' and a signing certificate' : ''}, and ${total} one-page documents…`);
    const seedStarted = performance.now();
    const s = await seed(total);
    console.log(`  seeded in ${fmt((performance.now() - seedStarted) / 1000)} s`);
    const warmIds = s.documentIds.slice(0, WARMUP);
    const beforeIds = s.documentIds.slice(WARMUP, WARMUP + Math.ceil(SEQUENTIAL / 2));
    const afterIds = s.documentIds.slice(WARMUP + beforeIds.length, WARMUP + SEQUENTIAL);
    const warmBatchIds = s.documentIds.slice(WARMUP + SEQUENTIAL, WARMUP + SEQUENTIAL + WARMUP_BATCH);
    const batchIds = s.documentIds.slice(WARMUP + SEQUENTIAL + WARMUP_BATCH);

    console.log(`Starting the production server (scripts/start.ts) on ${appUrl}…`);
    server = await startServer();
    running = server;
    const serverPid = server.child.pid!;
    const backends = async () => (await db().$queryRaw<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`).map((r) => Number(r.pid));
    const cpuNow = async (): Promise<CpuSnapshot> => ({
      server: processTree(serverPid).reduce((ms, pid) => ms + cpuMsOf(pid), 0),
      postgres: new Map((await backends()).map((pid) => [pid, cpuMsOf(pid)])),
    });
    /** CPU ms since `a`: the server's, and this database's backends' (a backend that appeared since counts whole). */
    const cpuSince = async (a: CpuSnapshot) => {
      const b = await cpuNow();
      let postgres = 0;
      for (const [pid, ms] of b.postgres) postgres += ms - (a.postgres.get(pid) ?? 0);
      return { server: b.server - a.server, postgres };
    };
    const cores = os.availableParallelism();
    const loadBefore = os.loadavg()[0];

    // Warm, as a server that has been up a while is: the sealing path, both endpoints, and a small
    // batch (the workers' first seal renders the credential's stamp and plans their queries).
    await sealSequentially(s, warmIds);
    for (let i = 0; i < 20; i++) {
      await fetch(`${appUrl}/v1/verify/${s.verifyCode}`, { headers: { 'x-forwarded-for': nextClient() } }).then((r) => r.text());
      await graphql(s.token, '{ me { id } }');
    }
    if (warmBatchIds.length) {
      console.log(`Warm-up batch of ${warmBatchIds.length} documents (not measured)…`);
      await runBatch(s, warmBatchIds);
    }

    console.log(`Sequential sealDocument over HTTP: ${beforeIds.length} documents before the batch…`);
    let cpu0 = await cpuNow();
    const before = await sealSequentially(s, beforeIds);
    const cpuBefore = await cpuSince(cpu0);

    console.log(`Idle server: ${RATE} requests/s to each endpoint for ${IDLE_S} s…`);
    cpu0 = await cpuNow();
    const idleStarted = performance.now();
    const idleLoad = startLoad(s.verifyCode, s.token);
    await sleep(IDLE_S * 1000);
    const idle = await idleLoad.stop();
    const idleS = (performance.now() - idleStarted) / 1000;
    const cpuIdle = await cpuSince(cpu0);

    console.log(`Batch: ${batchIds.length} documents in ${Math.ceil(batchIds.length / JOB_SIZE)} createBatchSealJob calls, with the same load…`);
    cpu0 = await cpuNow();
    const load = startLoad(s.verifyCode, s.token);
    const { started: batchStarted, seconds: batchS, createdMs, jobIds, views } = await runBatch(s, batchIds);
    const loaded = await load.stop();
    const cpuBatch = await cpuSince(cpu0);

    // Idle again: the lower of the two idle p99s is the baseline, so a burst of other work on the
    // machine during one idle window cannot make the ratio easier.
    console.log(`Idle server again: ${RATE} requests/s to each endpoint for ${IDLE_S} s…`);
    const idleAfterLoad = startLoad(s.verifyCode, s.token);
    await sleep(IDLE_S * 1000);
    const idleAfter = await idleAfterLoad.stop();

    console.log(`Sequential sealDocument over HTTP: ${afterIds.length} documents after the batch…`);
    cpu0 = await cpuNow();
    const after = await sealSequentially(s, afterIds);
    const cpuAfter = await cpuSince(cpu0);

    // Every document sealed exactly once, by the path it was given to.
    const sealedIds = [...beforeIds, ...afterIds, ...batchIds];
    const counts = await db().seal.groupBy({ by: ['documentId'], where: { documentId: { in: sealedIds } }, _count: true });
    const perDocument = new Map(counts.map((c) => [c.documentId, c._count]));
    const notOnce = sealedIds.filter((id) => perDocument.get(id) !== 1);
    const items = await db().batchSealItem.groupBy({ by: ['status'], where: { jobId: { in: jobIds } }, _count: true });
    const itemsCompleted = items.find((i) => i.status === 'COMPLETED')?._count ?? 0;
    const jobsCompleted = [...views.values()].every((v) => v.status === 'COMPLETED' && v.failedDocuments === 0);
    const exactlyOnce = notOnce.length === 0 && itemsCompleted === batchIds.length && jobsCompleted;
    const server0 = Math.min(...[...views.values()].map((v) => Date.parse(v.startedAt ?? '')));
    const server1 = Math.max(...[...views.values()].map((v) => Date.parse(v.completedAt ?? '')));

    const loadAfter = os.loadavg()[0];
    const sequentialMs = [...before, ...after];
    const sequentialRate = sequentialMs.length / (sequentialMs.reduce((a, b) => a + b, 0) / 1000);
    const batchRate = batchIds.length / batchS;
    const speedup = batchRate / sequentialRate;
    const rows = (['verify', 'graphql'] as const).map((name) => {
      const [i0, i1] = [idle[name], idleAfter[name]];
      const i = percentile(i1.ms, 99) < percentile(i0.ms, 99) ? i1 : i0;
      const l = loaded[name];
      const failures = [...i0.failures, ...i1.failures, ...l.failures];
      return {
        name: name === 'verify' ? 'GET /v1/verify/:code' : 'POST /v1/graphql { me { id } }',
        idle: { p50: percentile(i.ms, 50), p99: percentile(i.ms, 99), n: i.ms.length },
        idleP99s: [percentile(i0.ms, 99), percentile(i1.ms, 99)],
        load: { p50: percentile(l.ms, 50), p99: percentile(l.ms, 99), n: l.ms.length, max: Math.max(...l.ms) },
        // The slowest answers under load, with when they were asked (seconds after the first create).
        slowest: l.ms
          .map((ms, k) => ({ ms, at: (l.at[k] - batchStarted) / 1000 }))
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 5),
        failures,
      };
    });

    const line = '-'.repeat(100);
    console.log('');
    console.log(line);
    console.log(
      `bench:batch: ${batchIds.length} one-page documents on PostgreSQL, ${cores} cores, ${PKI ? 'PKI-signed (PAdES) seals' : 'seals without a PKI signature'}, server BATCH_CONCURRENCY ${CONCURRENCY || 'default'}`,
    );
    console.log(`machine load average (1 min) ${fmt(loadBefore, 2)} when the server started, ${fmt(loadAfter, 2)} at the end: other work on the machine skews every figure`);
    console.log(line);
    console.log(
      `sequential sealDocument (HTTP)  ${fmt(sequentialRate, 2).padStart(7)} docs/s   ${sequentialMs.length} documents, p50 ${fmt(percentile(sequentialMs, 50))} ms each (before the batch ${fmt(percentile(before, 50))}, after ${fmt(percentile(after, 50))})`,
    );
    console.log(
      `batch (${jobIds.length} job(s), at most ${JOB_SIZE} each)  ${fmt(batchRate, 2).padStart(7)} docs/s   ${fmt(batchS)} s from the first create to the last job COMPLETED (creates took ${fmt(createdMs / 1000, 2)} s; server-side ${fmt((server1 - server0) / 1000)} s)`,
    );
    if (cpuBatch.server > 0) {
      const seqServer = (cpuBefore.server + cpuAfter.server) / sequentialMs.length;
      const seqPostgres = (cpuBefore.postgres + cpuAfter.postgres) / sequentialMs.length;
      const requestsPerS = (cpuIdle.server + cpuIdle.postgres) / idleS;
      const batchServer = cpuBatch.server / batchIds.length;
      const batchPostgres = cpuBatch.postgres / batchIds.length;
      const sealing = batchServer + batchPostgres - (requestsPerS * batchS) / batchIds.length;
      console.log(
        `CPU per document, ms (server, all threads + this database's PostgreSQL backends): sequential ${fmt(seqServer)} + ${fmt(seqPostgres)} = ${fmt(seqServer + seqPostgres)}; batch ${fmt(batchServer)} + ${fmt(batchPostgres)} = ${fmt(batchServer + batchPostgres)}, ${fmt(sealing)} without the measured requests (${fmt(requestsPerS, 0)} ms/s when idle)`,
      );
      console.log(
        `  at ${fmt(sealing)} CPU ms a document, ${cores} cores seal at most ${fmt((cores * 1000) / sealing)} docs/s with nothing else running; ${TARGET.speedup}x the sequential rate is ${fmt(TARGET.speedup * sequentialRate)} docs/s`,
      );
    }
    console.log(
      `each document sealed exactly once: ${exactlyOnce ? 'yes' : 'NO'} (${sealedIds.length - notOnce.length}/${sealedIds.length} with one seal; ${itemsCompleted}/${batchIds.length} items COMPLETED)`,
    );
    console.log('');
    console.log(`latency at ${RATE} requests/s per endpoint (open loop), ms     idle p50   idle p99    load p50   load p99   load max   samples idle/load`);
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(58)} ${fmt(r.idle.p50).padStart(9)} ${fmt(r.idle.p99).padStart(10)} ${fmt(r.load.p50).padStart(11)} ${fmt(r.load.p99).padStart(10)} ${fmt(r.load.max).padStart(10)}   ${r.idle.n}/${r.load.n}${r.failures.length ? `  FAILURES: ${r.failures.map(([k, n]) => `${k} × ${n}`).join(', ')}` : ''}`,
      );
    }
    for (const r of rows) console.log(`  idle p99 of ${r.name} before / after the batch: ${fmt(r.idleP99s[0]!)} / ${fmt(r.idleP99s[1]!)} ms (the lower is the baseline)`);
    for (const r of rows) console.log(`  slowest ${r.name} under load: ${r.slowest.map((x) => `${fmt(x.ms, 0)} ms at ${fmt(x.at)} s`).join(', ')}`);
    console.log('');
    const checks: { label: string; value: string; target: string; ok: boolean }[] = [
      { label: `${batchIds.length} documents, total batch time`, value: `${fmt(batchS)} s`, target: `< ${TARGET.seconds} s`, ok: batchS < TARGET.seconds },
      { label: 'batch rate / sequential rate', value: `${fmt(speedup, 2)}x`, target: `>= ${TARGET.speedup}x`, ok: speedup >= TARGET.speedup },
      ...rows.map((r) => {
        const ratio = r.load.p99 / r.idle.p99;
        return { label: `${r.name} p99 load / idle`, value: `${fmt(ratio, 2)}x`, target: `< ${TARGET.p99Ratio}x, no failure`, ok: ratio < TARGET.p99Ratio && r.failures.length === 0 };
      }),
      { label: 'every document sealed exactly once, jobs COMPLETED', value: exactlyOnce ? 'yes' : 'no', target: 'yes', ok: exactlyOnce },
    ];
    for (const c of checks) console.log(`${c.label.padEnd(58)} ${c.value.padStart(9)}   target ${c.target.padEnd(20)} ${verdict(c.ok)}`);
    console.log(line);
    return checks.every((c) => c.ok) ? 0 : 1;
  } finally {
    await server?.stop();
    await closeDatabase();
  }
}

/** The server under way: stopped on Ctrl-C too (it runs in a process group of its own), and the scratch data removed. */
let running: Server | null = null;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // `on`, not `once`: lib/db's own handler re-raises the signal when no other listener is left.
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`${signal}: stopping the server and dropping ${scratchName}…`);
    void (running?.stop() ?? Promise.resolve())
      .then(() => admin(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`))
      .catch((err: unknown) => console.error(`cleaning up failed: ${String(err)}`))
      .finally(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(130);
      });
  });
}

let exitCode = 1;
try {
  exitCode = await bench();
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
} finally {
  await admin(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`).catch((err: unknown) => console.error(`could not drop ${scratchName}: ${String(err)}`));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
