'use client';

import { useCallback, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent, PointerEvent } from 'react';
import type { FooterPosition, PageMode } from '../gql/graphql.ts';
import { SEAL_DEFAULTS, SEAL_SIZE_RANGE } from '../../lib/seals/seal-defaults.ts';
import { PagePreview } from './PagePreview.tsx';
import type { FormLook, SealChoice } from './SealDialog.tsx';
import { FooterOverlay, FOOTER_POSITIONS, usePreviewLayout } from './SealPreview.tsx';
import type { PreviewCredential } from './SealPreview.tsx';
import { SealReview } from './SealReview.tsx';

export type Credential = PreviewCredential & { id: string };
export type Certificate = { id: string; name: string; isDefault: boolean };
export type PageInfo = { pages: number; width: number; height: number };

const clamp = (v: number) => Math.min(0.98, Math.max(0.02, v));
const svgData = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Everything chosen so far, kept while the person goes to the review and back. */
export interface SealDraft {
  credentialId: string;
  signingCertificateId: string;
  pageMode: PageMode | 'PAGE';
  pageNumber: number;
  position: { x: number; y: number };
  size: number;
  footerPosition: FooterPosition;
}

/** The choice as sealDocument and createBatchSealJob take it. */
export function choiceOf(draft: SealDraft): SealChoice {
  return {
    credentialId: draft.credentialId,
    signingCertificateId: draft.signingCertificateId || null,
    ...(draft.pageMode === 'PAGE' ? { page: draft.pageNumber } : { pageMode: draft.pageMode }),
    positionX: Number(draft.position.x.toFixed(4)),
    positionY: Number(draft.position.y.toFixed(4)),
    size: draft.size,
    footerPosition: draft.footerPosition,
  };
}

/**
 * The dialog's two steps over one draft: placing the seal (nothing is sent), then the review
 * whose confirmation seals.
 */
