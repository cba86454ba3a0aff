/**
 * `npm run bench:log`: the seal log at 10,000 and 1,000,000 entries, on PostgreSQL.
 *
 * - append: lib/transparency's appendLeaf in a transaction of its own (what every seal adds to
 *   its transaction), one at a time and 8 at once, against a baseline measured in the same run
 *   on the same database: a transaction that inserts one row into a table of its own;
 * - inclusion proof: inclusionProof at the full size for random leaves, and the whole record a
 *   verification carries (entry by code, newest head, proof), against a baseline: one node row
 *   read by its primary key through the same client. Target: proof under 10 ms at 1M.
 *
 * The log is filled up to each size directly (entries and every complete subtree's hash,
 * computed in memory by the same hashing and inserted in bulk), then measured through the app's
 * own code. Uses DATABASE_URL when it is a PostgreSQL URL, else the database
 * `sealwright_bench_log` on 127.0.0.1:5432, emptied at each run. `-- --sizes 10000,1000000`,
 * `--appends N` (default 1000), `--proofs N` (default 500).
 */
import crypto from 'node:crypto';
import pg from 'pg';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const SIZES = option('--sizes', '10000,1000000').split(',').map(Number);
const APPENDS = Number(option('--appends', '1000'));
const PROOFS = Number(option('--proofs', '500'));
const TARGET_PROOF_MS = 10;

const url = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : 'postgresql://postgres@127.0.0.1:5432/sealwright_bench_log';
{
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!process.env.DATABASE_URL) {
    target.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: target.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
  }
}
process.env.DATABASE_URL = url;
process.env.LOG_LEVEL ??= 'warn';
process.env.DATA_DIR ??= 'memory://';

const { closeDatabase, db, getDatabase } = await import('../lib/db/index.ts');
const { applyMigrations } = await import('../lib/db/migrate.ts');
const { sealLogEntry } = await import('../lib/transparency/entry.ts');
const { leafHash, MerkleBuilder } = await import('../lib/transparency/hash.ts');
const { signTreeHead } = await import('../lib/transparency/heads.ts');
const { sealLogRecord } = await import('../lib/transparency/seal-log.ts');
const { appendLeaf, inclusionProof, logSize } = await import('../lib/transparency/tree.ts');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (x: number) => `${x.toFixed(2)} ms`;

