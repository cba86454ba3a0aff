import crypto from 'node:crypto';
import forge from 'node-forge';
import { readOrCreateDataFile } from '../keys/data-file.ts';
import type { CmsSigner } from '../pdf/seal-pdf.ts';
import { serviceCa } from './ca.ts';
import { crlDistributionPointExtension } from './crl.ts';
import { certificateDer, DOCUMENT_SIGNING_USAGES, fromPem, issueCertificate, newRsaKey } from './x509.ts';

const FIVE_YEARS_MS = 5 * 365 * 86_400_000;
let cached: { signer: CmsSigner; name: string; ca: string } | undefined;

/**
 * The service's own document-signing certificate, issued by the service CA, that signs what
 * Sealwright itself vouches for (the sealing certificates). Generated once per CA into
 * DATA_DIR/ca/service-signer-<CA fingerprint>.pem (certificate and key), so it always chains
 * to the CA in use, whether that comes from the environment or DATA_DIR.
 */
export function serviceSigner(): { signer: CmsSigner; name: string } {
  const ca = serviceCa();
  const caDer = certificateDer(ca.cert);
  const caId = crypto.createHash('sha256').update(caDer).digest('hex');
  if (cached?.ca === caId) return cached;
  const pem = readOrCreateDataFile(`ca/service-signer-${caId.slice(0, 16)}.pem`, () => {
    const key = newRsaKey();
    const now = new Date();
    const cert = issueCertificate({
      subject: [
        { name: 'commonName', value: 'Sealwright Sealing Certificates' },
        { name: 'organizationName', value: 'Sealwright' },
        { name: 'countryName', value: 'US' },
      ],
      publicKey: key.publicKey,
      notBefore: new Date(now.getTime() - 60_000),
      notAfter: new Date(Math.min(now.getTime() + FIVE_YEARS_MS, ca.cert.validity.notAfter.getTime())),
      extKeyUsage: DOCUMENT_SIGNING_USAGES,
      extensions: [crlDistributionPointExtension()],
      issuer: { cert: ca.cert, key: ca.key },
    });
    return forge.pki.certificateToPem(cert) + forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key.privateKey)));
  });
  const [cert] = fromPem(pem);
  const keyPem = forge.pem.decode(pem).find((m) => m.type.endsWith('PRIVATE KEY'))!;
  const pkcs8 = crypto.createPrivateKey(forge.pem.encode(keyPem)).export({ type: 'pkcs8', format: 'der' });
  cached = { signer: { pkcs8: new Uint8Array(pkcs8), chainDer: [certificateDer(cert), caDer] }, name: 'Sealwright', ca: caId };
  return cached;
}
