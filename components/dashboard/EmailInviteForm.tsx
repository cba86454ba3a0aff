'use client';

import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import { Outcome, useAction } from './use-action.tsx';

const INVITE_BY_EMAIL = graphql(`
  mutation InviteByEmail($input: InviteOrganizationMemberInput!) {
    inviteOrganizationMember(input: $input)
  }
`);

/**
 * Invite an address by email, with or without an account: the mail's link (7 days, once) lets
 * the account that uses the address join with the role.
 */
export function EmailInviteForm({ roles }: { roles: Array<{ value: string; label: string }> }) {
  const [invite] = useMutation(INVITE_BY_EMAIL);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('MEMBER');
  const { outcome, busy, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const to = email.trim();
    void run(
      async () => {
        const sent = (await invite({ variables: { input: { email: to, role } } })).data?.inviteOrganizationMember;
        if (!sent) throw new Error('The invitation could not be mailed just now. Try again later.');
        setEmail('');
        return to;
      },
      (address) => `We mailed an invitation to ${address}. Its link works for 7 days.`,
    );
  };
  return (
    <form className="settings-card" onSubmit={submit} aria-labelledby="email-invite-title">
      <h2 id="email-invite-title">Invite someone new</h2>
      <p className="muted">For someone without a Sealwright account yet: they create one with this address from the link, then join.</p>
      <label>
        Address to invite
        <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
      </label>
      <label>
        Role to give
        <select value={role} onChange={(e) => setRole(e.target.value)}>
          {roles.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={busy}>
        {busy ? 'Sending…' : 'Send invitation'}
      </button>
      <Outcome {...outcome} />
    </form>
  );
}
