'use client';

import { useState } from 'react';
import Link from 'next/link';
import QRCode from 'qrcode';
import { graphql } from '../gql/index.ts';
import type { SealMutation } from '../gql/graphql.ts';
import { useMutation, useQuery } from '@apollo/client/react';
import { DataTable } from './DataTable.tsx';
import { DocumentActions, NewVersionForm, VISIBILITIES } from './DocumentActions.tsx';
import { DocumentAuditTrail } from './DocumentAuditTrail.tsx';
import { DocumentAsk } from './DocumentAsk.tsx';
import { DocumentTools } from './DocumentTools.tsx';
import { SealDialog } from './SealDialog.tsx';
import { FirstLoad } from './use-action.tsx';
import { CaTrustNote } from './CaTrust.tsx';
import type { SealingMarksTable } from '../../lib/stamps/board-rules.ts';

const DOCUMENT = graphql(`
  query DocumentDetail($id: UUID!) {
    document(id: $id) {
      id
      name
      status
      visibility
      versionCount
      downloadUrl
      folder {
        id
        name
      }
      versions {
        id
        versionNumber
        fileHash
        insertedAt
        notes
        downloadUrl
        thumbnailUrl
        seal {
          id
          verificationCode
          verificationUrl
          sealedAt
          pkiSigned
          signingCertificate {
            id
            issuedByServiceCa
          }
        }
      }
    }
  }
`);

const SEAL = graphql(`
  mutation Seal($input: SealDocumentInput!) {
    sealDocument(input: $input) {
      id
      verificationCode
      verificationUrl
      documentHash
      pkiSigned
      signingCertificate {
        id
        issuedByServiceCa
      }
    }
  }
`);

type SealResult = NonNullable<SealMutation['sealDocument']>;

/** What the dialog shows once the document is sealed: its code, link and QR code. */
function Sealed({ seal, qr }: { seal: SealResult; qr: string }) {
  return (
    <>
      <p className="success">
        <strong>Sealed.</strong> The sealed PDF is the document&apos;s new version.
      </p>
      <p>
        Verification code: <code data-testid="seal-code">{seal.verificationCode}</code>
      </p>
      <p>
        Verification link: <a href={seal.verificationUrl}>{seal.verificationUrl}</a>
      </p>
      <img className="qr" width={160} height={160} alt={`QR code of ${seal.verificationUrl}`} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`} />
      <p className="muted">{seal.pkiSigned ? 'Digitally signed (PAdES) as well.' : 'Stamp and verification code, without a digital signature.'}</p>
      {seal.pkiSigned && seal.signingCertificate?.issuedByServiceCa && <CaTrustNote />}
    </>
  );
}

export function DocumentDetail({ id, verifyBase, marks }: { id: string; verifyBase: string; marks: SealingMarksTable }) {
  const { data, loading, error, refetch } = useQuery(DOCUMENT, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const [seal] = useMutation(SEAL);
  const [sealing, setSealing] = useState(false);
  if (!data) return <FirstLoad loading={loading} error={error} hasData={false} what="the document" />;
  const doc = data!.document;
  if (!doc)
    return (
      <div className="stack">
        <h1>Document not found</h1>
        <p className="muted">It does not exist, was deleted, or is not shared with you.</p>
        <Link href="/documents">Back to documents</Link>
      </div>
    );
  return (
    <div className="stack-lg">
      <div className="stack">
        <p className="muted">
          <Link href="/documents">Documents</Link>
          {doc.folder ? ` / ${doc.folder.name}` : ''}
        </p>
        <h1>{doc.name}</h1>
        <p>
          <span className={`badge ${doc.status === 'SEALED' ? 'ok' : 'warn'}`}>{doc.status.charAt(0) + doc.status.slice(1).toLowerCase()}</span> · {doc.versionCount} version
          {doc.versionCount === 1 ? '' : 's'} · {VISIBILITIES.find(([v]) => v === doc.visibility)?.[1]}
        </p>
        <div className="actions">
          {doc.downloadUrl && (
            <a className="button-link" href={doc.downloadUrl}>
              Download current version
            </a>
          )}
          {doc.status === 'DRAFT' && (
            <button type="button" onClick={() => setSealing(true)}>
              Seal…
            </button>
          )}
        </div>
      </div>
      {doc.versions.some((v) => v.seal?.pkiSigned && v.seal.signingCertificate?.issuedByServiceCa) && <CaTrustNote />}
      <section aria-labelledby="versions-title" className="stack">
        <h2 id="versions-title">Version history</h2>
        <DataTable columns={['Version', 'Added', 'What changed', 'SHA-256', 'Seal', 'File']}>
          {[...doc.versions]
            .sort((a, b) => b.versionNumber - a.versionNumber)
            .map((v) => (
              <tr key={v.id}>
                <td data-label="Version">
                  <span className="version-cell">
                    {v.thumbnailUrl && <img className="thumb" src={v.thumbnailUrl} alt="" width={48} height={48} loading="lazy" />}
                    {v.versionNumber}
                    {v.versionNumber === Math.max(...doc.versions.map((x) => x.versionNumber)) && <span className="muted"> (current)</span>}
                  </span>
                </td>
                <td data-label="Added">{new Date(v.insertedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</td>
                <td data-label="What changed">{v.notes ?? <span className="muted">—</span>}</td>
                <td data-label="SHA-256">
                  <code title={v.fileHash}>{v.fileHash.slice(0, 12)}…</code>
                </td>
                <td data-label="Seal">{v.seal ? <a href={v.seal.verificationUrl}>{v.seal.verificationCode}</a> : <span className="muted">None</span>}</td>
                <td data-label="File">
                  {v.downloadUrl ? (
                    <a href={v.downloadUrl} aria-label={`Download version ${v.versionNumber}`}>
                      Download
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
        </DataTable>
        {doc.status === 'DRAFT' ? (
          <NewVersionForm documentId={doc.id} onDone={refetch} />
        ) : doc.status === 'SEALED' ? (
          <p className="muted">A sealed version never changes: to issue a revision, upload it as a new document and seal that.</p>
        ) : (
          <p className="muted">An archived document takes no new versions until it is unarchived.</p>
        )}
      </section>
      <DocumentTools doc={doc} onChanged={refetch} />
      <DocumentActions doc={doc} onChanged={refetch} />
      <DocumentAuditTrail key={`${doc.versionCount}-${doc.status}`} id={doc.id} />
      <DocumentAsk doc={doc} />
      {sealing && (
        <SealDialog
          title={`Seal “${doc.name}”`}
          previewUrl={doc.downloadUrl ?? null}
          pickPage
          submitLabel="Seal document"
          busyLabel="Sealing…"
          subject={`“${doc.name}”`}
          verifyBase={verifyBase}
          marks={marks}
          onSubmit={async (choice) => {
            const { data: sealedData } = await seal({ variables: { input: { documentId: doc.id, ...choice } } });
            const sealed = sealedData!.sealDocument!;
            const qr = await QRCode.toString(sealed.verificationUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
            await refetch();
            return <Sealed seal={sealed} qr={qr} />;
          }}
          onClose={() => setSealing(false)}
        />
      )}
    </div>
  );
}
