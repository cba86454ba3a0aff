/**
 * `npm run bench:directory`: the public directory at 1,000,000 professionals on PostgreSQL,
 * measured through HTTP: POST /v1/graphql `searchProfessionals` (a page and its exact
 * totalCount) for every query shape a user types, each with and without a state, and deep pages
 * (page 100), against `professional(id)` (a primary-key lookup through the same endpoint) in the
 * same run. Prints p50/p95 per shape, its ratio to the baseline, PASS or FAIL against the target
 * (p95 under 50 ms for every shape), and the load average (other work on the machine weighs on
 * every figure: compare the ratios); exits 1 when a shape fails.
 *
 * The shapes: one word (a last name), the first 2 and 3 letters of a last name, two words (first
 * and last name), a first name and an initial ("james r"), no query, and page 100 of the broad
 * ones.
 * Requests go one at a time, the shapes in turn, so the machine's load weighs on each alike.
 * The first inputs of each shape are first checked against the plain query (a full scan, counted
 * and sorted): the same totalCount and the same page.
 *
 * The server is scripts/serve-api.ts (the route handlers behind a plain Node HTTP server) in a
 * child process. The database is a scratch one, `sealwright_bench_directory` on 127.0.0.1:5432
 * (or BENCH_DATABASE_URL), filled by PostgreSQL itself (generate_series, scripts/fill-directory.ts;
 * the fill time, triggers included, is printed: about 10 minutes on 2 busy cores) and dropped
 * afterwards; `--keep` keeps it for the next run.
 * Options: --professionals N (1,000,000), --iterations N per shape (60), --checks N inputs of each
 * shape checked against the plain query (2).
 */
import os from 'node:os';
import pg from 'pg';
import { startApiServer } from '../test/api-server.ts';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const PROFESSIONALS = flag('--professionals', 1_000_000);
const ITERATIONS = flag('--iterations', Number(process.env.BENCH_ITERATIONS ?? 60));
const KEEP = argv.includes('--keep');
const CHECKS = flag('--checks', 2);
const TARGET_P95_MS = 50;
const DEEP_PAGE = 100;

