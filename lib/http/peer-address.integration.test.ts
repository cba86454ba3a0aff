/**
 * A client cannot choose its per-IP rate-limit key by sending X-Forwarded-For to a server
 * started without scripts/server.ts: plain `next start` and `next dev`, whose instrumentation
 * installs lib/http/peer-address.ts. POST /v1/stamp allows 10 requests a minute per address.
 * Requests go out from different loopback addresses (127.0.0.x), so each case has its own
 * budget and the key is seen to be the socket's address. Needs a production build (.next),
 * which `npm test` makes first.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const nextBin = path.resolve('node_modules/next/dist/bin/next');
const servers: ChildProcess[] = [];
const dirs: string[] = [];

interface Server {
  port: number;
  output: () => string;
  exited: () => boolean;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Spawn `next start` or `next dev` on a free port, in its own process group (killed whole in afterAll). */
async function spawnNext(command: 'start' | 'dev', extraEnv: Record<string, string> = {}): Promise<Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-peer-'));
  dirs.push(dir);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: path.join(dir, 'data'),
    NEXT_TELEMETRY_DISABLED: '1',
    LOG_LEVEL: 'warn',
    CREDENTIAL_RECHECK_INTERVAL_MS: '0',
    BLOB_COLLECT_INTERVAL_MS: '0',
  };
  // An embedded database under DATA_DIR (the stamp endpoint does not touch it), no proxy, not Vercel; NODE_ENV is the command's.
  for (const name of ['DATABASE_URL', 'TRUST_PROXY', 'VERCEL', 'NODE_ENV', 'REDIS_URL', 'UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN']) delete env[name];
  Object.assign(env, extraEnv);
  const child = spawn(process.execPath, [nextBin, command, '-p', String(port), '-H', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  servers.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { port, output: () => output, exited: () => child.exitCode !== null || child.signalCode !== null };
}

/** Resolve once the port accepts connections (Next listens before it is ready: requests sent now wait inside it). */
async function untilListening(server: Server, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (server.exited()) throw new Error(`The server exited while starting:\n${server.output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Port ${server.port} did not open within ${ms / 1000} s:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Resolve once the app answers (the CORS preflight of /v1/stamp: not rate limited). */
async function untilServing(server: Server, ms = 60_000): Promise<void> {
  await untilListening(server, ms);
  const deadline = Date.now() + ms;
  for (;;) {
    if (server.exited()) throw new Error(`The server exited while starting:\n${server.output()}`);
    const status = await request(server, { method: 'OPTIONS', from: '127.0.0.1' }).catch(() => 0);
    if (status === 204) return;
    if (Date.now() > deadline) throw new Error(`The server did not answer within ${ms / 1000} s:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stampBody = JSON.stringify({ name: 'Key Test', license: '1', state: 'TX', format: 'svg' });

/** One request from the loopback address `from`, on a connection of its own; resolves to the status. */
function request(server: Server, { method = 'POST', from, xff }: { method?: string; from: string; xff?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = method === 'POST' ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(stampBody) } : {};
    if (xff !== undefined) headers['x-forwarded-for'] = xff;
    const req = http.request({ host: '127.0.0.1', port: server.port, path: '/v1/stamp', method, localAddress: from, agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(method === 'POST' ? stampBody : undefined);
  });
}

const octet = () => Math.floor(Math.random() * 256);
const randomAddress = () => `198.18.${octet()}.${octet()}`;

/** Eleven stamps in a row, each claiming a different address through `xff(i)`. */
async function eleven(server: Server, from: string, xff: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push(await request(server, { from, xff: xff(i) }));
  return statuses;
}

const TEN_THEN_REFUSED = [...Array(10).fill(200), 429];

beforeAll(() => {
  expect(fs.existsSync('.next/BUILD_ID'), 'a production build (npm test runs `next build` first)').toBe(true);
});

afterAll(async () => {
  await Promise.all(
    servers.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => {
            try {
              process.kill(-child.pid!, 'SIGKILL');
            } catch {
              // already gone
            }
          }, 5_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          // The whole process group: `next dev` runs the server in a child of its own.
          process.kill(-child.pid!, 'SIGTERM');
        }),
    ),
  );
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('plain `next start` without a trusted proxy', () => {
  let server: Server;
  let early: Promise<number[]>;

  beforeAll(async () => {
    server = await spawnNext('start');
    await untilListening(server);
    // Sent the moment the port opens: Next parses these and parks them until it is ready,
    // before instrumentation has installed the guard.
    early = Promise.all(Array.from({ length: 11 }, () => request(server, { from: '127.0.0.2', xff: randomAddress() })));
    await untilServing(server);
  });

  it("keys on the socket's address, whatever X-Forwarded-For the client sends", async () => {
    expect(await eleven(server, '127.0.0.3', () => randomAddress())).toEqual(TEN_THEN_REFUSED);
    // Several entries, one header line or several: still the socket's address.
    expect(await request(server, { from: '127.0.0.3', xff: `${randomAddress()}, ${randomAddress()}` })).toBe(429);
    // Another address has a budget of its own.
    expect(await request(server, { from: '127.0.0.4', xff: randomAddress() })).toBe(200);
  });

  it('covers requests that arrived while the server was starting', async () => {
    const statuses = await early;
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});

describe('plain `next start` with TRUST_PROXY=1', () => {
  let server: Server;

  beforeAll(async () => {
    server = await spawnNext('start', { TRUST_PROXY: '1' });
    await untilServing(server);
  });

  it('keys on the entry the proxy appended, never on the ones the client wrote', async () => {
    expect(await eleven(server, '127.0.0.5', () => `${randomAddress()}, 10.9.9.9`)).toEqual(TEN_THEN_REFUSED);
  });

  it('gives each address the proxy reports a budget of its own', async () => {
    expect(await eleven(server, '127.0.0.5', (i) => `6.6.6.6, 10.9.8.${i}`)).toEqual(Array(11).fill(200));
  });
});

describe('`next dev` without a trusted proxy', () => {
  it("keys on the socket's address, whatever X-Forwarded-For the client sends, from start-up on", async (ctx) => {
    const server = await spawnNext('dev');
    try {
      await untilListening(server);
    } catch (err) {
      // Next allows one `next dev` per project directory: a developer's own is running.
      if (/is already running/.test(server.output())) ctx.skip();
      throw err;
    }
    const early = Promise.all(Array.from({ length: 11 }, () => request(server, { from: '127.0.0.6', xff: randomAddress() })));
    await untilServing(server);
    expect(await eleven(server, '127.0.0.7', () => randomAddress())).toEqual(TEN_THEN_REFUSED);
    const statuses = await early;
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});
