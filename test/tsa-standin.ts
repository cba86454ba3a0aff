/**
 * A stand-in RFC 3161 timestamp authority for tests, on a local port: its own CA, a TSA
 * certificate issued by it (extendedKeyUsage timeStamping, critical, as RFC 3161 2.3 asks),
 * and tokens built with pkijs: SignedData over a TSTInfo that echoes the request's imprint
 * and nonce, with the signed attributes content-type, message-digest and
 * signing-certificate-v2 (RFC 5035, required of TSA tokens by RFC 3161 2.4.2).
 */
import crypto, { webcrypto } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';
import { certificateDer, issueCertificate, newRsaKey } from '../lib/seals/x509.ts';

pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto }));

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

/** The policy the stand-in stamps under (an arc of the documentation OID range, 1.3.6.1.4.1 private enterprise "example"). */
export const TSA_POLICY = '1.3.6.1.4.1.32473.1.1';

/** Digest algorithms the stand-in accepts in a messageImprint, with their lengths. */
const DIGEST_LENGTHS: Record<string, number> = {
  '1.3.14.3.2.26': 20, // SHA-1
  [OID.sha256]: 32,
  '2.16.840.1.101.3.4.2.2': 48, // SHA-384
  '2.16.840.1.101.3.4.2.3': 64, // SHA-512
};

/** PKIFailureInfo bits (RFC 3161 2.4.2). */
const FAIL = { badAlg: 0, badRequest: 2, badDataFormat: 5, unacceptedPolicy: 15, unacceptedExtension: 16 } as const;

export interface TsaStandIn {
  url: string;
  /** PEM of the CA that issued the TSA certificate: the trust anchor for `openssl ts -verify -CAfile`. */
  caPem: string;
  tsaCertPem: string;
  /** Tokens issued so far. */
  readonly requests: number;
  close(): Promise<void>;
}

function randomSerial(): Buffer {
  const bytes = crypto.randomBytes(16);
  bytes[0] = (bytes[0] & 0x7f) | 0x10;
  return bytes;
}

/** The TSA certificate: digitalSignature only, and the single extended key usage timeStamping, critical. */
function issueTsaCertificate(publicKey: forge.pki.PublicKey, ca: forge.pki.Certificate, caKey: forge.pki.rsa.PrivateKey): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.serialNumber = randomSerial().toString('hex');
  cert.publicKey = publicKey;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject([
    { name: 'commonName', value: 'Stand-in Timestamp Authority' },
    { name: 'organizationName', value: 'Sealwright Tests' },
  ]);
  cert.setIssuer(ca.subject.attributes);
  const ski = ca.getExtension('subjectKeyIdentifier') as { subjectKeyIdentifier?: string } | null;
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, critical: true },
    { name: 'extKeyUsage', timeStamping: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    ...(ski?.subjectKeyIdentifier ? [{ name: 'authorityKeyIdentifier', keyIdentifier: forge.util.hexToBytes(ski.subjectKeyIdentifier) }] : []),
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return cert;
}

/** SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 with the default hash (SHA-256, omitted) and issuerSerial. */
function signingCertificateV2(certDer: Uint8Array, cert: pkijs.Certificate): asn1js.Sequence {
  const issuerSerial = new asn1js.Sequence({
    value: [new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: cert.issuer })] }).toSchema(), cert.serialNumber],
  });
  const certHash = new asn1js.OctetString({ valueHex: crypto.createHash('sha256').update(certDer).digest() });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [certHash, issuerSerial] })] })] });
}

function rejection(failBit: number, text: string): Uint8Array {
  const bytes = new Uint8Array(Math.floor(failBit / 8) + 1);
  bytes[bytes.length - 1] = 0x80 >> (failBit % 8);
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({
      status: pkijs.PKIStatus.rejection,
      statusStrings: [new asn1js.Utf8String({ value: text })],
      failInfo: new asn1js.BitString({ valueHex: bytes, unusedBits: 7 - (failBit % 8) }),
    }),
  });
  return new Uint8Array(response.toSchema().toBER(false));
}

class BadRequest extends Error {
  constructor(
    readonly failBit: number,
    message: string,
  ) {
    super(message);
  }
}

export interface TsaStandInOptions {
  /**
   * Leave the TSTInfo in a constructed (BER) OCTET STRING, as pkijs's EncapsulatedContentInfo
   * writes it. By default the stand-in writes it primitive, as DER-encoding authorities do.
   */
  constructedEContent?: boolean;
}

