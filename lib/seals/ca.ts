import forge from 'node-forge';
import { env } from '../env.ts';
import { readOrCreateDataFile } from '../keys/data-file.ts';
import { fromPem, issueCertificate, newRsaKey } from './x509.ts';

export interface ServiceCa {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  pem: string;
}

let cached: { ca: ServiceCa; source: string } | undefined;

const pemText = (value: string) => value.replace(/\\n/g, '\n');

/** A new self-signed CA: certificate and key PEM, one file. */
function newCaPem(): string {
  const key = newRsaKey();
  const now = new Date();
  const cert = issueCertificate({
    subject: [
      { name: 'commonName', value: 'Sealwright Seal CA' },
      { name: 'organizationName', value: 'Sealwright' },
      { name: 'countryName', value: 'US' },
    ],
    publicKey: key.publicKey,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(now.getTime() + 20 * 365 * 86_400_000),
    ca: true,
    selfKey: key.privateKey,
  });
  return forge.pki.certificateToPem(cert) + forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key.privateKey)));
}

/**
 * The service's own CA that issues certificates for credentials (requestSigningCertificate):
 * SEAL_CA_CERT and SEAL_CA_KEY (PEM), or one generated into DATA_DIR/ca on first use.
 */
export function serviceCa(): ServiceCa {
  const e = env();
  const source = e.SEAL_CA_CERT ? 'env' : e.DATA_DIR;
  if (cached?.source === source) return cached.ca;
  const bundle = e.SEAL_CA_CERT ? `${pemText(e.SEAL_CA_CERT)}\n${pemText(e.SEAL_CA_KEY!)}` : readOrCreateDataFile('ca/seal-ca.pem', newCaPem);
  const [cert] = fromPem(bundle);
  if (!cert) throw new Error('The seal CA has no certificate (SEAL_CA_CERT or DATA_DIR/ca/seal-ca.pem)');
  const keyBlock = forge.pem.decode(bundle).find((m) => m.type.endsWith('PRIVATE KEY'));
  if (!keyBlock) throw new Error('The seal CA has no private key (SEAL_CA_KEY or DATA_DIR/ca/seal-ca.pem)');
  const key = forge.pki.privateKeyFromPem(forge.pem.encode(keyBlock)) as forge.pki.rsa.PrivateKey;
  const ca = { cert, key, pem: forge.pki.certificateToPem(cert) };
  cached = { ca, source };
  return ca;
}
