/**
 * `npm run bench:directory`: p50/p95 of a directory name search (searchProfessionals, as the
 * GraphQL resolver calls it: a page and its totalCount) on PostgreSQL with 1,000,000
 * professionals, against a primary-key lookup of a profile (professional(id)) measured in the
 * same run. Target: name search p95 under 50 ms.
 *
 * Uses DATABASE_URL when it is a PostgreSQL URL, else the database `sealwright_bench` on
 * 127.0.0.1:5432 (created if missing). The directory is filled up to `--professionals N`
 * (default 1,000,000) the first time, which takes a few minutes; later runs reuse it.
 */
import pg from 'pg';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const PROFESSIONALS = flag('--professionals', 1_000_000);
const ITERATIONS = flag('--iterations', Number(process.env.BENCH_ITERATIONS ?? 300));
const TARGET_P95_MS = 50;

const url = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : 'postgresql://postgres@127.0.0.1:5432/sealwright_bench';
{
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  await admin.end();
}
process.env.DATABASE_URL = url;
process.env.LOG_LEVEL ??= 'warn';

const { closeDatabase, db, getDatabase } = await import('../lib/db/index.ts');
const { applyMigrations } = await import('../lib/db/migrate.ts');
const { seedDirectory } = await import('../lib/directory/seed-directory.ts');
const { getProfessional, searchProfessionals } = await import('../lib/directory/search-professionals.ts');
const { getProfession } = await import('../lib/stamps/professions.ts');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Run `fn` on each input in turn (after a warm-up pass) and give p50/p95/max in ms. */
async function time<T>(label: string, inputs: T[], fn: (input: T) => Promise<unknown>) {
  for (const input of inputs.slice(0, 20)) await fn(input);
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await fn(inputs[i % inputs.length]);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { label, p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples[samples.length - 1] };
}

try {
  await applyMigrations(getDatabase().adapterFactory);
  let have = await db().professional.count();
  if (have < PROFESSIONALS) {
    console.log(`Filling the directory: ${have.toLocaleString('en')} → ${PROFESSIONALS.toLocaleString('en')} professionals (once; later runs reuse it)`);
    const started = Date.now();
    // Generated licenses sometimes collide (and are skipped): go on past N until there are N.
    for (let from = 0; have < PROFESSIONALS;) {
      const count = from === 0 ? PROFESSIONALS : PROFESSIONALS - have;
      await seedDirectory({
        from,
        count,
        onProgress: (done, total) => {
          if (done === total || done % 50_000 < 2_000) process.stderr.write(`\r  ${(from + done).toLocaleString('en')} generated (${Math.round((Date.now() - started) / 1000)} s)`);
        },
      });
      from += count;
      have = await db().professional.count();
    }
    process.stderr.write('\n');
  }
  // As autovacuum would in time: statistics, and the visibility map that index-only scans need.
  for (const table of ['Professional', 'ProfessionalNameToken', 'NameToken']) await db().$executeRawUnsafe(`VACUUM ANALYZE "${table}"`);
  const total = await db().professional.count();

  // Real names from the directory, picked at random: the searches a user would type.
  const sample = await db().$queryRawUnsafe<Array<{ id: string; firstName: string; lastName: string; stateCode: string; slug: string }>>(
    `SELECT p.id, p."firstName", p."lastName", p."stateCode", f.slug FROM "Professional" p TABLESAMPLE SYSTEM (1) JOIN "Profession" f ON f.id = p."professionId" LIMIT 200`,
  );
  const base = (slug: string) => getProfession(slug)!.base;
  const searches = sample.flatMap((p, i) => {
    const professionSlug = base(p.slug);
    return [
      // a last name across the country (thousands of matches: the heaviest case)
      { professionSlug, query: p.lastName },
      // first and last name in one state
      { professionSlug, stateCode: p.stateCode, query: `${p.firstName} ${p.lastName}` },
      // part of a last name, in one state, second page
      { professionSlug, stateCode: p.stateCode, query: p.lastName.slice(0, 4), page: 2 },
      // a first name and the start of the last, country-wide
      { professionSlug, query: `${p.firstName} ${p.lastName.slice(0, 3)}`, perPage: i % 2 ? 50 : 20 },
    ];
  });
  const ids = sample.map((p) => p.id);

  console.log(`directory benchmark on PostgreSQL: ${total.toLocaleString('en')} professionals, ${ITERATIONS} iterations each (ms)`);
  const lookup = await time('primary-key lookup', ids, (id) => getProfessional({ id }));
  const search = await time('name search', searches, (input) => searchProfessionals(input));
  const lastName = await time(
    '  of which: last name only',
    searches.filter((_, i) => i % 4 === 0),
    (input) => searchProfessionals(input),
  );
  for (const r of [lookup, search, lastName]) {
    console.log(`${r.label.padEnd(28)} p50 ${r.p50.toFixed(2).padStart(7)}  p95 ${r.p95.toFixed(2).padStart(7)}  max ${r.max.toFixed(2).padStart(7)}`);
  }
  console.log(`name search p95 / primary-key p95 = ${(search.p95 / lookup.p95).toFixed(2)}x; p50 ratio ${(search.p50 / lookup.p50).toFixed(2)}x`);
  console.log(`name search p95 ${search.p95.toFixed(2)} ms (target < ${TARGET_P95_MS} ms): ${search.p95 < TARGET_P95_MS ? 'met' : 'NOT met'}`);
  if (total < 1_000_000) console.log(`(a smaller directory than the target's 1,000,000: run with --professionals 1000000)`);
} finally {
  await closeDatabase();
}
