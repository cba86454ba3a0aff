/**
 * `npm run load`: autocannon against the real server (`npm start`), first on the embedded PGlite,
 * then on PostgreSQL + Redis (issue 29, item 1). Each endpoint, one at a time, for about
 * `--seconds` with `--connections` at once (closed loop: as fast as the server answers), in
 * `--rounds` passes over them all, so that the machine's load, which other work moves, weighs on
 * every endpoint alike: answers per second that did the work, p50 and p99 latency, errors,
 * answers by status, and the ratio of each to a trivial route of the same server in the same
 * passes (OPTIONS /v1/stamp, a CORS preflight: the cheapest route the server has, Next's routing
 * and a handler with no database and no limit).
 *
 * Targets, printed PASS/FAIL: verify ≥ 0.5× the trivial route's rate; no 5xx anywhere; p99 ≤ 10×
 * p50 for every endpoint; and every answer did the work (no error, no 429: the figures are of
 * real work). Exits 1 when one fails. `--result file.json` writes the figures with
 * numPassedTests / numFailedTests / success (the CI summary counts them).
 *
 * Flags: --seconds N (10 per endpoint), --rounds N (5), --connections N (10), --config pglite or
 * postgres (both), --result FILE. scripts/load-harness.ts starts the server, makes the data and
 * says where the requests come from.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { autocannonRequest, endpoints, keepSignedIn, loadAverage, numberFlag, prepareData, startServer, stringFlag } from './load-harness.ts';
import type { Config, Endpoint } from './load-harness.ts';

const SECONDS = numberFlag('--seconds', 10);
const ROUNDS = Math.round(numberFlag('--rounds', 5));
const CONNECTIONS = numberFlag('--connections', 10);
const CONFIGS = (stringFlag('--config') ?? 'pglite,postgres').split(',') as Config[];
if (CONFIGS.some((c) => c !== 'pglite' && c !== 'postgres')) throw new Error('--config takes pglite, postgres or both (pglite,postgres)');
const RESULT = stringFlag('--result');
const TARGET = { verifyRatio: 0.5, p99OverP50: 10 };

interface Samples {
  /** Every answer's time, ms. */
  ms: number[];
  statuses: Record<string, number>;
  /** 2xx answers with the work in them (the body checked). */
  good: number;
  /** Connection errors and timeouts, and 2xx answers without the work in them. */
  errors: number;
  seconds: number;
}

const emptySamples = (): Samples => ({ ms: [], statuses: {}, good: 0, errors: 0, seconds: 0 });

/** `amount` requests of `endpoint`, `CONNECTIONS` at a time, added to `into`. */
async function measure(url: string, endpoint: Endpoint, into: Samples, amount: number): Promise<void> {
  let example = '';
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    amount,
    timeout: 30,
    // autocannon sees that the last answer came at its next sample tick: a short one.
    sampleInt: 50,
    requests: [
      {
        ...autocannonRequest(endpoint),
        onResponse: (status: number, body: string) => {
          if (status < 200 || status > 299) return;
          if (endpoint.ok(status, body)) into.good += 1;
          else {
            into.errors += 1;
            example ||= body.slice(0, 300);
          }
        },
      },
    ],
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  const started = performance.now();
  let lastAnswer = started;
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    lastAnswer = performance.now();
    into.ms.push(ms);
    into.statuses[status] = (into.statuses[status] ?? 0) + 1;
  });
  instance.on('reqError', () => (into.errors += 1));
  await instance;
  into.seconds += (lastAnswer - started) / 1000;
  if (example) console.error(`  ${endpoint.name}: answers without the work, e.g. ${example}`);
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

interface Figures {
  endpoint: string;
  /** Answers per second that did the work. */
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Every answer, by status. */
  statuses: Record<string, number>;
}

