/**
 * Starts the real app once for the e2e project: `npm start`'s own script (migrate, seed the
 * demo account, `next start`) on a free port with a fresh data directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { freePort, stopServer, waitUntilServing } from './process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    playground: { username: string; password: string };
  }
}

export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-e2e-'));
  const playground = { username: 'e2e', password: 'playground-secret' };
  // Every e2e file's browser talks to this one server from 127.0.0.1, in parallel: the per-IP
  // GraphQL limit (100 a minute, tested in lib/ratelimit) would refuse them each other's requests.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PLAYGROUND_USER: playground.username,
    PLAYGROUND_PASSWORD: playground.password,
    APP_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    GRAPHQL_RATE_LIMIT: '5000',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts', '--port', String(port), '--hostname', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(child, `${baseUrl}/`, 180_000);
  project.provide('baseUrl', baseUrl);
  project.provide('playground', playground);
  return async () => {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
