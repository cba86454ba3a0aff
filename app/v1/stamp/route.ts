import { handleStampPreflight, handleStampRequest, handleStampWrongMethod } from '../../../lib/rest/stamp.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A stamp image as SVG, PNG or PDF. */
export const POST = handleStampRequest;
/** CORS preflight. */
export const OPTIONS = handleStampPreflight;
/** Every other method: 405 with Allow: POST. */
export const GET = handleStampWrongMethod;
export const PUT = handleStampWrongMethod;
export const PATCH = handleStampWrongMethod;
export const DELETE = handleStampWrongMethod;
