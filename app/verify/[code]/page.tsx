import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { SealLogCheck } from '../../../components/SealLogCheck.tsx';
import type { LogRecordProps } from '../../../components/seal-log-check.ts';
import { VerifyDropZone } from '../../../components/VerifyDropZone.tsx';
import { VerifyShell } from '../../../components/VerifyShell.tsx';
import { decodeSegment, formatSealedAt } from '../../../components/verify-helpers.ts';
import { VERIFICATION_CODE } from '../../../lib/seals/code-format.ts';
import { assuranceSentence } from '../../../lib/identity/assurance.ts';
import { signatureSummary, verifySeal } from '../../../lib/seals/verify-seal.ts';
import type { SealVerification } from '../../../lib/seals/verify-seal.ts';
import { getProfession } from '../../../lib/stamps/professions.ts';
import { logKey } from '../../../lib/transparency/log-key.ts';
import { toHex } from '../../../lib/transparency/merkle.ts';
import { resolveJurisdiction } from '../../../lib/stamps/jurisdictions.ts';

// Every visit counts one verification and shows the license's standing now.
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ code: string }> };

/** The seal for this request, looked up (and counted) once for both the title and the page. */
const sealFor = cache((code: string) => verifySeal({ code }));

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const code = decodeSegment((await params).code);
  const seal = VERIFICATION_CODE.test(code) ? await sealFor(code) : null;
  return { title: seal ? `Seal by ${seal.holderName}` : 'No seal found', robots: { index: false, follow: false } };
}

const STANDING: Record<SealVerification['credentialStatus'], { word: string; sentence: string }> = {
  active: { word: 'Active', sentence: 'The license is in good standing today.' },
  expired: { word: 'Expired', sentence: 'The license has expired since.' },
  revoked: { word: 'Revoked', sentence: 'The licensing board has since revoked or suspended the license.' },
  rejected: { word: 'Rejected', sentence: 'The license could not be confirmed with the licensing board on a later check.' },
  pending: { word: 'Pending', sentence: 'The license is awaiting a new check with the licensing board.' },
  disputed: { word: 'Disputed', sentence: 'The license was later proven to belong to someone else: a person whose legal name was verified from a government ID took it back from this holder.' },
};

/** What the identity assurance recorded at sealing means for whoever reads the page. */
const IDENTITY_DETAIL: Record<SealVerification['identityAssurance'], string> = {
  SELF_ASSERTED: 'When this seal was made, the holder’s name was the one they gave when signing up; Sealwright had not checked it against an ID.',
  DOCUMENT_VERIFIED: 'When this seal was made, the holder’s legal name had been checked against a government ID with a matching selfie.',
  ORGANIZATION_ATTESTED: 'When this seal was made, an administrator of the holder’s organization, whose own identity is verified from a government ID, had attested the holder’s legal name.',
};

/** The seal's log record as the browser checks it (plain strings: hex hashes, base64 signature and key). */
function logRecordProps(log: NonNullable<SealVerification['transparencyLog']>): LogRecordProps {
  const head = log.signedTreeHead;
  return {
    leafIndex: log.leafIndex,
    treeSize: log.treeSize,
    rootHash: toHex(log.rootHash),
    entry: log.entry,
    inclusionProof: log.inclusionProof.map(toHex),
    head: { treeSize: head.treeSize, timestamp: head.timestamp.toISOString(), rootHash: toHex(head.rootHash), signature: Buffer.from(head.signature).toString('base64'), keyId: head.keyId },
    publicKey: Buffer.from(logKey().publicKeyRaw).toString('base64'),
  };
}

function regionName(code: string): string {
  const j = resolveJurisdiction(code);
  return j.kind === 'state' ? `${j.name} (${j.code})` : code;
}

