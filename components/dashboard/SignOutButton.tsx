'use client';

import { signOut } from 'next-auth/react';

/** Sign out: next-auth's sign-out revokes the session's refresh token (lib/web/auth-options.ts). */
export function SignOutButton() {
  return (
    <button type="button" className="secondary" onClick={() => void signOut({ callbackUrl: '/login' })}>
      Sign out
    </button>
  );
}
