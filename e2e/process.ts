/** Starting the app's servers for e2e tests: a free port, and waiting until one answers. */
import net from 'node:net';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Resolve once `url` answers 2xx; fail with the server's output if it exits or takes longer than `ms`. */
export async function waitUntilServing(child: ChildProcess, url: string, ms: number): Promise<void> {
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited while starting:\n${output}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer ${url} within ${ms / 1000} s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Stop a server started for a test and wait for it to exit. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/**
 * `npm start`'s own script (migrate, seed an empty embedded database, serve) on 127.0.0.1:`port`
 * with the data in `dataDir` (PGlite, whatever DATABASE_URL says), once it answers. `env` adds
 * to or overrides the environment.
 */
export async function startApp({ port, dataDir, env: extra = {} }: { port: number; dataDir: string; env?: Record<string, string> }): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${port}`, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...extra };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--port', String(port), '--hostname', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  await waitUntilServing(child, `http://127.0.0.1:${port}/`, 180_000);
  return child;
}
