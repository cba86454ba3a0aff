import crypto from 'node:crypto';
import { avatarFor } from '../directory/avatar.ts';
import { etagMatches } from '../http/etag.ts';
import { limitByIp } from './limit.ts';

/** An SVG image may not run script or load anything (it can be opened on its own). */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * GET /avatars/<slug>.svg: a directory professional's generated avatar (their profile's
 * photoUrl), cached a day, with an ETag, under its own per-IP limit (a directory page shows
 * up to 100 at once).
 */
export async function handleAvatar(request: Request, file: string): Promise<Response> {
  const limit = await limitByIp('avatar', request);
  if (limit.refused) return limit.refused;
  const svg = await avatarFor(file);
  if (!svg) return new Response('Not found\n', { status: 404, headers: { ...limit.headers, 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });
  const etag = `"${crypto.createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  const headers = {
    ...limit.headers,
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=86400',
    ETag: etag,
    'Content-Security-Policy': SVG_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(svg, { headers });
}
