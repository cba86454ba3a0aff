import { handleStampPreflight, handleStampRequest } from '@/lib/stamps/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A stamp image as SVG, PNG or PDF. */
export const POST = handleStampRequest;
/** CORS preflight. */
export const OPTIONS = handleStampPreflight;