/** /verify/<code>: the seal on record for a code, and a drop zone to check one's own copy against it. */
export default async function SealPage({ params }: Params) {
  const code = decodeSegment((await params).code);
  // A code typed in capitals or with spaces: its canonical address.
  const lower = code.trim().toLowerCase();
  if (lower !== code && VERIFICATION_CODE.test(lower)) redirect(`/verify/${lower}`);
  const seal = await sealFor(code);
  if (!seal) notFound();

  const profession = getProfession(seal.licenseType)?.name ?? seal.licenseType;
  const standing = STANDING[seal.credentialStatus];
  return (
    <VerifyShell title={seal.valid ? 'Seal on record' : 'Seal record damaged'} again="Verify another seal">
      <div className={`verify-banner ${seal.valid && seal.credentialStatus !== 'disputed' ? 'tone-good' : 'tone-bad'}`}>
        <p className="verify-banner-word">{seal.valid ? 'Valid seal' : 'Not valid'}</p>
        <p>
          {seal.valid ? (
            <>
              {seal.holderName} sealed a document named{' '}
              <strong>
                <bdi>“{seal.documentName}”</bdi>
              </strong>{' '}
              on <time dateTime={seal.sealedAt.toISOString()}>{formatSealedAt(seal.sealedAt)}</time>. Sealwright keeps the sealed PDF; its fingerprint is below.
            </>
          ) : (
            <>This seal is on record, but the stored sealed document no longer matches the fingerprint recorded at sealing. Contact Sealwright support.</>
          )}
        </p>
        {seal.credentialStatus === 'disputed' ? (
          <p data-testid="disputed">
            <strong>Disputed license:</strong> the license this seal names was later proven to belong to someone else. Whoever made this seal had given that name without verifying it.
          </p>
        ) : null}
      </div>

      <section className="verify-panel" aria-labelledby="seal-details">
        <h2 id="seal-details">The seal</h2>
        <dl className="verify-facts">
          <dt>Holder</dt>
          <dd data-testid="holder">{seal.holderName}</dd>
          <dt>License</dt>
          <dd>
            {profession}, No. {seal.licenseNumber}
          </dd>
          <dt>State</dt>
          <dd>{regionName(seal.regionCode)}</dd>
          <dt>Identity</dt>
          <dd data-testid="identity-assurance">
            <strong className={`identity-${seal.identityAssurance.toLowerCase().replace(/_/g, '-')}`}>{assuranceSentence(seal.identityAssurance)}.</strong> {IDENTITY_DETAIL[seal.identityAssurance]}
          </dd>
          <dt>License status today</dt>
          <dd>
            <span className={`verify-pill status-${seal.credentialStatus}`}>{standing.word}</span> {standing.sentence} A seal made while the license was active still verifies its document: the status
            describes the license now, not the sealed document.
          </dd>
          <dt>Sealed</dt>
          <dd>
            <time dateTime={seal.sealedAt.toISOString()}>{formatSealedAt(seal.sealedAt)}</time>
          </dd>
          <dt>Document</dt>
          <dd>{seal.documentName}</dd>
          <dt>SHA-256</dt>
          <dd>
            <code className="verify-hash" data-testid="document-hash">
              {seal.documentHash}
            </code>
          </dd>
          <dt>Digital signature</dt>
          <dd>
            {seal.pkiSigned ? 'PKI-signed: the PDF carries a PAdES digital signature your PDF reader can check.' : 'Not PKI-signed: the seal is verified by its code and fingerprint.'}
            {seal.signatureStatus && seal.signatureStatus !== 'valid' ? <strong data-testid="signature-status"> {signatureSummary(seal.signatureStatus, seal.certificateRevokedAt)}.</strong> : null}
          </dd>
          {seal.pkiSigned ? (
            <>
              <dt>Signer</dt>
              <dd>{seal.signerName ?? '—'}</dd>
              <dt>Issuer</dt>
              <dd>{seal.issuerName ?? '—'}</dd>
            </>
          ) : null}
          <dt>Verification code</dt>
          <dd>
            <code>{seal.verificationCode}</code>
          </dd>
          <dt>Sealing certificate</dt>
          <dd>
            <a href={`/v1/verify/${seal.verificationCode}/certificate.pdf`} data-testid="certificate-link">
              Download the sealing certificate (PDF)
            </a>
            , signed by Sealwright.
          </dd>
          <dt>Verified</dt>
          <dd>
            {seal.verificationCount} {seal.verificationCount === 1 ? 'time' : 'times'}, this visit included
          </dd>
        </dl>
      </section>

      <section className="verify-panel" aria-labelledby="seal-log-title">
        <h2 id="seal-log-title">Public seal log</h2>
        {seal.transparencyLog ? (
          <SealLogCheck record={logRecordProps(seal.transparencyLog)} code={seal.verificationCode} documentHash={seal.documentHash} />
        ) : (
          <p data-testid="seal-log-missing">This seal was made before the public seal log began and has not been added to it yet.</p>
        )}
      </section>

      <section className="verify-panel" aria-labelledby="check-copy">
        <h2 id="check-copy">Check your copy</h2>
        <p>A seal vouches for one exact file. Drop the PDF you received to see whether it is that file, byte for byte.</p>
        <VerifyDropZone pageSeal={{ code: seal.verificationCode, holderName: seal.holderName }} />
      </section>
    </VerifyShell>
  );
}
