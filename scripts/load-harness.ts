/**
 * What `npm run load` and `npm run soak` share: the real server started as the README starts it
 * (`npm start`, on a free loopback port), on the embedded PGlite or on PostgreSQL + Redis; the
 * data they need, made through the public API; and the requests they send.
 *
 * Client addresses: the server runs with TRUST_PROXY=1, the documented setting for a server
 * behind a proxy, and every request carries an X-Forwarded-For from a pool of addresses, as
 * requests from many clients reach a proxied server. Every per-IP limit (stamp 10 a minute,
 * verify 60, GraphQL 100) still runs for every request; no client of the pool goes past one, so
 * what is measured is the work, not 429 answers (any 429 is still counted and reported).
 */
import crypto from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import pg from 'pg';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';

export type Config = 'pglite' | 'postgres';

const repo = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A numeric flag (`--seconds 10`), else the fallback. */
export function numberFlag(name: string, fallback: number): number {
  const argv = process.argv.slice(2);
  const at = argv.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} takes a positive number`);
  return value;
}

/** A string flag (`--result out.json`), else undefined. */
export function stringFlag(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = (probe.address() as net.AddressInfo) ?? {};
      probe.close(() => resolve(port));
    });
  });
}

/** The machine's 1-minute load average, for the figures' context. */
export const loadAverage = () => os.loadavg()[0]!.toFixed(1);

// ---------------------------------------------------------------------------------------------
// The server

export interface Server {
  url: string;
  config: Config;
  /** The PostgreSQL database this server uses (postgres only). */
  database?: string;
  databaseUrl?: string;
  stop(): Promise<void>;
}

const PG_URL = process.env.LOAD_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function onMaintenanceDb(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Delete every Redis key under `prefix:` (the rate-limit store and persisted-query cache of one run). */
async function clearRedisPrefix(prefix: string): Promise<void> {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Stoppers of everything started, so an interrupted run still cleans up. */
const cleanups = new Set<() => Promise<void>>();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server and removing its data…`);
    void Promise.allSettled([...cleanups].map((c) => c())).finally(() => process.exit(130));
  });
}

/**
 * `npm start` on a free loopback port: PGlite in a temporary DATA_DIR, or PostgreSQL (a
 * database of its own, dropped at stop) with Redis (a key prefix of its own, deleted at stop),
 * seeded there with `npm run db:seed -- --professionals 0` (the README's step for PostgreSQL;
 * `npm start` seeds only the embedded database). Needs a build in .next (`npm run build`).
 */
export async function startServer(config: Config, extraEnv: Record<string, string> = {}): Promise<Server> {
  if (!fs.existsSync(path.join(repo, '.next/BUILD_ID'))) throw new Error('No build in .next: run `npm run build` first');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const run = crypto.randomBytes(4).toString('hex');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sealwright-${config}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATA_DIR: dataDir,
    APP_URL: url,
    TRUST_PROXY: '1',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.UPSTASH_REDIS_REST_URL;
  let database: string | undefined;
  let databaseUrl: string | undefined;
  const redisPrefix = `load-${run}`;
  if (config === 'postgres') {
    database = `sealwright_load_${run}`;
    const u = new URL(PG_URL);
    u.pathname = `/${database}`;
    databaseUrl = u.toString();
    await onMaintenanceDb(`CREATE DATABASE ${database}`);
    Object.assign(env, { DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: redisPrefix });
  }

  const child: ChildProcess = spawn('npm', ['start', '--', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: repo,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // gone already
    }
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    cleanups.delete(stop);
    if (!exited) {
      signal('SIGTERM');
      await Promise.race([exit, sleep(30_000)]);
      if (!exited) signal('SIGKILL');
      await exit;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (database) {
      await onMaintenanceDb(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((err) => console.error(`could not drop ${database}: ${err}`));
      await clearRedisPrefix(redisPrefix).catch((err) => console.error(`could not clear Redis keys ${redisPrefix}:*: ${err}`));
    }
  };
  cleanups.add(stop);

  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => {
    output += d;
    // After start, the server's warnings and errors go to this run's output.
    if (ready) for (const line of d.toString().split('\n').filter(Boolean)) console.error(`  [${config} server] ${line}`);
  });
  let ready = false;
  const deadline = Date.now() + 300_000;
  while (!output.includes('ready on')) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`The server ${exited ? 'exited' : 'did not start within 300 s'}:\n${output}`);
    }
    await sleep(100);
  }
  ready = true;
  if (config === 'postgres') {
    const seed = spawnSync('npm', ['run', 'db:seed', '--', '--professionals', '0'], { cwd: repo, env, encoding: 'utf8' });
    if (seed.status !== 0) {
      await stop();
      throw new Error(`npm run db:seed failed:\n${seed.stdout}${seed.stderr}`);
    }
  }
  return { url, config, database, databaseUrl, stop };
}

// ---------------------------------------------------------------------------------------------
// Client addresses

