import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { certificateDer, certificateFromDer, describeCertificate, fromPem, issueCertificate, newRsaKey, toPem } from './x509.ts';

/** Names as boards list them: accents, ñ, ø, apostrophes (straight and curly), hyphens, CJK. */
const NAMES = ['Andrés R. Adams', 'José Peña Núñez', 'Søren Ødegård', "Seán O'Brien-Smith", 'Zoë d\u2019Arcy', '李小龍', '山田 太郎', 'Łukasz Żółć', 'Ngô Bảo Châu'];

const day = 86_400_000;
const now = Date.now();
const caKey = newRsaKey();
const ca = issueCertificate({
  subject: [
    { name: 'commonName', value: 'Autorité de Scellés Ñandú' },
    { name: 'organizationName', value: 'Sealwright' },
    { name: 'countryName', value: 'US' },
  ],
  publicKey: caKey.publicKey,
  notBefore: new Date(now - 60_000),
  notAfter: new Date(now + 365 * day),
  ca: true,
  selfKey: caKey.privateKey,
});
const holderKey = newRsaKey();

function issueFor(name: string) {
  return issueCertificate({
    subject: [
      { name: 'commonName', value: name },
      { name: 'title', value: 'Ingeniería Civil' },
      { name: 'organizationalUnitName', value: 'License TX 12345' },
      { name: 'stateOrProvinceName', value: 'Texas' },
      { name: 'countryName', value: 'US' },
    ],
    publicKey: holderKey.publicKey,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 30 * day),
    issuer: { cert: ca, key: caKey.privateKey },
  });
}

describe('issueCertificate and describeCertificate with names beyond ASCII', () => {
  it.each(NAMES)('issues %s as UTF-8 in the subject and reads it back, as issued and after DER and PEM', (name) => {
    const cert = issueFor(name);
    // The DER holds the name's UTF-8 bytes (a UTF8String), as any other reader expects them.
    expect(certificateDer(cert).includes(Buffer.from(name, 'utf8'))).toBe(true);
    const facts = describeCertificate(cert);
    expect(facts.commonName).toBe(name);
    expect(facts.issuerCn).toBe('Autorité de Scellés Ñandú');
    const reread = certificateFromDer(certificateDer(cert));
    expect(describeCertificate(reread)).toEqual(facts);
    const [fromBundle, caFromBundle] = fromPem(toPem([cert, ca]));
    expect(describeCertificate(fromBundle).commonName).toBe(name);
    expect(describeCertificate(caFromBundle).commonName).toBe('Autorité de Scellés Ñandú');
    // Signed by the CA, whose subject (also non-ASCII) is the issuer, byte for byte.
    expect(ca.verify(reread)).toBe(true);
  });

  it('reads a certificate whose UTF8String is not valid UTF-8 without throwing', () => {
    const cert = issueFor('Plain Name');
    const der = certificateDer(cert);
    const at = der.indexOf(Buffer.from('Plain Name'));
    der[at] = 0xff;
    expect(describeCertificate(certificateFromDer(der)).commonName).toBe('\ufffdlain Name');
  });

  it('keeps the country a PrintableString', () => {
    const cert = certificateFromDer(certificateDer(issueFor('Andrés R. Adams')));
    const country = cert.subject.getField('C') as { value: string; valueTagClass: number };
    expect(country).toMatchObject({ value: 'US', valueTagClass: forge.asn1.Type.PRINTABLESTRING });
  });
});
