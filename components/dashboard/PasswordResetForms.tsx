'use client';

import { useState } from 'react';
import type { FormEvent } from 'react';
import Link from 'next/link';
import { describeError } from './api-errors.ts';
import { AuthSubmit, EmailField } from './AuthFields.tsx';
import { callApi } from './public-api.ts';

const REQUEST_RESET = 'mutation RequestPasswordReset($email: String!) { requestPasswordReset(email: $email) }';
const RESET = 'mutation ResetPassword($input: ResetPasswordInput!) { resetPassword(input: $input) }';

/** "Forgot your password?": asks for the address and mails a reset link to the account that uses it, if any. */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      await callApi(REQUEST_RESET, { email });
      setSentTo(email);
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo)
    return (
      <section className="form-card" aria-labelledby="sent-title">
        <h1 id="sent-title">Check your email</h1>
        <p role="status">If a Sealwright account uses {sentTo}, we have sent it a link to choose a new password. The link works once, within an hour.</p>
        <p className="muted">
          <Link href="/login">Back to sign in</Link>
        </p>
      </section>
    );

  return (
    <form className="form-card" onSubmit={submit} aria-labelledby="forgot-title">
      <h1 id="forgot-title">Reset your password</h1>
      <p className="muted">Enter the address you sign in with. We will mail you a link to choose a new password.</p>
      <EmailField autoFocus />
      <AuthSubmit error={error} busy={busy} busyLabel="Sending…" label="Send the link" />
      <p className="muted">
        Remembered it? <Link href="/login">Sign in</Link>
      </p>
    </form>
  );
}

/** The page an emailed reset link opens: a new password, twice; then every session is signed out. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get('password') ?? '');
    if (newPassword !== String(form.get('repeat') ?? '')) {
      setError('The two passwords differ: type the same one twice.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await callApi(RESET, { input: { token, newPassword } });
      setDone(true);
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <section className="form-card" aria-labelledby="reset-done-title">
        <h1 id="reset-done-title">Password changed</h1>
        <p role="status">Your new password is set, and every session of your account has been signed out.</p>
        <p>
          <Link href="/login" className="button-link">
            Sign in
          </Link>
        </p>
      </section>
    );

  return (
    <form className="form-card" onSubmit={submit} aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      <label>
        New password
        <input name="password" type="password" autoComplete="new-password" minLength={10} required autoFocus aria-describedby="reset-hint" />
      </label>
      <span id="reset-hint" className="hint">
        At least 10 characters.
      </span>
      <label>
        New password, again
        <input name="repeat" type="password" autoComplete="new-password" minLength={10} required />
      </label>
      <AuthSubmit error={error} busy={busy} busyLabel="Saving…" label="Set the new password" />
      <p className="muted">
        Link expired? <Link href="/reset-password">Ask for a new one</Link>
      </p>
    </form>
  );
}
