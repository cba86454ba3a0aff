/**
 * Starts the real app once for the e2e project: `npm start`'s own script (migrate, seed the
 * demo account, `next start`) on a free port with a fresh data directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startApp, stopServer } from './process.ts';

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
  const child = await startApp({ port, dataDir, env: { PLAYGROUND_USER: playground.username, PLAYGROUND_PASSWORD: playground.password, GRAPHQL_RATE_LIMIT: '5000' } });
  const baseUrl = `http://127.0.0.1:${port}`;
  project.provide('baseUrl', baseUrl);
  project.provide('playground', playground);
  return async () => {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
