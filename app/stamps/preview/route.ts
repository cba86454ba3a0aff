import { handleStampPreview, handlePreviewWrongMethod } from '../../../lib/rest/stamp.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The gallery's live SVG preview. */
export const GET = handleStampPreview;
/** Every other method: 405 with Allow. */
export const POST = handlePreviewWrongMethod;
export const PUT = handlePreviewWrongMethod;
export const DELETE = handlePreviewWrongMethod;
