'use client';

import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import type { FooterPosition, PageMode } from '../gql/graphql.ts';
import { describeError } from './api-errors.ts';
import { SealSteps } from './SealSteps.tsx';
import { FirstLoad } from './use-action.tsx';
import type { SealingMarksTable } from '../../lib/stamps/board-rules.ts';

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
  footerPosition: FooterPosition;
}

/** How the form reads: the page drawn under the stamp, the choices offered, the button's words. */
export interface FormLook {
  previewUrl: string | null;
  /** Offer "Page N" beside first, last and every page. */
  pickPage: boolean;
  note?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  /** What is sealed, for the review: "“Site plan”" or "12 documents". */
  subject: string;
  /** More than one document: the statement speaks of "these documents". */
  many?: boolean;
  /** VERIFY_URL's base, read on the server: the footer previewed is the one printed. */
  verifyBase: string;
  /** The signature and date lines each state's board asks for beside the seal, read on the server (lib/stamps/board-rules.ts). */
  marks: SealingMarksTable;
}

/**
 * The seal dialog, in two steps: placement (credential, certificate, pages, size, the stamp
 * dragged on the rendered page `previewUrl`, where the verification footer goes, all previewed as
 * printed), then a review the professional confirms with the state-rule statement before
 * anything is sealed. One document or many: `onSubmit` does the sealing and returns
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
        <SealSteps
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
