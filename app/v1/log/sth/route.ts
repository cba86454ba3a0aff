import { handleLogSth, handleLogPreflight, logWrongMethod } from '../../../../lib/rest/log.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The newest signed tree head of the seal log. */
export const GET = handleLogSth;
/** CORS preflight. */
export const OPTIONS = handleLogPreflight;
export const POST = logWrongMethod;
export const PUT = logWrongMethod;
export const PATCH = logWrongMethod;
export const DELETE = logWrongMethod;
