/** An RFC 3161 timestamp from a timestamp authority (TSA_URL), checked against what was asked. */
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { AppError } from '../errors.ts';
import { logger } from '../log.ts';

const SHA256 = '2.16.840.1.101.3.4.2.1';

/** A TimeStampToken (a ContentInfo) for a SHA-256 digest; TIMEOUT when the authority does not answer in time, INTERNAL otherwise. */
export async function requestTimestamp(url: string, digest: Uint8Array, timeoutMs = 10_000): Promise<asn1js.Sequence> {
  const nonce = crypto.randomBytes(8);
  nonce[0] = (nonce[0] & 0x7f) | 0x01;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({ hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }), hashedMessage: new asn1js.OctetString({ valueHex: digest }) }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  let body: ArrayBuffer;
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
    logger.error('timestamp authority: no answer', { url, error: String(err) });
    throw new AppError('TIMEOUT', 'The timestamp authority did not answer; the document was not sealed. Try again.');
  }
  try {
    const reply = pkijs.TimeStampResp.fromBER(body);
    const status = reply.status.status;
    if ((status !== 0 && status !== 1) || !reply.timeStampToken) throw new Error(`status ${status}`);
    const signed = new pkijs.SignedData({ schema: reply.timeStampToken.content });
    // getValue(): the eContent may be a constructed (BER) OCTET STRING, as pkijs itself writes it.
    const tst = pkijs.TSTInfo.fromBER(new Uint8Array(signed.encapContentInfo.eContent!.getValue()));
    if (!Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).equals(Buffer.from(digest))) throw new Error('the token is for another digest');
    if (!tst.nonce || !Buffer.from(tst.nonce.valueBlock.valueHexView).equals(nonce)) throw new Error('the token carries another nonce');
    return reply.timeStampToken.toSchema() as asn1js.Sequence;
  } catch (err) {
    logger.error('timestamp authority: unusable reply', { url, error: String(err) });
    throw new AppError('INTERNAL_SERVER_ERROR', 'The timestamp authority answered with an unusable token');
  }
}
