import { serveDownload } from '../../../../lib/rest/download.ts';
import { methodNotAllowed } from '../../../../lib/rest/errors.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ versionId: string }> };

/** A document version's file, behind a signed URL that expires (Document.downloadUrl, DocumentVersion.downloadUrl). */
export async function GET(request: Request, { params }: Params) {
  return serveDownload(request, (await params).versionId);
}

export async function HEAD(request: Request, { params }: Params) {
  return serveDownload(request, (await params).versionId);
}

const wrong = methodNotAllowed('GET, HEAD', { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
export const POST = wrong;
export const PUT = wrong;
export const PATCH = wrong;
export const DELETE = wrong;
