import fs from 'node:fs';
import path from 'node:path';

/**
 * Which pages need the dashboard's session (proxy.ts). Next's proxy matchers see paths, not
 * route groups, so the answer is derived from the app/ folder when the app is built
 * (next.config.ts), and it fails closed: every top-level page folder needs a session unless it
 * is named public here. A new section, in app/(dashboard) or beside it as app/admin is, is
 * behind the sign-in from its first build; an address with no page still answers 404.
 */

/**
 * First path segments anyone may open: the home page, sign-in and sign-up, the stamp gallery,
 * the public verification page, the directory's avatars, the pages of emailed links (password
 * reset, address confirmation, invitations: the link is the proof, and an invitee may have no
 * account yet; accepting asks for the session on the page), and the APIs (bearer tokens and
 * next-auth's own routes, never the session cookie).
 */
export const PUBLIC_SEGMENTS: readonly string[] = ['', 'login', 'register', 'reset-password', 'confirm-email', 'invitations', 'stamps', 'verify', 'avatars', 'v1', 'api'];

/** The name next.config.ts gives the built list (inlined into proxy.ts at build time). */
export const SIGNED_IN_SEGMENTS_ENV = 'SEALWRIGHT_SIGNED_IN_SEGMENTS';

/**
 * The first path segment of every page folder under `appDir`: a route group's `(name)` folders
 * are looked into (their folders are top-level paths); private `_x` and parallel `@x` folders
 * are not paths.
 */
export function pageSegments(appDir: string): string[] {
  const segments = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      if (/^\(.+\)$/.test(entry.name)) walk(path.join(dir, entry.name));
      else if (!entry.name.startsWith('_') && !entry.name.startsWith('@')) segments.add(entry.name);
    }
  };
  walk(appDir);
  return [...segments].sort();
}

/** The page segments that need a session: all but the public ones. A dynamic top-level folder would catch every address, so it must be decided here first. */
export function signedInSegments(appDir: string): string[] {
  const segments = pageSegments(appDir);
  const dynamic = segments.find((s) => s.startsWith('['));
  if (dynamic) throw new Error(`app/${dynamic} catches every top-level address: decide in lib/web/signed-in-paths.ts which of them need a session`);
  return segments.filter((s) => !PUBLIC_SEGMENTS.includes(s));
}

/**
 * Whether a request path needs the session: its first segment is a signed-in one. Without the
 * built list (`signedIn` null), every segment that is not public does: closed, not open.
 */
export function needsSession(pathname: string, signedIn: readonly string[] | null): boolean {
  let first = pathname.split('/')[1] ?? '';
  try {
    first = decodeURIComponent(first);
  } catch {
    // a malformed escape names no page of ours; judged as written
  }
  return signedIn ? signedIn.includes(first) : !PUBLIC_SEGMENTS.includes(first);
}
