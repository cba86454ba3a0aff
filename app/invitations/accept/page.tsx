import type { Metadata } from 'next';
import Link from 'next/link';
import { InvitationAccept } from '../../../components/dashboard/InvitationAccept.tsx';
import { describeInvitation } from '../../../lib/orgs/invitations.ts';

export const metadata: Metadata = { title: 'Accept an invitation', referrer: 'no-referrer', robots: { index: false, follow: false } };

// The invitation is read for each visit: accepted or expired a moment ago shows as such.
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * The page of an emailed invitation. Public, so that someone without an account can read it and
 * register with the invited address (then come back); accepting needs that account's session.
 */
export default async function AcceptInvitationPage({ searchParams }: Props) {
  const { token } = await searchParams;
  const value = typeof token === 'string' ? token : '';
  const invitation = value ? await describeInvitation({ token: value }) : null;
  return (
    <main className="page narrow">
      <Link href="/" className="brand-link">
        Sealwright
      </Link>
      {invitation ? (
        <InvitationAccept token={value} invitation={invitation} />
      ) : (
        <section className="form-card">
          <h1>Accept an invitation</h1>
          <p className="error" role="alert">
            This invitation link is not valid. Open the link from the mail you received, or ask for a new invitation.
          </p>
        </section>
      )}
    </main>
  );
}
