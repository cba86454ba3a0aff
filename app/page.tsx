import Link from 'next/link';
import { getServerSession } from 'next-auth';
import { authOptions } from '../lib/web/auth-options.ts';

/** The home page; a signed-in visitor is offered the dashboard instead of signing in again. */
export default async function Home() {
  const session = await getServerSession(authOptions());
  const signedIn = session?.user ? (session.user.name ?? session.user.email ?? 'you') : null;
  return (
    <main className="page">
      <h1>Sealwright</h1>
      {signedIn ? (
        <p className="actions">
          <span>Signed in as {signedIn}.</span>
          <Link href="/documents">Open your dashboard</Link>
        </p>
      ) : (
        <p className="actions">
          <Link href="/login">Sign in</Link>
          <Link href="/register">Create an account</Link>
        </p>
      )}
      <p className="lede">
        Seal your drawings and reports with your professional license, and let anyone verify the seal, for engineers, architects, land surveyors and landscape architects in all 50 states.
      </p>
      <div className="grid">
        <section className="card">
          <h2>
            <Link href="/stamps">Stamps</Link>
          </h2>
          <p>Your official seal image, per profession and state, as SVG, PNG or PDF. Preview and download it in the gallery.</p>
        </section>
        <section className="card">
          <h2>Sealing</h2>
          <p>
            Place your stamp on a PDF, or on a whole drawing set at once, with a verification code and QR code, and optionally a PAdES digital signature: from{' '}
            <Link href="/documents">your documents</Link>, or <code>sealDocument</code> and <code>createBatchSealJob</code> in the API.
          </p>
        </section>
        <section className="card">
          <h2>
            <Link href="/verify">Verification</Link>
          </h2>
          <p>Anyone checks a seal by its code or by the file they hold, hashed in their browser; tampering shows.</p>
        </section>
        <section className="card">
          <h2>
            <Link href="/api">API</Link>
          </h2>
          <p>
            GraphQL at <code>POST /v1/graphql</code>, REST endpoints under <code>/v1</code> for stamps, files and verification, and the schema to read: what each does, on one page.
          </p>
        </section>
      </div>
    </main>
  );
}
