import crypto from 'node:crypto';
import { avatarFor } from '@/lib/directory/avatar';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** An SVG image may not run script or load anything (it can be opened on its own). */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** A directory professional's generated avatar (their profile's photoUrl): cached a day, ETag. */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const svg = await avatarFor((await params).file);
  if (!svg) return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });
  const etag = `"${crypto.createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=86400',
    ETag: etag,
    'Content-Security-Policy': SVG_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(svg, { headers });
}
