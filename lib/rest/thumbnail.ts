import { openThumbnail, THUMBNAIL_MAX_SIDE } from '../documents/thumbnail.ts';
import { etagMatches } from '../http/etag.ts';
import { toRestError } from './errors.ts';
import { addressTenant, clientIp } from '../http/client-ip.ts';
import { asPdfTenant } from '../pdf/pool.ts';
import { clientKeyOf } from '../ratelimit/index.ts';

/**
 * GET of a signed thumbnail URL: the version's first page as a PNG, its file's hash in a strong
 * ETag (If-None-Match → 304), cacheable privately while the URL works. A tampered or expired
 * signature is 403, a deleted document 404, a page pdf.js cannot draw 415.
 */
export async function serveThumbnail(request: Request, versionId: string): Promise<Response> {
  const url = new URL(request.url);
  const base = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
  try {
    // Drawing the page takes turns in the PDF pool as the client address's.
    const file = await asPdfTenant(addressTenant(clientKeyOf(request, clientIp)), () =>
      openThumbnail({ versionId, expires: url.searchParams.get('expires'), signature: url.searchParams.get('signature') }),
    );
    const etag = `"${file.fileHash}-${THUMBNAIL_MAX_SIDE}"`;
    const headers = { ...base, 'Content-Type': 'image/png', ETag: etag, 'Cache-Control': `private, max-age=${file.secondsLeft}`, 'Content-Security-Policy': "default-src 'none'" };
    if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    return new Response(new Uint8Array(file.png), { headers: { ...headers, 'Content-Length': String(file.png.length) } });
  } catch (err) {
    return toRestError(err, { door: 'GET /v1/thumbnails', headers: base });
  }
}
