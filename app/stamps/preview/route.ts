import { handleStampPreview } from '@/lib/rest/stamp';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The gallery's live SVG preview. */
export const GET = handleStampPreview;