function figuresOf(endpoint: string, s: Samples): Figures {
  const sorted = [...s.ms].sort((x, y) => x - y);
  return { endpoint, rps: s.good / (s.seconds || 1), p50: percentile(sorted, 50), p99: percentile(sorted, 99), errors: s.errors, statuses: s.statuses };
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

interface ConfigRun {
  config: Config;
  loadAverage: { before: string; after: string };
  baseline: Figures;
  figures: (Figures & { rpsRatio: number; p50Ratio: number; p99Ratio: number })[];
  checks: { name: string; pass: boolean; detail: string }[];
}

async function runConfig(config: Config): Promise<ConfigRun> {
  console.log(`\n== ${config === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL + Redis'}: npm start, ${SECONDS} s per endpoint, ${CONNECTIONS} connections`);
  const started = Date.now();
  const server = await startServer(config);
  let stopSigningIn = () => {};
  try {
    const serving = Date.now();
    const prepared = await prepareData(server.url);
    stopSigningIn = keepSignedIn(server.url, prepared);
    const list = await endpoints(prepared);
    const where = `${server.url}${server.database ? `, database ${server.database}` : ''}`;
    console.log(`  serving on ${where} in ${fmt((serving - started) / 1000)} s; ${prepared.documents} documents and a seal made through the API in ${fmt((Date.now() - serving) / 1000)} s`);
    // A fresh process loads each route's code and plans its queries on first use: a few of each
    // first, which also tell roughly how many requests fill a slice of SECONDS / ROUNDS.
    const warm = list.map(emptySamples);
    for (const [i, endpoint] of list.entries()) {
      await measure(server.url, endpoint, emptySamples(), 3 * CONNECTIONS);
      await measure(server.url, endpoint, warm[i]!, 5 * CONNECTIONS);
    }
    const before = loadAverage();
    // ROUNDS passes over every endpoint, about SECONDS / ROUNDS each time, so that the machine's
    // load, which other work moves, weighs on every endpoint and on the baseline alike. A slice is
    // a number of requests (from the rate so far), not a time: every request of one is answered
    // before the next starts, so no endpoint's unfinished work lands in another's figures.
    const samples = list.map(emptySamples);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, endpoint] of list.entries()) {
        const sofar = samples[i]!.seconds ? samples[i]! : warm[i]!;
        const rate = sofar.ms.length / sofar.seconds;
        await measure(server.url, endpoint, samples[i]!, Math.max(2 * CONNECTIONS, Math.round((rate * SECONDS) / ROUNDS)));
      }
    }
    const after = loadAverage();
    const measured = list.map((e, i) => figuresOf(e.name, samples[i]!));
    const baseline = measured[0]!;
    const figures = measured.map((f) => ({ ...f, rpsRatio: f.rps / baseline.rps, p50Ratio: f.p50 / baseline.p50, p99Ratio: f.p99 / baseline.p99 }));

    console.log(`  load average ${before} before, ${after} after (2 cores shared with other work)`);
    const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'by status', 'req/s ×triv', 'p50 ×triv', 'p99 ×triv'];
    const rows = figures.map((f) => [
      f.endpoint,
      fmt(f.rps),
      fmt(f.p50),
      fmt(f.p99),
      String(f.errors),
      Object.entries(f.statuses)
        .map(([s, n]) => `${s}:${n}`)
        .join(' '),
      fmt(f.rpsRatio, 2),
      fmt(f.p50Ratio, 1),
      fmt(f.p99Ratio, 1),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    for (const row of [header, ...rows]) console.log(`  ${row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`);

    const verify = figures[list.findIndex((e) => e.key === 'verify')]!;
    const count = (f: Figures, test: (status: number) => boolean) => Object.entries(f.statuses).reduce((n, [s, c]) => n + (test(Number(s)) ? c : 0), 0);
    const fivexx = figures.reduce((n, f) => n + count(f, (s) => s >= 500), 0);
    const spread = figures.filter((f) => f.p99 > TARGET.p99OverP50 * f.p50);
    const failed = figures.filter((f) => f.errors > 0 || count(f, (s) => s < 200 || s > 299) > 0);
    const checks = [
      { name: `verify ≥ ${TARGET.verifyRatio}× the trivial route's req/s`, pass: verify.rpsRatio >= TARGET.verifyRatio, detail: `${fmt(verify.rpsRatio, 2)}×` },
      { name: 'no 5xx', pass: fivexx === 0, detail: `${fivexx} answers 5xx` },
      {
        name: `p99 ≤ ${TARGET.p99OverP50}× p50 for every endpoint`,
        pass: spread.length === 0,
        detail: spread.length ? spread.map((f) => `${f.endpoint} ${fmt(f.p99 / f.p50)}×`).join(', ') : `worst ${fmt(Math.max(...figures.map((f) => f.p99 / f.p50)))}×`,
      },
      { name: 'every answer did the work (no error, no 429)', pass: failed.length === 0, detail: failed.map((f) => f.endpoint).join(', ') || 'all' },
    ];
    for (const c of checks) console.log(`  ${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
    return { config, loadAverage: { before, after }, baseline, figures, checks };
  } finally {
    stopSigningIn();
    await server.stop();
  }
}

const runs: ConfigRun[] = [];
let crashed: unknown = null;
try {
  for (const config of CONFIGS) runs.push(await runConfig(config));
} catch (err) {
  crashed = err;
  console.error(err);
}
const checks = runs.flatMap((r) => r.checks);
const failed = checks.filter((c) => !c.pass).length + (crashed ? 1 : 0);
const passed = checks.length - checks.filter((c) => !c.pass).length;
console.log(`\nload: ${passed} checks passed, ${failed} failed`);
if (RESULT) fs.writeFileSync(RESULT, JSON.stringify({ numPassedTests: passed, numFailedTests: failed, success: failed === 0, seconds: SECONDS, connections: CONNECTIONS, runs }, null, 2));
process.exit(failed ? 1 : 0);
