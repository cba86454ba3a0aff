import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { VerifyCodeForm } from '../../components/VerifyCodeForm.tsx';
import { VerifyDropZone } from '../../components/VerifyDropZone.tsx';
import { VerifyShell } from '../../components/VerifyShell.tsx';
import { normalizeCodeInput } from '../../components/verify-helpers.ts';

export const metadata: Metadata = { title: 'Verify a seal' };

/** /verify: enter a seal's code, or drop a sealed PDF to check it by the code it carries. */
export default async function VerifyPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // The code box without scripts: a GET form to this page, sent on to the seal's own page.
  const raw = (await searchParams).code;
  const typed = typeof raw === 'string' ? raw : undefined;
  if (typed !== undefined) {
    const code = normalizeCodeInput(typed);
    if (code) redirect(`/verify/${code}`);
  }
  return (
    <VerifyShell title="Verify a seal">
      <p className="lede">Every Sealwright seal carries a verification code in the footer of the sealed document. Enter it to see who sealed the document, when, and with which license.</p>
      <section className="verify-panel" aria-labelledby="by-code">
        <h2 id="by-code">By code</h2>
        <VerifyCodeForm
          initialCode={typed?.trim().toLowerCase()}
          initialError={typed !== undefined ? 'A verification code is 12 letters and digits, as printed in the footer of the sealed document.' : undefined}
        />
      </section>
      <section className="verify-panel" aria-labelledby="by-file">
        <h2 id="by-file">By file</h2>
        <p>Check a copy you received: a sealed PDF carries its code inside, so it is verified against the seal it names.</p>
        <VerifyDropZone />
      </section>
    </VerifyShell>
  );
}
