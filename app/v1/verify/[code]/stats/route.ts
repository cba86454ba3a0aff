import { handleVerifyStats, handleVerifyPreflight, verifyWrongMethod } from '../../../../../lib/rest/verify.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** How often a seal was verified. */
export const GET = handleVerifyStats;
/** CORS preflight. */
export const OPTIONS = handleVerifyPreflight;
const wrong = verifyWrongMethod('GET');
export const POST = wrong;
export const PUT = wrong;
export const PATCH = wrong;
export const DELETE = wrong;