let clientN = 0;
/** The next address of a pool of `size` clients (10.x.y.z), one after the other. */
export function clientAddress(size = 1 << 20): string {
  const n = clientN++ % size;
  return `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

// ---------------------------------------------------------------------------------------------
// The data, through the API

export const DEMO = { email: 'demo@sealwright.test', password: 'sealwright-demo' };

async function graphql<T>(url: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${url}/v1/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!res.ok || body.errors || !body.data) throw new Error(`GraphQL answered ${res.status}: ${JSON.stringify(body.errors ?? body)}`);
  return body.data;
}

export const UPLOAD = 'mutation($file: Upload!) { uploadFile(file: $file) { fileHash size } }';

/** A multipart uploadFile request body (graphql-multipart-request-spec, as the API takes files). */
export function multipartUpload(pdf: Uint8Array, boundary: string): Buffer {
  const part = (headers: string, body: string | Uint8Array) => [Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')];
  return Buffer.concat([
    ...part('Content-Disposition: form-data; name="operations"', JSON.stringify({ query: UPLOAD, variables: { file: null } })),
    ...part('Content-Disposition: form-data; name="map"', JSON.stringify({ 0: ['variables.file'] })),
    ...part('Content-Disposition: form-data; name="0"; filename="load.pdf"\r\nContent-Type: application/pdf', pdf),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
}

async function upload(url: string, token: string, pdf: Uint8Array): Promise<string> {
  const boundary = `load${crypto.randomBytes(8).toString('hex')}`;
  const res = await fetch(`${url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, 'x-forwarded-for': clientAddress() },
    body: new Uint8Array(multipartUpload(pdf, boundary)),
  });
  const body = (await res.json()) as { data?: { uploadFile: { fileHash: string } }; errors?: unknown };
  if (!body.data?.uploadFile) throw new Error(`uploadFile answered ${res.status}: ${JSON.stringify(body.errors ?? body)}`);
  return body.data.uploadFile.fileHash;
}

async function sheetPdf(label: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText(`${label} ${crypto.randomUUID()}`, { x: 72, y: 700 });
  return pdf.save();
}

/** Where in a PDF's bytes its 16-digit token lies: every copy of the file can be made unique in place. */
export interface TokenPdf {
  bytes: Buffer;
  tokenAt: number;
}

const TOKEN_DIGITS = '0'.repeat(16);

/**
 * A one-page PDF of about `size` bytes (a photo-like image of noise, which does not compress),
 * with a 16-digit token in its page's dictionary that `stampToken` rewrites without moving a byte.
 */
export async function sizedPdf(size: number): Promise<TokenPdf> {
  const side = Math.round(Math.sqrt(size / 3));
  const png = await sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(png);
  const page = pdf.addPage([side, side]);
  page.drawImage(image, { x: 0, y: 0, width: side, height: side });
  page.node.set(PDFName.of('LoadToken'), PDFString.of(TOKEN_DIGITS));
  const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
  const tokenAt = bytes.indexOf(`/LoadToken (${TOKEN_DIGITS})`) + '/LoadToken ('.length;
  if (tokenAt < '/LoadToken ('.length) throw new Error('the token is not in the PDF');
  return { bytes, tokenAt };
}

/** Write `n` as the 16 digits of a copy's token (in place). */
export function stampToken(target: Buffer, at: number, n: number): void {
  target.write(String(n).padStart(16, '0').slice(-16), at, 'latin1');
}

export interface Prepared {
  /** The demo account's access token; `keepSignedIn` renews it. */
  token: string;
  credentialId: string;
  verifyCode: string;
  documents: number;
}

const LOGIN = 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }';
const signIn = async (url: string) => (await graphql<{ login: { accessToken: string } }>(url, LOGIN, { i: DEMO })).login.accessToken;

/**
 * Sign in again every 10 minutes, as a client does before its 15-minute access token expires, so
 * that a long run's authorized requests keep doing their work. Returns the stop function.
 */
export function keepSignedIn(url: string, prepared: Prepared): () => void {
  const timer = setInterval(() => {
    signIn(url)
      .then((token) => (prepared.token = token))
      .catch((err) => console.error(`could not sign in again: ${err}`));
  }, 10 * 60_000);
  return () => clearInterval(timer);
}

/**
 * Through the API, as the README's examples do: sign in as the demo account, add its license as
 * a credential, upload PDFs, make 20 documents from them (every fourth with a second version;
 * with the demo's own, a full page of 20 and more: the demo account is on the FREE plan, 25 at
 * most), and seal one for its verification code.
 */
