import { handleLogInclusion, handleLogPreflight, logWrongMethod } from '../../../../../lib/rest/log.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The inclusion proof of an entry (by code or leaf_hash) in a tree of the seal log. */
export const GET = handleLogInclusion;
/** CORS preflight. */
export const OPTIONS = handleLogPreflight;
export const POST = logWrongMethod;
export const PUT = logWrongMethod;
export const PATCH = logWrongMethod;
export const DELETE = logWrongMethod;
