import Link from 'next/link';

/** The service CA's certificate, DER, saved as sealwright-ca.cer: the file Acrobat's import opens. */
export const CA_CERT_URL = '/v1/ca/cert';

/**
 * Said wherever a finished seal signed with a certificate of the service's CA is shown: Acrobat
 * and pdfsig will not trust its issuer until the CA is imported, and how to change that.
 */
export function CaTrustNote() {
  return (
    <div className="trust-note" role="note" aria-label="Trust in Acrobat">
      <p>
        <strong>Acrobat will not trust this signature&apos;s issuer yet.</strong> The certificate that signed it was issued by Sealwright&apos;s own certificate authority (CA), which Adobe does not
        list: Acrobat shows the signature&apos;s validity as unknown, and pdfsig says &ldquo;Certificate issuer isn&apos;t Trusted&rdquo;. The signature is intact and the seal verifies on its link;
        each reader trusts the CA once by importing it.
      </p>
      <p>
        <a href={CA_CERT_URL} download>
          Download the CA certificate (.cer)
        </a>{' '}
        · <Link href="/credentials#acrobat-trust">Steps for Acrobat, or sign with your firm&apos;s own certificate</Link>
      </p>
    </div>
  );
}

/** The certificates page's account of trust: why Acrobat doubts the service CA, the import steps, and the alternative of an AATL or qualified certificate. */
export function AcrobatTrust() {
  return (
    <section className="settings-card" id="acrobat-trust" aria-labelledby="acrobat-trust-title">
      <h2 id="acrobat-trust-title">Trust in Acrobat</h2>
      <p>
        A certificate you request here is issued by Sealwright&apos;s own certificate authority (CA). Adobe does not list that CA among the roots Acrobat trusts, so until a reader imports it, Acrobat
        shows your signatures&apos; validity as unknown and pdfsig says &ldquo;Certificate issuer isn&apos;t Trusted&rdquo;. The signature is intact and each seal verifies on its link either way; only
        the trust is missing.
      </p>
      <p>
        <a className="button-link" href={CA_CERT_URL} download>
          Download the CA certificate (sealwright-ca.cer)
        </a>
      </p>
      <h3>Add it to Acrobat or Acrobat Reader, once per computer</h3>
      <ol className="trust-steps" aria-label="Steps for Acrobat">
        <li>
          Open the preferences: <strong>Menu › Preferences</strong> on Windows (<strong>Edit › Preferences</strong> in older versions), <strong>Acrobat › Preferences</strong> on a Mac; choose{' '}
          <strong>Signatures</strong>.
        </li>
        <li>
          Under <strong>Identities &amp; Trusted Certificates</strong>, choose <strong>More</strong>.
        </li>
        <li>
          Choose <strong>Trusted Certificates</strong>, then <strong>Import</strong>; <strong>Browse</strong> to sealwright-ca.cer, and choose <strong>Import</strong>.
        </li>
        <li>
          Select the imported <strong>Sealwright Seal CA</strong> in the list and choose <strong>Edit Trust</strong>.
        </li>
        <li>
          Tick <strong>Use this certificate as a trusted root</strong> and <strong>Certified documents</strong> (a seal certifies its document), then choose <strong>OK</strong>.
        </li>
        <li>Open the sealed PDF again: the signature panel shows the signature as valid.</li>
      </ol>
      <h3>Or sign with your firm&apos;s own certificate</h3>
      <p>
        A document-signing certificate from a CA on Adobe&apos;s Approved Trust List (AATL), or a qualified certificate on the EU Trusted List, is trusted by Acrobat already: nobody imports anything.
        If your firm holds one as a .p12 or .pfx file, upload it under Signing certificates with its password. The service keeps the certificate and the chain that came with it, and its private key
        encrypted (the key never leaves the service); make it your default, and your seals are signed with it. Certificates kept on a hardware token or a signing service cannot be exported to a file,
        so they cannot be uploaded.
      </p>
    </section>
  );
}
