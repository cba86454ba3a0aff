import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { needsSession, pageSegments, PUBLIC_SEGMENTS, signedInSegments } from './signed-in-paths.ts';

const APP = path.resolve(import.meta.dirname, '../../app');

describe('the signed-in sections (proxy.ts)', () => {
  it('are every page folder of app/ but the public ones: the dashboard group as a whole, and /admin', () => {
    const signedIn = signedInSegments(APP);
    const dashboard = fs
      .readdirSync(path.join(APP, '(dashboard)'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(dashboard.length).toBeGreaterThanOrEqual(6);
    for (const section of [...dashboard, 'admin']) expect(signedIn, section).toContain(section);
    for (const open of PUBLIC_SEGMENTS) expect(signedIn).not.toContain(open);
    // Every folder is decided one way or the other.
    expect([...signedIn, ...pageSegments(APP).filter((s) => PUBLIC_SEGMENTS.includes(s))].sort()).toEqual(pageSegments(APP));
  });

  it('take in a new section on its own, fail closed without the built list, and leave unknown addresses to the 404 page', () => {
    const app = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-app-'));
    for (const dir of ['(dashboard)/reports', '(dashboard)/_parts', 'login', 'verify/[code]', 'team', '@modal']) fs.mkdirSync(path.join(app, dir), { recursive: true });
    expect(signedInSegments(app)).toEqual(['reports', 'team']);
    fs.mkdirSync(path.join(app, '[slug]'));
    expect(() => signedInSegments(app)).toThrow(/\[slug\]/);
    fs.rmSync(app, { recursive: true, force: true });

    const built = signedInSegments(APP);
    expect(needsSession('/documents', built)).toBe(true);
    expect(needsSession('/documents/abc', built)).toBe(true);
    expect(needsSession('/admin/identity', built)).toBe(true);
    expect(needsSession('/%64ocuments', built)).toBe(true);
    for (const open of ['/', '/login', '/register', '/verify/abc123abc123', '/stamps', '/no-such-page', '/icon.svg']) expect(needsSession(open, built), open).toBe(false);
    // No list from the build: everything not public needs a session.
    expect(needsSession('/no-such-page', null)).toBe(true);
    expect(needsSession('/login', null)).toBe(false);
  });
});
