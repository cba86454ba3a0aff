'use client';

import { useEffect } from 'react';
import Link from 'next/link';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import type { OnboardingQuery } from '../gql/graphql.ts';
import { Outcome, useAction } from './use-action.tsx';

const ONBOARDING = graphql(`
  query Onboarding {
    me {
      id
      onboarding {
        licenseAdded
        drawingUploaded
        documentSealed
        verifyLinkShared
        complete
        dismissedAt
        draftDocumentId
        shareUrl
      }
    }
  }
`);

const DISMISS = graphql(`
  mutation DismissOnboarding {
    updateProfile(input: { onboardingDismissed: true }) {
      id
    }
  }
`);

type Progress = NonNullable<NonNullable<OnboardingQuery['me']>['onboarding']>;

/** The four steps, each with where it is done and what ticks it off. */
function steps(o: Progress): Array<{ key: string; done: boolean; label: string; href: string; how: string }> {
  return [
    { key: 'license', done: o.licenseAdded, label: 'Add your license', href: '/credentials', how: 'Find it in the state board’s records, or enter it by hand: your stamp is drawn from it.' },
    { key: 'upload', done: o.drawingUploaded, label: 'Upload a drawing', href: '/documents#upload', how: 'A PDF (or an image) of a sheet or a report, dropped below.' },
    {
      key: 'seal',
      done: o.documentSealed,
      label: 'Seal it',
      href: o.draftDocumentId ? `/documents/${o.draftDocumentId}` : '/documents',
      how: 'Open the document and choose Seal…: place the stamp, review, and confirm.',
    },
    {
      key: 'share',
      done: o.verifyLinkShared,
      label: 'Share the verify link',
      href: o.shareUrl ?? '/seals',
      how: 'Send it with the drawing (the QR code on the sheet leads there too). The first verification of one of your seals, yours included, ticks this off.',
    },
  ];
}

/**
 * The getting-started checklist on the dashboard's home (/documents), until every step is done or
 * the user dismisses it. Each step ticks itself off from the user's own data (User.onboarding),
 * read again when the page comes back into view: a verify link opened in another tab counts.
 */
export function OnboardingChecklist() {
  const { data, refetch } = useQuery(ONBOARDING, { fetchPolicy: 'cache-and-network' });
  const [dismiss] = useMutation(DISMISS);
  const { outcome, busy, run } = useAction();
  useEffect(() => {
    const again = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', again);
    window.addEventListener('focus', again);
    return () => {
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('focus', again);
    };
  }, [refetch]);
  const o = data?.me?.onboarding;
  if (!o || o.complete || o.dismissedAt) return null;
  const list = steps(o);
  const done = list.filter((s) => s.done).length;
  const next = list.find((s) => !s.done)?.key;
  return (
    <section className="settings-card onboarding" aria-labelledby="onboarding-title">
      <div className="onboarding-head">
        <h2 id="onboarding-title">Get started</h2>
        <button
          type="button"
          className="secondary small"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              await dismiss();
              await refetch();
            })
          }
        >
          Dismiss
        </button>
      </div>
      <p className="muted">{done} of 4 done. Each step ticks itself off once it is done.</p>
      <ol className="checklist" aria-label="Getting started">
        {list.map((s, i) => (
          <li key={s.key} data-step={s.key} data-done={s.done ? 'true' : 'false'} aria-current={s.key === next ? 'step' : undefined}>
            <span className={`check${s.done ? ' done' : ''}`} aria-hidden="true">
              {s.done ? '✓' : i + 1}
            </span>
            <span className="step-words">
              <span className="step-title">
                {s.done ? <strong>{s.label}</strong> : <Link href={s.href}>{s.label}</Link>} <span className={`badge${s.done ? ' ok' : ''}`}>{s.done ? 'Done' : 'To do'}</span>
              </span>
              <span className="hint">{s.how}</span>
            </span>
          </li>
        ))}
      </ol>
      <Outcome {...outcome} />
    </section>
  );
}
