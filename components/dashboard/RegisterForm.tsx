'use client';

import { useState } from 'react';
import type { FormEvent } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { describeError } from './api-errors.ts';
import { AuthSubmit, EmailField } from './AuthFields.tsx';
import { DASHBOARD_HOME, safeReturnPath } from './LoginForm.tsx';
import { callApi } from './public-api.ts';

const REGISTER = 'mutation Register($input: RegisterInput!) { register(input: $input) { user { id } } }';

/**
 * Sign-up, then signed in. `?email=` fills in the address and `?next=` (or the sign-in page's
 * `?callbackUrl=`) is where to go afterwards: an invitation sends its invitee here and back.
 */
export function RegisterForm() {
  const router = useRouter();
  const params = useSearchParams();
  const next = safeReturnPath(params.get('next') ?? params.get('callbackUrl'));
  const invitedEmail = params.get('email') ?? undefined;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? ''), displayName: String(form.get('displayName') ?? '') || null };
    setBusy(true);
    setError(null);
    try {
      await callApi(REGISTER, { input });
      const signedIn = await signIn('credentials', { redirect: false, email: input.email, password: input.password });
      if (!signedIn?.ok || signedIn.error) throw new Error(signedIn?.error ?? 'Your account was created, but signing in failed: sign in again.');
      router.replace(next);
      router.refresh();
    } catch (err) {
      setError(describeError(err));
      setBusy(false);
    }
  }

  return (
    <form className="form-card" onSubmit={submit} aria-labelledby="register-title">
      <h1 id="register-title">Create your account</h1>
      <p className="muted">Your organization starts on a 14-day trial with sealing included.</p>
      <label>
        Full name, as licensed
        <input name="displayName" autoComplete="name" maxLength={200} />
      </label>
      <EmailField defaultValue={invitedEmail} />
      <label>
        Password
        <input name="password" type="password" autoComplete="new-password" minLength={10} required aria-describedby="password-hint" />
        <span id="password-hint" className="hint">
          At least 10 characters.
        </span>
      </label>
      <AuthSubmit error={error} busy={busy} busyLabel="Creating…" label="Create account" />
      <p className="muted">
        Already registered? <Link href={next !== DASHBOARD_HOME ? `/login?callbackUrl=${encodeURIComponent(next)}` : '/login'}>Sign in</Link>
      </p>
    </form>
  );
}
