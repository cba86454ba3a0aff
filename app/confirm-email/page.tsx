import type { Metadata } from 'next';
import Link from 'next/link';
import { ConfirmEmail } from '../../components/dashboard/ConfirmEmail.tsx';

export const metadata: Metadata = { title: 'Confirm your email address', referrer: 'no-referrer', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** The page of the emailed confirmation link: no session needed, the link is the proof. */
export default async function ConfirmEmailPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <main className="page narrow">
      <Link href="/" className="brand-link">
        Sealwright
      </Link>
      {typeof token === 'string' && token ? (
        <ConfirmEmail token={token} />
      ) : (
        <section className="form-card">
          <h1>Confirm your email address</h1>
          <p className="error" role="alert">
            This address carries no confirmation link. Open the link from the mail we sent you.
          </p>
        </section>
      )}
    </main>
  );
}
