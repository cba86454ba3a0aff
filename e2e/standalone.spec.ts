/**
 * The deployable build: `.next/standalone` run from another working directory, as a
 * container or serverless host runs it. The renderer's fonts, seal layouts and data must
 * travel with it (next.config.ts outputFileTracingIncludes), or stamps fail there.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverJs = path.resolve('.next/standalone/server.js');
let child: ChildProcess;
let base: string;
let elsewhere: string;

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

beforeAll(async () => {
  expect(fs.existsSync(serverJs), 'next build writes .next/standalone/server.js').toBe(true);
  elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-standalone-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOSTNAME: '127.0.0.1', NODE_ENV: 'production', DATA_DIR: path.join(elsewhere, 'data'), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  child = spawn(process.execPath, [serverJs], { cwd: elsewhere, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The standalone server exited:\n${output}`);
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The standalone server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  fs.rmSync(elsewhere, { recursive: true, force: true });
});

describe('the standalone build, run from another directory', () => {
  it('renders stamps in every format with the bundled fonts and templates', async () => {
    expect(process.cwd()).not.toBe(elsewhere);
    for (const [format, magic] of [['png', '\x89PNG'], ['pdf', '%PDF'], ['svg', '<svg']] as const) {
      const res = await fetch(`${base}/v1/stamp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Standalone Test', license: '777', state: 'KS', profession: 'architect', format }) });
      expect(res.status, format).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.subarray(0, magic.length).toString('latin1')).toBe(magic);
      if (format === 'svg') expect(body.toString('utf8')).toContain('aria-label="Standalone Test"');
    }
  });
});
