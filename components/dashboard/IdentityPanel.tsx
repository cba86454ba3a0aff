'use client';

import type { FormEvent } from 'react';
import Link from 'next/link';
import { graphql } from '../gql/index.ts';
import type { VerificationFieldsFragment } from '../gql/graphql.ts';
import { useMutation, useQuery } from '@apollo/client/react';
import { FirstLoad, Outcome, useAction } from './use-action.tsx';
import { ASSURANCE_WORDS, shortDate } from './identity-words.ts';

graphql(`
  fragment VerificationFields on IdentityVerification {
    id
    method
    status
    legalName
    note
    rejectionReason
    decidedAt
    insertedAt
  }
`);

const IDENTITY = graphql(`
  query IdentitySettings {
    me {
      id
      displayName
      role
      identityAssurance
      legalName
      identityVerifiedAt
      identityVerification {
        ...VerificationFields
      }
    }
  }
`);

const START = graphql(`
  mutation StartIdentityVerification($input: StartIdentityVerificationInput) {
    startIdentityVerification(input: $input) {
      url
      verification {
        ...VerificationFields
      }
    }
  }
`);

/** The latest request, when it still says something the level does not. */
function LatestRequest({ v }: { v: VerificationFieldsFragment }) {
  if (v.status === 'PENDING' && v.method === 'ADMIN_REVIEW')
    return (
      <p className="notice" data-testid="identity-request">
        <span>
          <span className="badge warn">Pending review</span> Your request to verify <strong>{v.legalName}</strong>, filed {shortDate(v.insertedAt)}, awaits review: a Sealwright administrator will
          check it and may contact you.
        </span>
      </p>
    );
  if (v.status === 'PENDING' && v.method === 'STRIPE_IDENTITY')
    return (
      <p className="notice" data-testid="identity-request">
        <span>
          <span className="badge warn">Not finished</span> Your ID check with Stripe, started {shortDate(v.insertedAt)}, is not complete yet. Continue it below.
        </span>
      </p>
    );
  if (v.status === 'REJECTED')
    return (
      <p className="notice" data-testid="identity-request">
        <span>
          <span className="badge bad">Not verified</span> Your request of {shortDate(v.insertedAt)} was refused
          {v.decidedAt ? ` on ${shortDate(v.decidedAt)}` : ''}: {v.rejectionReason ?? 'no reason given'}. You may ask again.
        </span>
      </p>
    );
  return null;
}

/** Settings → Identity: how sure Sealwright is of who you are, and the way to prove it from a government ID. */
export function IdentityPanel() {
  const { data, loading, error, refetch } = useQuery(IDENTITY, { fetchPolicy: 'cache-and-network' });
  const [start] = useMutation(START);
  const { outcome, busy, run } = useAction();
  const me = data?.me;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const note = String(form.get('note') ?? '').trim();
    await run(
      async () => {
        const { data: started } = await start({ variables: { input: { legalName: String(form.get('legalName') ?? ''), note: note || null, returnUrl: `${window.location.origin}/settings` } } });
        const url = started?.startIdentityVerification?.url;
        // With Stripe configured, the ID and selfie are taken on Stripe's page, which sends the user back here.
        if (url) window.location.assign(url);
        else await refetch();
        return url;
      },
      (url) => (url ? 'Opening Stripe’s identity check…' : 'Request filed: a Sealwright administrator will review it.'),
    );
  }

  const body = () => {
    if (!me) return <FirstLoad loading={loading} error={error} hasData={false} what="your identity" />;
    const words = ASSURANCE_WORDS[me.identityAssurance];
    const latest = me.identityVerification;
    const pendingReview = latest?.status === 'PENDING' && latest.method === 'ADMIN_REVIEW' ? latest : null;
    return (
      <>
        <p data-testid="identity-level">
          <span className={`badge ${words.tone}`}>{words.short}</span> {words.sentence}
        </p>
        {me.identityAssurance !== 'SELF_ASSERTED' && me.legalName && (
          <p>
            Verified legal name: <strong data-testid="legal-name">{me.legalName}</strong>
            {me.identityVerifiedAt ? <span className="muted">, since {shortDate(me.identityVerifiedAt)}</span> : null}. Your credentials must carry it.
          </p>
        )}
        {me.identityAssurance === 'SELF_ASSERTED' && <p className="muted">A seal shows whether its holder’s identity was verified. Verify yours from a government ID.</p>}
        {latest && <LatestRequest v={latest} />}
        {me.identityAssurance !== 'DOCUMENT_VERIFIED' && (
          <form className="stack" onSubmit={submit} aria-label="Verify my identity">
            <label>
              Legal name, as on your ID
              <input name="legalName" required maxLength={200} autoComplete="name" defaultValue={pendingReview?.legalName ?? me.displayName ?? ''} />
            </label>
            <label>
              Note for the reviewer (optional)
              <input name="note" maxLength={1000} defaultValue={pendingReview?.note ?? ''} placeholder="How to reach you, say a phone number" />
            </label>
            <button type="submit" disabled={busy}>
              {busy ? 'Sending…' : pendingReview ? 'Update my request' : 'Verify my identity'}
            </button>
          </form>
        )}
        {me.role === 'admin' && (
          <p>
            <Link href="/admin/identity">Review identity requests</Link> (platform administrators)
          </p>
        )}
      </>
    );
  };

  return (
    <section className="settings-card" aria-labelledby="identity-title">
      <h2 id="identity-title">Identity</h2>
      {body()}
      <Outcome {...outcome} />
    </section>
  );
}
