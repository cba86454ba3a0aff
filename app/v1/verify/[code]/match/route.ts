import { handleVerifyMatch, handleVerifyPreflight, verifyWrongMethod } from '../../../../../lib/rest/verify.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Whether a file's SHA-256 is the sealed document's. */
export const POST = handleVerifyMatch;
/** CORS preflight. */
export const OPTIONS = handleVerifyPreflight;
const wrong = verifyWrongMethod('POST');
export const GET = wrong;
export const PUT = wrong;
export const PATCH = wrong;
export const DELETE = wrong;
