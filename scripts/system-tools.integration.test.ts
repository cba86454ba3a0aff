/** The set-up step of `npm test`: what it does for root, what it says to anyone else, and that it knows every tool. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ensureSystemTools, SYSTEM_TOOLS, missingTools } from './system-tools.mjs';
import type { SystemTool } from './system-tools.mjs';

const byName = (...names: string[]) => SYSTEM_TOOLS.filter((t) => names.includes(t.command));

function harness(options: { absent: SystemTool[]; isRoot: boolean; hasApt?: boolean; aptWorks?: boolean }) {
  const calls: string[] = [];
  const out: string[] = [];
  let installed = false;
  const code = ensureSystemTools({
    missing: () => (installed ? [] : options.absent),
    isRoot: options.isRoot,
    hasApt: options.hasApt ?? true,
    run: (command, args) => {
      calls.push([command, ...args].join(' '));
      if (args[0] === 'install' && options.aptWorks !== false) installed = true;
      return options.aptWorks !== false;
    },
    log: (m) => out.push(m),
    error: (m) => out.push(m),
  });
  return { code, calls, text: out.join('\n') };
}

describe('scripts/system-tools.mjs', () => {
  it('knows every tool the tests use, and finds them all on this machine (it ran before the tests)', () => {
    expect(SYSTEM_TOOLS.map((t) => t.command).sort()).toEqual(['chromium', 'curl', 'jq', 'openssl', 'pdfsig', 'pdftoppm', 'pg_ctlcluster', 'qpdf', 'redis-server']);
    expect(missingTools()).toEqual([]);
    const res = spawnSync(process.execPath, ['scripts/system-tools.mjs'], { encoding: 'utf8' });
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/all present/);
  });

  it('as root, installs what is missing from Debian, non-interactively, apt-get update first', () => {
    const { code, calls, text } = harness({ absent: byName('chromium', 'pdfsig', 'pdftoppm'), isRoot: true });
    expect(code).toBe(0);
    expect(calls).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium poppler-utils']);
    expect(text).toMatch(/System tools installed/);
  });

  it('as anyone else, installs nothing and stops with one message giving the exact command', () => {
    const { code, calls, text } = harness({ absent: byName('qpdf', 'pdfsig', 'openssl'), isRoot: false });
    expect(code).toBe(1);
    expect(calls).toEqual([]);
    expect(text).toContain("sudo sh -c 'apt-get update && apt-get install -y qpdf poppler-utils openssl'");
  });

  it('says what to run when apt-get fails, or when there is no apt-get', () => {
    const failed = harness({ absent: byName('qpdf'), isRoot: true, aptWorks: false });
    expect(failed.code).toBe(1);
    expect(failed.text).toContain('apt-get update && apt-get install -y qpdf');
    const noApt = harness({ absent: byName('qpdf'), isRoot: true, hasApt: false });
    expect(noApt.code).toBe(1);
    expect(noApt.calls).toEqual([]);
    expect(noApt.text).toMatch(/Install the packages qpdf with your system's package manager/);
  });
});