export async function startTsaStandIn(options: TsaStandInOptions = {}): Promise<TsaStandIn> {
  const caKey = newRsaKey();
  const ca = issueCertificate({
    subject: [
      { name: 'commonName', value: 'Stand-in TSA Root' },
      { name: 'organizationName', value: 'Sealwright Tests' },
    ],
    publicKey: caKey.publicKey,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 2 * 365 * 86_400_000),
    ca: true,
    selfKey: caKey.privateKey,
  });
  const tsaKey = newRsaKey();
  const tsaForgeCert = issueTsaCertificate(tsaKey.publicKey, ca, caKey.privateKey);
  const tsaDer = new Uint8Array(certificateDer(tsaForgeCert));
  const tsaCert = pkijs.Certificate.fromBER(tsaDer);
  const caCert = pkijs.Certificate.fromBER(new Uint8Array(certificateDer(ca)));
  const signingKey = (await webcrypto.subtle.importKey('pkcs8', tsaKey.pkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign'])) as CryptoKey;
  const essSigningCertificate = signingCertificateV2(tsaDer, tsaCert);
  let issued = 0;

  async function token(request: pkijs.TimeStampReq): Promise<Uint8Array> {
    const imprint = request.messageImprint;
    const expected = DIGEST_LENGTHS[imprint.hashAlgorithm.algorithmId];
    if (!expected) throw new BadRequest(FAIL.badAlg, `unsupported digest algorithm ${imprint.hashAlgorithm.algorithmId}`);
    if (imprint.hashedMessage.valueBlock.valueHexView.byteLength !== expected) throw new BadRequest(FAIL.badDataFormat, 'the digest has the wrong length');
    if (request.reqPolicy && request.reqPolicy !== TSA_POLICY) throw new BadRequest(FAIL.unacceptedPolicy, `unknown policy ${request.reqPolicy}`);
    if (request.extensions?.length) throw new BadRequest(FAIL.unacceptedExtension, 'no extensions are supported');

    // Whole seconds: a GeneralizedTime fraction must not end in zeros (RFC 3161 2.4.2).
    const genTime = new Date(Math.floor(Date.now() / 1000) * 1000);
    const tstInfo = new pkijs.TSTInfo({
      version: 1,
      policy: TSA_POLICY,
      messageImprint: imprint,
      serialNumber: new asn1js.Integer({ valueHex: randomSerial() }),
      genTime,
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
      ...(request.nonce ? { nonce: request.nonce } : {}),
      tsa: new pkijs.GeneralName({ type: 4, value: tsaCert.subject }),
    });
    const tstDer = new Uint8Array(tstInfo.toSchema().toBER(false));
    const encapsulated = (der: Uint8Array) => {
      // pkijs's constructor turns a primitive eContent into a constructed OCTET STRING; set it afterwards to keep it primitive.
      const info = new pkijs.EncapsulatedContentInfo({ eContentType: OID.tstInfo, eContent: new asn1js.OctetString({ valueHex: der }) });
      if (!options.constructedEContent) info.eContent = new asn1js.OctetString({ valueHex: der });
      return info;
    };
    const signedData = new pkijs.SignedData({
      version: 3,
      encapContentInfo: encapsulated(tstDer),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: tsaCert.issuer, serialNumber: tsaCert.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })] }),
              new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: crypto.createHash('sha256').update(tstDer).digest() })] }),
              new pkijs.Attribute({ type: OID.signingCertificateV2, values: [essSigningCertificate] }),
            ],
          }),
        }),
      ],
      // certReq: the TSA certificate, and its issuer so the chain is complete.
      ...(request.certReq ? { certificates: [tsaCert, caCert] } : {}),
    });
    await signedData.sign(signingKey, 0, 'SHA-256');
    const response = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
      timeStampToken: new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) }),
    });
    issued += 1;
    return new Uint8Array(response.toSchema().toBER(false));
  }

  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    if ((req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() !== 'application/timestamp-query') {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('expected application/timestamp-query');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        let body: Uint8Array;
        try {
          const bytes = Buffer.concat(chunks);
          let request: pkijs.TimeStampReq;
          try {
            request = pkijs.TimeStampReq.fromBER(new Uint8Array(bytes));
          } catch (err) {
            throw new BadRequest(FAIL.badDataFormat, `not a TimeStampReq: ${String(err)}`);
          }
          if (request.version !== 1) throw new BadRequest(FAIL.badRequest, `version ${request.version}`);
          body = await token(request);
        } catch (err) {
          if (!(err instanceof BadRequest)) {
            res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
            return;
          }
          body = rejection(err.failBit, err.message);
        }
        res.writeHead(200, { 'content-type': 'application/timestamp-reply', 'content-length': body.byteLength }).end(Buffer.from(body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    caPem: forge.pki.certificateToPem(ca),
    tsaCertPem: forge.pki.certificateToPem(tsaForgeCert),
    get requests() {
      return issued;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
