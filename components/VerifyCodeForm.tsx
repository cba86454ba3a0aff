'use client';

import { useParams, useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { decodeSegment, normalizeCodeInput } from './verify-helpers.ts';

/**
 * The code box: 12 letters and digits, or a pasted verification link. With scripts it goes
 * straight to /verify/<code>; without, the form is a plain GET to /verify, which redirects.
 * Inside /verify/[code] (its not-found page) it starts with the code of the address.
 */
export function VerifyCodeForm({ initialCode, initialError }: { initialCode?: string; initialError?: string }) {
  const router = useRouter();
  const params = useParams<{ code?: string }>();
  const [value, setValue] = useState(initialCode ?? (typeof params?.code === 'string' ? decodeSegment(params.code) : ''));
  const [error, setError] = useState<string | null>(initialError ?? null);
  const inputId = useId();
  const errorId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = normalizeCodeInput(value);
    if (!code) {
      setError('A verification code is 12 letters and digits, as printed in the footer of the sealed document.');
      return;
    }
    setError(null);
    router.push(`/verify/${code}`);
  }

  return (
    <form className="verify-form" action="/verify" method="get" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId}>Verification code</label>
      <div className="verify-form-row">
        <input
          id={inputId}
          name="code"
          value={value}
          onChange={(e) => {
            setValue(e.target.value.toLowerCase());
            if (error) setError(null);
          }}
          placeholder="e.g. k3x9q2m7p4ta"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={200}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit">Verify</button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