const url = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/sealwright_bench_directory';
const target = new URL(url);
const databaseName = decodeURIComponent(target.pathname.slice(1));
const adminUrl = Object.assign(new URL(url), { pathname: '/postgres' }).toString();
async function admin(sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}
if ((await admin('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName])).rowCount === 0) await admin(`CREATE DATABASE "${databaseName.replace(/"/g, '""')}"`);
process.env.DATABASE_URL = url;
process.env.LOG_LEVEL ??= 'warn';

const { closeDatabase, db, getDatabase } = await import('../lib/db/index.ts');
const { applyMigrations } = await import('../lib/db/migrate.ts');
const { fillDirectory } = await import('./fill-directory.ts');
const { getProfession } = await import('../lib/stamps/professions.ts');
const { searchKey } = await import('../lib/text.ts');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const SEARCH = `query($p: String!, $s: String, $q: String, $page: Int, $per: Int) {
  searchProfessionals(professionSlug: $p, stateCode: $s, query: $q, page: $page, perPage: $per) { totalCount hasMore professionals { id fullName stateCode licenseNumber photoUrl professionName } } }`;
const PROFILE = 'query($id: UUID!) { professional(id: $id) { id fullName slug stateCode headline professionName } }';

interface Search {
  p: string;
  s?: string;
  q: string;
  page?: number;
  per?: number;
}
interface Shape {
  label: string;
  inputs: Array<{ query: string; variables: Record<string, unknown> }>;
  samples: number[];
}

let api: Awaited<ReturnType<typeof startApiServer>> | undefined;
try {
  await applyMigrations(getDatabase().adapterFactory);
  if ((await db().professional.count()) < PROFESSIONALS) {
    console.log(`Filling the directory to ${PROFESSIONALS.toLocaleString('en')} professionals (set-based SQL; later runs with --keep reuse it)`);
    const started = Date.now();
    await fillDirectory(PROFESSIONALS, (done) => process.stderr.write(`\r  ${done.toLocaleString('en')} (${Math.round((Date.now() - started) / 1000)} s)`));
    process.stderr.write('\n');
    console.log(`filled in ${Math.round((Date.now() - started) / 1000)} s (the name-token and gram-count triggers included), load average ${os.loadavg()[0].toFixed(1)}`);
  }
  // As autovacuum would in time: statistics, and the visibility map that index-only scans need.
  await db().$executeRawUnsafe('VACUUM ANALYZE');
  const total = await db().professional.count();

  // Real names from the directory, picked at random: the searches a user would type.
  const sample = await db().$queryRawUnsafe<Array<{ id: string; firstName: string; lastName: string; stateCode: string; slug: string }>>(
    `SELECT p.id, p."firstName", p."lastName", p."stateCode", f.slug FROM "Professional" p TABLESAMPLE SYSTEM (1) JOIN "Profession" f ON f.id = p."professionId" ORDER BY random() LIMIT 100`,
  );
  const search = (variables: Search) => ({ query: SEARCH, variables: variables as unknown as Record<string, unknown> });
  const shapes: Shape[] = [];
  const shape = (label: string, make: (p: (typeof sample)[number]) => Omit<Search, 'p'>) =>
    shapes.push({ label, samples: [], inputs: sample.map((p) => search({ p: getProfession(p.slug)!.base, ...make(p) })) });
  for (const state of [false, true]) {
    const where = (p: (typeof sample)[number]) => (state ? { s: p.stateCode } : {});
    const suffix = state ? ', one state' : '';
    shape(`one word${suffix}`, (p) => ({ q: p.lastName, ...where(p) }));
    shape(`prefix of 2${suffix}`, (p) => ({ q: p.lastName.slice(0, 2), ...where(p) }));
    shape(`prefix of 3${suffix}`, (p) => ({ q: p.lastName.slice(0, 3), ...where(p) }));
    shape(`two words${suffix}`, (p) => ({ q: `${p.firstName} ${p.lastName}`, ...where(p) }));
    shape(`first name + initial${suffix}`, (p) => ({ q: `${p.firstName} ${p.lastName[0]}`, ...where(p) }));
    shape(`no query${suffix}`, (p) => ({ q: '', ...where(p) }));
  }
  // Page 100 of 20 where a shape has that many pages (country-wide, the broad shapes do).
  shape('page 100: one word', (p) => ({ q: p.lastName, page: DEEP_PAGE }));
  shape('page 100: prefix of 2', (p) => ({ q: p.lastName.slice(0, 2), page: DEEP_PAGE }));
  shape('page 100: prefix of 3', (p) => ({ q: p.lastName.slice(0, 3), page: DEEP_PAGE }));
  shape('page 100: first name + initial', (p) => ({ q: `${p.firstName} ${p.lastName[0]}`, page: DEEP_PAGE }));
  shape('page 100 of 50: prefix of 2', (p) => ({ q: p.lastName.slice(0, 2), page: DEEP_PAGE, per: 50 }));
  shape('page 100: no query', () => ({ q: '', page: DEEP_PAGE }));
  const baseline: Shape = { label: 'baseline: professional(id)', samples: [], inputs: sample.map((p) => ({ query: PROFILE, variables: { id: p.id } })) };

  api = await startApiServer({ DATABASE_URL: url, TRUST_PROXY: '1', NODE_ENV: 'production', BLOB_COLLECT_INTERVAL_MS: '0', CREDENTIAL_RECHECK_INTERVAL_MS: '0' });
  const post = async (body: { query: string; variables: Record<string, unknown> }) => {
    const res = await fetch(`${api!.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await res.json()) as { data?: Record<string, { totalCount: number; professionals: unknown[] } | null>; errors?: unknown };
    if (res.status !== 200 || json.errors) throw new Error(`HTTP ${res.status}: ${JSON.stringify(json.errors ?? json)}`);
    return json.data!;
  };

  // Exact totalCount and the same page as the plain query: the first inputs of each shape
  // against a full scan of the directory, counted and sorted.
  const check = await db().$queryRawUnsafe<Array<{ id: string; slug: string }>>(`SELECT id, slug FROM "Profession"`);
  const idsOf = (slug: string) => check.filter((f) => getProfession(f.slug)?.base === slug || f.slug === slug).map((f) => f.id);
  for (const s of shapes) {
    for (const input of s.inputs.slice(0, CHECKS)) {
      const v = input.variables as unknown as Search;
      const words = searchKey(v.q).split(' ').filter(Boolean);
      const where = `"professionId" = ANY($1::uuid[]) ${v.s ? `AND "stateCode" = '${v.s}'` : ''} ${words.map((w) => `AND "searchName" LIKE '%${w.replace(/'/g, "''")}%'`).join(' ')}`;
      const per = v.per ?? 20;
      const [{ n }] = await db().$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM "Professional" WHERE ${where}`, idsOf(v.p));
      const plain = await db().$queryRawUnsafe<Array<{ id: string }>>(
        `SELECT id::text FROM "Professional" WHERE ${where} ORDER BY "lastName", "firstName", id LIMIT ${per} OFFSET ${((v.page ?? 1) - 1) * per}`,
        idsOf(v.p),
      );
      const got = (await post(input)).searchProfessionals as { totalCount: number; professionals: Array<{ id: string }> };
      if (got.totalCount !== Number(n)) throw new Error(`${s.label} ${JSON.stringify(v)}: totalCount ${got.totalCount}, a full scan counts ${n}`);
      if (JSON.stringify(got.professionals.map((p) => p.id)) !== JSON.stringify(plain.map((r) => r.id))) throw new Error(`${s.label} ${JSON.stringify(v)}: not the plain query's page`);
    }
  }
  console.log(`checked: the first ${CHECKS} inputs of each shape give the exact count and the plain query's page`);

  const load = os.loadavg();
  console.log(
    `directory benchmark through HTTP (POST /v1/graphql) on PostgreSQL: ${total.toLocaleString('en')} professionals, ${ITERATIONS} requests per shape (ms); load average ${load.map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`,
  );
  const all = [baseline, ...shapes];
  for (const s of all) for (const input of s.inputs.slice(0, 5)) await post(input); // warm-up
  for (let i = 0; i < ITERATIONS; i++) {
    for (const s of all) {
      const t0 = performance.now();
      await post(s.inputs[i % s.inputs.length]);
      s.samples.push(performance.now() - t0);
    }
  }
  const stats = all.map((s) => {
    const sorted = [...s.samples].sort((a, b) => a - b);
    return { label: s.label, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  });
  const [base] = stats;
  const missed = stats.slice(1).filter((s) => s.p95 >= TARGET_P95_MS);
  console.log(`${'shape'.padEnd(36)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}  p95/baseline  p95 < ${TARGET_P95_MS} ms`);
  for (const s of stats) {
    const verdict = s === base ? '' : s.p95 < TARGET_P95_MS ? 'PASS' : 'FAIL';
    console.log(`${s.label.padEnd(36)} ${s.p50.toFixed(1).padStart(7)} ${s.p95.toFixed(1).padStart(7)}  ${(s.p95 / base.p95).toFixed(2).padStart(11)}x  ${verdict}`);
  }
  console.log(
    `load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`every shape p95 < ${TARGET_P95_MS} ms: ${missed.length ? `NOT met (${missed.map((s) => s.label).join('; ')})` : 'met'}`);
  if (total < 1_000_000) console.log(`(a smaller directory than the target's 1,000,000: run with --professionals 1000000)`);
  if (missed.length) process.exitCode = 1;
} finally {
  await api?.close();
  await closeDatabase();
  if (!KEEP && !process.env.BENCH_DATABASE_URL) await admin(`DROP DATABASE IF EXISTS "${databaseName.replace(/"/g, '""')}" WITH (FORCE)`);
}
