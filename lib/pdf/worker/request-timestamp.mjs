// @ts-check
/** requestTimestamp: an RFC 3161 timestamp from a timestamp authority (TSA_URL), checked against what was asked. */
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { PdfFailure } from './pdf-failure.mjs';

const SHA256 = '2.16.840.1.101.3.4.2.1';

/**
 * A TimeStampToken (a ContentInfo) for a SHA-256 digest; TIMEOUT when the authority does not answer in time, INTERNAL otherwise.
 * @param {string} url
 * @param {Uint8Array} digest
 * @returns {Promise<asn1js.Sequence>}
 */
export async function requestTimestamp(url, digest, timeoutMs = 10_000) {
  const nonce = crypto.randomBytes(8);
  nonce[0] = (nonce[0] & 0x7f) | 0x01;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({ hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }), hashedMessage: new asn1js.OctetString({ valueHex: digest }) }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  /** @type {ArrayBuffer} */
  let body;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/timestamp-query', Accept: 'application/timestamp-reply' },
      body: Buffer.from(request.toSchema().toBER(false)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.arrayBuffer();
  } catch (err) {
    throw new PdfFailure('TIMEOUT', 'The timestamp authority did not answer; the document was not sealed. Try again.', {
      message: 'timestamp authority: no answer',
      fields: { url, error: String(err) },
    });
  }
  try {
    const reply = pkijs.TimeStampResp.fromBER(body);
    const status = reply.status.status;
    if ((status !== 0 && status !== 1) || !reply.timeStampToken) throw new Error(`status ${status}`);
    const signed = new pkijs.SignedData({ schema: reply.timeStampToken.content });
    // getValue(): the eContent may be a constructed (BER) OCTET STRING, as pkijs itself writes it.
    const tst = pkijs.TSTInfo.fromBER(new Uint8Array(/** @type {asn1js.OctetString} */ (signed.encapContentInfo.eContent).getValue()));
    if (!Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).equals(Buffer.from(digest))) throw new Error('the token is for another digest');
    if (!tst.nonce || !Buffer.from(tst.nonce.valueBlock.valueHexView).equals(nonce)) throw new Error('the token carries another nonce');
    return /** @type {asn1js.Sequence} */ (reply.timeStampToken.toSchema());
  } catch (err) {
    throw new PdfFailure('INTERNAL_SERVER_ERROR', 'The timestamp authority answered with an unusable token', { message: 'timestamp authority: unusable reply', fields: { url, error: String(err) } });
  }
}
