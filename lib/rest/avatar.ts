import crypto from 'node:crypto';
import { avatarFor } from '../directory/avatar.ts';
import { etagMatches } from '../http/etag.ts';
import { AppError } from '../errors.ts';
import { toRestError } from './errors.ts';
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
  try {
    return await avatarResponse(request, file, limit.headers);
  } catch (err) {
    return toRestError(err, { headers: limit.headers, door: 'avatar', overrides: AVATAR_ERRORS });
  }
}

/** An image address: its 404 is a plain-text line, as a browser opening it shows it. */
const AVATAR_ERRORS = { NOT_FOUND: { status: 404, error: 'not_found', body: 'text' } } as const;

async function avatarResponse(request: Request, file: string, limitHeaders: Record<string, string>): Promise<Response> {
  const svg = await avatarFor(file);
  if (!svg) throw new AppError('NOT_FOUND', 'Not found');
  const etag = `"${crypto.createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  const headers = {
    ...limitHeaders,
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
