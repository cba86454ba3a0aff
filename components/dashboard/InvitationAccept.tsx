'use client';

import { useState } from 'react';
import Link from 'next/link';
import { SessionProvider, signOut, useSession } from 'next-auth/react';
import { describeError } from './api-errors.ts';
import { callApi } from './public-api.ts';
import { Outcome } from './use-action.tsx';

const ACCEPT = 'mutation AcceptInvitation($token: String!) { acceptInvitation(token: $token) { id role organization { id name } } }';

export interface InvitationFacts {
  organizationName: string;
  email: string;
  role: string;
  state: 'pending' | 'accepted' | 'expired';
}

const article = (role: string) => (role === 'ADMIN' || role === 'OWNER' ? 'an' : 'a');

/**
 * The page an emailed invitation opens. Signed out: sign in, or create an account with the
 * invited address, and come back here. Signed in with that address: accept. Signed in with
 * another: sign out first.
 */
export function InvitationAccept(props: { token: string; invitation: InvitationFacts }) {
  return (
    <SessionProvider>
      <Accept {...props} />
    </SessionProvider>
  );
}

function Accept({ token, invitation }: { token: string; invitation: InvitationFacts }) {
  const { data, status } = useSession();
  const [joined, setJoined] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const here = `/invitations/accept?token=${encodeURIComponent(token)}`;
  const accessToken = (data as { accessToken?: string | null } | null)?.accessToken ?? null;
  const signedInAs = data?.user?.email?.toLowerCase() ?? null;

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      const answer = await callApi<{ acceptInvitation: { role: string; organization: { name: string } } }>(ACCEPT, { token }, accessToken);
      setJoined(answer.acceptInvitation.organization.name);
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  const role = invitation.role.toLowerCase();
  return (
    <section className="form-card" aria-labelledby="invitation-title">
      <h1 id="invitation-title">Join {invitation.organizationName}</h1>
      <p>
        You are invited to join <strong>{invitation.organizationName}</strong> on Sealwright as {article(invitation.role)} {role}. The invitation is for <strong>{invitation.email}</strong>.
      </p>
      {joined ? (
        <>
          <p className="success" role="status">
            You are now {article(invitation.role)} {role} of {joined}.
          </p>
          <p>
            <Link href="/organization" className="button-link">
              See your organizations
            </Link>
          </p>
        </>
      ) : invitation.state !== 'pending' ? (
        <p className="error" role="alert">
          {invitation.state === 'expired' ? 'This invitation has expired: ask for a new one.' : 'This invitation has been used already.'}
        </p>
      ) : status === 'loading' ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : status === 'unauthenticated' || !accessToken ? (
        <>
          <p className="muted">Sign in to accept, or create your account with {invitation.email} first.</p>
          <p className="actions">
            <Link href={`/login?callbackUrl=${encodeURIComponent(here)}`} className="button-link">
              Sign in to accept
            </Link>
            <Link href={`/register?email=${encodeURIComponent(invitation.email)}&next=${encodeURIComponent(here)}`}>Create an account</Link>
          </p>
        </>
      ) : signedInAs !== invitation.email ? (
        <>
          <p className="error" role="alert">
            You are signed in as {signedInAs}. Sign out, then sign in with the account that uses {invitation.email}, or create one with it.
          </p>
          <button type="button" className="secondary" onClick={() => void signOut({ callbackUrl: here })}>
            Sign out
          </button>
        </>
      ) : (
        <>
          <Outcome error={error ?? undefined} />
          <button type="button" onClick={() => void accept()} disabled={busy}>
            {busy ? 'Joining…' : `Accept and join ${invitation.organizationName}`}
          </button>
        </>
      )}
    </section>
  );
}
