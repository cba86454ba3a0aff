import type { Metadata } from 'next';
import Link from 'next/link';
import { ForgotPasswordForm, ResetPasswordForm } from '../../components/dashboard/PasswordResetForms.tsx';

// The link's token is in the address: it goes to no other site, not even as a referrer.
export const metadata: Metadata = { title: 'Reset your password', referrer: 'no-referrer', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** With an emailed link's token: choose a new password. Without one ("Forgot your password?" on /login): ask for a link. */
export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  const value = typeof token === 'string' ? token : null;
  return (
    <main className="page narrow">
      <Link href="/" className="brand-link">
        Sealwright
      </Link>
      {value ? <ResetPasswordForm token={value} /> : <ForgotPasswordForm />}
    </main>
  );
}
