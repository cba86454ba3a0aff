// @ts-check
/**
 * signDetached: the CMS of a PAdES signature (ETSI EN 319 142-1): detached SignedData over the PDF's byte
 * ranges, SHA-256, signed attributes content-type, message-digest and signing-certificate-v2
 * (RFC 5035) and no signing-time (the time is the signature dictionary's /M): B-B. With a
 * timestamp authority the signature value is timestamped (RFC 3161) into the unsigned
 * attribute signature-time-stamp: B-T. The certificate chain travels in the CMS.
 */
import crypto, { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { requestTimestamp } from './request-timestamp.mjs';

pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: /** @type {Crypto} */ (/** @type {unknown} */ (webcrypto)) }));

export const OID = Object.freeze({
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
});

/**
 * A key that signs, and its certificate first in the chain.
 * @typedef {{ pkcs8: Uint8Array; chainDer: Uint8Array[] }} CmsSigner
 */

/** @param {Uint8Array | Uint8Array[]} data */
const sha256 = (data) => {
  const hash = crypto.createHash('sha256');
  for (const part of Array.isArray(data) ? data : [data]) hash.update(part);
  return new Uint8Array(hash.digest());
};

/**
 * SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }, the hash SHA-256 (the default, so omitted), with the issuer and serial.
 * @param {Uint8Array} certDer
 * @param {pkijs.Certificate} cert
 * @returns {asn1js.Sequence}
 */
export function signingCertificateV2(certDer, cert) {
  const issuerSerial = new asn1js.Sequence({
    value: [new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: cert.issuer })] }).toSchema(), cert.serialNumber],
  });
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: sha256(certDer) }), issuerSerial] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/**
 * Import a PKCS#8 RSA or EC key for signing with SHA-256.
 * @param {Uint8Array} pkcs8
 * @returns {Promise<CryptoKey>}
 */
export async function importSigningKey(pkcs8) {
  const type = crypto.createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' });
  const algorithm =
    type.asymmetricKeyType === 'ec'
      ? { name: 'ECDSA', namedCurve: /** @type {Record<string, string>} */ ({ prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' })[type.asymmetricKeyDetails?.namedCurve ?? ''] ?? 'P-256' }
      : { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  return /** @type {Promise<CryptoKey>} */ (webcrypto.subtle.importKey('pkcs8', Buffer.from(pkcs8), algorithm, false, ['sign']));
}

/**
 * The DER ContentInfo of a detached CAdES signature over `parts` (in order).
 * @param {Uint8Array[]} parts
 * @param {CmsSigner} signer
 * @param {{ tsaUrl?: string; tsaTimeoutMs?: number }} [options]
 * @returns {Promise<Uint8Array>}
 */
export async function signDetached(parts, signer, options = {}) {
  const certificates = signer.chainDer.map((der) => pkijs.Certificate.fromBER(new Uint8Array(der)));
  const leaf = certificates[0];
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: leaf.issuer, serialNumber: leaf.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
            new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: sha256(parts) })] }),
            new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(signer.chainDer[0], leaf)] }),
          ],
        }),
      }),
    ],
    certificates,
  });
  // pkijs signs the signed attributes DER-encoded as a SET, as RFC 5652 5.4 requires.
  await signedData.sign(await importSigningKey(signer.pkcs8), 0, 'SHA-256');
  if (options.tsaUrl) {
    const signerInfo = signedData.signerInfos[0];
    const token = await requestTimestamp(options.tsaUrl, sha256(signerInfo.signature.valueBlock.valueHexView), options.tsaTimeoutMs);
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 1, attributes: [new pkijs.Attribute({ type: OID.signatureTimeStampToken, values: [token] })] });
  }
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}
