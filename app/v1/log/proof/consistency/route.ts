import { handleLogConsistency, handleLogPreflight, logWrongMethod } from '../../../../../lib/rest/log.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The consistency proof between two sizes of the seal log. */
export const GET = handleLogConsistency;
/** CORS preflight. */
export const OPTIONS = handleLogPreflight;
export const POST = logWrongMethod;
export const PUT = logWrongMethod;
export const PATCH = logWrongMethod;
export const DELETE = logWrongMethod;
