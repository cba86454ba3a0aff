'use client';

import { useState } from 'react';
import type { FormEvent } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { describeError } from './api-errors.ts';
import { AuthSubmit, EmailField } from './AuthFields.tsx';

const REGISTER = 'mutation Register($input: RegisterInput!) { register(input: $input) { user { id } } }';

export function RegisterForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? ''), displayName: String(form.get('displayName') ?? '') || null };
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/v1/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: REGISTER, variables: { input } }) });
      const body = (await res.json()) as { errors?: Array<{ message: string }> };
      if (body.errors?.length) throw body;
      const signedIn = await signIn('credentials', { redirect: false, email: input.email, password: input.password });
      if (!signedIn?.ok || signedIn.error) throw new Error(signedIn?.error ?? 'Your account was created, but signing in failed: sign in again.');
      router.replace('/settings');
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
      <EmailField />
      <label>
        Password
        <input name="password" type="password" autoComplete="new-password" minLength={10} required aria-describedby="password-hint" />
        <span id="password-hint" className="hint">
          At least 10 characters.
        </span>
      </label>
      <AuthSubmit error={error} busy={busy} busyLabel="Creating…" label="Create account" />
      <p className="muted">
        Already registered? <Link href="/login">Sign in</Link>
      </p>
    </form>
  );
}
