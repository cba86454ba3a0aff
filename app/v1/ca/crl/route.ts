import { handleCaCrl, caWrongMethod, handleCaPreflight } from '../../../../lib/rest/ca.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The service CA's certificate revocation list (DER). */
export const GET = handleCaCrl;
/** CORS preflight. */
export const OPTIONS = handleCaPreflight;
export const POST = caWrongMethod;
export const PUT = caWrongMethod;
export const PATCH = caWrongMethod;
export const DELETE = caWrongMethod;
