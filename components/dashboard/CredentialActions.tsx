'use client';

import { useState } from 'react';
import type { FormEvent } from 'react';
import { graphql } from '../gql/index.ts';
import type { CredentialStandingFragment } from '../gql/graphql.ts';
import { useMutation } from '@apollo/client/react';
import { Outcome, useAction } from './use-action.tsx';
import { shortDate } from './identity-words.ts';

const SUSPEND = graphql(`
  mutation SuspendCredential($id: UUID!, $reason: String) {
    suspendCredential(id: $id, reason: $reason) {
      id
      canSeal
      suspendedAt
      suspensionReason
    }
  }
`);
const REINSTATE = graphql(`
  mutation ReinstateCredential($id: UUID!) {
    reinstateCredential(id: $id) {
      id
      canSeal
      suspendedAt
      suspensionReason
    }
  }
`);
const DELETE = graphql(`
  mutation DeleteCredential($id: UUID!, $releaseLicense: Boolean) {
    deleteCredential(id: $id, releaseLicense: $releaseLicense) {
      id
    }
  }
`);

/** What the suspension and dispute fields add to a credential's card (isMine: the signed-in user holds it, and only they may delete it). */
graphql(`
  fragment CredentialStanding on Credential {
    id
    displayName
    licenseNumber
    regionCode
    suspendedAt
    suspensionReason
    disputedAt
    isMine
  }
`);

/** Why a suspended or disputed credential cannot seal, in words; null otherwise. */
export function StandingNote({ c }: { c: CredentialStandingFragment }) {
  if (c.disputedAt)
    return (
      <p className="error" data-testid="credential-disputed">
        Disputed since {shortDate(c.disputedAt)}: the license was proven to belong to someone else, whose legal name was verified from a government ID. It cannot seal, and its seals verify as
        disputed.
      </p>
    );
  if (c.suspendedAt)
    return (
      <p className="error" data-testid="credential-suspended">
        Suspended by your organization since {shortDate(c.suspendedAt)}
        {c.suspensionReason ? `: ${c.suspensionReason}` : ''}. It cannot seal until an owner or admin reinstates it.
      </p>
    );
  return null;
}

/**
 * The actions on a credential: an OWNER or ADMIN suspends (with a reason) or reinstates any
 * member's; the holder (only) deletes it, letting the license go now or keeping it theirs for 30 days.
 */
export function CredentialActions({ c, manager, onChanged }: { c: CredentialStandingFragment; manager: boolean; onChanged: () => Promise<unknown> }) {
  const [suspend] = useMutation(SUSPEND);
  const [reinstate] = useMutation(REINSTATE);
  const [remove] = useMutation(DELETE);
  const [open, setOpen] = useState<'suspend' | 'delete' | null>(null);
  const { outcome, busy, run } = useAction();
  const label = `${c.displayName}, ${c.regionCode} ${c.licenseNumber}`;

  const submitSuspend = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    void run(async () => {
      await suspend({ variables: { id: c.id, reason: reason || null } });
      setOpen(null);
    }, 'Suspended: it cannot seal until reinstated.');
  };
  const submitDelete = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const releaseLicense = new FormData(event.currentTarget).get('releaseLicense') === 'on';
    void run(async () => {
      await remove({ variables: { id: c.id, releaseLicense } });
      setOpen(null);
      await onChanged();
    });
  };

  return (
    <div className="stack">
      <span className="copy">
        {manager &&
          (c.suspendedAt ? (
            <button
              type="button"
              className="small secondary"
              disabled={busy}
              onClick={() => void run(() => reinstate({ variables: { id: c.id } }), 'Reinstated: it may seal again.')}
              aria-label={`Reinstate ${label}`}
            >
              Reinstate
            </button>
          ) : (
            <button type="button" className="small secondary" onClick={() => setOpen(open === 'suspend' ? null : 'suspend')} aria-expanded={open === 'suspend'} aria-label={`Suspend ${label}`}>
              Suspend
            </button>
          ))}
        {c.isMine && (
          <button type="button" className="small secondary danger" onClick={() => setOpen(open === 'delete' ? null : 'delete')} aria-expanded={open === 'delete'} aria-label={`Delete ${label}`}>
            Delete
          </button>
        )}
      </span>
      {open === 'suspend' && (
        <form className="inline-form" onSubmit={submitSuspend} aria-label={`Suspend ${label}`}>
          <label>
            Reason (the holder reads it)
            <input name="reason" maxLength={500} required />
          </label>
          <button type="submit" className="small danger secondary" disabled={busy}>
            Suspend it
          </button>
        </form>
      )}
      {open === 'delete' && (
        <form className="stack" onSubmit={submitDelete} aria-label={`Delete ${label}`}>
          <p className="muted">Only its holder deletes a credential. Its seals stay verifiable.</p>
          <label className="checkbox">
            <input type="checkbox" name="releaseLicense" />
            Release the license now, so another account may add it
          </label>
          <p className="hint">Otherwise license {c.licenseNumber} stays bound to you for 30 days: nobody else can add it meanwhile, and you can add it back.</p>
          <span className="copy">
            <button type="submit" className="small danger secondary" disabled={busy}>
              Yes, delete
            </button>
            <button type="button" className="small secondary" onClick={() => setOpen(null)}>
              Keep it
            </button>
          </span>
        </form>
      )}
      <Outcome {...outcome} />
    </div>
  );
}
