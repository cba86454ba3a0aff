/** The API's route handlers in a child process of their own (scripts/serve-api.ts), reached over real HTTP. */
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface ApiServer {
  url: string;
  pid: number;
  close(): Promise<void>;
}

/** Start scripts/serve-api.ts with this environment on top of the current one; resolves once it listens. */
export async function startApiServer(env: Record<string, string>, options: { nodeArgs?: string[] } = {}): Promise<ApiServer> {
  const script = path.resolve(import.meta.dirname, '../scripts/serve-api.ts');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', script], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`serve-api exited (${code}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