/** p50/p95 of `fn` over `n` runs after a warm-up of 20. */
async function timed(n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

let counter = 0;
/** A seal's entry of the shape real ones have, unique. */
function syntheticEntry(): { code: string; entry: string } {
  const code = `${(counter++).toString(36).padStart(6, '0')}${crypto.randomBytes(3).toString('hex')}`.slice(-12);
  const entry = sealLogEntry({
    code,
    documentHash: crypto.randomBytes(32).toString('hex'),
    sealedAt: new Date(),
    holderName: 'Jordan Ellis',
    licenseType: 'civil-engineer',
    licenseNumber: String(100_000 + (counter % 900_000)),
    regionCode: 'TX',
    signingCertificateSha256: counter % 2 ? crypto.randomBytes(32).toString('hex') : null,
  });
  return { code, entry };
}

const client = new pg.Client({ connectionString: url });

/** Fill the log up to `target` entries in bulk: the same entries, leaf hashes and subtree hashes appendLeaf would write. */
async function fillTo(target: number) {
  const size = await logSize(db());
  if (size >= target) return;
  // The subtrees already stored are replayed, not written again.
  let replaying = true;
  let nodes: { level: number[]; position: number[]; hash: Buffer[] } = { level: [], position: [], hash: [] };
  const builder = new MerkleBuilder((level, position, hash) => {
    if (replaying) return;
    nodes.level.push(level);
    nodes.position.push(position);
    nodes.hash.push(Buffer.from(hash));
  });
  const existing = await client.query<{ leafHash: Buffer }>('SELECT "leafHash" FROM "SealLogEntry" ORDER BY "leafIndex"');
  for (const row of existing.rows) builder.push(new Uint8Array(row.leafHash));
  replaying = false;
  const started = Date.now();
  const CHUNK = 20_000;
  for (let from = size; from < target; from += CHUNK) {
    const to = Math.min(target, from + CHUNK);
    const entries = { index: [] as number[], code: [] as string[], entry: [] as string[], leaf: [] as Buffer[] };
    for (let i = from; i < to; i++) {
      const { code, entry } = syntheticEntry();
      const leaf = leafHash(entry);
      builder.push(leaf);
      entries.index.push(i);
      entries.code.push(code);
      entries.entry.push(entry);
      entries.leaf.push(Buffer.from(leaf));
    }
    await client.query('BEGIN');
    await client.query('INSERT INTO "SealLogEntry" ("leafIndex", "verificationCode", "entry", "leafHash") SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::bytea[])', [
      entries.index,
      entries.code,
      entries.entry,
      entries.leaf,
    ]);
    await client.query('INSERT INTO "SealLogNode" ("level", "position", "hash") SELECT * FROM unnest($1::int[], $2::int[], $3::bytea[])', [nodes.level, nodes.position, nodes.hash]);
    await client.query('UPDATE "SealLogSize" SET "size" = $1 WHERE "id" = 1', [to]);
    await client.query('COMMIT');
    nodes = { level: [], position: [], hash: [] };
    process.stderr.write(`\r  filling the log: ${to.toLocaleString('en')} / ${target.toLocaleString('en')} entries (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  process.stderr.write('\n');
  await client.query('VACUUM ANALYZE "SealLogEntry"');
  await client.query('VACUUM ANALYZE "SealLogNode"');
}

/** Entries per second and the per-append time, one at a time and `concurrency` at once. */
async function appendRate(n: number, concurrency: number) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next += 1;
        const { code, entry } = syntheticEntry();
        await db().$transaction((tx) => appendLeaf(tx, { entry, code }));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: n / seconds, perAppendMs: (seconds * 1000) / n };
}

/** The baseline of an append: a transaction inserting one row, on the same database through the same client. */
async function baselineRate(n: number, concurrency: number) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        await db().$transaction((tx) => tx.$executeRaw`INSERT INTO bench_baseline (id, payload) VALUES (${i + concurrency * 1_000_000 + Math.random()}, ${crypto.randomBytes(32)})`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: n / seconds, perAppendMs: (seconds * 1000) / n };
}

try {
  await applyMigrations(getDatabase().adapterFactory);
  await client.connect();
  await client.query('DROP TABLE IF EXISTS bench_baseline');
  await client.query('CREATE TABLE bench_baseline (id double precision PRIMARY KEY, payload bytea)');
  const results: string[] = [];
  let slowest = 0;
  for (const target of SIZES) {
    await fillTo(target);
    const size = await logSize(db());
    const head = await signTreeHead();
    const codes = (await client.query<{ verificationCode: string }>('SELECT "verificationCode" FROM "SealLogEntry" ORDER BY random() LIMIT 200')).rows.map((r) => r.verificationCode);
    const random = () => crypto.randomInt(0, size);

    const readOne = await timed(PROOFS, () => db().$queryRaw`SELECT "hash" FROM "SealLogNode" WHERE "level" = 0 AND "position" = ${random()}`);
    const proof = await timed(PROOFS, () => inclusionProof(db(), random(), head.treeSize));
    const record = await timed(PROOFS, (i) => sealLogRecord({ code: codes[i % codes.length] }));
    slowest = Math.max(slowest, proof.p95);

    const base1 = await baselineRate(APPENDS, 1);
    const append1 = await appendRate(APPENDS, 1);
    const base8 = await baselineRate(APPENDS, 8);
    const append8 = await appendRate(APPENDS, 8);

    results.push(
      [
        `At ${size.toLocaleString('en')} entries:`,
        `  read one subtree row by primary key (baseline)   p50 ${ms(readOne.p50)}  p95 ${ms(readOne.p95)}`,
        `  inclusion proof (${Math.ceil(Math.log2(size))} levels)                  p50 ${ms(proof.p50)}  p95 ${ms(proof.p95)}  = ${(proof.p50 / readOne.p50).toFixed(2)}× the baseline (p50)`,
        `  a verification's record (entry, head, proof)     p50 ${ms(record.p50)}  p95 ${ms(record.p95)}  = ${(record.p50 / readOne.p50).toFixed(2)}× the baseline (p50)`,
        `  one-row insert transaction (baseline), 1 at once ${base1.perSecond.toFixed(0)}/s (${ms(base1.perAppendMs)} each)`,
        `  append, 1 at once                                ${append1.perSecond.toFixed(0)}/s (${ms(append1.perAppendMs)} each) = ${(append1.perAppendMs / base1.perAppendMs).toFixed(2)}× the baseline's time`,
        `  one-row insert transaction (baseline), 8 at once ${base8.perSecond.toFixed(0)}/s`,
        `  append, 8 at once                                ${append8.perSecond.toFixed(0)}/s = ${(base8.perSecond / append8.perSecond).toFixed(2)}× the baseline's time (appends queue on the size row)`,
      ].join('\n'),
    );
    console.log(results[results.length - 1]);
  }
  console.log(`\nTarget: an inclusion proof under ${TARGET_PROOF_MS} ms at every size (p95): ${slowest < TARGET_PROOF_MS ? 'met' : 'NOT met'} (slowest p95 ${ms(slowest)}).`);
  await client.query('DROP TABLE IF EXISTS bench_baseline');
} finally {
  await client.end().catch(() => {});
  await closeDatabase();
}
