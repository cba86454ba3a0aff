/**
 * Faults (issue 29 item 3), each against the real server as `npm start` runs it (scripts/start.ts
 * and scripts/server.ts, the production build) over real HTTP, on a PostgreSQL and a Redis of
 * this file's own (test/faults/services.ts): they are stopped, restarted and killed here, never
 * the machine's shared ones. DATA_DIR (blobs, keys) is a small tmpfs, so the disk can be filled.
 * One cluster for the whole file, in this order: Redis stopped, the disk full, Redis back and
 * then frozen (after the disk test, by when the instance tries Redis again), `kill -9` in the
 * middle of a seal, PostgreSQL restarted under load, two instances under load.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { canMount, missingForFaults, mountTmpfs, releaseAll, startApp, startPostgres, startRedis } from './services.ts';
import type { AppServer, PrivatePostgres, PrivateRedis } from './services.ts';
import { closeAgents, dashboardSignIn, errorCode, graphql, HungRequest, send, upload, uploadRequest } from './http.ts';
import type { Answer } from './http.ts';

let pgServer: PrivatePostgres;
let redis: PrivateRedis;
let dataDir: string;
let appEnv: Record<string, string>;
let app: AppServer;
/** Every server this file started, for FAULTS_LOG. */
const started: AppServer[] = [];
/** The second instance, started in the background once the first is up (it needs the migrations the first applies). */
let secondApp: Promise<AppServer>;
/** What the test process itself uses of the app (factories, the database), imported once the environment points at the private cluster. */
let lib: Awaited<ReturnType<typeof importLib>>;
let pro: Awaited<ReturnType<Awaited<ReturnType<typeof importLib>>['professional']>>;
/** Another account, to sign in with while Redis is frozen (the professional's is locked out by then). */
let other: typeof pro;
/** When the Redis test started Redis again; the test after the disk test checks that counts went back to it. */
let redisBackAt = 0;
/** Figures each fault prints at the end. */
const figures: string[] = [];
const fileStarted = Date.now();
/** Without these, every fault is skipped, saying why (CI and `scripts/system-tools.mjs` bring them). */
const missing = missingForFaults();
// In CI (.ci/run exports CI=true) nothing may be skipped: a machine without them fails here.
if (process.env.CI === 'true' && (missing.length || !canMount)) throw new Error(`the fault tests cannot run here: ${[...missing, ...(canMount ? [] : ['root, to mount a tmpfs'])].join(', ')}`);
if (missing.length) console.warn(`fault tests skipped: this machine lacks ${missing.join(', ')}`);

async function importLib() {
  const [{ db, closeDatabase }, { seedCredential, seedUser }, { collectBlobs }] = await Promise.all([
    import('../../lib/db/index.ts'),
    import('../../prisma/factories.ts'),
    import('../../lib/storage/collect-blobs.ts'),
  ]);
  /** A TEAM user with a VERIFIED credential in their own name (as test/sealing.ts makes one). */
  const professional = async (name: string) => {
    const user = await seedUser({ planLevel: 'TEAM', displayName: name });
    const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId, displayName: name });
    return { ...user, credentialId: credential.id };
  };
  return { db, closeDatabase, professional, collectBlobs };
}

beforeAll(async () => {
  if (missing.length) return;
  const t = Date.now();
  [pgServer, redis] = await Promise.all([startPostgres(), startRedis()]);
  const tServices = Date.now() - t;
  dataDir = canMount ? mountTmpfs('48m') : fs.mkdtempSync(path.join(os.tmpdir(), 'sw-fault-data-'));
  appEnv = {
    DATABASE_URL: pgServer.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'fault',
    DATA_DIR: dataDir,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    // Nothing runs on a timer behind the tests' backs.
    BLOB_COLLECT_INTERVAL_MS: '0',
    CREDENTIAL_RECHECK_INTERVAL_MS: '0',
    // The load below is GraphQL from few addresses; the verify limit (60 a minute) is the one under test.
    GRAPHQL_RATE_LIMIT: '100000',
  };
  app = await startApp({ env: appEnv });
  started.push(app);
  const tApp = Date.now() - t - tServices;
  // A web-only instance (no batch worker of its own), like a second server behind a balancer.
  const tSecond = Date.now();
  secondApp = startApp({ env: { ...appEnv, BATCH_CONCURRENCY: '0' } }).then((server) => {
    started.push(server);
    figures.push(`second instance serving ${seconds(Date.now() - tSecond)} after it was started (beside the first tests)`);
    return server;
  });
  secondApp.catch(() => {});
  // The test process reads and seeds the same database and blob directory.
  Object.assign(process.env, { DATABASE_URL: appEnv.DATABASE_URL, DATA_DIR: dataDir, JWT_SECRET: appEnv.JWT_SECRET, ENCRYPTION_KEY: appEnv.ENCRYPTION_KEY, LOG_LEVEL: 'silent' });
  delete process.env.REDIS_URL;
  lib = await importLib();
  [pro, other] = await Promise.all([lib.professional('Morgan Faultline'), lib.professional('Casey Standby')]);
  figures.push(`set-up: ${seconds(Date.now() - t)} (PostgreSQL initdb and Redis ${seconds(tServices)}, npm start on the empty database ${seconds(tApp)}, seed)`);
}, 240_000);

