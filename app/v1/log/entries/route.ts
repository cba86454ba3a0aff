import { handleLogEntries, handleLogPreflight, logWrongMethod } from '../../../../lib/rest/log.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Entries of the seal log by index (start, end), at most 1,000 a call. */
export const GET = handleLogEntries;
/** CORS preflight. */
export const OPTIONS = handleLogPreflight;
export const POST = logWrongMethod;
export const PUT = logWrongMethod;
export const PATCH = logWrongMethod;
export const DELETE = logWrongMethod;
