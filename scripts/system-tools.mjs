#!/usr/bin/env node
/**
 * The system tools the tests use, in one list, and the step that brings them (like
 * `playwright install --with-deps`). `npm test` and `.ci/run` both run it first.
 *
 * A missing tool is installed from Debian with apt-get when this runs as root; otherwise the
 * step stops with one message giving the exact command to run. Plain Node, no dependencies:
 * it runs before anything is built.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/** Each tool: the Debian package that brings it, and why the tests need it. */
export const SYSTEM_TOOLS = [
  { command: 'chromium', path: '/usr/bin/chromium', pkg: 'chromium', why: 'e2e tests (playwright-core drives Debian Chromium)' },
  { command: 'qpdf', pkg: 'qpdf', why: 'checks the structure of every PDF the app writes' },
  { command: 'pdfsig', pkg: 'poppler-utils', why: 'checks PDF signatures (sealing)' },
  { command: 'pdftoppm', pkg: 'poppler-utils', why: 'renders PDF pages to compare them' },
  { command: 'openssl', pkg: 'openssl', why: 'checks CMS signatures and timestamps (sealing)' },
  { command: 'jq', pkg: 'jq', why: "runs the README's API examples, which chain ids with jq" },
  { command: 'curl', pkg: 'curl', why: "runs the README's API examples" },
  { command: 'redis-server', pkg: 'redis-server', why: 'fault tests: a private Redis, stopped and frozen on purpose (test/faults)' },
  { command: 'pg_ctlcluster', pkg: 'postgresql', why: 'fault tests: a private PostgreSQL (initdb, pg_ctl), restarted on purpose (test/faults)' },
];

function onPath(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, command)));
}

/** The tools that are not installed. */
export function missingTools() {
  return SYSTEM_TOOLS.filter((t) => !(t.path ? fs.existsSync(t.path) : onPath(t.command)));
}

function runCommand(command, args) {
  const res = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return res.status === 0;
}

/**
 * Bring the missing tools, or say how. Everything it touches can be given, so both branches
 * are tested without being root or installing anything. Returns the exit code.
 */
export function ensureSystemTools({
  missing = missingTools,
  isRoot = typeof process.getuid === 'function' && process.getuid() === 0,
  hasApt = onPath('apt-get'),
  run = runCommand,
  log = console.log,
  error = console.error,
} = {}) {
  const absent = missing();
  if (absent.length === 0) {
    log(`System tools: all present (${SYSTEM_TOOLS.map((t) => t.command).join(', ')}).`);
    return 0;
  }
  const packages = [...new Set(absent.map((t) => t.pkg))];
  const list = absent.map((t) => `  - ${t.command} (${t.pkg}): ${t.why}`).join('\n');
  const command = `apt-get update && apt-get install -y ${packages.join(' ')}`;
  if (!isRoot || !hasApt) {
    error(
      `The tests need system tools that are not installed:\n${list}\n\n` +
        (hasApt
          ? `Install them (as root), then run the tests again:\n  sudo sh -c '${command}'\n`
          : `Install the packages ${packages.join(', ')} with your system's package manager, then run the tests again.\n`),
    );
    return 1;
  }
  log(`Installing the system tools the tests need from Debian: ${packages.join(', ')}\n${list}`);
  if (!run('apt-get', ['update', '-qq']) || !run('apt-get', ['install', '-y', '-qq', ...packages])) {
    error(`apt-get failed. Run this as root, then the tests again:\n  ${command}`);
    return 1;
  }
  const still = missing();
  if (still.length) {
    error(`Still missing after apt-get: ${still.map((t) => t.command).join(', ')}`);
    return 1;
  }
  log('System tools installed.');
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('system-tools.mjs')) {
  process.exit(ensureSystemTools());
}
