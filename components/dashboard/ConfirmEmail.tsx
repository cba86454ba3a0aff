'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { describeError } from './api-errors.ts';
import { callApi } from './public-api.ts';

const CONFIRM = 'mutation ConfirmEmail($token: String!) { confirmEmail(token: $token) }';

/** The page an emailed confirmation link opens: it confirms the address at once (the link is the proof; no session needed). */
export function ConfirmEmail({ token }: { token: string }) {
  const [state, setState] = useState<{ done: boolean; error?: string }>({ done: false });

  useEffect(() => {
    let live = true;
    callApi(CONFIRM, { token })
      .then(() => live && setState({ done: true }))
      .catch((err) => live && setState({ done: true, error: describeError(err) }));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <section className="form-card" aria-labelledby="confirm-title" aria-busy={!state.done}>
      <h1 id="confirm-title">Confirm your email address</h1>
      {!state.done ? (
        <p className="muted" role="status">
          Confirming…
        </p>
      ) : state.error ? (
        <>
          <p className="error" role="alert">
            {state.error}
          </p>
          <p className="muted">Sign in: the banner at the top of your dashboard sends a new link.</p>
        </>
      ) : (
        <p className="success" role="status">
          Your email address is confirmed. Thank you.
        </p>
      )}
      <p>
        <Link href="/documents" className="button-link">
          Go to your dashboard
        </Link>
      </p>
    </section>
  );
}
