'use client';

import { useState } from 'react';
import type { FormEvent } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { AuthSubmit, EmailField } from './AuthFields.tsx';

const MFA_REQUIRED_PREFIX = 'MFA_REQUIRED:';

/** Where signing in or up leads by default: the documents, with the getting-started checklist until it is done. */
export const DASHBOARD_HOME = '/documents';

/** Where to go after signing in: a path of this site only (never another origin). */
export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DASHBOARD_HOME;
  return value;
}

export function LoginForm() {
  const router = useRouter();
  const params = useSearchParams();
  const next = safeReturnPath(params.get('callbackUrl'));
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = pending
      ? await signIn('credentials', { redirect: false, mfaPendingToken: pending, code: String(form.get('code') ?? '') })
      : await signIn('credentials', { redirect: false, email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
    setBusy(false);
    if (result?.ok && !result.error) {
      router.replace(next);
      router.refresh();
      return;
    }
    const message = result?.error ?? 'Sign-in failed. Try again.';
    if (message.startsWith(MFA_REQUIRED_PREFIX)) {
      setPending(message.slice(MFA_REQUIRED_PREFIX.length));
      return;
    }
    setError(message === 'CredentialsSignin' ? 'Invalid email or password' : message);
  }

  if (pending) {
    return (
      // A form of its own (key): React must not reuse the password field, and its value, for the code.
      <form key="mfa" className="form-card" onSubmit={submit} aria-labelledby="mfa-title">
        <h1 id="mfa-title">Two-step verification</h1>
        <p className="muted">Enter the 6-digit code from your authenticator app, or one of your backup codes.</p>
        <label>
          Code
          <input name="code" autoComplete="one-time-code" inputMode="text" required autoFocus maxLength={20} />
        </label>
        <AuthSubmit error={error} busy={busy} busyLabel="Checking…" label="Verify" />
        <button type="button" className="link-button" onClick={() => (setPending(null), setError(null))}>
          Start over
        </button>
      </form>
    );
  }

  return (
    <form key="password" className="form-card" onSubmit={submit} aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      <EmailField autoFocus />
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <AuthSubmit error={error} busy={busy} busyLabel="Signing in…" label="Sign in" />
      <p className="muted">
        <Link href="/reset-password">Forgot your password?</Link>
      </p>
      <p className="muted">
        New here? <Link href={`/register${next !== DASHBOARD_HOME ? `?callbackUrl=${encodeURIComponent(next)}` : ''}`}>Create an account</Link>
      </p>
    </form>
  );
}
