/**
 * The service CA's certificate revocation list (RFC 5280 §5), DER, signed by the CA: every
 * certificate the CA issued that was since deleted, removed with its account, or whose
 * credential was revoked (CertificateRevocation rows, which the database writes itself). Rebuilt
 * when a revocation is added, and at least hourly; valid for a day. Issued certificates name its
 * URL as their CRL distribution point.
 */
import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';
import { db } from '../db/index.ts';
import { appUrl } from '../env.ts';
import { serviceCa } from './ca.ts';
import { certificateDer, fromPem, pkcs8Of } from './x509.ts';

/** RFC 5280 §5.3.1 CRLReason codes of the reasons the database records. */
const REASON_CODES: Record<string, number> = { unspecified: 0, keyCompromise: 1, cessationOfOperation: 5, privilegeWithdrawn: 9 };
const REBUILD_MS = 60 * 60_000;
const VALID_MS = 24 * 60 * 60_000;

const engine = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto });

/** The CRL's URL: the distribution point every certificate the CA issues names. */
export function crlUrl(): string {
  return appUrl('/v1/ca/crl');
}

/** The cRLDistributionPoints extension, as node-forge takes it (a fullName URI). */
export function crlDistributionPointExtension(): object {
  return { name: 'cRLDistributionPoints', altNames: [{ type: 6, value: crlUrl() }] };
}

/** The CA's certificate, DER. */
export function serviceCaCertificateDer(): Buffer {
  return certificateDer(serviceCa().cert);
}

// Whether a revoked certificate is the CA's own issue (a signature check), remembered: it never changes.
const issuedByCa = new Map<string, boolean>();
function isIssuedByCa(certificateId: string, chainPem: string, ca: forge.pki.Certificate): boolean {
  let known = issuedByCa.get(certificateId);
  if (known === undefined) {
    try {
      const [cert] = fromPem(chainPem);
      known = Boolean(cert) && ca.verify(cert);
    } catch {
      known = false;
    }
    issuedByCa.set(certificateId, known);
  }
  return known;
}

/**
 * Whether a certificate was issued by this service's CA (requestSigningCertificate), by its
 * signature: Acrobat trusts what it signs only once the CA is imported, unlike an uploaded
 * certificate that chains to a root Acrobat already trusts (AATL).
 */
export function issuedByServiceCa({ id, certificateChain }: { id: string; certificateChain: string }): boolean {
  return isIssuedByCa(id, certificateChain, serviceCa().cert);
}

const serialInteger = (hex: string) => {
  const even = hex.length % 2 ? `0${hex}` : hex;
  const bytes = Buffer.from(even, 'hex');
  // A positive INTEGER: a leading 0x00 when the high bit is set.
  return new asn1js.Integer({ valueHex: new Uint8Array(bytes[0] & 0x80 ? Buffer.concat([Buffer.of(0), bytes]) : bytes).buffer });
};

const extension = (extnID: string, value: asn1js.BaseBlock) => new pkijs.Extension({ extnID, critical: false, extnValue: value.toBER(false) });

let cached: { key: string; der: Buffer; at: number } | undefined;

/** The current CRL, DER: rebuilt when a revocation was added since, or after an hour. */
export async function serviceCaCrl({ now = new Date() }: { now?: Date } = {}): Promise<Buffer> {
  const ca = serviceCa();
  const rows = await db().certificateRevocation.findMany({
    orderBy: [{ revokedAt: 'asc' }, { certificateId: 'asc' }],
    select: { certificateId: true, serialNumber: true, certificateChain: true, revokedAt: true, reason: true },
  });
  const revoked = rows.filter((r) => isIssuedByCa(r.certificateId, r.certificateChain, ca.cert));
  const key = `${ca.pem}|${revoked.map((r) => r.certificateId).join(',')}`;
  if (cached && cached.key === key && now.getTime() - cached.at < REBUILD_MS) return cached.der;

  const caCert = pkijs.Certificate.fromBER(new Uint8Array(certificateDer(ca.cert)));
  const crl = new pkijs.CertificateRevocationList({
    version: 1,
    issuer: caCert.subject,
    thisUpdate: new pkijs.Time({ type: pkijs.TimeType.UTCTime, value: now }),
    nextUpdate: new pkijs.Time({ type: pkijs.TimeType.UTCTime, value: new Date(now.getTime() + VALID_MS) }),
  });
  if (revoked.length > 0) {
    crl.revokedCertificates = revoked.map(
      (r) =>
        new pkijs.RevokedCertificate({
          userCertificate: serialInteger(r.serialNumber),
          revocationDate: new pkijs.Time({ type: pkijs.TimeType.UTCTime, value: r.revokedAt }),
          crlEntryExtensions: new pkijs.Extensions({ extensions: [extension('2.5.29.21', new asn1js.Enumerated({ value: REASON_CODES[r.reason] ?? 0 }))] }),
        }),
    );
  }
  const ski = (ca.cert.getExtension('subjectKeyIdentifier') as { subjectKeyIdentifier?: string } | null)?.subjectKeyIdentifier;
  const extensions = [
    // cRLNumber: increases with every CRL this CA signs (seconds since the epoch).
    extension('2.5.29.20', new asn1js.Integer({ value: Math.floor(now.getTime() / 1000) })),
  ];
  if (ski)
    extensions.push(extension('2.5.29.35', new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: new Uint8Array(Buffer.from(ski, 'hex')).buffer }) }).toSchema()));
  crl.crlExtensions = new pkijs.Extensions({ extensions });
  const privateKey = await webcrypto.subtle.importKey('pkcs8', new Uint8Array(pkcs8Of(ca.key)), { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  await crl.sign(privateKey as unknown as CryptoKey, 'SHA-256', engine);
  const der = Buffer.from(crl.toSchema(true).toBER(false));
  cached = { key, der, at: now.getTime() };
  return der;
}

/** A PKI seal's certificate's revocation, if any (for a verifier: signed while valid, since revoked). */
export async function certificateRevocation(certificateId: string): Promise<{ revokedAt: Date; reason: string } | null> {
  return db().certificateRevocation.findUnique({ where: { certificateId }, select: { revokedAt: true, reason: true } });
}
