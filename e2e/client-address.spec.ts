/**
 * A client cannot pick its own rate-limit key by sending X-Forwarded-For, however the server is
 * started: a plain `next start` and the standalone server (neither runs scripts/server.ts) take
 * the socket's address (lib/http/peer-address.ts, installed at start-up by instrumentation);
 * behind TRUST_PROXY=1 the key is the entry the proxy appended, never one the client wrote.
 * POST /v1/stamp allows 10 requests a minute per address.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, stopServer, waitUntilServing } from './process.ts';

const started: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(started.map((c) => stopServer(c)));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(kind: 'next start' | 'standalone', extraEnv: Record<string, string> = {}): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-xff-'));
  dirs.push(dir);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATA_DIR: path.join(dir, 'data'),
    LOG_LEVEL: 'warn',
    CREDENTIAL_RECHECK_INTERVAL_MS: '0',
    BLOB_COLLECT_INTERVAL_MS: '0',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.TRUST_PROXY;
  Object.assign(env, extraEnv);
  const child =
    kind === 'next start'
      ? spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(process.execPath, [path.resolve('.next/standalone/server.js')], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitUntilServing(child, `${base}/`, 60_000);
  return base;
}

const stamp = (base: string, xff: string) =>
  fetch(`${base}/v1/stamp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
    body: JSON.stringify({ name: 'Key Test', license: '1', state: 'TX', format: 'svg' }),
  }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

const randomAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

describe('the client address of per-IP limits', () => {
  for (const kind of ['next start', 'standalone'] as const) {
    it(`${kind} without a trusted proxy ignores a client-sent X-Forwarded-For`, async () => {
      const base = await start(kind);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push(await stamp(base, randomAddress()));
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
    });
  }

  it('next start with TRUST_PROXY=1 keys on the entry the proxy appended, not the ones the client wrote', async () => {
    const base = await start('next start', { TRUST_PROXY: '1' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await stamp(base, `${randomAddress()}, 10.9.9.9`));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    // Another client behind the same proxy has its own budget.
    expect(await stamp(base, `${randomAddress()}, 10.9.9.8`)).toBe(200);
  });
});
