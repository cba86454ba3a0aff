import { handleCaCert, caWrongMethod, handleCaPreflight } from '../../../../lib/rest/ca.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The service CA's certificate (DER; PEM with ?format=pem). */
export const GET = handleCaCert;
/** CORS preflight. */
export const OPTIONS = handleCaPreflight;
export const POST = caWrongMethod;
export const PUT = caWrongMethod;
export const PATCH = caWrongMethod;
export const DELETE = caWrongMethod;
