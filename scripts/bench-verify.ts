/**
 * `npm run bench:verify`: requests per second of GET /v1/verify/:code under 50 concurrent
 * connections (autocannon), against a trivial JSON route of the same server measured in the
 * same run. Target: verify at least 0.5× the trivial route, with no error, no 429 and no other
 * non-2xx answer; and the seal's verification_count must equal the verify requests answered
 * 200 (each counted once).
 *
 * One process: a fresh PGlite and blob directory in a temporary DATA_DIR, migrated and seeded
 * with a TEAM user, a verified credential and a sealed one-page PDF; then one plain Node HTTP
 * server with both routes behind the same Node→fetch adapter as scripts/serve-api.ts. The load
 * generator runs in an autocannon worker thread, so it does not share the server's event loop.
 * Each request carries its own X-Forwarded-For (TRUST_PROXY=1), so the verify endpoints'
 * 60-a-minute-per-IP limit never trips, while the limiter still runs for every request.
 *
 * After a warm-up of each route, the routes alternate (trivial, verify, trivial, verify …) so
 * drift hits both alike; the figures are the means over the rounds.
 * Options: --connections N (50), --warmup S (3), --round S (5), --rounds N (2).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';
import type { Result } from 'autocannon';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const CONNECTIONS = flag('--connections', 50);
const WARMUP_S = flag('--warmup', 3);
const ROUND_S = flag('--round', 5);
const ROUNDS = flag('--rounds', 2);
const TARGET_RATIO = 0.5;

// The environment first: lib/env.ts parses it once, on first use.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-bench-verify-'));
Object.assign(process.env, { DATA_DIR: dataDir, DATABASE_URL: '', TRUST_PROXY: '1', NODE_ENV: 'production', BLOB_COLLECT_INTERVAL_MS: '0', CREDENTIAL_RECHECK_INTERVAL_MS: '0' });
process.env.LOG_LEVEL ??= 'warn';

const { closeDatabase, db, getDatabase, sqlStatements } = await import('../lib/db/index.ts');
const { applyMigrations } = await import('../lib/db/migrate.ts');
const { seedCredential, seedUser } = await import('../prisma/factories.ts');
const { loadActor } = await import('../lib/orgs/actor.ts');
const { blobStore } = await import('../lib/storage/index.ts');
const { ReceivedUpload } = await import('../lib/storage/received-upload.ts');
const { uploadFile } = await import('../lib/documents/upload-file.ts');
const { createDocument } = await import('../lib/documents/create-document.ts');
const { sealDocument } = await import('../lib/seals/seal-document.ts');
const { GET: verifyCode } = await import('../app/v1/verify/[code]/route.ts');
const { GET: verifyStats } = await import('../app/v1/verify/[code]/stats/route.ts');

/** A Node request as the fetch Request a route handler takes (as scripts/serve-api.ts does, keeping the client's X-Forwarded-For). */
function toRequest(req: http.IncomingMessage): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url}`, {
    method: req.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/** The baseline: a route handler that does nothing but answer JSON. */
const trivial = (): Response => Response.json({ ok: true });

/** What the server saw: requests under way, and the verify answers by status. */
const served = { inFlight: 0, verifyStatus: new Map<number, number>() };
const servedVerify = () => [...served.verifyStatus.values()].reduce((a, b) => a + b, 0);

function startServer(): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(async (req, res) => {
    served.inFlight += 1;
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const verify = /^\/v1\/verify\/([^/]+)$/.exec(url.pathname)?.[1];
      const stats = /^\/v1\/verify\/([^/]+)\/stats$/.exec(url.pathname)?.[1];
      let response: Response;
      if (req.method !== 'GET') response = new Response('Not found\n', { status: 404 });
      else if (url.pathname === '/bench/trivial') {
        toRequest(req); // made all the same, as for verify: the adapter's cost is in both
        response = trivial();
      } else if (verify) response = await verifyCode(toRequest(req), { params: Promise.resolve({ code: verify }) });
      else if (stats) response = await verifyStats(toRequest(req), { params: Promise.resolve({ code: stats }) });
      else response = new Response('Not found\n', { status: 404 });
      if (verify) served.verifyStatus.set(response.status, (served.verifyStatus.get(response.status) ?? 0) + 1);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) for await (const chunk of Readable.fromWeb(response.body as never)) res.write(chunk);
      res.end();
    } catch (err) {
      res.writeHead(500).end(String(err));
    } finally {
      served.inFlight -= 1;
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

/** A seal to verify: a TEAM user, a verified credential, a one-page PDF uploaded, made a document, sealed. */
async function seedSeal(): Promise<string> {
  const { PDFDocument } = await import('pdf-lib');
  const user = await seedUser({ planLevel: 'TEAM' });
  const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId });
  const actor = await loadActor({ userId: user.id });
  if (!actor) throw new Error('the seeded user has no organization');
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText(`Bench sheet ${crypto.randomUUID()}`, { x: 72, y: 700 });
  const bytes = await pdf.save();
  const put = await blobStore().put(Readable.from([Buffer.from(bytes)]), { maxBytes: 1024 * 1024 });
  const file = await uploadFile({ actor, file: new ReceivedUpload('bench-sheet.pdf', { hash: put.hash, size: put.size, contentType: 'application/pdf' }, null) });
  const document = await createDocument({ actor, input: { name: 'Bench sheet', fileHash: file.fileHash } });
  const seal = await sealDocument({ actor, input: { documentId: document.id, credentialId: credential.id } });
  return seal.verificationCode;
}

/**
 * autocannon's per-request hook, as a module of its own (a worker loads it by path): each
 * request a new X-Forwarded-For, from a random start so runs do not repeat each other's.
 */
function writeSetupRequest(): string {
  const file = path.join(dataDir, 'setup-request.cjs');
  fs.writeFileSync(
    file,
    `let n = Math.floor(Math.random() * 0x1000000);
