import { methodNotAllowed } from '../../../../lib/rest/errors.ts';
import { serveThumbnail } from '../../../../lib/rest/thumbnail.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A document version's first page as a PNG, behind a signed URL (Document.thumbnailUrl, DocumentVersion.thumbnailUrl). */
export async function GET(request: Request, { params }: { params: Promise<{ versionId: string }> }) {
  return serveThumbnail(request, (await params).versionId);
}

const wrong = methodNotAllowed('GET', { 'X-Content-Type-Options': 'nosniff' });
export const POST = wrong;
export const PUT = wrong;
export const PATCH = wrong;
export const DELETE = wrong;
