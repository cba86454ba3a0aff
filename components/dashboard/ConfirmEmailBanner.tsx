'use client';

import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import { useAction, Outcome } from './use-action.tsx';

export const ME_CONFIRMATION = graphql(`
  query MeConfirmation {
    me {
      id
      email
      confirmedAt
    }
  }
`);

const RESEND_CONFIRMATION = graphql(`
  mutation ResendConfirmation {
    resendConfirmation
  }
`);

/** Until the account's address is confirmed, a note on every signed-in page with "resend"; nothing is blocked meanwhile. */
export function ConfirmEmailBanner() {
  const { data, refetch } = useQuery(ME_CONFIRMATION);
  const [resend] = useMutation(RESEND_CONFIRMATION);
  const { outcome, busy, run } = useAction();
  const me = data?.me;
  if (!me || me.confirmedAt) return null;

  async function send() {
    await run(
      async () => {
        const sent = (await resend()).data?.resendConfirmation;
        if (sent) return `We sent a new link to ${me!.email}.`;
        // False: confirmed meanwhile (in another tab), or the mail could not go.
        const now = await refetch();
        if (now.data?.me.confirmedAt) return 'Your address is confirmed.';
        throw new Error('The mail could not be sent just now. Try again later.');
      },
      (message) => message,
    );
  }

  return (
    <section className="notice" aria-label="Confirm your address" style={{ marginBottom: '1.5rem' }}>
      <p style={{ margin: 0 }}>
        Please confirm your email address: open the link we sent to <strong style={{ overflowWrap: 'anywhere' }}>{me.email}</strong>.
      </p>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => void send()} disabled={busy}>
          {busy ? 'Sending…' : 'Resend the link'}
        </button>
        <Outcome {...outcome} />
      </div>
    </section>
  );
}
