/**
 * The four public verify endpoints (rest-interface.md §4, decisions.md "REST details"): CORS,
 * one shared 60-per-minute budget per IP, bad input 422 validation_error, an unknown code the
 * 404 not-found record (both written by lib/rest/errors.ts). Each calls lib/seals/verify-seal.ts, like verifySeal and the page.
 */
import { AppError } from '../errors.ts';
import { addressTenant, clientIp } from '../http/client-ip.ts';
import { asPdfTenant } from '../pdf/pool.ts';
import { clientKeyOf } from '../ratelimit/index.ts';
import { assuranceWord } from '../identity/assurance.ts';
import { parseSha256, VERIFICATION_CODE } from '../seals/code.ts';
import { sealingCertificatePdf } from '../seals/sealing-certificate.ts';
import { matchSeal, sealStats, signatureSummary, verifyPdf, verifySeal } from '../seals/verify-seal.ts';
import type { SealVerification } from '../seals/verify-seal.ts';
import { rejectNul } from '../text.ts';
import { restError, toRestError } from './errors.ts';
import { transparencyLogJson } from './log.ts';
import { limitByIp, readTextCapped } from './limit.ts';

const CORS = {
  'X-Content-Type-Options': 'nosniff',
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Expose-Headers': 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
};
const MAX_BODY = 16 * 1024;
/** The verify endpoints' own answers: bad input 422 validation_error, an unknown code the not-found record. */
const VERIFY_ERRORS = { BAD_USER_INPUT: { status: 422, error: 'validation_error' }, NOT_FOUND: { status: 404, error: 'not_found', body: 'record' } } as const;

type Handler = (request: Request, code: string, headers: Record<string, string>) => Promise<Response>;

/** Rate limit, then the handler; every answer carries CORS, the limit's headers and no-store (each call is counted). */
function endpoint(door: string, handler: Handler) {
  return async (request: Request, context: { params: Promise<Record<string, string>> }): Promise<Response> => {
    const limit = await limitByIp('verify', request, CORS);
    if (limit.refused) return limit.refused;
    const headers = { ...CORS, ...limit.headers, 'Cache-Control': 'no-store' };
    try {
      // A route without a dynamic segment (/v1/verify/pdf) gets no params.
      const params: Record<string, string> = (await context?.params) ?? {};
      // A file's reading takes turns in the PDF pool as its client address's.
      return await asPdfTenant(addressTenant(clientKeyOf(request, clientIp)), () => handler(request, params.code ?? '', headers));
    } catch (err) {
      return toRestError(err, { headers, door, overrides: VERIFY_ERRORS });
    }
  };
}

/** No seal has this code: the not-found record (VERIFY_ERRORS). */
const notFound = () => new AppError('NOT_FOUND', 'No sealed document was found for this verification code');

