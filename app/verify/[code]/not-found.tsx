import { VerifyCodeForm } from '../../../components/VerifyCodeForm.tsx';
import { VerifyShell } from '../../../components/VerifyShell.tsx';

/** /verify/<code> for a code that names no seal (HTTP 404): say so, and offer the code box again. */
export default function SealNotFound() {
  return (
    <VerifyShell title="No seal found for this code" again="Verify a seal">
      <p className="lede">No sealed document is on record for this verification code. Check the code printed in the document&rsquo;s footer: it is 12 letters and digits.</p>
      <section className="verify-panel" aria-label="Try another code">
        <VerifyCodeForm />
      </section>
    </VerifyShell>
  );
}