// A failing test shows what the servers said.
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => console.log(`npm start output (last 4000 characters):\n${app?.output().slice(-4000)}`));
});

afterAll(async () => {
  if (missing.length) return;
  closeAgents();
  try {
    await lib?.closeDatabase().catch(() => {});
  } finally {
    // Servers, databases and the mount go whatever happened; the figures are printed even if that fails.
    await releaseAll().finally(() => {
      figures.push(`whole file: ${seconds(Date.now() - fileStarted)}`);
      // FAULTS_LOG=file: everything the servers wrote, one after the other (what a self-hoster's log shows).
      if (process.env.FAULTS_LOG) fs.writeFileSync(process.env.FAULTS_LOG, started.map((s, i) => `=== server ${i + 1} (${s.url})\n${s.output()}`).join('\n'));
      console.log(`\nfault figures:\n  ${figures.join('\n  ')}`);
    });
  }
}, 60_000);

// ——— helpers ———

/** A one-page PDF of its own; with `padBytes`, it carries an incompressible image of about that size. */
async function pdfOf(label: string, padBytes = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText(`${label} ${crypto.randomUUID()}`, { x: 72, y: 700, size: 12 });
  if (padBytes > 0) {
    const side = Math.ceil(Math.sqrt(padBytes / 3));
    const png = new PNG({ width: side, height: side, colorType: 2 });
    crypto.randomFillSync(png.data);
    for (let i = 3; i < png.data.length; i += 4) png.data[i] = 255;
    const image = await doc.embedPng(PNG.sync.write(png, { colorType: 2 }));
    page.drawImage(image, { x: 72, y: 200, width: 300, height: 300 });
  }
  return doc.save();
}

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Upload bytes and make them a document, over HTTP; the document's id. */
async function documentOf(bytes: Uint8Array, name: string, base = app.url): Promise<string> {
  const up = await upload(base, bytes, `${name}.pdf`, pro.accessToken);
  expect(up.json().errors, `upload of ${name}`).toBeUndefined();
  const created = await graphql(base, 'mutation($h: String!, $n: String!) { createDocument(input: { name: $n, fileHash: $h }) { id } }', {
    token: pro.accessToken,
    variables: { h: up.json().data.uploadFile.fileHash, n: name },
  });
  expect(created.json().errors, `createDocument ${name}`).toBeUndefined();
  return created.json().data.createDocument.id;
}

const SEAL = 'mutation($d: UUID!, $c: UUID!) { sealDocument(input: { documentId: $d, credentialId: $c }) { id verificationCode documentHash } }';
function seal(documentId: string, options: { base?: string; timeoutMs?: number } = {}): Promise<Answer> {
  return graphql(options.base ?? app.url, SEAL, { token: pro.accessToken, variables: { d: documentId, c: pro.credentialId }, timeoutMs: options.timeoutMs });
}

/** Blob files (not temporaries) under DATA_DIR/blobs, by hash. */
function blobFiles(): Set<string> {
  const root = path.join(dataDir, 'blobs');
  const found = new Set<string>();
  for (const a of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    if (!/^[0-9a-f]{2}$/.test(a)) continue;
    for (const b of fs.readdirSync(path.join(root, a))) for (const h of fs.readdirSync(path.join(root, a, b))) found.add(h);
  }
  return found;
}

/** Temporary files of puts (`*.part`) under DATA_DIR/blobs/tmp. */
function partFiles(): string[] {
  const tmp = path.join(dataDir, 'blobs', 'tmp');
  return fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((f) => f.endsWith('.part')) : [];
}

