'use client';

import { useState } from 'react';
import type { FormEvent } from 'react';
import Link from 'next/link';
import { graphql } from '../gql/index.ts';
import type { MemberIdentityFragment } from '../gql/graphql.ts';
import { useMutation } from '@apollo/client/react';
import { Outcome, useAction } from './use-action.tsx';
import { ASSURANCE_WORDS } from './identity-words.ts';
import type { IdentityAssurance } from './identity-words.ts';

const VERIFY_MEMBER = graphql(`
  mutation VerifyMemberIdentity($input: VerifyMemberIdentityInput!) {
    verifyMemberIdentity(input: $input) {
      id
      status
      legalName
      user {
        id
        identityAssurance
        legalName
      }
    }
  }
`);
const UPDATE_SETTINGS = graphql(`
  mutation UpdateOrganizationSettings($input: UpdateOrganizationSettingsInput!) {
    updateOrganizationSettings(input: $input) {
      id
      requireVerifiedIdentity
    }
  }
`);

/** What a member's row shows of their identity. */
graphql(`
  fragment MemberIdentity on User {
    id
    email
    displayName
    identityAssurance
    legalName
  }
`);

/**
 * A member's identity level, and for an OWNER or ADMIN whose own ID was checked, "Attest
 * identity": the legal name they saw on the member's ID, and how.
 */
export function MemberIdentityCell({ user, mayAttest, onChanged }: { user: MemberIdentityFragment; mayAttest: boolean; onChanged: () => void }) {
  const [attest] = useMutation(VERIFY_MEMBER);
  const [open, setOpen] = useState(false);
  const { outcome, busy, run } = useAction();
  const words = ASSURANCE_WORDS[user.identityAssurance];
  const name = user.displayName || user.email;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const legalName = String(form.get('legalName') ?? '');
    const note = String(form.get('note') ?? '').trim();
    void run(async () => {
      await attest({ variables: { input: { userId: user.id, legalName, note: note || null } } });
      setOpen(false);
      onChanged();
    }, `You attested ${name}’s identity as ${legalName}.`);
  };
  return (
    <div className="stack">
      <span>
        <span className={`badge ${words.tone}`}>{words.short}</span>
        {user.identityAssurance !== 'SELF_ASSERTED' && user.legalName ? <span className="hint"> {user.legalName}</span> : null}
      </span>
      {mayAttest && user.identityAssurance !== 'DOCUMENT_VERIFIED' && !open && (
        <button type="button" className="small secondary" onClick={() => setOpen(true)} aria-label={`Attest identity of ${name}`}>
          Attest identity
        </button>
      )}
      {open && (
        <form className="stack attest-form" onSubmit={submit} aria-label={`Attest identity of ${name}`}>
          <label>
            Legal name, as on their ID
            <input name="legalName" required maxLength={200} defaultValue={user.legalName ?? user.displayName ?? ''} />
          </label>
          <label>
            How you checked (optional)
            <input name="note" maxLength={1000} placeholder="Passport seen in person" />
          </label>
          <span className="copy">
            <button type="submit" className="small" disabled={busy}>
              Attest
            </button>
            <button type="button" className="small secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </span>
        </form>
      )}
      <Outcome {...outcome} />
    </div>
  );
}

/** Why a manager sees no "Attest identity": only one whose own ID was checked attests others. */
export function AttestHint({ myAssurance }: { myAssurance: IdentityAssurance }) {
  if (myAssurance === 'DOCUMENT_VERIFIED') return <p className="muted">You may attest a member’s identity after checking their government ID yourself.</p>;
  return (
    <p className="muted">
      To attest members’ identities, verify your own from a government ID first (<Link href="/settings">Settings, Identity</Link>).
    </p>
  );
}

/** The organization's sealing rule: an OWNER may require a verified identity to seal. */
export function SealingRules({ organization, isOwner }: { organization: { id: string; name: string; requireVerifiedIdentity: boolean }; isOwner: boolean }) {
  const [update] = useMutation(UPDATE_SETTINGS);
  const { outcome, busy, run } = useAction();
  const change = (requireVerifiedIdentity: boolean) =>
    void run(
      // Optimistic: the box shows the click at once, and goes back if the API refuses.
      () =>
        update({ variables: { input: { requireVerifiedIdentity } }, optimisticResponse: { updateOrganizationSettings: { __typename: 'Organization', id: organization.id, requireVerifiedIdentity } } }),
      requireVerifiedIdentity ? `Sealing in ${organization.name} now requires a verified identity.` : `Anyone in ${organization.name} with a sealing credential may seal.`,
    );
  return (
    <section className="settings-card" aria-labelledby="sealing-rules-title">
      <h2 id="sealing-rules-title">Sealing rules</h2>
      {isOwner ? (
        <label className="checkbox">
          <input type="checkbox" checked={organization.requireVerifiedIdentity} disabled={busy} onChange={(e) => change(e.target.checked)} />
          Require a verified identity to seal
        </label>
      ) : (
        <p>{organization.requireVerifiedIdentity ? 'Sealing here requires a verified identity.' : 'Sealing here does not require a verified identity.'}</p>
      )}
      <p className="muted">With it on, only members whose identity is verified from a government ID, or attested by an owner or admin, may seal. {isOwner ? '' : 'An owner changes it.'}</p>
      <Outcome {...outcome} />
    </section>
  );
}
