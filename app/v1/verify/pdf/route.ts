import { handleVerifyPdf, handleVerifyPreflight, verifyWrongMethod } from '../../../../lib/rest/verify.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** valid, tampered or not_found for a PDF's hash and embedded code. */
export const POST = handleVerifyPdf;
/** CORS preflight. */
export const OPTIONS = handleVerifyPreflight;
const wrong = verifyWrongMethod('POST');
export const GET = wrong;
export const PUT = wrong;
export const PATCH = wrong;
export const DELETE = wrong;