/** Everything that says whether a document was sealed: its seals, its versions (with the file each names), its SEALED events, its seal-log entries, and the log as a whole. */
async function sealState(documentId: string) {
  const db = lib.db();
  const [seals, versions, sealedEvents, logEntries, logSize] = await Promise.all([
    db.seal.findMany({ where: { documentId }, select: { id: true, verificationCode: true, documentHash: true } }),
    db.documentVersion.findMany({ where: { documentId }, orderBy: { versionNumber: 'asc' }, select: { versionNumber: true, fileHash: true, sealId: true } }),
    db.documentEvent.count({ where: { documentId, type: 'SEALED' } }),
    db.sealLogEntry.count(),
    db.sealLogSize.findUnique({ where: { id: 1 } }),
  ]);
  const codes = seals.map((s) => s.verificationCode);
  const logged = await db.sealLogEntry.count({ where: { verificationCode: { in: codes } } });
  return { seals, versions, sealedEvents, logged, logEntries, logSize: logSize?.size ?? 0 };
}

/** The seal log holds one entry per seal and its size counts them (no entry without a seal, no seal without an entry). */
async function expectLogConsistent() {
  const db = lib.db();
  const [seals, entries, size] = await Promise.all([db.seal.count(), db.sealLogEntry.count(), db.sealLogSize.findUnique({ where: { id: 1 } })]);
  expect({ seals, entries, size: size?.size ?? 0 }).toEqual({ seals, entries: seals, size: seals });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ——— the faults ———

describe.skipIf(missing.length > 0)('Redis stopped', () => {
  it("the limits fall back to each instance's memory: still held, no request waits", async () => {
    const t0 = Date.now();
    const verify = (from: string) => send(`${app.url}/v1/verify/nosuchcode00`, { from, timeoutMs: 5_000 });
    // Redis up: the verify budget (60 a minute per address) is counted there.
    const up: number[] = [];
    for (let i = 0; i < 61; i++) up.push((await verify('127.0.1.1')).status);
    expect(up).toEqual([...Array(60).fill(404), 429]);
    expect(await redis.cli('--scan', '--pattern', 'fault:rl:verify:127.0.1.1*')).not.toEqual([]);

    await redis.stop();
    const tDown = Date.now();
    // Redis down: answers come at once (the store is given at most a second, then left alone for
    // 10 s), and the limit still holds, counted by this instance.
    const down: Answer[] = [];
    for (let i = 0; i < 61; i++) down.push(await verify('127.0.1.2'));
    expect(down.map((a) => a.status)).toEqual([...Array(60).fill(404), 429]);
    expect(down[60].headers['retry-after']).toBeDefined();
    const slowestDown = Math.max(...down.map((a) => a.ms));
    // Bounds far below a hang (the GraphQL timeout is 30 s), with room for a loaded machine.
    expect(slowestDown).toBeLessThan(3_000);
    // Sign-in lockouts too: the 5th wrong password locks the account, in this instance's memory.
    const login = (password: string) =>
      graphql(app.url, 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { from: '127.0.1.3', variables: { i: { email: pro.email, password } }, timeoutMs: 5_000 });
    const misses: Answer[] = [];
    for (let i = 0; i < 6; i++) misses.push(await login('not the password'));
    expect(misses.map(errorCode)).toEqual([...Array(5).fill('INVALID_CREDENTIALS'), 'TOO_MANY_ATTEMPTS']);
    const slowestLogin = Math.max(...misses.map((a) => a.ms));
    expect(slowestLogin).toBeLessThan(5_000);
    // Persisted queries live in Redis too: a hash is then unknown, and the full query still runs.
    const apq = await send(`${app.url}/v1/graphql`, {
      method: 'POST',
      from: '127.0.1.3',
      timeoutMs: 5_000,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: sha256(Buffer.from('{ __typename }')) } } }),
    });
    expect(apq.json()).toEqual({ data: { __typename: 'Query' } });
    const downFor = Date.now() - tDown;

    await redis.start();
    redisBackAt = Date.now();
    figures.push(
      `Redis stopped: verify answered in at most ${slowestDown.toFixed(0)} ms and sign-in in ${slowestLogin.toFixed(0)} ms while down (${seconds(downFor)}); test ${seconds(Date.now() - t0)}`,
    );
  });
});

/** Fill the tmpfs under DATA_DIR until `leave` bytes are free; returns the function that empties it again. */
function fillDisk(leave: number): () => void {
  const balloon = path.join(dataDir, 'balloon');
  const stat = fs.statfsSync(dataDir);
  let toWrite = Number(stat.bavail) * Number(stat.bsize) - leave;
  const fd = fs.openSync(balloon, 'w');
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    while (toWrite > 0) toWrite -= fs.writeSync(fd, chunk, 0, Math.min(chunk.length, toWrite));
  } finally {
    fs.closeSync(fd);
  }
  return () => fs.rmSync(balloon, { force: true });
}