export function SealSteps({
  credentials,
  certificates,
  onSubmit,
  explainError,
  onCancel,
  ...look
}: FormLook & {
  credentials: Credential[];
  certificates: Certificate[];
  onSubmit: (choice: SealChoice) => Promise<void>;
  explainError: (error: unknown) => string;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<SealDraft>(() => ({
    credentialId: credentials[0]?.id ?? '',
    signingCertificateId: certificates.find((c) => c.isDefault)?.id ?? '',
    pageMode: 'FIRST',
    pageNumber: 1,
    position: { x: SEAL_DEFAULTS.positionX, y: SEAL_DEFAULTS.positionY },
    size: SEAL_DEFAULTS.size,
    footerPosition: 'BELOW_STAMP',
  }));
  const [step, setStep] = useState<'place' | 'review'>('place');
  const [info, setInfo] = useState<PageInfo>({ pages: 1, width: 612, height: 792 });
  const onInfo = useCallback((i: PageInfo) => setInfo(i), []);
  const change = (patch: Partial<SealDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const credential = credentials.find((c) => c.id === draft.credentialId);
  if (step === 'review')
    return (
      <SealReview
        draft={draft}
        credential={credential!}
        certificate={certificates.find((c) => c.id === draft.signingCertificateId) ?? null}
        info={info}
        onInfo={onInfo}
        look={look}
        onBack={() => setStep('place')}
        onCancel={onCancel}
        onSubmit={() => onSubmit(choiceOf(draft))}
        explainError={explainError}
      />
    );
  return (
    <PlacementForm
      draft={draft}
      change={change}
      credentials={credentials}
      certificates={certificates}
      credential={credential}
      info={info}
      onInfo={onInfo}
      look={look}
      onReview={() => setStep('review')}
      onCancel={onCancel}
    />
  );
}

/** Which page the preview draws for the pages chosen. */
export function previewPageOf(draft: SealDraft, info: PageInfo): number {
  return draft.pageMode === 'LAST' ? info.pages : draft.pageMode === 'PAGE' ? draft.pageNumber : 1;
}

function PlacementForm({
  draft,
  change,
  credentials,
  certificates,
  credential,
  info,
  onInfo,
  look,
  onReview,
  onCancel,
}: {
  draft: SealDraft;
  change: (patch: Partial<SealDraft>) => void;
  credentials: Credential[];
  certificates: Certificate[];
  credential: Credential | undefined;
  info: PageInfo;
  onInfo: (info: PageInfo) => void;
  look: FormLook;
  onReview: () => void;
  onCancel: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const page = { width: info.width, height: info.height };
  const { layout, verificationUrl } = usePreviewLayout(
    page,
    { positionX: draft.position.x, positionY: draft.position.y, size: draft.size, footerPosition: draft.footerPosition },
    credential,
    look,
    draft.signingCertificateId !== '',
  );
  const [sx, sy, sw, sh] = layout.stamp;

  function moveTo(event: PointerEvent<HTMLDivElement>) {
    const rect = box.current!.getBoundingClientRect();
    change({ position: { x: clamp((event.clientX - rect.left) / rect.width), y: clamp((event.clientY - rect.top) / rect.height) } });
  }
  function nudge(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? 0.05 : 0.01;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const m = moves[event.key];
    if (!m) return;
    event.preventDefault();
    change({ position: { x: clamp(draft.position.x + m[0]), y: clamp(draft.position.y + m[1]) } });
  }
  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onReview();
  }

  const modes = [
    ['FIRST', 'First page'],
    ['LAST', 'Last page'],
    ['ALL', 'Every page'],
  ] as const;
  return (
    <form className="seal-form" onSubmit={review}>
      <div className="stack">
        {look.note}
        <label>
          Credential
          <select name="credentialId" value={draft.credentialId} onChange={(e) => change({ credentialId: e.currentTarget.value })}>
            {credentials.map((c) => (
              <option key={c.id} value={c.id}>
                {c.displayName}, {c.regionCode} {c.licenseNumber}
              </option>
            ))}
          </select>
        </label>
        {credential && (
          <figure className="stamp-readable">
            <img src={svgData(credential.stampSvg)} alt={`The stamp of ${credential.displayName}, ${credential.regionCode} license ${credential.licenseNumber}`} width={176} height={176} />
            <figcaption className="muted">The stamp as it reads; on paper {(draft.size / 72).toFixed(2)} in across.</figcaption>
          </figure>
        )}
        <label>
          Signing certificate
          <select name="signingCertificateId" value={draft.signingCertificateId} onChange={(e) => change({ signingCertificateId: e.currentTarget.value })}>
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
              <input type="radio" name="pageMode" value={m} checked={draft.pageMode === m} onChange={() => change({ pageMode: m })} />
              {label}
            </label>
          ))}
          {look.pickPage && (
            <label className="checkbox">
              <input type="radio" name="pageMode" value="PAGE" checked={draft.pageMode === 'PAGE'} onChange={() => change({ pageMode: 'PAGE' })} />
              Page
              <input
                type="number"
                aria-label="Page number"
                min={1}
                max={info.pages}
                value={draft.pageNumber}
                onChange={(e) => change({ pageNumber: Math.max(1, Number(e.currentTarget.value) || 1), pageMode: 'PAGE' })}
                className="page-number"
              />
              of {info.pages}
            </label>
          )}
        </fieldset>
        <label>
          Stamp size: {(draft.size / 72).toFixed(2)} in
          <input type="range" min={SEAL_SIZE_RANGE[0]} max={SEAL_SIZE_RANGE[1]} step={9} value={draft.size} onChange={(e) => change({ size: Number(e.currentTarget.value) })} />
        </label>
        <fieldset>
          <legend>Verification footer and QR code</legend>
          {FOOTER_POSITIONS.map(([value, label]) => (
            <label key={value} className="checkbox">
              <input type="radio" name="footerPosition" value={value} checked={draft.footerPosition === value} onChange={() => change({ footerPosition: value })} />
              {label}
            </label>
          ))}
          <p className="hint">Below the stamp keeps it all in the title block&apos;s seal box; a corner keeps it inside the page&apos;s margin.</p>
        </fieldset>
        <p className="muted">Drag the stamp on the page, or focus it and use the arrow keys (Shift for larger steps). The footer shows a sample code; the real one is made when you seal.</p>
        <div className="actions">
          <button type="submit">Review and confirm…</button>
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
      <div className="page-column">
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
          {look.previewUrl && <PagePreview url={look.previewUrl} page={previewPageOf(draft, info)} onInfo={onInfo} />}
          <FooterOverlay layout={layout} page={page} url={verificationUrl} />
          <div
            className="stamp-marker"
            role="slider"
            tabIndex={0}
            aria-label="Stamp position"
            aria-valuetext={`${Math.round(draft.position.x * 100)}% from the left, ${Math.round(draft.position.y * 100)}% from the top`}
            aria-valuenow={Math.round(draft.position.x * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
            onKeyDown={nudge}
            style={{
              left: `${((sx + sw / 2) / info.width) * 100}%`,
              top: `${((info.height - sy - sh / 2) / info.height) * 100}%`,
              width: `${(sw / info.width) * 100}%`,
              aspectRatio: `${sw} / ${sh}`,
            }}
            data-testid="stamp-marker"
          >
            {credential && <img src={svgData(credential.stampSvg)} alt="" draggable={false} />}
          </div>
        </div>
      </div>
    </form>
  );
}
