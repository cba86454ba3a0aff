/**
 * The deployable build: `.next/standalone` run from another working directory, as a
 * container or serverless host runs it. The renderer's fonts, seal layouts and data must
 * travel with it (next.config.ts outputFileTracingIncludes), or stamps fail there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, stopServer, waitUntilServing } from './process.ts';

const serverJs = path.resolve('.next/standalone/server.js');
let child: ChildProcess;
let base: string;
let elsewhere: string;

beforeAll(async () => {
  expect(fs.existsSync(serverJs), 'next build writes .next/standalone/server.js').toBe(true);
  elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-standalone-'));
  const port = await freePort();
  // KEEP_ALIVE_TIMEOUT (Next's standalone server reads it; Node's default is 5 s): the first stamp
  // request reuses the connection that found the server up, seconds earlier. Meanwhile the
  // server's start-up work (the embedded database opened by its background jobs) can hold its
  // event loop, and under load the 5 s idle timer closed that socket with the request unread:
  // ECONNRESET (seen on CI, and 1 in 4 here beside three busy loops).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    NODE_ENV: 'production',
    DATA_DIR: path.join(elsewhere, 'data'),
    LOG_LEVEL: 'warn',
    KEEP_ALIVE_TIMEOUT: '60000',
  };
  delete env.DATABASE_URL;
  child = spawn(process.execPath, [serverJs], { cwd: elsewhere, env, stdio: ['ignore', 'pipe', 'pipe'] });
  base = `http://127.0.0.1:${port}`;
  await waitUntilServing(child, `${base}/`, 60_000);
});

afterAll(async () => {
  await stopServer(child);
  fs.rmSync(elsewhere, { recursive: true, force: true });
});

describe('the standalone build, run from another directory', () => {
  it('stops at start on an invalid environment, naming the variable', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOSTNAME: '127.0.0.1', NODE_ENV: 'production', TRUST_PROXY: 'sometimes' };
    const bad = spawn(process.execPath, [serverJs], { cwd: elsewhere, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    bad.stdout!.on('data', (d) => (output += d));
    bad.stderr!.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => bad.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid environment:\s+TRUST_PROXY: must be true, false or a number of proxies/);
  });

  it('renders stamps in every format with the bundled fonts and templates', async () => {
    expect(process.cwd()).not.toBe(elsewhere);
    for (const [format, magic] of [
      ['png', '\x89PNG'],
      ['pdf', '%PDF'],
      ['svg', '<svg'],
    ] as const) {
      const res = await fetch(`${base}/v1/stamp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Standalone Test', license: '777', state: 'KS', profession: 'architect', format }),
      });
      expect(res.status, format).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.subarray(0, magic.length).toString('latin1')).toBe(magic);
      if (format === 'svg') expect(body.toString('utf8')).toContain('aria-label="Standalone Test"');
    }
  });
});