describe.skipIf(missing.length > 0)('the disk full (DATA_DIR a small tmpfs)', () => {
  it.skipIf(!canMount)('an upload or a seal that fills it fails with a clear error: no partial blob, no half seal, earlier data intact; both work once there is room', async () => {
    const t0 = Date.now();
    // Earlier data: a sealed document, and a draft of about 1 MB to seal once the disk is full.
    const earlierBytes = await pdfOf('Earlier');
    const earlier = await documentOf(earlierBytes, 'Earlier');
    const earlierSeal = await seal(earlier);
    expect(earlierSeal.json().errors).toBeUndefined();
    const earlierCode: string = earlierSeal.json().data.sealDocument.verificationCode;
    const draft = await documentOf(await pdfOf('Draft', 1024 * 1024), 'Draft');
    const blobsBefore = blobFiles();
    const logBefore = await lib.db().sealLogEntry.count();

    const empty = fillDisk(256 * 1024);
    let uploadAnswer: Answer;
    let sealAnswer: Answer;
    const big = await pdfOf('Too big', 1024 * 1024);
    try {
      // An upload of 1 MB into 256 KB: the disk fills while the file is written.
      uploadAnswer = await upload(app.url, big, 'too-big.pdf', pro.accessToken, { timeoutMs: 15_000 });
      // A seal whose sealed PDF (about 1 MB) does not fit.
      sealAnswer = await seal(draft, { timeoutMs: 30_000 });
    } finally {
      empty();
    }
    for (const [what, answer] of [
      ['upload', uploadAnswer],
      ['seal', sealAnswer],
    ] as const) {
      const body = answer.json();
      expect(body.errors?.[0]?.extensions, what).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status_code: 503 });
      expect(answer.status, what).toBe(503);
      expect(Number(answer.headers['retry-after']), what).toBeGreaterThan(0);
      expect(body.errors[0].message, what).toMatch(/storage is full/i);
    }
    // No partial blob, no temporary file, no record of the upload.
    expect([...blobFiles()].filter((h) => !blobsBefore.has(h))).toEqual([]);
    expect(partFiles()).toEqual([]);
    expect(await lib.db().fileUpload.count({ where: { fileHash: sha256(big) } })).toBe(0);
    // No half seal: no Seal row, no version, no event, no log entry.
    const draftState = await sealState(draft);
    expect(draftState).toMatchObject({ seals: [], sealedEvents: 0, logEntries: logBefore });
    expect(draftState.versions.map((v) => v.versionNumber)).toEqual([1]);
    await expectLogConsistent();
    // The earlier data is intact: its file downloads byte for byte, its seal verifies.
    const download = await graphql(app.url, 'query($id: UUID!) { document(id: $id) { versions { versionNumber downloadUrl } } }', { token: pro.accessToken, variables: { id: earlier } });
    const v1 = download.json().data.document.versions.find((v: { versionNumber: number }) => v.versionNumber === 1);
    const file = await send(v1.downloadUrl);
    expect(sha256(file.body)).toBe(sha256(earlierBytes));
    const verified = await send(`${app.url}/v1/verify/${earlierCode}`, { from: '127.0.2.1' });
    expect([verified.status, verified.json().valid]).toEqual([200, true]);

    // Room again: both work, without a restart.
    const retried = await upload(app.url, big, 'too-big.pdf', pro.accessToken);
    expect(retried.json().errors).toBeUndefined();
    const sealed = await seal(draft);
    expect(sealed.json().errors).toBeUndefined();
    expect((await sealState(draft)).seals).toHaveLength(1);
    await expectLogConsistent();
    figures.push(
      `disk full: upload answered ${uploadAnswer.status} in ${uploadAnswer.ms.toFixed(0)} ms, seal answered ${sealAnswer.status} in ${sealAnswer.ms.toFixed(0)} ms; test ${seconds(Date.now() - t0)}`,
    );
  });
});

