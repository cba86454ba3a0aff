/**
 * `npm run soak -- --minutes N` (issue 29, item 2): the real server (`npm start`) on PostgreSQL +
 * Redis, under a fixed, moderate rate of mixed requests (the endpoints of `npm run load`:
 * verify, documentsConnection, stamp, login, a 1 MB upload and the trivial route) for N minutes
 * (30 by default), sampling the server process as it goes:
 *
 * - heap used, once a minute, after a full garbage collection (GET /v1/metrics?gc=1, behind a
 *   METRICS_TOKEN of this run; the server runs with NODE_OPTIONS=--expose-gc): the live heap,
 *   not the garbage that awaits the next collection;
 * - RSS and open file descriptors (/proc/<pid>), and this database's connections
 *   (pg_stat_activity, the batch worker's included), every 10 s: each minute's figure is its
 *   lowest, since a leak raises the floor while a request in flight (an upload's temporary file,
 *   a pool connection) only lifts one sample.
 *
 * After the warm-up (the first two minutes or 20% of the run, whichever is longer), no figure may
 * grow by 10%: the least-squares line through its values from the end of the warm-up to the
 * last minute may not rise by that much from its start to its end (a leak is a trend; a pool
 * that holds two more idle connections in one minute is not). Every answer must have done its
 * work (no error, no 5xx, no 429). Prints the table and PASS/FAIL, exits 1 on a
 * failure; `--result file.json` writes the figures with numPassedTests / numFailedTests / success.
 *
 * Flags: --minutes N (30), --rate N (20 requests a second in all), --config postgres|pglite
 * (postgres), --result FILE.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { autocannonRequest, endpoints, keepSignedIn, loadAverage, numberFlag, prepareData, startServer, stringFlag } from './load-harness.ts';
import type { Config, Endpoint, Server } from './load-harness.ts';
import { prng } from '../lib/prng.ts';

const MINUTES = numberFlag('--minutes', 30);
const RATE = numberFlag('--rate', 20);
const CONFIG = (stringFlag('--config') ?? 'postgres') as Config;
const RESULT = stringFlag('--result');
// Two minutes at least: the heap settles within one, RSS within two or three (30-minute runs:
// +5% in minutes 1 to 3, flat after), and a 5-minute run's trend should not be that climb.
const WARMUP_MINUTES = Math.max(2, Math.round(MINUTES * 0.2));
if (MINUTES < WARMUP_MINUTES + 2) throw new Error(`--minutes must be at least ${WARMUP_MINUTES + 2}: ${WARMUP_MINUTES} of warm-up, then a trend`);
const MAX_GROWTH = 0.1;
/** Requests of each kind in every 35 (an upload in 35: about 1 GB of blobs in 30 minutes at 20 a second). */
const MIX: Record<Endpoint['key'], number> = { trivial: 4, verify: 12, documents: 8, stamp: 6, login: 4, upload: 1 };
/** Clients the requests come from, one after the other: each sends a few a minute, far below every per-IP limit. */
const CLIENTS = 5_000;
const SAMPLE_MS = 10_000;
const LABELS = { heapUsed: 'heap used', rss: 'RSS', fds: 'open file descriptors', connections: 'database connections' };

/**
 * Growth over a run of (minute, value) points, from the least-squares line through them: its
 * value at the first minute and at the last, and the change between them as a fraction. A leak
 * is a trend; one minute's noise (a pool that happens to hold two more idle connections) moves
 * the line little.
 */
function growth(points: [number, number][]): { from: number; to: number; growth: number } {
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const sxx = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  const slope = sxx ? points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) / sxx : 0;
  const at = (x: number) => my + slope * (x - mx);
  const [from, to] = [at(points[0]![0]), at(points.at(-1)![0])];
  return { from, to, growth: (to - from) / from };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

interface Sample {
  rss: number;
  fds: number;
  connections: number | null;
}

interface Row extends Sample {
  minute: number;
  requests: number;
  errors: number;
  heapUsed: number;
  fdsMax: number;
  connectionsMax: number | null;
  load: string;
}

