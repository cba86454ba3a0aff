import { handleAvatar } from '../../../lib/rest/avatar.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A directory professional's generated avatar (lib/rest/avatar.ts). */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  return handleAvatar(request, (await params).file);
}
