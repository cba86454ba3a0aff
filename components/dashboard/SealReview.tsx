'use client';

import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { getProfession } from '../../lib/stamps/professions.ts';
import { PagePreview } from './PagePreview.tsx';
import type { SealMarks } from '../../lib/pdf/worker/seal-layout.mjs';
import type { FormLook } from './SealDialog.tsx';
import { FooterOverlay, FOOTER_POSITIONS, SealCloseups, usePreviewLayout } from './SealPreview.tsx';
import { previewPageOf } from './SealSteps.tsx';
import type { Certificate, Credential, PageInfo, SealDraft } from './SealSteps.tsx';

const svgData = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The pages chosen, in words. */
function pagesInWords(draft: SealDraft, info: PageInfo, many: boolean): string {
  if (draft.pageMode === 'PAGE') return `Page ${draft.pageNumber} of ${info.pages}`;
  if (draft.pageMode === 'ALL') return many ? 'Every page of each document' : `Every page (${info.pages})`;
  if (draft.pageMode === 'LAST') return many ? 'The last page of each document' : `The last page (page ${info.pages})`;
  return many ? 'The first page of each document' : 'The first page';
}

/** What the board's signature and date lines ask of the professional, in words. */
function marksInWords(marks: SealMarks, state: string): string {
  const asks = [marks.signature && 'a signature', marks.date && 'the date'].filter(Boolean).join(' and ');
  const sign = !marks.signature
    ? ''
    : marks.signedBy
      ? ' The signing certificate signs digitally: its name goes over the signature line.'
      : ' With no signing certificate the line stays blank: sign it on the printed sheet, or choose a certificate to sign digitally.';
  const date = marks.date ? ` The date of sealing, ${marks.date}, goes over the date line.` : '';
  return `The ${state} board asks for ${asks} beside the seal.${sign}${date}`;
}

/**
 * The last step before sealing: the page as it will be sealed, the seal enlarged, what was
 * chosen in words, and the professional's statement (the typical state-board rule), which
 * must be ticked before the button seals. On a phone the page comes first, then the button.
 */
export function SealReview({
  draft,
  credential,
  certificate,
  info,
  onInfo,
  look,
  onBack,
  onCancel,
  onSubmit,
  explainError,
}: {
  draft: SealDraft;
  credential: Credential;
  certificate: Certificate | null;
  info: PageInfo;
  onInfo: (info: PageInfo) => void;
  look: FormLook;
  onBack: () => void;
  onCancel: () => void;
  onSubmit: () => Promise<void>;
  explainError: (error: unknown) => string;
}) {
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pageImage, setPageImage] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A new step: the dialog shows it from its top, and focus goes to its heading.
  useEffect(() => {
    heading.current?.closest('dialog')?.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, []);
  const page = { width: info.width, height: info.height };
  const { layout, verificationUrl, marks } = usePreviewLayout(
    page,
    { positionX: draft.position.x, positionY: draft.position.y, size: draft.size, footerPosition: draft.footerPosition },
    credential,
    look,
    certificate !== null,
  );
  const [sx, sy, sw, sh] = layout.stamp;
  const many = look.many ?? false;
  const statement = many ? 'I have prepared or directly supervised these documents' : 'I have prepared or directly supervised this document';
  const profession = getProfession(credential.licenseType)?.name ?? credential.licenseType;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed) return;
    setError(null);
    setBusy(true);
    try {
      await onSubmit();
    } catch (err) {
      setError(explainError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="seal-review" onSubmit={submit} aria-labelledby="review-title">
      <div className="review-pages">
        <div className="page-box static" style={{ aspectRatio: `${info.width} / ${info.height}` }} data-testid="review-page">
          {look.previewUrl && <PagePreview url={look.previewUrl} page={previewPageOf(draft, info)} onInfo={onInfo} onDrawn={setPageImage} />}
          <FooterOverlay layout={layout} page={page} url={verificationUrl} />
          <img
            className="stamp-static"
            src={svgData(credential.stampSvg)}
            alt=""
            style={{ left: `${(sx / info.width) * 100}%`, top: `${((info.height - sy - sh) / info.height) * 100}%`, width: `${(sw / info.width) * 100}%`, height: `${(sh / info.height) * 100}%` }}
          />
        </div>
        <SealCloseups layout={layout} page={page} url={verificationUrl} stampSvg={credential.stampSvg} pageImage={pageImage} footerPosition={draft.footerPosition} />
      </div>
      <div className="stack">
        <h3 id="review-title" ref={heading} tabIndex={-1}>
          Review before sealing
        </h3>
        <dl className="review-facts">
          <dt>Sealing</dt>
          <dd>{look.subject}</dd>
          <dt>Pages</dt>
          <dd>{pagesInWords(draft, info, many)}</dd>
          <dt>Credential</dt>
          <dd>
            {credential.displayName}, {profession} {credential.licenseNumber} ({credential.regionCode})
          </dd>
          <dt>Signing certificate</dt>
          <dd>{certificate ? `${certificate.name} (a PAdES digital signature as well)` : 'None: the stamp and verification code only, no digital signature'}</dd>
          <dt>Stamp</dt>
          <dd>
            {(draft.size / 72).toFixed(2)} in across, centred {Math.round(draft.position.x * 100)}% from the left and {Math.round(draft.position.y * 100)}% from the top
          </dd>
          <dt>Verification footer</dt>
          <dd>{FOOTER_POSITIONS.find(([v]) => v === draft.footerPosition)?.[1]}, with a QR code of the seal&apos;s verification page</dd>
          {marks && (
            <>
              <dt>Board&apos;s rule</dt>
              <dd data-testid="marks-rule">{marksInWords(marks, credential.regionCode)}</dd>
            </>
          )}
        </dl>
        <label className="checkbox confirm-statement">
          <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.currentTarget.checked)} aria-describedby="statement-hint" />
          {statement}
        </label>
        <p className="hint" id="statement-hint">
          State boards allow a professional&apos;s seal only on work they prepared or directly supervised. The seal, its time and this credential are recorded and publicly verifiable.
        </p>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="submit" disabled={!confirmed || busy}>
            {busy ? look.busyLabel : look.submitLabel}
          </button>
          <button type="button" className="secondary" onClick={onBack} disabled={busy}>
            Back
          </button>
          <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
      </div>
    </form>
  );
}
