/**
 * `npm run bench:seal`: sealing a 100-page drawing set, with and without a PKI signature,
 * against pdf-lib's own load + save of the same file in the same run. The baseline saves
 * without object streams, as sealPdf does; the default save is printed for information.
 * Target: seal at most 2× the baseline without PKI, 2.5× with.
 *
 * The headline figures seal as sealDocument does: on the PDF pool (lib/pdf/pool.ts; the bytes
 * moved to a thread and back), with the stamp taken from credentialStampPdf, which keeps the
 * stamps it rendered last: what a user waits for. The same seal run in this thread is printed
 * for information (what the pool's hand-over costs). The stamp render alone, and the seal with
 * a stamp rendered afresh each time (a first seal), are printed too. Every sheet gets the seal.
 *
 * The drawing set (scripts/drawing-set.ts): ARCH D sheets with a grid, linework, room labels
 * and a title block with a logo (one image shared by every sheet), saved the default way.
 * Runs are interleaved (each iteration runs every variant once) so drift hits all alike.
 * Flags: `--pages N` (100), `--warmup N` (3), `--iterations N` (15). Exits 0 either way: a report.
 *
 * Then the same seal THROUGH THE API, what a client waits for: the sealDocument mutation over
 * real HTTP (scripts/serve-api.ts, the route handlers in a child process: the checks, the
 * active-content read, the PDF pool, hashing, the blob write, the transaction with the seal log
 * and the document event), on every sheet, against pdf-lib's own load + save of the same file
 * in this process, interleaved in the same run. Two files: a light 100-page set (text pages,
 * scripts/drawing-set.ts lightSet), where the seal's fixed cost shows most, and a drawing set of
 * about 1.3 MB. Printed for each: p50 of both, the ratio, and the fixed cost (seal minus
 * baseline), with the machine's load average. Target: seal through the API at most 2× the
 * baseline on the 1.3 MB set. A fresh PGlite by default; `--postgres` seals on a scratch
 * database on BENCH_DATABASE_URL's server (default postgresql://postgres@127.0.0.1:5432/postgres),
 * dropped at the end. Flags: `--api-warmup N` (2), `--api-iterations N` (12), `--heavy-pages N`
 * (134: about 1.3 MB), `--only local|api` (both), `--cpu-prof DIR` (the server's threads write
 * V8 CPU profiles there: node --cpu-prof).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PDFDocument } from 'pdf-lib';
import { sealPdf } from '../lib/pdf/seal-pdf.ts';
import type { SealPdfOptions } from '../lib/pdf/seal-pdf.ts';
import { sealPdf as sealPdfHere } from '../lib/pdf/worker/seal-pdf.mjs';
import { DOCUMENT_SIGNING_USAGES, certificateDer, issueCertificate, newRsaKey } from '../lib/seals/x509.ts';
import { credentialStampPdf } from '../lib/credentials/credential-stamp.ts';
import { exportStamp } from '../lib/stamps/export.ts';
import { parseStampRequest } from '../lib/stamps/render.ts';
import { startApiServer } from '../test/api-server.ts';
import { drawingSet, lightSet } from './drawing-set.ts';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const PAGES = flag('--pages', 100);
const WARMUP = flag('--warmup', 3);
const ITERATIONS = flag('--iterations', 15);
const TARGET = { seal: 2, sealPki: 2.5, api: 2 };
const API_WARMUP = flag('--api-warmup', 2);
const API_ITERATIONS = flag('--api-iterations', 12);
const HEAVY_PAGES = flag('--heavy-pages', 134);
const ONLY = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : null;
const POSTGRES = argv.includes('--postgres');
const CPU_PROF = argv.includes('--cpu-prof') ? path.resolve(argv[argv.indexOf('--cpu-prof') + 1]) : null;
const MB = 1024 * 1024;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function bench(): Promise<void> {
  console.log(`Making a ${PAGES}-page drawing set, a signing key and certificates…`);
  const original = await drawingSet(PAGES);
  const caKey = newRsaKey();
  const day = 864e5;
  const ca = issueCertificate({
    subject: [{ name: 'commonName', value: 'Sealwright Bench CA' }],
    publicKey: caKey.publicKey,
    notBefore: new Date(Date.now() - day),
    notAfter: new Date(Date.now() + 365 * day),
    ca: true,
    selfKey: caKey.privateKey,
  });
  const key = newRsaKey();
  const leaf = issueCertificate({
    subject: [
      { name: 'commonName', value: 'José Núñez, P.E.' },
      { name: 'countryName', value: 'US' },
    ],
    publicKey: key.publicKey,
    notBefore: new Date(Date.now() - day),
    notAfter: new Date(Date.now() + 365 * day),
    extKeyUsage: DOCUMENT_SIGNING_USAGES,
    issuer: { cert: ca, key: caKey.privateKey },
  });
  const signer = { pkcs8: key.pkcs8, chainDer: [certificateDer(leaf), certificateDer(ca)] };
  const stampRequest = parseStampRequest({ name: 'José Núñez', license: '123456', state: 'TX', profession: 'engineer', date: '2026-11-23' });
  const renderStamp = async () => (await exportStamp(stampRequest, 'PDF')).data;
  const facts = { displayName: 'José Núñez', licenseNumber: '123456', regionCode: 'TX', licenseType: 'engineer', status: 'VERIFIED', verifiedAt: new Date(), expirationDate: null };
  const appStamp = () => credentialStampPdf(facts);
  const code = 'abcdefghijkl';
  const verificationUrl = `https://sealwright.example/verify/${code}`;
  const options = (stampPdf: Uint8Array, pki: boolean): SealPdfOptions => ({
    stampPdf,
    pages: Array.from({ length: PAGES }, (_, i) => i),
    // In the title block's empty panel, as engineers place it.
    positionX: 0.91,
    positionY: 0.5,
    size: 108,
    footer: `Sealed by José Núñez, Professional Engineer 123456 (TX) on 2026-11-23 \u00b7 verify at ${verificationUrl}`,
    verificationCode: code,
    verificationUrl,
    sealedAt: new Date('2026-11-23T16:00:00Z'),
    ...(pki ? { signature: { signer, signerName: 'José Núñez', reason: 'Professional seal' } } : {}),
  });

  const sizes = new Map<string, number>();
  const variants: { label: string; short: string; run: () => Promise<Uint8Array> }[] = [
    { label: 'baseline: load + save (no object streams)', short: 'baseline', run: async () => (await PDFDocument.load(original)).save({ useObjectStreams: false }) },
    { label: 'info: load + save (pdf-lib defaults)', short: 'default save', run: async () => (await PDFDocument.load(original)).save() },
    { label: 'stamp render (exportStamp PDF)', short: 'stamp', run: renderStamp },
    { label: 'seal (stamp as sealDocument takes it)', short: 'seal', run: async () => sealPdf(original, options(await appStamp(), false)) },
    { label: 'seal + PKI (stamp as sealDocument takes it)', short: 'seal+PKI', run: async () => sealPdf(original, options(await appStamp(), true)) },
    { label: 'seal, stamp rendered afresh', short: 'seal (fresh stamp)', run: async () => sealPdf(original, options(await renderStamp(), false)) },
    { label: 'seal + PKI, stamp rendered afresh', short: 'seal+PKI (fresh stamp)', run: async () => sealPdf(original, options(await renderStamp(), true)) },
    { label: 'info: seal in this thread (no pool)', short: 'seal here', run: async () => sealPdfHere(original, options(await appStamp(), false)) },
  ];
  const samples = variants.map(() => [] as number[]);
  const last = variants.map(() => 0);
  const rounds = WARMUP + ITERATIONS;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    const warm = round < WARMUP;
    for (const [i, v] of variants.entries()) {
      const t0 = performance.now();
      const out = await v.run();
      last[i] = performance.now() - t0;
      if (!warm) samples[i].push(last[i]);
      sizes.set(v.label, out.length);
    }
    const which = warm ? `warm-up ${round + 1}/${WARMUP}` : `iteration ${round - WARMUP + 1}/${ITERATIONS}`;
    console.log(`  ${which}: ${variants.map((v, i) => `${v.short} ${last[i].toFixed(0)}`).join(', ')} ms${warm ? ' (not kept)' : ''}`);
  }
  const totalS = (performance.now() - started) / 1000;

  // The outputs must be what they claim: every page kept, the PKI one signed.
  const sealed = await sealPdf(original, options(await appStamp(), true));
  if ((await PDFDocument.load(sealed)).getPageCount() !== PAGES || !Buffer.from(sealed).includes('/ByteRange [0 ')) throw new Error('the sealed PDF is not what it should be');

  const stats = samples.map((xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p90: percentile(sorted, 90) };
  });
  const [baseline, , , seal, sealPki] = stats;
  console.log('');
  console.log(
    `sealing a ${PAGES}-page drawing set (${(original.length / MB).toFixed(2)} MB, a seal on every sheet), ${ITERATIONS} interleaved iterations after ${WARMUP} warm-up, ${totalS.toFixed(0)} s in all (ms)`,
  );
  for (const [i, v] of variants.entries()) {
    console.log(`${v.label.padEnd(44)} p50 ${stats[i].p50.toFixed(1).padStart(8)}  p90 ${stats[i].p90.toFixed(1).padStart(8)}  output ${(sizes.get(v.label)! / MB).toFixed(2).padStart(6)} MB`);
  }
  console.log('');
  const verdict = (label: string, r: { p50: number }, target: number) => {
    const ratio = r.p50 / baseline.p50;
    console.log(`${label} p50 / baseline p50 = ${ratio.toFixed(2)}x (target <= ${target.toFixed(2)}x): ${ratio <= target ? 'PASS' : 'FAIL'}`);
  };
  verdict('seal        ', seal, TARGET.seal);
  verdict('seal + PKI  ', sealPki, TARGET.sealPki);
  const pre = (i: number) => (stats[i].p50 / baseline.p50).toFixed(2);
  console.log(`(stamp rendered afresh, as for a first seal: seal ${pre(5)}x, seal + PKI ${pre(6)}x; stamp render alone ${stats[2].p50.toFixed(1)} ms)`);
}

// ---------------------------------------------------------------------------------------------
// Through the API: sealDocument over HTTP against pdf-lib's load + save, in the same run.

// `--seed-account`: this file run again as a child in the server's environment, to seed the
// account into its database before the server opens it. lib/env.ts parses the environment once,
// and this process has parsed its own by now (the PDF pool reads PDF_THREADS as it loads).
if (argv.includes('--seed-account')) {
  console.log(JSON.stringify(await seedAccount()));
  process.exit(0);
}

// The server's environment, for the seeding child and the server.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-bench-seal-'));
const pgBase = new URL(process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
const scratchName = `sealwright_bench_seal_${crypto.randomBytes(5).toString('hex')}`;
const scratchUrl = new URL(pgBase);
scratchUrl.pathname = `/${scratchName}`;
const serverEnv: Record<string, string> = {
  DATA_DIR: dataDir,
  DATABASE_URL: POSTGRES ? scratchUrl.toString() : '',
  NODE_ENV: 'production',
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  BLOB_COLLECT_INTERVAL_MS: '0',
  CREDENTIAL_RECHECK_INTERVAL_MS: '0',
};

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgBase.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A TEAM user with a verified credential (run in the seeding child, whose environment is the server's). */
async function seedAccount(): Promise<{ accessToken: string; credentialId: string }> {
  const { closeDatabase, getDatabase } = await import('../lib/db/index.ts');
  const { applyMigrations } = await import('../lib/db/migrate.ts');
  const { seedCredential, seedUser } = await import('../prisma/factories.ts');
  await applyMigrations(getDatabase().adapterFactory);
  const user = await seedUser({ planLevel: 'TEAM' });
  const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId, displayName: 'José Núñez' });
  await closeDatabase();
  return { accessToken: user.accessToken, credentialId: credential.id };
}