describe.skipIf(missing.length > 0)('Redis back (after the disk test: the 10 s an instance leaves it alone are over), then frozen', () => {
  it('counts go to Redis again; frozen, it holds no request past the same second, the dashboard sign-in included', async () => {
    const t0 = Date.now();
    expect(redisBackAt, 'Redis was stopped and started again (the test above)').toBeGreaterThan(0);
    const verify = (from: string) => send(`${app.url}/v1/verify/nosuchcode00`, { from, timeoutMs: 5_000 });
    // Back: once the 10 s the instance leaves Redis alone after a failure are over, counts go to Redis again.
    let back = 0;
    for (let i = 1; ; i++) {
      const from = `127.0.1.${10 + i}`;
      expect((await verify(from)).status).toBe(404);
      if ((await redis.cli('--scan', '--pattern', `fault:rl:verify:${from}*`)).length > 0) {
        back = Date.now() - redisBackAt;
        break;
      }
      expect(Date.now() - redisBackAt, 'limits counted in Redis again').toBeLessThan(15_000);
      await new Promise((r) => setTimeout(r, 250));
    }
    // Frozen (SIGSTOP: connections open, no answer): the same one-second bound. The dashboard's
    // sign-in goes first, as it asks Redis for the lockout before anything else does (a GraphQL
    // request meets the per-IP limit first, whose timeout would already have sent it to memory).
    redis.freeze();
    let frozenSignIn: Awaited<ReturnType<typeof dashboardSignIn>>;
    let frozenVerify: Answer;
    try {
      frozenSignIn = await dashboardSignIn(app.url, other.email, other.password, { from: '127.0.1.4', timeoutMs: 10_000 });
      frozenVerify = await verify('127.0.1.5');
    } finally {
      redis.thaw();
    }
    expect(frozenSignIn.signedIn, frozenSignIn.answer.body.toString()).toBe(true);
    expect(frozenSignIn.answer.ms).toBeLessThan(5_000);
    expect(frozenVerify.status).toBe(404);
    figures.push(
      `Redis back: counted there again when first checked, ${seconds(back)} after it returned; Redis frozen: dashboard sign-in answered in ${frozenSignIn.answer.ms.toFixed(0)} ms; test ${seconds(Date.now() - t0)}`,
    );
  });
});

