import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { RegisterForm } from '../../components/dashboard/RegisterForm.tsx';

export const metadata: Metadata = { title: 'Create an account' };

export default function RegisterPage() {
  return (
    <main className="page narrow">
      <Link href="/" className="brand-link">
        Sealwright
      </Link>
      <Suspense fallback={<p className="muted">Loading…</p>}>
        <RegisterForm />
      </Suspense>
    </main>
  );
}
