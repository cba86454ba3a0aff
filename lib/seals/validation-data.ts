/**
 * The revocation data a PAdES B-LT seal carries in its DSS (lib/pdf/worker/add-dss.mjs): for
 * each certificate of the signer's chain issued by the service CA, the CA's current CRL
 * (serviceCaCrl). Certificates from elsewhere (an uploaded PKCS#12) get none: their CRL or OCSP
 * responder is a URL the uploader chose, and fetching it while sealing would have the server
 * request any address a user writes (and this deployment may be offline); their chain still
 * goes into the DSS.
 */
import { X509Certificate } from 'node:crypto';
import { serviceCaCertificateDer, serviceCaCrl } from './crl.ts';

/** The CRLs to store with a signature by this chain (leaf first), DER. */
export async function signatureValidationData(chainDer: Uint8Array[], now = new Date()): Promise<{ crls: Uint8Array[] }> {
  const ca = new X509Certificate(serviceCaCertificateDer());
  const issuedByServiceCa = chainDer.some((der) => {
    const cert = new X509Certificate(Buffer.from(der));
    return cert.fingerprint256 !== ca.fingerprint256 && cert.checkIssued(ca) && cert.verify(ca.publicKey);
  });
  return { crls: issuedByServiceCa ? [new Uint8Array(await serviceCaCrl({ now }))] : [] };
}
