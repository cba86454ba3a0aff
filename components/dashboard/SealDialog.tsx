'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent, PointerEvent, ReactNode } from 'react';
import Link from 'next/link';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import type { PageMode } from '../gql/graphql.ts';
import { describeError } from './api-errors.ts';
import { SEAL_DEFAULTS, SEAL_SIZE_RANGE } from '../../lib/seals/seal-defaults.ts';
import { PagePreview } from './PagePreview.tsx';
import { FirstLoad } from './use-action.tsx';

// What the dialog offers: the credentials that can seal and the active certificates. Read when
// it opens, so it shows what the credentials page changed meanwhile.
const SEAL_OPTIONS = graphql(`
  query SealOptions {
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

/** What the person chose: the credential, the certificate and one placement, as sealDocument and createBatchSealJob take them. */
export interface SealChoice {
  credentialId: string;
  signingCertificateId: string | null;
  /** Absent when a page number was chosen. */
  pageMode?: PageMode;
  /** Only where the dialog offers a page number (`pickPage`). */
  page?: number;
  positionX: number;
  positionY: number;
  size: number;
}

const clamp = (v: number) => Math.min(0.98, Math.max(0.02, v));

/** How the form reads: the page drawn under the stamp, the choices offered, the button's words. */
interface FormLook {
  previewUrl: string | null;
  /** Offer "Page N" beside first, last and every page. */
  pickPage: boolean;
  note?: ReactNode;
  submitLabel: string;
  busyLabel: string;
}

/**
 * The placement dialog: credential, certificate, pages, size and the stamp dragged on the
 * rendered page (`previewUrl`). One document or many: `onSubmit` does the sealing and returns
 * what to show afterwards (then a Done button closes the dialog), or nothing when the caller
 * moves on by itself. A refusal is shown in words (`explainError` may name things better than
 * the API's message does).
 */
export function SealDialog({
  title,
  onSubmit,
  explainError = describeError,
  onClose,
  ...look
}: FormLook & {
  title: string;
  onSubmit: (choice: SealChoice) => Promise<ReactNode | void>;
  explainError?: (error: unknown) => string;
  onClose: () => void;
}) {
  const options = useQuery(SEAL_OPTIONS, { fetchPolicy: 'cache-and-network' });
  const dialog = useRef<HTMLDialogElement>(null);
  const [result, setResult] = useState<ReactNode>(null);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const close = () => dialog.current?.close();

  const credentials = options.data?.credentialsConnection.edges.map((e) => e.node).filter((c) => c.canSeal) ?? [];
  return (
    <dialog ref={dialog} className="seal-dialog" aria-labelledby="seal-title" onClose={onClose}>
      <h2 id="seal-title">{title}</h2>
      {!options.data ? (
        <FirstLoad loading={options.loading} error={options.error} hasData={false} what="your credentials" />
      ) : result ? (
        <div className="stack" role="status">
          {result}
          <button type="button" onClick={close}>
            Done
          </button>
        </div>
      ) : credentials.length === 0 ? (
        <div className="stack">
          <p>None of your credentials can seal yet. Add or claim one first.</p>
          <Link href="/credentials">Go to credentials</Link>
          <button type="button" className="secondary" onClick={close}>
            Close
          </button>
        </div>
      ) : (
        <PlacementForm
          credentials={credentials}
          certificates={options.data.signingCertificates.filter((c) => c.status === 'ACTIVE')}
          {...look}
          onSubmit={async (choice) => {
            const shown = await onSubmit(choice);
            if (shown) setResult(shown);
          }}
          explainError={explainError}
          onCancel={close}
        />
      )}
    </dialog>
  );
}

type Credential = { id: string; displayName: string; licenseNumber: string; regionCode: string; stampSvg: string };
type Certificate = { id: string; name: string; isDefault: boolean };

function PlacementForm({
  credentials,
  certificates,
  previewUrl,
  pickPage,
  note,
  submitLabel,
  busyLabel,
  onSubmit,
  explainError,
  onCancel,
}: FormLook & {
  credentials: Credential[];
  certificates: Certificate[];
  onSubmit: (choice: SealChoice) => Promise<void>;
  explainError: (error: unknown) => string;
  onCancel: () => void;
}) {
  const defaultCert = certificates.find((c) => c.isDefault)?.id ?? '';
  const [pageMode, setPageMode] = useState<PageMode | 'PAGE'>('FIRST');
  const [pageNumber, setPageNumber] = useState(1);
  const [info, setInfo] = useState({ pages: 1, width: 612, height: 792 });
  const [position, setPosition] = useState<{ x: number; y: number }>({ x: SEAL_DEFAULTS.positionX, y: SEAL_DEFAULTS.positionY });
  const [size, setSize] = useState<number>(SEAL_DEFAULTS.size);
  const [credentialId, setCredentialId] = useState(credentials[0]?.id ?? '');
  const stamp = credentials.find((c) => c.id === credentialId)?.stampSvg;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

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
    setBusy(true);
    try {
      await onSubmit({
        credentialId: String(form.get('credentialId')),
        signingCertificateId: String(form.get('signingCertificateId') ?? '') || null,
        ...(pageMode === 'PAGE' ? { page: pageNumber } : { pageMode }),
        positionX: Number(position.x.toFixed(4)),
        positionY: Number(position.y.toFixed(4)),
        size,
      });
    } catch (err) {
      setError(explainError(err));
    } finally {
      setBusy(false);
    }
  }

  const modes = [
    ['FIRST', 'First page'],
    ['LAST', 'Last page'],
    ['ALL', 'Every page'],
  ] as const;
  return (
    <form className="seal-form" onSubmit={submit}>
      <div className="stack">
        {note}
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
          {modes.map(([m, label]) => (
            <label key={m} className="checkbox">
              <input type="radio" name="pageMode" value={m} checked={pageMode === m} onChange={() => setPageMode(m)} />
              {label}
            </label>
          ))}
          {pickPage && (
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
          )}
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
          <button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
          <button type="button" className="secondary" onClick={onCancel}>
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
        {previewUrl && <PagePreview url={previewUrl} page={previewPage} onInfo={onInfo} />}
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
          style={{ left: `${position.x * 100}%`, top: `${position.y * 100}%`, width: `${(size / info.width) * 100}%` }}
          data-testid="stamp-marker"
        >
          {stamp && <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(stamp)}`} alt="" draggable={false} />}
        </div>
      </div>
    </form>
  );
}