describe.skipIf(missing.length > 0)('kill -9 in the middle of a seal', () => {
  it('then a restart: each document is sealed once or not at all, blobs and the seal log agree', async () => {
    const t0 = Date.now();
    const held = await documentOf(await pdfOf('Held'), 'Held');
    const committed = await documentOf(await pdfOf('Committed'), 'Committed');
    const client = new pg.Client({ connectionString: pgServer.url });
    await client.connect();
    let tKill = 0;
    let committedOutcome: Answer | Error | undefined;
    try {
      // The held document's row is locked from outside: its seal stops inside its transaction,
      // after its sealed PDF went to the blob store and before anything is committed.
      await client.query('BEGIN');
      await client.query('SELECT id FROM "Document" WHERE id = $1 FOR UPDATE', [held]);
      let heldAnswer: Answer | Error | undefined;
      const heldSeal = seal(held, { timeoutMs: 60_000 }).then(
        (a) => (heldAnswer = a),
        (err: Error) => (heldAnswer = err),
      );
      const committedSeal = seal(committed, { timeoutMs: 60_000 }).catch((err: Error) => err);
      // Wait for both: the held seal waiting on the lock, the other one's Seal row committed.
      const deadline = Date.now() + 30_000;
      for (;;) {
        // This client is inside its transaction, where PostgreSQL keeps the first read of
        // pg_stat_activity until the end: cleared before each look, or a seal that comes to wait
        // after the first look is never seen (it once failed so, the held seal waiting all along).
        await client.query('SELECT pg_stat_clear_snapshot()');
        const waiting = await client.query(`SELECT count(*)::int AS n, string_agg(query, ' | ') AS q FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()`);
        const sealedRows = await lib.db().seal.count({ where: { documentId: committed } });
        if (waiting.rows[0].n > 0 && sealedRows > 0) break;
        if (heldAnswer || Date.now() > deadline) {
          const said = heldAnswer instanceof Error ? heldAnswer.message : heldAnswer?.body.toString();
          throw new Error(`the seals did not reach their points: ${waiting.rows[0].n} waiting (${waiting.rows[0].q}), ${sealedRows} committed; the held seal answered ${said}`);
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      await app.kill9();
      tKill = Date.now();
      closeAgents();
      // What the client saw: no answer for the held seal (the connection died with the server).
      await heldSeal;
      expect(heldAnswer).toBeInstanceOf(Error);
      committedOutcome = await committedSeal;
    } finally {
      await client.query('ROLLBACK').catch(() => {});
      await client.end();
    }

    // Right after the crash, in the database: the held document not sealed at all, the other sealed once, whole.
    const heldState = await sealState(held);
    expect(heldState).toMatchObject({ seals: [], sealedEvents: 0 });
    expect(heldState.versions.map((v) => v.versionNumber)).toEqual([1]);
    const committedState = await sealState(committed);
    expect(committedState.seals).toHaveLength(1);
    expect(committedState).toMatchObject({ sealedEvents: 1, logged: 1 });
    const sealedVersion = committedState.versions.at(-1)!;
    expect(sealedVersion).toMatchObject({ versionNumber: 2, sealId: committedState.seals[0].id, fileHash: committedState.seals[0].documentHash });
    const blob = fs.readFileSync(path.join(dataDir, 'blobs', sealedVersion.fileHash.slice(0, 2), sealedVersion.fileHash.slice(2, 4), sealedVersion.fileHash));
    expect(sha256(blob)).toBe(sealedVersion.fileHash);
    await expectLogConsistent();

    // Restart, as a service manager would.
    app = await startApp({ port: app.port, env: appEnv });
    started.push(app);
    const restartMs = Date.now() - tKill;
    // The committed seal verifies, and sealing it again is refused: it stays sealed once.
    const code = committedState.seals[0].verificationCode;
    const verified = await send(`${app.url}/v1/verify/${code}`, { from: '127.0.3.1' });
    expect([verified.status, verified.json().valid, verified.json().document.document_hash]).toEqual([200, true, sealedVersion.fileHash]);
    expect(errorCode(await seal(committed))).toBe('DOCUMENT_SEALED');
    // The held one can be sealed now, once.
    const again = await seal(held);
    expect(again.json().errors).toBeUndefined();
    expect((await sealState(held)).seals).toHaveLength(1);
    expect((await sealState(committed)).seals).toHaveLength(1);
    await expectLogConsistent();
    // Every blob is named by a version, but for the sealed PDF of the seal that died: nothing
    // names it, and the collector removes it once it is an hour old (a put that recent may still be on its way).
    const named = new Set((await lib.db().documentVersion.findMany({ select: { fileHash: true } })).map((v) => v.fileHash));
    const uploads = new Set((await lib.db().fileUpload.findMany({ select: { fileHash: true } })).map((u) => u.fileHash));
    const orphans = [...blobFiles()].filter((h) => !named.has(h) && !uploads.has(h));
    expect(orphans.length).toBeLessThanOrEqual(1);
    const collected = await lib.collectBlobs({ now: new Date(Date.now() + 2 * 3600_000) });
    expect(collected.collected.sort()).toEqual(orphans.sort());
    for (const hash of named) expect(blobFiles().has(hash), `blob ${hash} of a version`).toBe(true);
    const told = committedOutcome instanceof Error ? 'got no answer' : 'had its answer';
    figures.push(
      `kill -9 mid-seal: the held seal not there at all, the committed one once (its client ${told}); restart to serving ${seconds(restartMs)}; ${orphans.length} orphan blob collected; test ${seconds(Date.now() - t0)}`,
    );
  });
});

/** A verification code no seal has (the format's 12 lowercase letters and digits). */
const unknownCode = () => crypto.randomBytes(12).toString('hex').slice(0, 12);

describe.skipIf(missing.length > 0)('PostgreSQL restarted under load', () => {
  it('requests fail cleanly (503 SERVICE_UNAVAILABLE in each format), none hangs, and the app recovers without a restart of its own', async () => {
    const t0 = Date.now();
    const HANG_MS = 10_000;
    type Outcome = { kind: string; at: number; status: number; code: string | null; ms: number; ok: boolean; hung?: boolean };
    const outcomes: Outcome[] = [];
    let n = 0;
    const kinds: Record<string, () => Promise<[Answer, boolean]>> = {
      // Each a fresh code: the verify endpoint reads the database every time (known rows are cached 5 s).
      verify: async () => {
        const a = await send(`${app.url}/v1/verify/${unknownCode()}`, { from: `127.0.4.${(n++ % 250) + 1}`, timeoutMs: HANG_MS });
        return [a, a.status === 404 && a.json().error === 'not_found'];
      },
      me: async () => {
        const a = await graphql(app.url, '{ me { email } }', { token: pro.accessToken, timeoutMs: HANG_MS });
        return [a, a.status === 200 && a.json().data?.me?.email === pro.email];
      },
      documents: async () => {
        const a = await graphql(app.url, '{ documentsConnection(first: 5) { edges { node { id versions { versionNumber } } } } }', { token: pro.accessToken, timeoutMs: HANG_MS });
        return [a, a.status === 200 && Array.isArray(a.json().data?.documentsConnection?.edges)];
      },
    };
    let stopAt = Infinity;
    const loop = async (kind: string) => {
      while (Date.now() < stopAt) {
        const at = Date.now();
        try {
          const [a, ok] = await kinds[kind]();
          outcomes.push({ kind, at, status: a.status, code: errorCode(a), ms: a.ms, ok });
        } catch (err) {
          outcomes.push({ kind, at, status: 0, code: err instanceof HungRequest ? 'HUNG' : String(err), ms: Date.now() - at, ok: false, hung: err instanceof HungRequest });
        }
      }
    };
    const loops = Object.keys(kinds).flatMap((k) => [loop(k), loop(k)]);
    await new Promise((r) => setTimeout(r, 1_500));
    const tStop = Date.now();
    await pgServer.stop('fast');
    const tStopped = Date.now();
    await new Promise((r) => setTimeout(r, 2_000));
    await pgServer.start();
    const tStarted = Date.now();
    // Load until every kind has answered well three times since PostgreSQL is back (at most 20 s).
    const recovered = () => Object.keys(kinds).every((k) => outcomes.filter((o) => o.kind === k && o.at >= tStarted && o.ok).length >= 3);
    while (!recovered() && Date.now() - tStarted < 20_000) await new Promise((r) => setTimeout(r, 100));
    stopAt = 0;
    await Promise.all(loops);

    const bad = outcomes.filter((o) => !o.ok && !(o.status === 503 && o.code && ['SERVICE_UNAVAILABLE', 'service_unavailable'].includes(o.code)));
    expect(bad.slice(0, 10), `${bad.length} answers neither right nor a clean 503`).toEqual([]);
    expect(outcomes.filter((o) => o.hung)).toEqual([]);
    const failed = outcomes.filter((o) => !o.ok);
    expect(failed.length, 'some requests met the outage').toBeGreaterThan(0);
    expect(recovered(), 'every kind of request answers again').toBe(true);
    // The same server process throughout: it said it was ready once, and it is still running.
    expect(app.child.exitCode).toBeNull();
    expect(app.output().match(/Sealwright ready on/g)).toHaveLength(1);
    const firstOk = Math.max(...Object.keys(kinds).map((k) => Math.min(...outcomes.filter((o) => o.kind === k && o.at >= tStarted && o.ok).map((o) => o.at))));
    const slowest = Math.max(...outcomes.map((o) => o.ms));
    const lastFailure = Math.max(...failed.map((o) => o.at + o.ms));
    figures.push(
      `PostgreSQL restart: ${outcomes.length} requests, ${failed.length} answered 503 (the rest right), none hung, slowest ${slowest.toFixed(0)} ms; stop took ${seconds(tStopped - tStop)}, down ${seconds(tStarted - tStopped)}; every kind answering again ${seconds(firstOk - tStarted)} after the start (last failure ${seconds(lastFailure - tStarted)}); test ${seconds(Date.now() - t0)}`,
    );
  });
});

describe.skipIf(missing.length > 0)('two instances on one PostgreSQL and Redis', () => {
  it('hold the limits together, and lose no verification count, under load spread across both', async () => {
    const t0 = Date.now();
    const second = await secondApp;
    const startMs = Date.now() - t0;
    try {
      const instances = [app, second];
      /** Run `count` calls of `task` with `concurrency` at once. */
      const pool = async <T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> => {
        const results: T[] = new Array(count);
        let next = 0;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < count) {
              const i = next++;
              results[i] = await task(i);
            }
          }),
        );
        return results;
      };
      // One address, 150 verifications at once across both: the shared budget of 60 a minute lets exactly 60 through.
      const code = unknownCode();
      const limited = await pool(150, 16, (i) => send(`${instances[i % 2].url}/v1/verify/${code}`, { from: '127.0.5.1', timeoutMs: 15_000 }));
      const allowed = limited.filter((a) => a.status !== 429);
      expect(allowed.map((a) => a.status).every((s) => s === 404)).toBe(true);
      expect(allowed.length).toBe(60);
      expect(limited.filter((a) => a.status === 429).length).toBe(90);
      const perInstance = [0, 1].map((k) => limited.filter((a, i) => i % 2 === k && a.status !== 429).length);

      // A real seal verified N times, half over REST and half through GraphQL's verifySeal, on both instances at once.
      const doc = await documentOf(await pdfOf('Counted'), 'Counted');
      const sealed = await seal(doc);
      const sealCode: string = sealed.json().data.sealDocument.verificationCode;
      const count = async () => (await lib.db().seal.findUniqueOrThrow({ where: { verificationCode: sealCode }, select: { verificationCount: true } })).verificationCount;
      const before = await count();
      const N = 200;
      const answers = await pool(N, 16, (i) => {
        const base = instances[i % 2].url;
        const from = `127.0.6.${(i % 5) + 1}`; // 40 from each of 5 addresses: within the budget
        return i % 4 < 2
          ? send(`${base}/v1/verify/${sealCode}`, { from, timeoutMs: 15_000 })
          : graphql(base, 'query($c: String!) { verifySeal(code: $c) { isValid } }', { from, variables: { c: sealCode }, timeoutMs: 15_000 });
      });
      expect(answers.filter((a) => !(a.status === 200 && (a.json().valid === true || a.json().data?.verifySeal?.isValid === true))).map((a) => a.body.toString().slice(0, 200))).toEqual([]);
      // Counts are written once a second by each instance: wait for both to have written, then a little longer, for any extra.
      const deadline = Date.now() + 10_000;
      while ((await count()) < before + N && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await count()) - before).toBe(N);
      figures.push(
        `two instances: waited ${seconds(startMs)} for the second; 150 verifications from one address → ${allowed.length} allowed (${perInstance.join(' + ')} per instance), ${limited.length - allowed.length} refused; ${N} verifications of one seal → count +${(await count()) - before}; test ${seconds(Date.now() - t0)}`,
      );
    } finally {
      await second.stop();
    }
  });
});