export async function prepareData(url: string): Promise<Prepared> {
  const token = await signIn(url);
  const credential = await graphql<{ createCredential: { id: string; canSeal: boolean } }>(
    url,
    'mutation { createCredential(input: {licenseNumber: "123456", regionCode: "TX", licenseType: "engineer"}) { id canSeal } }',
    {},
    token,
  );
  if (!credential.createCredential.canSeal) throw new Error('the demo credential cannot seal');
  const [sheet, revision] = await Promise.all([upload(url, token, await sheetPdf('Sheet')), upload(url, token, await sheetPdf('Sheet rev B'))]);
  const create = 'mutation($i: CreateDocumentInput!) { createDocument(input: $i) { id } }';
  const addVersion = 'mutation($i: UploadDocumentVersionInput!) { uploadDocumentVersion(input: $i) { id } }';
  const ids = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const id = (await graphql<{ createDocument: { id: string } }>(url, create, { i: { name: `Load sheet ${i + 1}`, fileHash: sheet } }, token)).createDocument.id;
      if (i % 4 === 3) await graphql(url, addVersion, { i: { documentId: id, fileHash: revision } }, token);
      return id;
    }),
  );
  const seal = await graphql<{ sealDocument: { verificationCode: string } }>(
    url,
    'mutation($i: SealDocumentInput!) { sealDocument(input: $i) { verificationCode } }',
    { i: { documentId: ids[0], credentialId: credential.createCredential.id } },
    token,
  );
  return { token, credentialId: credential.createCredential.id, verifyCode: seal.sealDocument.verificationCode, documents: ids.length };
}

// ---------------------------------------------------------------------------------------------
// The requests

/** One kind of request, as autocannon sends it, and what a right answer is. */
export interface Endpoint {
  key: 'trivial' | 'verify' | 'stamp' | 'documents' | 'login' | 'upload';
  name: string;
  method: 'GET' | 'POST' | 'OPTIONS';
  path: string;
  headers: Record<string, string>;
  /** The bearer token to send, read at each request (it is renewed). */
  token?: () => string;
  body?: string | Buffer;
  /** Called before each send: a copy of the body made unique (the upload). */
  freshBody?: () => Buffer;
  /** A 2xx answer did the work the request asked for. */
  ok(status: number, body: string): boolean;
}

export const DOCUMENTS_QUERY =
  '{ documentsConnection(first: 20) { totalCount pageInfo { hasNextPage endCursor } edges { node { id name status versionCount versions { id versionNumber fileHash insertedAt seal { verificationCode } } } } } }';

const graphqlOk = (field: string) => (status: number, body: string) => status === 200 && !body.includes('"errors"') && body.includes(`"${field}":{`);

/** The endpoints measured: a trivial route, verify, stamp, a documents page, login, a 1 MB upload. */
export async function endpoints(prepared: Prepared, uploadBytes = 1024 * 1024): Promise<Endpoint[]> {
  const json = { 'content-type': 'application/json' };
  const token = () => prepared.token;
  const pdf = await sizedPdf(uploadBytes);
  const boundary = `load${crypto.randomBytes(8).toString('hex')}`;
  const template = multipartUpload(pdf.bytes, boundary);
  const tokenAt = template.indexOf(pdf.bytes.subarray(0, 64)) + pdf.tokenAt;
  let uploads = Date.now();
  return [
    // The cheapest route of the server: Next's routing and a route handler, no database, no limit.
    { key: 'trivial', name: 'trivial (OPTIONS /v1/stamp)', method: 'OPTIONS', path: '/v1/stamp', headers: {}, ok: (status) => status === 204 },
    { key: 'verify', name: 'GET /v1/verify/:code', method: 'GET', path: `/v1/verify/${prepared.verifyCode}`, headers: {}, ok: (status, body) => status === 200 && body.includes('"valid":true') },
    {
      key: 'stamp',
      name: 'POST /v1/stamp (PNG)',
      method: 'POST',
      path: '/v1/stamp',
      headers: json,
      body: JSON.stringify({ name: 'Jane Q. Engineer', license: '123456', state: 'TX', profession: 'civil-engineer' }),
      ok: (status) => status === 200,
    },
    {
      key: 'documents',
      name: 'documentsConnection(first: 20)',
      method: 'POST',
      path: '/v1/graphql',
      headers: json,
      token,
      body: JSON.stringify({ query: DOCUMENTS_QUERY }),
      ok: graphqlOk('documentsConnection'),
    },
    {
      key: 'login',
      name: 'login',
      method: 'POST',
      path: '/v1/graphql',
      headers: json,
      body: JSON.stringify({ query: LOGIN, variables: { i: DEMO } }),
      ok: (status, body) => graphqlOk('login')(status, body) && body.includes('"accessToken":"'),
    },
    {
      key: 'upload',
      name: 'upload 1 MB PDF',
      method: 'POST',
      path: '/v1/graphql',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      token,
      freshBody: () => {
        const copy = Buffer.from(template);
        stampToken(copy, tokenAt, uploads++);
        return copy;
      },
      ok: graphqlOk('uploadFile'),
    },
  ];
}

/** The endpoint as one autocannon request: a client address of the pool each time, and a fresh body where it has one. */
export function autocannonRequest(endpoint: Endpoint, poolSize?: number): autocannon.Request {
  return {
    method: endpoint.method,
    path: endpoint.path,
    headers: endpoint.headers,
    body: endpoint.body,
    setupRequest: (request) => ({
      ...request,
      headers: { ...endpoint.headers, ...(endpoint.token ? { authorization: `Bearer ${endpoint.token()}` } : {}), 'x-forwarded-for': clientAddress(poolSize) },
      ...(endpoint.freshBody ? { body: endpoint.freshBody() } : {}),
    }),
  };
}