const token = crypto.randomBytes(24).toString('hex');

/** The soak against a started server; whether every check passed. */
async function soak(server: Server): Promise<boolean> {
  const pgClient = server.databaseUrl ? new pg.Client({ connectionString: process.env.LOAD_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' }) : null;
  await pgClient?.connect();
  try {
    return await soakWith(server, pgClient);
  } finally {
    await pgClient?.end().catch(() => {});
  }
}

async function soakWith(server: Server, pgClient: pg.Client | null): Promise<boolean> {
  const metrics = async () => {
    const res = await fetch(`${server.url}/v1/metrics?gc=1`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { pid: number; collected: boolean; memory: { heap_used: number } };
    if (!res.ok || !body.collected) throw new Error(`GET /v1/metrics answered ${res.status}, collected: ${body.collected}`);
    return body;
  };
  const { pid } = await metrics();
  /** RSS, open descriptors and database connections of the server now. */
  const sample = async (): Promise<Sample> => {
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
    const fds = fs.readdirSync(`/proc/${pid}/fd`).length;
    const connections = pgClient ? Number((await pgClient.query('SELECT count(*) FROM pg_stat_activity WHERE datname = $1', [server.database])).rows[0].count) : null;
    return { rss, fds, connections };
  };

  const prepared = await prepareData(server.url);
  const stopSigningIn = keepSignedIn(server.url, prepared);
  const list = await endpoints(prepared);
  const pick = (key: string) => list.find((e) => e.key === key)!;
  // The mix in a fixed shuffled order, so heavy requests are spread over each cycle.
  const random = prng(29);
  const sequence = Object.entries(MIX)
    .flatMap(([key, n]) => Array.from({ length: n }, () => pick(key)))
    .map((e) => ({ e, r: random() }))
    .sort((a, b) => a.r - b.r)
    .map(({ e }) => e);
  const counts = { requests: 0, errors: 0, statuses: {} as Record<string, number> };
  let example = '';
  console.log(
    `\n== soak on ${CONFIG === 'postgres' ? 'PostgreSQL + Redis' : 'PGlite'}: ${MINUTES} min at ${RATE} requests/s (${Object.entries(MIX)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')} in every ${sequence.length}), server pid ${pid} on ${server.url}`,
  );
  console.log(`   warm-up: the first ${WARMUP_MINUTES} min; from minute ${WARMUP_MINUTES} on, no figure's trend may grow by ${MAX_GROWTH * 100}%`);
  console.log('   heap: after a full GC; RSS, fds and db conns: the lowest of the minute (every 10 s), and the highest (max)');

  const instance = autocannon({
    url: server.url,
    connections: 16,
    overallRate: RATE,
    duration: MINUTES * 60,
    timeout: 30,
    requests: sequence.map((endpoint) => ({
      ...autocannonRequest(endpoint, CLIENTS),
      onResponse: (status: number, body: string) => {
        if (status >= 200 && status <= 299 && !endpoint.ok(status, body)) {
          counts.errors += 1;
          example ||= `${endpoint.name}: ${body.slice(0, 300)}`;
        }
      },
    })),
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, status: number) => {
    counts.requests += 1;
    counts.statuses[status] = (counts.statuses[status] ?? 0) + 1;
    if (status < 200 || status > 299) counts.errors += 1;
  });
  instance.on('reqError', () => (counts.errors += 1));

  const rows: Row[] = [];
  const header = ['min', 'requests', 'errors', 'heap MB', 'RSS MB', 'fds', 'max', 'db conns', 'max', 'load'];
  const line = (cells: string[]) => console.log(`  ${cells.map((c, i) => c.padStart(Math.max(header[i]!.length, 8))).join(' ')}`);
  line(header);
  /** A minute's row from its samples: the lowest of each (and the highest, for the table). */
  const record = async (minute: number, samples: Sample[]) => {
    const low = (key: keyof Sample) => Math.min(...samples.map((x) => x[key] ?? NaN));
    const high = (key: keyof Sample) => Math.max(...samples.map((x) => x[key] ?? NaN));
    const row: Row = {
      minute,
      requests: counts.requests,
      errors: counts.errors,
      heapUsed: (await metrics()).memory.heap_used,
      rss: low('rss'),
      fds: low('fds'),
      fdsMax: high('fds'),
      connections: pgClient ? low('connections') : null,
      connectionsMax: pgClient ? high('connections') : null,
      load: loadAverage(),
    };
    rows.push(row);
    const show = (v: number | null) => (v === null ? '-' : String(v));
    line([String(minute), String(row.requests), String(row.errors), mb(row.heapUsed), mb(row.rss), show(row.fds), show(row.fdsMax), show(row.connections), show(row.connectionsMax), row.load]);
  };
  await record(0, [await sample()]);
  const started = Date.now();
  let done = false;
  const finished = Promise.resolve(instance).then(() => (done = true));
  for (let minute = 1; minute <= MINUTES; minute++) {
    const samples: Sample[] = [];
    do {
      samples.push(await sample());
      await sleep(Math.max(0, Math.min(SAMPLE_MS, started + minute * 60_000 - Date.now())));
    } while (Date.now() < started + minute * 60_000 && !done);
    await record(minute, samples);
  }
  await finished;
  stopSigningIn();
  if (example) console.error(`  answers without the work, e.g. ${example}`);

  const after = rows.filter((r) => r.minute >= WARMUP_MINUTES);
  const fivexx = Object.entries(counts.statuses).reduce((n, [s, c]) => n + (Number(s) >= 500 ? c : 0), 0);
  const checks = [
    ...(['heapUsed', 'rss', 'fds', 'connections'] as const)
      .filter((key) => rows[0]![key] !== null)
      .map((key) => {
        const g = growth(after.map((r) => [r.minute, r[key]!]));
        const show = (v: number) => (key === 'heapUsed' || key === 'rss' ? `${mb(v)} MB` : v.toFixed(1));
        // Connections are a dozen at most and come and go one at a time as the pool idles them out:
        // a trend that rises by less than two connections is one connection's noise, not a leak
        // (a 5-minute run saw 12.4 → 13.6, +9.7%, with the pool at rest).
        const withinNoise = key === 'connections' && g.to - g.from < 2;
        return {
          name: `${LABELS[key]} grows < ${MAX_GROWTH * 100}% after warm-up${key === 'connections' ? ' (or by under 2)' : ''}`,
          pass: g.growth < MAX_GROWTH || withinNoise,
          detail: `trend ${show(g.from)} → ${show(g.to)} (${(g.growth * 100).toFixed(1)}%)`,
        };
      }),
    {
      name: 'every answer did the work (no error, no 5xx, no 429)',
      pass: counts.errors === 0 && counts.requests > 0,
      detail: `${counts.requests} answers, ${counts.errors} errors, ${fivexx} 5xx; by status ${Object.entries(counts.statuses)
        .map(([s, n]) => `${s}:${n}`)
        .join(' ')}`,
    },
  ];
  for (const c of checks) console.log(`  ${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
  const failed = checks.filter((c) => !c.pass).length;
  console.log(`\nsoak: ${checks.length - failed} checks passed, ${failed} failed`);
  if (RESULT)
    fs.writeFileSync(
      RESULT,
      JSON.stringify({ numPassedTests: checks.length - failed, numFailedTests: failed, success: failed === 0, minutes: MINUTES, rate: RATE, config: CONFIG, rows, checks }, null, 2),
    );
  return failed === 0;
}

let passed = false;
let server: Server | undefined;
try {
  server = await startServer(CONFIG, { METRICS_TOKEN: token, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() });
  passed = await soak(server);
} catch (err) {
  console.error(err);
  if (RESULT) fs.writeFileSync(RESULT, JSON.stringify({ numPassedTests: 0, numFailedTests: 1, success: false, error: String(err) }));
} finally {
  await server?.stop();
}
process.exit(passed ? 0 : 1);