describe.skipIf(missing.length > 0)('a server stopped (SIGTERM, as a deploy or a service manager stops it) with requests under way', () => {
  it('lets them finish with their answers and keeps what they stored, takes no new connection, then exits', async () => {
    const t0 = Date.now();
    const bytes = await pdfOf('Drained', 256 * 1024);
    const { body, contentType } = await uploadRequest(bytes, 'drained.pdf');
    // An upload whose body is half sent when the stop comes, on a connection of its own.
    let sent = 0;
    let rest: () => void = () => {};
    const answer = new Promise<{ status: number; text: string; connection?: string }>((resolve, reject) => {
      const req = http.request(
        `${app.url}/v1/graphql`,
        { method: 'POST', agent: false, headers: { 'content-type': contentType, 'content-length': String(body.length), authorization: `Bearer ${pro.accessToken}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), connection: res.headers.connection }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      const half = Math.floor(body.length / 2);
      req.write(body.subarray(0, half));
      sent = half;
      rest = () => req.end(body.subarray(half));
    });
    // Should a check below fail first, the upload's own failure is not also reported as unhandled.
    answer.catch(() => {});
    await new Promise((r) => setTimeout(r, 500));
    expect(sent).toBeGreaterThan(0);

    const tStop = Date.now();
    const stopped = app.stop();
    // The listening socket closes at once: a new connection is refused, not queued behind the drain.
    let refused = '';
    const refuseDeadline = Date.now() + 5_000;
    // Each try on a new connection (a kept-alive one that was idle is closed by the stop: a reset, not a refusal).
    const connect = () =>
      new Promise<string>((resolve) => {
        const probe = http.request(`${app.url}/v1/stamp`, { method: 'OPTIONS', agent: false, timeout: 2_000 }, (res) => {
          res.resume();
          res.on('end', () => resolve(`answered ${res.statusCode}`));
        });
        probe.on('timeout', () => probe.destroy(new Error('timeout')));
        probe.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
        probe.end();
      });
    // A connection the kernel took just before the server stopped listening is reset, not
    // refused: the next one tells.
    const outcomes: string[] = [];
    while (!refused && Date.now() < refuseDeadline) {
      const outcome = await connect();
      outcomes.push(outcome);
      if (outcome === 'ECONNREFUSED') refused = outcome;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(refused, outcomes.join(', ')).toBe('ECONNREFUSED');
    const tRefused = Date.now();
    // Then the rest of the body: the upload is answered in full, and kept.
    rest();
    const answered = await answer;
    const tAnswered = Date.now();
    expect(answered.status, answered.text).toBe(200);
    const fileHash = JSON.parse(answered.text).data?.uploadFile?.fileHash;
    expect(fileHash).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    expect(answered.connection).toBe('close');
    await stopped;
    const tExited = Date.now();
    expect(app.child.exitCode).toBe(0);
    expect(await lib.db().fileUpload.count({ where: { fileHash } })).toBeGreaterThan(0);
    expect(app.output()).not.toMatch(/after calling end on the pool|still under way after/);
    figures.push(
      `stop with an upload under way: new connections refused ${seconds(tRefused - tStop)} after SIGTERM; the upload answered ${answered.status} ${seconds(tAnswered - tStop)} after it; the process exited ${seconds(tExited - tStop)} after it; test ${seconds(Date.now() - t0)}`,
    );
  });
});
