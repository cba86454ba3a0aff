/**
 * The sealing certificate of a seal (GET /v1/verify/:code/certificate.pdf): one page, signed by
 * the service, that states what a verifier learns of the seal, as the page and the API say it:
 * who sealed, with which license, when, the document's name and fingerprint, the code and its
 * QR, the seal's entry and root in the public seal log, and the PKI signer and issuer. Drawn
 * and signed on the PDF pool.
 */
import { db } from '../db/index.ts';
import { EVENT_WORDS, sealedDocumentHistory } from '../documents/events.ts';
import { AppError } from '../errors.ts';
import { assuranceSentence } from '../identity/assurance.ts';
import { runPdfTask, PdfTaskTimeout } from '../pdf/pool.ts';
import { getProfession } from '../stamps/professions.ts';
import { resolveJurisdiction } from '../stamps/jurisdictions.ts';
import { toHex } from '../transparency/merkle.ts';
import { serviceSigner } from './service-signer.ts';
import { signatureValidationData } from './validation-data.ts';
import { describeSeal, signatureSummary } from './verify-seal.ts';
import type { SealVerification } from './verify-seal.ts';

const STANDING: Record<SealVerification['credentialStatus'], string> = {
  active: 'Active: in good standing today',
  expired: 'Expired since',
  revoked: 'Revoked or suspended by the licensing board since',
  rejected: 'Could not be confirmed with the licensing board on a later check',
  pending: 'Awaiting a new check with the licensing board',
  disputed: 'Disputed: later proven to belong to someone else',
};

const utc = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The rows of the certificate, in the order printed. */
export function certificateRows(seal: SealVerification, issuedAt: Date): { label: string; value: string }[] {
  const profession = getProfession(seal.licenseType)?.name ?? seal.licenseType;
  const region = resolveJurisdiction(seal.regionCode);
  const rows = [
    { label: 'Sealed by', value: seal.holderName },
    { label: 'Identity', value: assuranceSentence(seal.identityAssurance) },
    { label: 'License', value: `${profession}, No. ${seal.licenseNumber}, ${region.kind === 'state' ? `${region.name} (${region.code})` : seal.regionCode}` },
    { label: 'License status today', value: STANDING[seal.credentialStatus] },
    { label: 'Sealed on', value: utc(seal.sealedAt) },
    { label: 'Document', value: seal.documentName },
    { label: 'Document SHA-256', value: seal.documentHash },
    { label: 'Verification code', value: seal.verificationCode },
    { label: 'Verify at', value: seal.verificationUrl },
  ];
  const log = seal.transparencyLog;
  if (log) {
    rows.push(
      { label: 'Seal log entry', value: `Entry ${log.leafIndex + 1} of ${log.treeSize} (index ${log.leafIndex}); leaf hash ${toHex(log.leafHash)}` },
      { label: 'Seal log root', value: `${toHex(log.rootHash)}, signed ${utc(log.signedTreeHead.timestamp)} with key ${log.signedTreeHead.keyId}` },
    );
  } else {
    rows.push({ label: 'Seal log', value: 'Not in the public seal log yet (a seal made before the log began)' });
  }
  if (seal.pkiSigned) {
    rows.push({ label: 'PKI signer', value: seal.signerName ?? 'unknown' }, { label: 'Certificate issuer', value: seal.issuerName ?? 'unknown' });
    if (seal.signatureStatus) rows.push({ label: 'Signing certificate', value: signatureSummary(seal.signatureStatus, seal.certificateRevokedAt) });
  } else {
    rows.push({ label: 'PKI signature', value: 'None: the seal is verified by its code and fingerprint' });
  }
  rows.push({ label: 'Certificate issued', value: utc(issuedAt) });
  return rows;
}

/** The signed certificate PDF of a seal by its code; null when there is none. */
export async function sealingCertificatePdf({ code, now = new Date() }: { code: string; now?: Date }): Promise<Uint8Array | null> {
  const seal = await describeSeal({ code });
  if (!seal) return null;
  const service = serviceSigner();
  const row = await db().seal.findUnique({ where: { verificationCode: code }, select: { documentId: true } });
  const history = row?.documentId ? await sealedDocumentHistory({ documentId: row.documentId, sealedAt: seal.sealedAt }) : null;
  const options = {
    title: 'Sealing certificate',
    lead: `Sealwright certifies that ${seal.holderName} sealed the document below with the professional license shown, and that the seal is on record${seal.transparencyLog ? ' and in the public seal log' : ''}.`,
    rows: certificateRows(seal, now),
    verificationUrl: seal.verificationUrl,
    footnote: `Signed by Sealwright with a certificate of the Sealwright Seal CA (/v1/ca/cert; revocations at /v1/ca/crl). To check a copy of the document, compute its SHA-256 and compare it with the one above, or drop it on ${seal.verificationUrl}. Anyone can audit the public seal log at /v1/log (npm run log:audit).`,
    ...(history && history.events.length > 0
      ? {
          history: {
            // Public: anyone with the code reads this, so who, what and when, never a client address.
            title: 'Document history up to the seal (UTC)',
            lines: history.events.map((e) => `${utc(e.occurredAt).replace(' UTC', '')}   ${EVENT_WORDS[e.type]}   by ${e.actorName ?? 'someone outside the organization'}`),
            omitted: history.omitted,
          },
        }
      : {}),
    issuedAt: now,
    signer: service.signer,
    signerName: service.name,
    // B-LT, as PKI seals are: the chain and the service CA's CRL go into a DSS after the signature.
    validation: await signatureValidationData(service.signer.chainDer, now),
  };
  try {
    return await runPdfTask<Uint8Array>({ op: 'sealingCertificate', bytes: new Uint8Array(), options }, { timeoutMs: 15_000 });
  } catch (err) {
    if (err instanceof PdfTaskTimeout) throw new AppError('TIMEOUT', 'Drawing the sealing certificate took too long');
    throw err;
  }
}
