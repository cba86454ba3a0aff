/**
 * `npm run bench:concurrency`: what the PDF pool buys. Over real HTTP (scripts/serve-api.ts, a
 * child process with its own PGlite), a 100-page drawing set is uploaded and sealed on every
 * sheet through the sealDocument mutation:
 *
 * - one seal alone (the baseline), then two seals at once: with a pool thread per core, the
 *   pair should take about the time of one on 2 cores (target: pair / single ≤ 1.5×);
 * - a trivial GraphQL query (`{ __typename }`), asked one after the other while two more seals
 *   run, against the same query on the idle server: it should answer in under 100 ms
 *   throughout, since no PDF work runs on the thread that serves requests.
 *
 * The account and its verified credential are seeded into the data directory before the server
 * starts (one process opens a PGlite directory at a time). Rounds alternate so drift hits all
 * alike. Flags: `--pages N` (100), `--rounds N` (5), `--warmup N` (1). Exits 0 either way: a report.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiServer } from '../test/api-server.ts';
import { drawingSet } from './drawing-set.ts';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const PAGES = flag('--pages', 100);
const ROUNDS = flag('--rounds', 5);
const WARMUP = flag('--warmup', 1);
const TARGET = { pairOverSingle: 1.5, queryMs: 100 };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-bench-concurrency-'));
const serverEnv = {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  NODE_ENV: 'production',
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  BLOB_COLLECT_INTERVAL_MS: '0',
  CREDENTIAL_RECHECK_INTERVAL_MS: '0',
};

/** The account, seeded here and then handed to the server: its token and credential. */
async function seed(): Promise<{ accessToken: string; credentialId: string }> {
  Object.assign(process.env, serverEnv);
  process.env.LOG_LEVEL ??= 'warn';
  const { closeDatabase, getDatabase } = await import('../lib/db/index.ts');
  const { applyMigrations } = await import('../lib/db/migrate.ts');
  const { seedCredential, seedUser } = await import('../prisma/factories.ts');
  await applyMigrations(getDatabase().adapterFactory);
  const user = await seedUser({ planLevel: 'TEAM' });
  const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId });
  await closeDatabase();
  return { accessToken: user.accessToken, credentialId: credential.id };
}

async function graphql<T>(url: string, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

async function uploadPdf(url: string, token: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: 'mutation($file: Upload!) { uploadFile(file: $file) { fileHash } }', variables: { file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), 'drawing-set.pdf');
  const res = await fetch(`${url}/v1/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { data?: { uploadFile: { fileHash: string } }; errors?: unknown };
  if (!body.data) throw new Error(`upload failed: ${JSON.stringify(body.errors)}`);
  return body.data.uploadFile.fileHash;
}

const TRIVIAL = '{ __typename }';

/** Trivial queries one after the other until `done` settles; each one's time in ms. */
async function askWhile(url: string, token: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const times: number[] = [];
  while (!finished) {
    const t0 = performance.now();
    await graphql(url, token, TRIVIAL);
    times.push(performance.now() - t0);
  }
  return times;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const median = (xs: number[]) => percentile(xs, 50);

async function bench(): Promise<void> {
  console.log(`Making a ${PAGES}-page drawing set, seeding an account with a verified credential…`);
  const original = await drawingSet(PAGES);
  const { accessToken: token, credentialId } = await seed();
  const api = await startApiServer(serverEnv);
  try {
    const fileHash = await uploadPdf(api.url, token, original);
    const newDocument = async () =>
      (await graphql<{ createDocument: { id: string } }>(api.url, token, 'mutation($h: String!) { createDocument(input: { name: "Drawing set", fileHash: $h }) { id } }', { h: fileHash }))
        .createDocument.id;
    const seal = async (documentId: string) => {
      const t0 = performance.now();
      await graphql(api.url, token, 'mutation($i: SealDocumentInput!) { sealDocument(input: $i) { verificationCode } }', { i: { documentId, credentialId, pageMode: 'ALL' } });
      return performance.now() - t0;
    };

    const idle: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await graphql(api.url, token, TRIVIAL);
      idle.push(performance.now() - t0);
    }

    const single: number[] = [];
    const pair: number[] = [];
    const during: number[] = [];
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const warm = round < WARMUP;
      const [a, b, c, d, e] = [await newDocument(), await newDocument(), await newDocument(), await newDocument(), await newDocument()];
      const one = await seal(a);
      const t0 = performance.now();
      await Promise.all([seal(b), seal(c)]);
      const two = performance.now() - t0;
      // Two more at once, with the trivial query asked one after the other until both are done.
      const both = Promise.all([seal(d), seal(e)]);
      const asked = await askWhile(api.url, token, both);
      await both;
      console.log(
        `  ${warm ? `warm-up ${round + 1}/${WARMUP}` : `round ${round - WARMUP + 1}/${ROUNDS}`}: one seal ${one.toFixed(0)} ms, two at once ${two.toFixed(0)} ms; ${asked.length} trivial queries during two more (max ${Math.max(...asked).toFixed(0)} ms)${warm ? ' (not kept)' : ''}`,
      );
      if (warm) continue;
      single.push(one);
      pair.push(two);
      during.push(...asked);
    }

    const ratio = median(pair) / median(single);
    console.log('');
    console.log(`sealing a ${PAGES}-page drawing set on every sheet over HTTP, ${os.availableParallelism()} cores, ${ROUNDS} rounds after ${WARMUP} warm-up (ms)`);
    console.log(`one seal alone (baseline)        median ${median(single).toFixed(0).padStart(6)}`);
    console.log(`two seals at once, both done     median ${median(pair).toFixed(0).padStart(6)}`);
    console.log(
      `trivial query, idle server       p50 ${median(idle).toFixed(1).padStart(6)}  p95 ${percentile(idle, 95).toFixed(1).padStart(6)}  max ${Math.max(...idle)
        .toFixed(1)
        .padStart(6)}  (${idle.length} queries)`,
    );
    console.log(
      `trivial query, during two seals  p50 ${median(during).toFixed(1).padStart(6)}  p95 ${percentile(during, 95).toFixed(1).padStart(6)}  max ${Math.max(...during)
        .toFixed(1)
        .padStart(6)}  (${during.length} queries)`,
    );
    console.log('');
    console.log(
      `two seals at once / one seal = ${ratio.toFixed(2)}x (target <= ${TARGET.pairOverSingle.toFixed(2)}x; 2.00x would be one after the other): ${ratio <= TARGET.pairOverSingle ? 'PASS' : 'FAIL'}`,
    );
    const worst = Math.max(...during);
    console.log(
      `trivial query during the seals: max ${worst.toFixed(0)} ms = ${(worst / median(idle)).toFixed(1)}x its idle p50, p95 ${(percentile(during, 95) / median(idle)).toFixed(1)}x (target: every answer < ${TARGET.queryMs} ms): ${worst < TARGET.queryMs ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await api.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await bench();
