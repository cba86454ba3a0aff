import { Readable } from 'node:stream';
import { contentDisposition, openDownload } from '../documents/download.ts';
import { AppError } from '../errors.ts';
import { etagMatches } from '../http/etag.ts';
import { blobStore } from '../storage/index.ts';
import { db } from '../db/index.ts';
import { recordDocumentEvent } from '../documents/events.ts';
import { clientIp } from '../http/client-ip.ts';
import { clientKeyOf } from '../ratelimit/index.ts';
import { toRestError } from './errors.ts';

/**
 * GET (or HEAD) of a signed download URL: the PDF with its Content-Type, a Content-Disposition
 * carrying the document's name, and the file's hash as a strong ETag (If-None-Match → 304).
 * A tampered or expired signature is 403 with the REST error body.
 */
export async function serveDownload(request: Request, versionId: string): Promise<Response> {
  const url = new URL(request.url);
  const base = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
  try {
    const file = await openDownload({ versionId, expires: url.searchParams.get('expires'), signature: url.searchParams.get('signature'), by: url.searchParams.get('by') });
    const etag = `"${file.fileHash}"`;
    const headers = {
      ...base,
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(file.filename),
      ETag: etag,
      'Cache-Control': `private, max-age=${file.secondsLeft}`,
    };
    if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    if (request.method === 'HEAD') return new Response(null, { headers: { ...headers, 'Content-Length': String(file.size) } });
    const stream = await blobStore().get(file.fileHash);
    if (!stream) throw new AppError('INTERNAL_SERVER_ERROR', `blob ${file.fileHash} of version ${versionId} is missing`);
    // A GET that sends the file is a download for the audit trail (a HEAD or a 304 sends none).
    try {
      await recordDocumentEvent(db(), {
        documentId: file.documentId,
        organizationId: file.organizationId,
        type: 'DOWNLOADED',
        actor: file.by ? { userId: file.by } : null,
        clientAddress: clientKeyOf(request, clientIp),
        details: { versionNumber: file.versionNumber, fileHash: file.fileHash },
      });
    } catch (err) {
      stream.destroy();
      throw err;
    }
    return new Response(Readable.toWeb(stream) as ReadableStream, { headers: { ...headers, 'Content-Length': String(file.size) } });
  } catch (err) {
    return toRestError(err, { door: 'GET /v1/downloads', headers: base });
  }
}