/** The JSON object of a POST body; BAD_USER_INPUT (422 here) for anything else. */
async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/json')) throw new AppError('BAD_USER_INPUT', 'Send a JSON body with Content-Type: application/json');
  let body: unknown;
  try {
    body = JSON.parse(await readTextCapped(request, MAX_BODY));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('BAD_USER_INPUT', 'The body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('BAD_USER_INPUT', 'The body must be a JSON object');
  rejectNul(body, 'body');
  return body as Record<string, unknown>;
}

function requireHash(body: Record<string, unknown>, field: string): string {
  if (body[field] === undefined || body[field] === null || body[field] === '')
    throw new AppError('BAD_USER_INPUT', `${field} is required: the SHA-256 of the file, 64 hex characters, optionally prefixed sha256:`);
  const hash = parseSha256(body[field]);
  if (!hash) throw new AppError('BAD_USER_INPUT', `${field} must be a SHA-256: 64 hex characters, optionally prefixed sha256: or sha-256:`);
  return hash;
}

/** The verification record of rest-interface.md §2. */
export function verificationRecord(v: SealVerification) {
  return {
    valid: v.valid,
    document: { name: v.documentName, sealed_at: v.sealedAt.toISOString(), document_hash: v.documentHash },
    credential: {
      holder_name: v.holderName,
      license_type: v.licenseType,
      license_number: v.licenseNumber,
      region_code: v.regionCode,
      status: v.credentialStatus,
      identity_assurance: assuranceWord(v.identityAssurance),
    },
    seal: { verification_code: v.verificationCode, sealed_at: v.sealedAt.toISOString() },
    // A PKI-signed seal's certificate: "signed while valid, since revoked" once the CA revoked it after the seal.
    signature: v.signatureStatus
      ? {
          signer_name: v.signerName,
          issuer_name: v.issuerName,
          status: v.signatureStatus,
          revoked_at: v.certificateRevokedAt?.toISOString() ?? null,
          summary: signatureSummary(v.signatureStatus, v.certificateRevokedAt),
        }
      : null,
    blockchain: null,
    transparency_log: v.transparencyLog ? transparencyLogJson(v.transparencyLog) : null,
    verification_url: v.verificationUrl,
  };
}

/** GET /v1/verify/:code */
export const handleVerifyCode = endpoint('verify', async (_request, code, headers) => {
  const seal = await verifySeal({ code });
  if (!seal) throw notFound();
  return Response.json(verificationRecord(seal), { headers });
});

/** POST /v1/verify/:code/match */
export const handleVerifyMatch = endpoint('verify match', async (request, code, headers) => {
  const hash = requireHash(await readJsonObject(request), 'document_hash');
  const result = await matchSeal({ code, hash });
  if (!result) throw notFound();
  const { match, seal } = result;
  return Response.json(
    {
      match,
      message: match
        ? `The file is the document sealed by ${seal.holderName} on ${seal.sealedAt.toISOString().slice(0, 10)}: it has not been modified.`
        : 'The file does not match the sealed document: it was modified after sealing, or it is another file.',
      sealed_at: seal.sealedAt.toISOString(),
      verification_url: seal.verificationUrl,
    },
    { headers },
  );
});

/** GET /v1/verify/:code/stats */
export const handleVerifyStats = endpoint('verify stats', async (_request, code, headers) => {
  const stats = await sealStats({ code });
  if (!stats) throw notFound();
  return Response.json({ verification_code: stats.verificationCode, verification_count: stats.verificationCount, sealed_at: stats.sealedAt.toISOString() }, { headers });
});

/** POST /v1/verify/pdf */
export const handleVerifyPdf = endpoint('verify pdf', async (request, _code, headers) => {
  const body = await readJsonObject(request);
  const hash = requireHash(body, 'hash');
  if (typeof body.code !== 'string' || !VERIFICATION_CODE.test(body.code)) throw new AppError('BAD_USER_INPUT', 'code is required: the 12 lowercase letters and digits embedded in the PDF');
  const result = await verifyPdf({ code: body.code, hash });
  if (result.status !== 'valid') return Response.json({ status: result.status }, { headers });
  const seal = result.seal;
  return Response.json(
    { status: 'valid', seal: { verification_code: seal.verificationCode, sealed_at: seal.sealedAt.toISOString(), professional_name: seal.holderName, license_number: seal.licenseNumber } },
    { headers },
  );
});

/** GET /v1/verify/:code/certificate.pdf: the seal's sealing certificate, signed by the service (not counted as a verification). */
export const handleVerifyCertificate = endpoint('verify certificate', async (_request, code, headers) => {
  const pdf = await sealingCertificatePdf({ code });
  if (!pdf) throw notFound();
  return new Response(new Uint8Array(pdf), { headers: { ...headers, 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="sealing-certificate-${code}.pdf"` } });
});

/** The CORS preflight of the verify endpoints (not counted). */
export function handleVerifyPreflight(): Response {
  return new Response(null, { status: 204, headers: { ...CORS, 'Access-Control-Max-Age': '86400' } });
}

/** A method an endpoint does not answer: 405 with Allow. */
export function verifyWrongMethod(allow: 'GET' | 'POST') {
  return (): Response => restError(405, 'method_not_allowed', `Use ${allow} on this endpoint.`, { ...CORS, Allow: `${allow}, OPTIONS` });
}
