import { handleVerifyCode, handleVerifyPreflight, verifyWrongMethod } from '../../../../lib/rest/verify.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The verification record of a seal by its code. */
export const GET = handleVerifyCode;
/** CORS preflight. */
export const OPTIONS = handleVerifyPreflight;
const wrong = verifyWrongMethod('GET');
export const POST = wrong;
export const PUT = wrong;
export const PATCH = wrong;
export const DELETE = wrong;
