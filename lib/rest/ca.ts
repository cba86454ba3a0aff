/**
 * The service CA's public documents: GET /v1/ca/cert (its certificate, DER, or PEM with
 * ?format=pem) and GET /v1/ca/crl (its revocation list, DER). No token, CORS open, cacheable.
 */
import forge from 'node-forge';
import { serviceCa } from '../seals/ca.ts';
import { serviceCaCertificateDer, serviceCaCrl } from '../seals/crl.ts';
import { restError, toRestError } from './errors.ts';

const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, OPTIONS', 'X-Content-Type-Options': 'nosniff' };

/** GET /v1/ca/cert: DER named .cer, the file Acrobat's Trusted Certificates import offers to open. */
export async function handleCaCert(request: Request): Promise<Response> {
  try {
    if (new URL(request.url).searchParams.get('format') === 'pem') {
      return new Response(forge.pki.certificateToPem(serviceCa().cert).replace(/\r\n/g, '\n'), {
        headers: { ...CORS, 'Content-Type': 'application/x-pem-file', 'Content-Disposition': 'attachment; filename=sealwright-ca.pem', 'Cache-Control': 'public, max-age=3600' },
      });
    }
    return new Response(new Uint8Array(serviceCaCertificateDer()), {
      headers: { ...CORS, 'Content-Type': 'application/pkix-cert', 'Content-Disposition': 'attachment; filename=sealwright-ca.cer', 'Cache-Control': 'public, max-age=3600' },
    });
  } catch (err) {
    return toRestError(err, { headers: CORS, door: 'ca cert' });
  }
}

/** GET /v1/ca/crl: the current CRL (a revocation appears in the next one, built on the next request). */
export async function handleCaCrl(): Promise<Response> {
  try {
    return new Response(new Uint8Array(await serviceCaCrl()), {
      headers: { ...CORS, 'Content-Type': 'application/pkix-crl', 'Content-Disposition': 'attachment; filename=sealwright-ca.crl', 'Cache-Control': 'public, max-age=300' },
    });
  } catch (err) {
    return toRestError(err, { headers: CORS, door: 'ca crl' });
  }
}

/** CORS preflight. */
export function handleCaPreflight(): Response {
  return new Response(null, { status: 204, headers: { ...CORS, 'Access-Control-Max-Age': '86400' } });
}

/** Any method but GET: 405 with Allow. */
export function caWrongMethod(): Response {
  return restError(405, 'method_not_allowed', 'Use GET on this endpoint.', { ...CORS, Allow: 'GET, OPTIONS' });
}
