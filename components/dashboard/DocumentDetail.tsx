'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent, PointerEvent } from 'react';
import Link from 'next/link';
import QRCode from 'qrcode';
import { graphql } from '../gql/index.ts';
import type { DocumentDetailQuery, SealMutation } from '../gql/graphql.ts';
import { useMutation, useQuery } from '@apollo/client/react';
import { describeError } from './api-errors.ts';
import { SEAL_DEFAULTS, SEAL_SIZE_RANGE } from '../../lib/seals/seal-defaults.ts';
import { PagePreview } from './PagePreview.tsx';
import { DataTable } from './DataTable.tsx';
import { FirstLoad } from './use-action.tsx';

const DOCUMENT = graphql(`
  query DocumentDetail($id: UUID!) {
    document(id: $id) {
      id
      name
      status
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
        seal {
          id
          verificationCode
          verificationUrl
          sealedAt
          pkiSigned
        }
      }
    }
    credentialsConnection(first: 100) {
      edges {
        node {
          id
          displayName
          licenseType
          licenseNumber
          regionCode
          canSeal
          stampSvg
        }
      }
    }
    signingCertificates(limit: 100) {
      id
      name
      isDefault
      status
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
    }
  }
`);

type Detail = DocumentDetailQuery;
type SealResult = NonNullable<SealMutation['sealDocument']>;

const clamp = (v: number) => Math.min(0.98, Math.max(0.02, v));