async function graphql<T>(url: string, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`GraphQL failed (${res.status}): ${JSON.stringify(body.errors)}`);
  return body.data;
}

async function uploadPdf(url: string, token: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: 'mutation($file: Upload!) { uploadFile(file: $file) { fileHash } }', variables: { file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), 'set.pdf');
  const res = await fetch(`${url}/v1/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { data?: { uploadFile: { fileHash: string } }; errors?: unknown };
  if (!body.data?.uploadFile) throw new Error(`upload failed: ${JSON.stringify(body.errors)}`);
  return body.data.uploadFile.fileHash;
}

async function apiBench(): Promise<void> {
  console.log('');
  console.log(`Through the API (${POSTGRES ? `PostgreSQL, scratch database ${scratchName}` : 'PGlite'}): making a light 100-page set and a ${HEAVY_PAGES}-page drawing set, seeding an account…`);
  const sets = [
    { label: 'light 100-page set', bytes: await lightSet(100) },
    { label: `drawing set, ${HEAVY_PAGES} pages`, bytes: await drawingSet(HEAVY_PAGES) },
  ];
  if (POSTGRES) await admin(`CREATE DATABASE "${scratchName}"`);
  const api = await (async () => {
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--seed-account'], { env: { ...process.env, LOG_LEVEL: 'warn', ...serverEnv }, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`seeding the account failed: ${seeded.stderr}`);
    const { accessToken, credentialId } = JSON.parse(seeded.stdout.trim().split('\n').at(-1)!) as { accessToken: string; credentialId: string };
    if (CPU_PROF) fs.mkdirSync(CPU_PROF, { recursive: true });
    const server = await startApiServer(serverEnv, CPU_PROF ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] } : {});
    return { server, token: accessToken, credentialId };
  })();
  const { server, token, credentialId } = api;
  try {
    const rounds = API_WARMUP + API_ITERATIONS;
    const documents = await Promise.all(
      sets.map(async (set) => {
        const fileHash = await uploadPdf(server.url, token, set.bytes);
        const ids: string[] = [];
        for (let i = 0; i < rounds; i++) {
          ids.push(
            (await graphql<{ createDocument: { id: string } }>(server.url, token, 'mutation($h: String!) { createDocument(input: { name: "Set", fileHash: $h }) { id } }', { h: fileHash }))
              .createDocument.id,
          );
        }
        return ids;
      }),
    );
    const trivial: number[] = [];
    const baseline = sets.map(() => [] as number[]);
    const sealed = sets.map(() => [] as number[]);
    const loadBefore = os.loadavg();
    const started = performance.now();
    for (let round = 0; round < rounds; round++) {
      const warm = round < API_WARMUP;
      const line: string[] = [];
      for (const [i, set] of sets.entries()) {
        let t0 = performance.now();
        await (await PDFDocument.load(set.bytes)).save({ useObjectStreams: false });
        const base = performance.now() - t0;
        t0 = performance.now();
        await graphql(server.url, token, 'mutation($i: SealDocumentInput!) { sealDocument(input: $i) { verificationCode } }', {
          i: { documentId: documents[i][round], credentialId, pageMode: 'ALL' },
        });
        const seal = performance.now() - t0;
        t0 = performance.now();
        await graphql(server.url, token, '{ __typename }');
        const floor = performance.now() - t0;
        if (!warm) {
          baseline[i].push(base);
          sealed[i].push(seal);
          trivial.push(floor);
        }
        line.push(`${i === 0 ? 'light' : 'heavy'} baseline ${base.toFixed(0)} seal ${seal.toFixed(0)}`);
      }
      console.log(`  ${warm ? `warm-up ${round + 1}/${API_WARMUP}` : `iteration ${round - API_WARMUP + 1}/${API_ITERATIONS}`}: ${line.join(', ')} ms${warm ? ' (not kept)' : ''}`);
    }
    const totalS = (performance.now() - started) / 1000;
    const loadAfter = os.loadavg();
    const median = (xs: number[]) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      );
    const p90 = (xs: number[]) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        90,
      );
    console.log('');
    console.log(
      `sealing THROUGH THE API (sealDocument over HTTP, every page, ${POSTGRES ? 'PostgreSQL' : 'PGlite'}) against pdf-lib's load + save (no object streams) of the same file, ${API_ITERATIONS} interleaved iterations after ${API_WARMUP} warm-up, ${totalS.toFixed(0)} s in all (ms)`,
    );
    for (const [i, set] of sets.entries()) {
      const b = median(baseline[i]);
      const s = median(sealed[i]);
      console.log(
        `${`${set.label} (${(set.bytes.length / MB).toFixed(2)} MB)`.padEnd(34)} baseline p50 ${b.toFixed(1).padStart(7)}  seal p50 ${s.toFixed(1).padStart(7)} (p90 ${p90(sealed[i]).toFixed(1).padStart(7)})  ratio ${(s / b).toFixed(2)}x  fixed cost (seal - baseline) ${(s - b).toFixed(1).padStart(6)}`,
      );
    }
    console.log(`info: a trivial GraphQL query ({ __typename }) over the same HTTP, p50 ${median(trivial).toFixed(1)} ms`);
    console.log(`load average (1, 5, 15 min): before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}; ${os.availableParallelism()} cores`);
    const heavyRatio = median(sealed[1]) / median(baseline[1]);
    console.log(`seal through the API, ${sets[1].label}: p50 / baseline p50 = ${heavyRatio.toFixed(2)}x (target <= ${TARGET.api.toFixed(2)}x): ${heavyRatio <= TARGET.api ? 'PASS' : 'FAIL'}`);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (POSTGRES) await admin(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`).catch((err: unknown) => console.error(`could not drop ${scratchName}: ${String(err)}`));
  }
}

if (ONLY !== 'api') await bench();
if (ONLY !== 'local') await apiBench();
process.exit(0);
