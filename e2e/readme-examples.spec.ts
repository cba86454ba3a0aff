/**
 * The README's "Trying the API" examples, run as written: every `sh` block of that section,
 * in order, in one bash (`set -euo pipefail`), against a fresh server started as `npm start`
 * starts it, from a directory holding the sample drawing. Only the address changes
 * (localhost:3000 → this server's port). Then what they printed is checked.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, stopServer, waitUntilServing } from './process.ts';

/** The `sh` blocks between "## Trying the API" and the next "## " heading. */
export function readmeExamples(readme: string): string[] {
  const start = readme.indexOf('\n## Trying the API');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

let server: ChildProcess | undefined;
let port = 0;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-readme-'));

beforeAll(async () => {
  port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(work, 'data'), APP_URL: `http://127.0.0.1:${port}`, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--port', String(port), '--hostname', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  await waitUntilServing(server, `http://127.0.0.1:${port}/`, 240_000);
}, 300_000);

afterAll(async () => {
  await stopServer(server);
  fs.rmSync(work, { recursive: true, force: true });
});

describe('README: Trying the API', () => {
  it('runs every example as written, each feeding the next', { timeout: 120_000 }, () => {
    const blocks = readmeExamples(fs.readFileSync('README.md', 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    for (const block of blocks) expect(block, 'an example with a placeholder cannot run as written').not.toMatch(/<(id|code|hex|fileHash|token)>/);
    fs.mkdirSync(path.join(work, 'examples'), { recursive: true });
    fs.copyFileSync('examples/drawing.pdf', path.join(work, 'examples', 'drawing.pdf'));
    const script = [
      'set -euo pipefail',
      ...blocks.map((b) => b.replaceAll('localhost:3000', `127.0.0.1:${port}`)),
      // What the chain carried, for the checks below.
      'jq -nc --arg token "$TOKEN" --arg credential "$CREDENTIAL" --arg file "$FILE_HASH" --arg document "$DOCUMENT" --arg code "$CODE" --arg job "$JOB" \'{token: $token, credential: $credential, file: $file, document: $document, code: $code, job: $job}\'',
    ].join('\n');
    // Output to files, as a terminal would take it (the examples `tee /dev/stderr`, which a socket cannot be opened as).
    const [outFile, errFile] = [path.join(work, 'stdout'), path.join(work, 'stderr')];
    const [out, err] = [fs.openSync(outFile, 'w'), fs.openSync(errFile, 'w')];
    const run = spawnSync('bash', ['-c', script], { cwd: work, stdio: ['ignore', out, err], timeout: 110_000 });
    fs.closeSync(out);
    fs.closeSync(err);
    const stdout = fs.readFileSync(outFile, 'utf8');
    const output = `${stdout}\n${fs.readFileSync(errFile, 'utf8')}`;
    expect(run.status, output).toBe(0);
    const lines = stdout.trim().split('\n');
    const carried = JSON.parse(lines.at(-1)!) as Record<string, string>;
    expect(carried.token).toMatch(/^ey/);
    expect(carried.credential).toMatch(/^[0-9a-f-]{36}$/);
    expect(carried.file).toMatch(/^[0-9a-f]{64}$/);
    expect(carried.document).toMatch(/^[0-9a-f-]{36}$/);
    expect(carried.code).toMatch(/^[a-z0-9]{12}$/);
    expect(carried.job).toMatch(/^[0-9a-f-]{36}$/);
    // The stamps were written; the verification answered valid and matched; the batch sealed both sheets.
    expect(fs.statSync(path.join(work, 'stamp.png')).size).toBeGreaterThan(1000);
    expect(fs.readFileSync(path.join(work, 'stamp.svg'), 'utf8')).toContain('<svg');
    expect(output).toContain(`"verification_code":"${carried.code}"`);
    expect(output).toMatch(/"status":"valid"/);
    expect(output).toMatch(/"status":"COMPLETED","progressPercent":100/);
    // Only the claim of a stranger's listing is refused, as its comment says.
    const errors = [...output.matchAll(/"code":"([A-Z_]+)"/g)].map((m) => m[1]);
    expect(errors).toEqual(['BAD_USER_INPUT']);
  });
});
