import Link from 'next/link';
import { VerifyCodeForm } from '@/components/VerifyCodeForm';

/** /verify/<code> for a code that names no seal (HTTP 404): say so, and offer the code box again. */
export default function SealNotFound() {
  return (
    <main className="page verify">
      <p className="eyebrow">Seal verification</p>
      <h1>No seal found for this code</h1>
      <p className="lede">No sealed document is on record for this verification code. Check the code printed in the document&rsquo;s footer: it is 12 letters and digits.</p>
      <section className="verify-panel" aria-label="Try another code">
        <VerifyCodeForm />
      </section>
      <p className="actions">
        <Link href="/verify">Verify a seal</Link>
        <Link href="/">Sealwright home</Link>
      </p>
    </main>
  );
}
