/**
 * X.509 with node-forge: what a signing certificate says about itself, and the certificates
 * the service's CA issues. Keys are made by Node's crypto (native, fast) and handed to forge.
 */
import crypto from 'node:crypto';
import forge from 'node-forge';

const UTF8 = forge.asn1.Type.UTF8;

/** The fields a SigningCertificate row keeps of its certificate. */
export interface CertificateFacts {
  commonName: string;
  issuerCn: string;
  serialNumber: string;
  notBefore: Date;
  expiresAt: Date;
  fingerprintSha256: string;
}

/** DER bytes of a forge certificate. */
export function certificateDer(cert: forge.pki.Certificate): Buffer {
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
}

/** A forge certificate from DER bytes. */
export function certificateFromDer(der: Uint8Array): forge.pki.Certificate {
  return forge.pki.certificateFromAsn1(forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(der).toString('binary'))));
}

function attribute(cert: forge.pki.Certificate, where: 'subject' | 'issuer', name: string): string | null {
  const field = cert[where].getField(name) as { value?: string; valueTagClass?: number } | null;
  if (!field?.value) return null;
  // forge keeps a UTF8String as its bytes (a binary string). Node's decoder never throws: a
  // malformed sequence in an uploaded certificate reads as U+FFFD (forge.util.decodeUtf8 threw URIError).
  return field.valueTagClass === UTF8 ? Buffer.from(field.value, 'binary').toString('utf8') : field.value;
}

/** Common name (else organization), issuer, serial, validity and SHA-256 fingerprint. */
export function describeCertificate(cert: forge.pki.Certificate): CertificateFacts {
  return {
    commonName: attribute(cert, 'subject', 'CN') ?? attribute(cert, 'subject', 'O') ?? '(no common name)',
    issuerCn: attribute(cert, 'issuer', 'CN') ?? attribute(cert, 'issuer', 'O') ?? '(no common name)',
    serialNumber: cert.serialNumber.toLowerCase(),
    notBefore: cert.validity.notBefore,
    expiresAt: cert.validity.notAfter,
    fingerprintSha256: crypto.createHash('sha256').update(certificateDer(cert)).digest('hex'),
  };
}

/** PEM text of certificates, in order. */
export function toPem(certs: forge.pki.Certificate[]): string {
  return certs.map((c) => forge.pki.certificateToPem(c)).join('');
}

/** Every certificate in a PEM bundle, in order. */
export function fromPem(pem: string): forge.pki.Certificate[] {
  return forge.pem
    .decode(pem)
    .filter((m) => m.type === 'CERTIFICATE')
    .map((m) => certificateFromDer(Buffer.from(m.body, 'binary')));
}

/** A new RSA 2048 key pair: PKCS#8 DER and the forge objects. */
export function newRsaKey(): { pkcs8: Buffer; privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  return { pkcs8: privateKey.export({ type: 'pkcs8', format: 'der' }), privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e) };
}

/** PKCS#8 DER of a forge RSA private key. */
export function pkcs8Of(key: forge.pki.rsa.PrivateKey): Buffer {
  return Buffer.from(forge.asn1.toDer(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key))).getBytes(), 'binary');
}

/** A positive random serial number, 16 bytes of hex (RFC 5280 allows up to 20 octets). */
function randomSerial(): string {
  const bytes = crypto.randomBytes(16);
  bytes[0] &= 0x7f;
  bytes[0] |= 0x10;
  return bytes.toString('hex');
}

export interface IssueRequest {
  subject: { name: string; value: string }[];
  publicKey: forge.pki.PublicKey;
  notBefore: Date;
  notAfter: Date;
  /** Certificate authority (self-signed when issuer is omitted). */
  ca?: boolean;
  /** Extended key usages by OID. */
  extKeyUsage?: string[];
  /** Further extensions, pre-encoded as forge takes them ({id, critical, value}): the identity policy. */
  extensions?: object[];
  issuer?: { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey };
  /** The key of a self-signed certificate. */
  selfKey?: forge.pki.rsa.PrivateKey;
}

/** Issue (or self-sign) a certificate, SHA-256 with RSA. */
export function issueCertificate(request: IssueRequest): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.serialNumber = randomSerial();
  cert.publicKey = request.publicKey;
  cert.validity.notBefore = request.notBefore;
  cert.validity.notAfter = request.notAfter;
  // forge's types call the tag a Class; it is the universal string type (UTF8String, PrintableString for the country).
  // Values given to forge are text: it writes a UTF8String's UTF-8 bytes itself.
  const subject = request.subject.map((a) => ({ ...a, valueTagClass: (a.name === 'countryName' ? forge.asn1.Type.PRINTABLESTRING : UTF8) as unknown as forge.asn1.Class }));
  cert.setSubject(subject);
  cert.setIssuer(request.issuer ? attributesAsText(request.issuer.cert.subject.attributes) : subject);
  const extensions: object[] = request.ca
    ? [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      ]
    : [
        { name: 'basicConstraints', cA: false, critical: true },
        { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
      ];
  if (request.extKeyUsage?.length) {
    // forge names the usages it knows (a dotted OID it knows would be looked up as a name) and takes others dotted.
    const known = forge.pki.oids as Record<string, string>;
    const key = (oid: string) => (known[oid] && !known[oid].includes('.') ? known[oid] : oid);
    extensions.push({ name: 'extKeyUsage', ...Object.fromEntries(request.extKeyUsage.map((oid) => [key(oid), true])) });
  }
  extensions.push(...(request.extensions ?? []));
  extensions.push({ name: 'subjectKeyIdentifier' });
  if (request.issuer) {
    const ski = request.issuer.cert.getExtension('subjectKeyIdentifier') as { subjectKeyIdentifier?: string } | null;
    if (ski?.subjectKeyIdentifier) extensions.push({ name: 'authorityKeyIdentifier', keyIdentifier: forge.util.hexToBytes(ski.subjectKeyIdentifier) });
  }
  cert.setExtensions(extensions);
  cert.sign((request.issuer?.key ?? request.selfKey)!, forge.md.sha256.create());
  // Read back from its DER, so it is the certificate any reader gets (a UTF8String as its bytes,
  // as in a parsed one; as issued, forge holds the text, and describeCertificate's decoding of
  // "Andrés" threw URIError).
  return certificateFromDer(certificateDer(cert));
}

/**
 * A parsed certificate's name attributes with each UTF8String as text: forge keeps the bytes it
 * read but encodes the value it is given, so copying them as they are would encode "é" twice.
 */
function attributesAsText(attributes: forge.pki.CertificateField[]): forge.pki.CertificateField[] {
  return attributes.map((a) => (a.valueTagClass === (UTF8 as unknown as forge.asn1.Class) && typeof a.value === 'string' ? { ...a, value: Buffer.from(a.value, 'binary').toString('utf8') } : a));
}

/** OIDs of the extended key usages a document-signing certificate carries. */
export const DOCUMENT_SIGNING_USAGES = [
  '1.3.6.1.5.5.7.3.4', // emailProtection: what `openssl cms -verify` and Acrobat accept for signatures
  '1.3.6.1.5.5.7.3.36', // id-kp-documentSigning (RFC 9336)
  '1.2.840.113583.1.1.5', // Adobe Authentic Documents Trust
];