module.exports = (req) => {
  n = (n + 1) & 0xffffff;
  req.headers = { ...req.headers, 'x-forwarded-for': '10.' + (n >>> 16) + '.' + ((n >>> 8) & 255) + '.' + (n & 255) };
  return req;
};
`,
  );
  return file;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function load(url: string, setupRequest: string, seconds: number): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, workers: 1, requests: [{ method: 'GET', setupRequest }] });
  // Requests the client gave up on at the end are still served (and counted): let them finish.
  while (served.inFlight > 0) await sleep(5);
  return result;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function bench(): Promise<number> {
  await applyMigrations(getDatabase().adapterFactory);
  const code = await seedSeal();
  const { server, url } = await startServer();
  const setupRequest = writeSetupRequest();
  const routes = { trivial: `${url}/bench/trivial`, verify: `${url}/v1/verify/${code}` };
  const all: { route: 'trivial' | 'verify'; warm: boolean; result: Result }[] = [];
  let sqlDuringVerify = 0;
  try {
    const started = performance.now();
    console.log(`GET /v1/verify/${code} against GET /bench/trivial: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up each, then ${ROUNDS} alternating rounds of ${ROUND_S} s`);
    const schedule: { route: 'trivial' | 'verify'; warm: boolean; seconds: number }[] = [
      { route: 'trivial', warm: true, seconds: WARMUP_S },
      { route: 'verify', warm: true, seconds: WARMUP_S },
      ...Array.from({ length: ROUNDS }, () => [
        { route: 'trivial' as const, warm: false, seconds: ROUND_S },
        { route: 'verify' as const, warm: false, seconds: ROUND_S },
      ]).flat(),
    ];
    for (const step of schedule) {
      const sqlBefore = sqlStatements.count;
      const result = await load(routes[step.route], setupRequest, step.seconds);
      if (step.route === 'verify') sqlDuringVerify += sqlStatements.count - sqlBefore;
      all.push({ ...step, result });
      const bad = result.errors + result.timeouts + result.non2xx;
      console.log(
        `  ${step.warm ? 'warm-up' : 'round  '} ${step.route.padEnd(7)} ${result.requests.mean.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50.toFixed(1).padStart(5)} ms  p99 ${result.latency.p99.toFixed(1).padStart(5)} ms  ${result['2xx']} 2xx${bad ? `  ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts` : ''}${step.warm ? ' (not kept)' : ''}`,
      );
    }

    const stats = await fetch(`${url}/v1/verify/${code}/stats`, { headers: { 'x-forwarded-for': '192.0.2.1' } });
    const statsBody = (await stats.json()) as { verification_count?: number };
    const row = await db().seal.findUniqueOrThrow({ where: { verificationCode: code }, select: { verificationCount: true } });
    const totalS = (performance.now() - started) / 1000;

    const summary = (route: 'trivial' | 'verify') => {
      const kept = all.filter((r) => r.route === route && !r.warm).map((r) => r.result);
      return { rps: mean(kept.map((r) => r.requests.mean)), p50: mean(kept.map((r) => r.latency.p50)), p99: mean(kept.map((r) => r.latency.p99)) };
    };
    const base = summary('trivial');
    const verify = summary('verify');
    const ratio = verify.rps / base.rps;
    const sum = (pick: (r: Result) => number, route?: 'trivial' | 'verify') => all.filter((r) => !route || r.route === route).reduce((n, r) => n + pick(r.result), 0);
    const errors = sum((r) => r.errors);
    const timeouts = sum((r) => r.timeouts);
    const non2xx = sum((r) => r.non2xx);
    const refused429 = sum((r) => r.statusCodeStats?.['429']?.count ?? 0);
    const clientOk = sum((r) => r['2xx'], 'verify');
    const serverOk = served.verifyStatus.get(200) ?? 0;
    const serverOther = [...served.verifyStatus].filter(([status]) => status !== 200);
    const counted = row.verificationCount;
    const countsAgree = counted === serverOk && statsBody.verification_count === counted;
    const clean = errors + timeouts + non2xx === 0 && serverOther.length === 0;

    console.log('');
    console.log(`${CONNECTIONS} connections, mean of ${ROUNDS} × ${ROUND_S} s per route, ${totalS.toFixed(0)} s of load in all`);
    console.log(`trivial JSON route (baseline)   ${base.rps.toFixed(0).padStart(6)} req/s  p50 ${base.p50.toFixed(1).padStart(5)} ms  p99 ${base.p99.toFixed(1).padStart(5)} ms`);
    console.log(`GET /v1/verify/:code            ${verify.rps.toFixed(0).padStart(6)} req/s  p50 ${verify.p50.toFixed(1).padStart(5)} ms  p99 ${verify.p99.toFixed(1).padStart(5)} ms`);
    const met = ratio >= TARGET_RATIO;
    console.log(`ratio verify/trivial: ${ratio.toFixed(3)} (target >= ${TARGET_RATIO}, no error): ${met && clean ? 'PASS' : met ? 'FAIL (the ratio is met, but with errors)' : 'FAIL'}`);
    console.log(`SQL statements per verify request: ${(sqlDuringVerify / Math.max(1, servedVerify())).toFixed(2)}`);
    console.log('');
    console.log(`errors ${errors}, timeouts ${timeouts}, non-2xx ${non2xx} (of which 429: ${refused429}), all runs including warm-up: ${clean ? 'none, OK' : 'ERRORS'}`);
    console.log(
      `verify answered 200: ${serverOk} by the server (${clientOk} received by autocannon before it stopped)${serverOther.length ? `; other statuses: ${serverOther.map(([s, n]) => `${s} × ${n}`).join(', ')}` : ''}`,
    );
    console.log(
      `verification_count: ${counted} in the database, ${statsBody.verification_count} from GET /v1/verify/:code/stats: ${countsAgree ? 'agrees, each verification counted once' : 'DISAGREES'}`,
    );
    return clean && countsAgree ? 0 : 1;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

let exitCode = 1;
try {
  exitCode = await bench();
} finally {
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
