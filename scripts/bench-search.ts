/**
 * `npm run bench:search`: retrieval quality and speed of the offline default (no AI service).
 *
 * 1. Quality: 45 fixed questions (lib/search/corpus.ts), each answered by one page of three
 *    generated 20-page calculation packages whose sheets share their boilerplate, searched
 *    across all three documents at once: recall@5 (the answer page among the first five) and
 *    MRR. Target: recall@5 ≥ 0.8.
 * 2. Speed: a 1,000-page document; p50/p95 of searchChunks against a plain sequential scan of
 *    its chunks (every chunk's text matched with ILIKE for each query word, ranked by words
 *    found), printed as a ratio.
 *
 * Runs on the embedded PGlite in a scratch directory (or on DATABASE_URL's PostgreSQL, in a
 * scratch database). AI_* variables are ignored: this measures the offline path.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';

for (const key of ['AI_BASE_URL', 'AI_EMBEDDING_MODEL', 'AI_CHAT_MODEL']) delete process.env[key];
process.env.LOG_LEVEL ??= 'warn';
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);
const TARGET_RECALL = 0.8;

let scratch: { admin: string; name: string } | null = null;
let dataDir: string | null = null;
if (process.env.DATABASE_URL?.startsWith('postgres')) {
  const name = `sealwright_bench_search_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new URL(process.env.DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  scratch = { admin: admin.toString(), name };
} else {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-bench-search-'));
  process.env.DATA_DIR = dataDir;
}

const { closeDatabase, db, getDatabase } = await import('../lib/db/index.ts');
const { applyMigrations } = await import('../lib/db/migrate.ts');
const { seedUser } = await import('../prisma/factories.ts');
const { loadActor } = await import('../lib/orgs/actor.ts');
const { blobStore } = await import('../lib/storage/index.ts');
const { ReceivedUpload } = await import('../lib/storage/received-upload.ts');
const { uploadFile } = await import('../lib/documents/upload-file.ts');
const { createDocument } = await import('../lib/documents/create-document.ts');
const { drainIngestQueue } = await import('../lib/search/workers.ts');
const { searchChunks, queryWords } = await import('../lib/search/search.ts');
const { FACTS, generatePackage, questionsOf } = await import('../lib/search/corpus.ts');
const { stopQueue } = await import('../lib/queue/index.ts');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function time(inputs: string[], fn: (q: string) => Promise<unknown>) {
  for (const q of inputs.slice(0, 5)) await fn(q);
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await fn(inputs[i % inputs.length]);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

try {
  await applyMigrations(getDatabase().adapterFactory);
  const user = await seedUser({ planLevel: 'ENTERPRISE' });
  const actor = (await loadActor({ userId: user.id }))!;
  const newDocument = async (name: string, bytes: Uint8Array) => {
    const put = await blobStore().put(Readable.from([Buffer.from(bytes)]), { maxBytes: 256 * 1024 * 1024 });
    const file = await uploadFile({ actor, file: new ReceivedUpload(`${name}.pdf`, { hash: put.hash, size: put.size, contentType: 'application/pdf' }, null) });
    return (await createDocument({ actor, input: { name, fileHash: file.fileHash } })).id;
  };
  const ingestAll = async () => {
    const t0 = performance.now();
    const result = await drainIngestQueue({ budgetMs: 30 * 60_000 });
    return { ...result, ms: performance.now() - t0 };
  };

  // 1. Quality
  const docs: string[] = [];
  for (let d = 0; d < 3; d++) docs.push(await newDocument(`Calculation package ${d + 1}`, await generatePackage({ doc: d, pages: 20 })));
  const ingest = await ingestAll();
  console.log(`Ingested 3 documents of 20 pages in ${(ingest.ms / 1000).toFixed(1)} s (${await db().documentChunk.count()} chunks)`);
  const questions = questionsOf(3, 20);
  let found = 0;
  let reciprocal = 0;
  let first = 0;
  const misses: string[] = [];
  for (const q of questions) {
    const hits = await searchChunks({ documentIds: docs, query: q.question, limit: 5 });
    const rank = hits.findIndex((h) => h.documentId === docs[q.doc] && h.pageNumber === q.page);
    if (rank >= 0) {
      found += 1;
      reciprocal += 1 / (rank + 1);
      if (rank === 0) first += 1;
    } else misses.push(`  missed: "${q.question}" (document ${q.doc + 1}, p. ${q.page}); got ${hits.map((h) => `${docs.indexOf(h.documentId) + 1}:p${h.pageNumber}`).join(' ') || 'nothing'}`);
  }
  const recall = found / questions.length;
  console.log(`\nQuality, offline default (full-text + trigram), ${questions.length} questions over 3 documents:`);
  console.log(
    `  recall@5 ${recall.toFixed(3)}  MRR ${(reciprocal / questions.length).toFixed(3)}  first ${first}/${questions.length}  (target recall@5 ≥ ${TARGET_RECALL}: ${recall >= TARGET_RECALL ? 'met' : 'NOT met'})`,
  );
  for (const m of misses) console.log(m);

  // 2. Speed on a 1,000-page document: each sheet carries one of the facts besides its boilerplate.
  const extra = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [i + 1, FACTS[(i * 7) % FACTS.length].text]));
  const big = await newDocument('Thousand-page package', await generatePackage({ doc: 3, pages: 1000, extra }));
  const bigIngest = await ingestAll();
  const chunks = await db().documentChunk.count({ where: { documentId: big } });
  console.log(`\nIngested a 1,000-page document in ${(bigIngest.ms / 1000).toFixed(1)} s: ${chunks} chunks`);
  const queries = FACTS.map((f) => f.question);
  const ours = await time(queries, (q) => searchChunks({ documentIds: [big], query: q, limit: 5 }));
  const scan = await time(queries, (q) =>
    db().$queryRawUnsafe(
      `SELECT id, "pageNumber", (SELECT count(*) FROM unnest($2::text[]) AS w WHERE c.content ILIKE '%' || w || '%') AS found
       FROM "DocumentChunk" c WHERE c."documentId" = $1::uuid ORDER BY found DESC, "chunkIndex" LIMIT 5`,
      big,
      queryWords(q),
    ),
  );
  console.log(`Search latency over its ${chunks} chunks, ${ITERATIONS} queries each (ms):`);
  console.log(`  searchChunks (GIN full-text + trigram)  p50 ${ours.p50.toFixed(1)}  p95 ${ours.p95.toFixed(1)}`);
  console.log(`  plain sequential scan (ILIKE per word)  p50 ${scan.p50.toFixed(1)}  p95 ${scan.p95.toFixed(1)}`);
  console.log(`  ratio searchChunks / scan: p50 ${(ours.p50 / scan.p50).toFixed(2)}x  p95 ${(ours.p95 / scan.p95).toFixed(2)}x`);
  process.exitCode = recall >= TARGET_RECALL ? 0 : 1;
} finally {
  await stopQueue();
  await closeDatabase();
  if (scratch) {
    const client = new pg.Client({ connectionString: scratch.admin });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${scratch.name}" WITH (FORCE)`);
    await client.end();
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
