import { handleVerifyCertificate, handleVerifyPreflight, verifyWrongMethod } from '../../../../../lib/rest/verify.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The seal's sealing certificate: a one-page PDF signed by the service. */
export const GET = handleVerifyCertificate;
/** CORS preflight. */
export const OPTIONS = handleVerifyPreflight;
const wrong = verifyWrongMethod('GET');
export const POST = wrong;
export const PUT = wrong;
export const PATCH = wrong;
export const DELETE = wrong;
