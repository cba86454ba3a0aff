import { handleLogKey, handleLogPreflight, logWrongMethod } from '../../../../lib/rest/log.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The public key that signs the seal log's tree heads. */
export const GET = handleLogKey;
/** CORS preflight. */
export const OPTIONS = handleLogPreflight;
export const POST = logWrongMethod;
export const PUT = logWrongMethod;
export const PATCH = logWrongMethod;
export const DELETE = logWrongMethod;
