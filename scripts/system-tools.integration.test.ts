/** The set-up step of `npm test`: what it says to someone who cannot install, and that it knows every tool. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYSTEM_TOOLS, missingTools } from './system-tools.mjs';

const script = path.resolve('scripts/system-tools.mjs');

describe('scripts/system-tools.mjs', () => {
  it('finds every tool the tests use on this machine (it ran before the tests)', () => {
    expect(SYSTEM_TOOLS.map((t) => t.command).sort()).toEqual(['chromium', 'openssl', 'pdfsig', 'pdftoppm', 'qpdf']);
    expect(missingTools()).toEqual([]);
  });

  it('as a user who is not root, stops with one message giving the exact command', () => {
    // An unprivileged user (nobody) whose PATH holds apt-get but none of the tools: nothing is installed, the exit is 1.
    const emptyBin = fs.mkdtempSync('/tmp/no-tools-');
    fs.chmodSync(emptyBin, 0o755);
    fs.symlinkSync('/usr/bin/apt-get', path.join(emptyBin, 'apt-get'));
    const res = spawnSync('/usr/bin/setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, script], {
      env: { PATH: emptyBin } as unknown as NodeJS.ProcessEnv,
      encoding: 'utf8',
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('The tests need system tools that are not installed');
    expect(res.stderr).toContain("sudo sh -c 'apt-get update && apt-get install -y qpdf poppler-utils openssl'");
    expect(res.stdout).not.toContain('Installing');
    fs.rmSync(emptyBin, { recursive: true, force: true });
  });
});