function SealDialog({ detail, onClose, onSealed }: { detail: Detail; onClose: () => void; onSealed: () => Promise<unknown> }) {
  const doc = detail.document!;
  const credentials = detail.credentialsConnection.edges.map((e) => e.node).filter((c) => c.canSeal);
  const certificates = detail.signingCertificates.filter((c) => c.status === 'ACTIVE');
  const defaultCert = certificates.find((c) => c.isDefault)?.id ?? '';
  const [seal, { loading }] = useMutation(SEAL);
  const [pageMode, setPageMode] = useState<'FIRST' | 'LAST' | 'ALL' | 'PAGE'>('FIRST');
  const [pageNumber, setPageNumber] = useState(1);
  const [info, setInfo] = useState({ pages: 1, width: 612, height: 792 });
  const [position, setPosition] = useState<{ x: number; y: number }>({ x: SEAL_DEFAULTS.positionX, y: SEAL_DEFAULTS.positionY });
  const [size, setSize] = useState<number>(SEAL_DEFAULTS.size);
  const [credentialId, setCredentialId] = useState(credentials[0]?.id ?? '');
  const stamp = credentials.find((c) => c.id === credentialId)?.stampSvg;
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<(SealResult & { qr: string }) | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const dragging = useRef(false);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const onInfo = useCallback((i: { pages: number; width: number; height: number }) => setInfo(i), []);
  const previewPage = pageMode === 'LAST' ? info.pages : pageMode === 'PAGE' ? pageNumber : 1;

  function moveTo(event: PointerEvent<HTMLDivElement>) {
    const rect = box.current!.getBoundingClientRect();
    setPosition({ x: clamp((event.clientX - rect.left) / rect.width), y: clamp((event.clientY - rect.top) / rect.height) });
  }
  function nudge(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? 0.05 : 0.01;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const m = moves[event.key];
    if (!m) return;
    event.preventDefault();
    setPosition((p) => ({ x: clamp(p.x + m[0]), y: clamp(p.y + m[1]) }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    try {
      const input = {
        documentId: doc.id,
        credentialId: String(form.get('credentialId')),
        signingCertificateId: String(form.get('signingCertificateId') ?? '') || null,
        ...(pageMode === 'PAGE' ? { page: pageNumber } : { pageMode }),
        positionX: Number(position.x.toFixed(4)),
        positionY: Number(position.y.toFixed(4)),
        size,
      };
      const { data } = await seal({ variables: { input } });
      const sealed = data!.sealDocument!;
      const qr = await QRCode.toString(sealed.verificationUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      setResult({ ...sealed, qr });
      await onSealed();
    } catch (err) {
      setError(describeError(err));
    }
  }

  const stampWidth = `${(size / info.width) * 100}%`;
  return (
    <dialog ref={dialog} className="seal-dialog" aria-labelledby="seal-title" onClose={onClose}>
      <h2 id="seal-title">Seal “{doc.name}”</h2>
      {result ? (
        <div className="stack" role="status">
          <p className="success">
            <strong>Sealed.</strong> The sealed PDF is the document&apos;s new version.
          </p>
          <p>
            Verification code: <code data-testid="seal-code">{result.verificationCode}</code>
          </p>
          <p>
            Verification link: <a href={result.verificationUrl}>{result.verificationUrl}</a>
          </p>
          <img className="qr" width={160} height={160} alt={`QR code of ${result.verificationUrl}`} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(result.qr)}`} />
          <p className="muted">{result.pkiSigned ? 'Digitally signed (PAdES) as well.' : 'Stamp and verification code, without a digital signature.'}</p>
          <button type="button" onClick={() => dialog.current?.close()}>
            Done
          </button>
        </div>
      ) : credentials.length === 0 ? (
        <div className="stack">
          <p>None of your credentials can seal yet. Add or claim one first.</p>
          <Link href="/credentials">Go to credentials</Link>
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      ) : (
        <form className="seal-form" onSubmit={submit}>
          <div className="stack">
            <label>
              Credential
              <select name="credentialId" value={credentialId} onChange={(e) => setCredentialId(e.currentTarget.value)}>
                {credentials.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.displayName}, {c.regionCode} {c.licenseNumber}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Signing certificate
              <select name="signingCertificateId" defaultValue={defaultCert}>
                <option value="">None (stamp only)</option>
                {certificates.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                    {c.isDefault ? ' (default)' : ''}
                  </option>
                ))}
              </select>
            </label>
            <fieldset>
              <legend>Pages</legend>
              {(['FIRST', 'LAST', 'ALL'] as const).map((m) => (
                <label key={m} className="checkbox">
                  <input type="radio" name="pageMode" value={m} checked={pageMode === m} onChange={() => setPageMode(m)} />
                  {m === 'FIRST' ? 'First page' : m === 'LAST' ? 'Last page' : 'Every page'}
                </label>
              ))}
              <label className="checkbox">
                <input type="radio" name="pageMode" value="PAGE" checked={pageMode === 'PAGE'} onChange={() => setPageMode('PAGE')} />
                Page
                <input
                  type="number"
                  aria-label="Page number"
                  min={1}
                  max={info.pages}
                  value={pageNumber}
                  onChange={(e) => (setPageNumber(Math.max(1, Number(e.currentTarget.value) || 1)), setPageMode('PAGE'))}
                  className="page-number"
                />
                of {info.pages}
              </label>
            </fieldset>
            <label>
              Stamp size: {(size / 72).toFixed(2)} in
              <input type="range" min={SEAL_SIZE_RANGE[0]} max={SEAL_SIZE_RANGE[1]} step={9} value={size} onChange={(e) => setSize(Number(e.currentTarget.value))} />
            </label>
            <p className="muted">Drag the stamp on the page, or focus it and use the arrow keys (Shift for larger steps).</p>
            {error && (
              <p className="error" role="alert">
                {error}
              </p>
            )}
            <div className="actions">
              <button type="submit" disabled={loading}>
                {loading ? 'Sealing…' : 'Seal document'}
              </button>
              <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
            </div>
          </div>
          <div
            className="page-box"
            ref={box}
            style={{ aspectRatio: `${info.width} / ${info.height}` }}
            onPointerDown={(e) => {
              dragging.current = true;
              e.currentTarget.setPointerCapture(e.pointerId);
              moveTo(e);
            }}
            onPointerMove={(e) => dragging.current && moveTo(e)}
            onPointerUp={() => (dragging.current = false)}
            data-testid="page-box"
          >
            {doc.downloadUrl && <PagePreview url={doc.downloadUrl} page={previewPage} onInfo={onInfo} />}
            <div
              className="stamp-marker"
              role="slider"
              tabIndex={0}
              aria-label="Stamp position"
              aria-valuetext={`${Math.round(position.x * 100)}% from the left, ${Math.round(position.y * 100)}% from the top`}
              aria-valuenow={Math.round(position.x * 100)}
              aria-valuemin={0}
              aria-valuemax={100}
              onKeyDown={nudge}
              style={{ left: `${position.x * 100}%`, top: `${position.y * 100}%`, width: stampWidth }}
              data-testid="stamp-marker"
            >
              {stamp && <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(stamp)}`} alt="" draggable={false} />}
            </div>
          </div>
        </form>
      )}
    </dialog>
  );
}

export function DocumentDetail({ id }: { id: string }) {
  const { data, loading, error, refetch } = useQuery(DOCUMENT, { variables: { id }, fetchPolicy: 'cache-and-network' });
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
          {doc.versionCount === 1 ? '' : 's'}
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
      <section aria-labelledby="versions-title" className="stack">
        <h2 id="versions-title">Versions</h2>
        <DataTable columns={['Version', 'Added', 'SHA-256', 'Seal', 'File']}>
          {[...doc.versions]
            .sort((a, b) => b.versionNumber - a.versionNumber)
            .map((v) => (
              <tr key={v.id}>
                <td data-label="Version">{v.versionNumber}</td>
                <td data-label="Added">{new Date(v.insertedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</td>
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
      </section>
      {sealing && <SealDialog detail={data!} onClose={() => setSealing(false)} onSealed={() => refetch()} />}
    </div>
  );
}
