import Link from 'next/link';
import type { ReactNode } from 'react';

/**
 * A seal verification page: its eyebrow and title, the page's own content, and with `again`
 * (the words of the link back to /verify) the links out at its foot.
 */
export function VerifyShell({ title, again, children }: { title: ReactNode; again?: string; children: ReactNode }) {
  return (
    <main className="page verify">
      <p className="eyebrow">Seal verification</p>
      <h1>{title}</h1>
      {children}
      {again ? (
        <p className="actions">
          <Link href="/verify">{again}</Link>
          <Link href="/">Sealwright home</Link>
        </p>
      ) : null}
    </main>
  );
}
