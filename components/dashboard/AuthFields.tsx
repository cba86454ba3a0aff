'use client';

import { Outcome } from './use-action.tsx';

/** The email field of the sign-in and sign-up forms (filled in when a link names the address, as an invitation's does). */
export function EmailField({ autoFocus, defaultValue }: { autoFocus?: boolean; defaultValue?: string }) {
  return (
    <label>
      Email
      <input name="email" type="email" autoComplete="email" required autoFocus={autoFocus} defaultValue={defaultValue} />
    </label>
  );
}

/** A sign-in or sign-up form's end: its error, if any, then its submit button (busy while it runs). */
export function AuthSubmit({ error, busy, busyLabel, label }: { error: string | null; busy: boolean; busyLabel: string; label: string }) {
  return (
    <>
      <Outcome error={error ?? undefined} />
      <button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
