// @ts-check
/**
 * PAdES B-LT (ETSI EN 319 142-1 §5.4): after a signature is made, its validation data goes into
 * the document's Document Security Store, in an incremental update after the signed bytes:
 *   /DSS << /Certs [streams] /CRLs [streams] /OCSPs [streams] /VRI << /<SHA-1> << /Cert /CRL /OCSP /TU >> >> >>
 * each certificate, CRL or OCSP response a stream of its DER. The /VRI key is the uppercase hex
 * SHA-1 of the signature's /Contents string (its bytes as stored, zero padding included, as
 * pyHanko and the EU's DSS library compute it). The signed revision keeps every byte, so the
 * signature stays valid for it; a DSS is the one change a certification (DocMDP, any P) allows.
 */
import crypto from 'node:crypto';
import * as pkijs from 'pkijs';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { saveIncremental, snapshotObjects } from './append-incremental.mjs';
import { OID } from './sign-cms.mjs';

/**
 * Validation data to store: DER certificates (the signer's chain), CRLs and OCSP responses.
 * @typedef {{ certs: Uint8Array[]; crls: Uint8Array[]; ocsps?: Uint8Array[] }} ValidationData
 */

/**
 * The signature that covers the whole of `bytes` (the one just made): its /Contents bytes, as stored.
 * @param {Buffer} bytes
 * @returns {Buffer}
 */
export function lastSignatureContents(bytes) {
  const text = bytes.toString('latin1');
  for (const m of text.matchAll(/\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const [b, c, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (c + d === bytes.length && bytes[b] === 0x3c && bytes[c - 1] === 0x3e) return Buffer.from(text.slice(b + 1, c - 1), 'hex');
  }
  throw new Error('No signature covers the whole PDF');
}

/**
 * The certificates of a B-T signature's timestamp token (the timestamp authority's chain), DER; none without a token.
 * @param {Uint8Array} contents The signature's /Contents (DER CMS, padding after it ignored).
 * @returns {Uint8Array[]}
 */
export function timestampCertificates(contents) {
  const cms = pkijs.ContentInfo.fromBER(new Uint8Array(contents));
  const signedData = new pkijs.SignedData({ schema: cms.content });
  const token = signedData.signerInfos[0]?.unsignedAttrs?.attributes.find((a) => a.type === OID.signatureTimeStampToken)?.values[0];
  if (!token) return [];
  const tokenData = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: token }).content });
  return (tokenData.certificates ?? []).filter((c) => c instanceof pkijs.Certificate).map((c) => new Uint8Array(c.toSchema().toBER(false)));
}

/**
 * `signed` followed by an incremental update that adds the signature's validation data to the
 * DSS (merged into a DSS an earlier signer left), with a /VRI entry for the signature. The
 * timestamp authority's certificates are taken from the signature's own token.
 * @param {Uint8Array} signed A PDF whose last signature covers all of it.
 * @param {ValidationData} data
 * @param {Date} [now] The VRI's /TU.
 * @returns {Promise<Uint8Array>}
 */
export async function addDss(signed, data, now = new Date()) {
  const bytes = Buffer.from(signed.buffer, signed.byteOffset, signed.byteLength);
  const contents = lastSignatureContents(bytes);
  const vriKey = crypto.createHash('sha1').update(contents).digest('hex').toUpperCase();
  const doc = await PDFDocument.load(signed, { updateMetadata: false, parseSpeed: Infinity });
  const snapshot = snapshotObjects(doc, signed);
  const context = doc.context;

  let dss = doc.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
  if (!dss) {
    dss = context.obj({});
    doc.catalog.set(PDFName.of('DSS'), context.register(dss));
  }
  const dssDict = dss;
  /** @param {string} name */
  const arrayOf = (name) => {
    let array = dssDict.lookupMaybe(PDFName.of(name), PDFArray);
    if (!array) {
      array = context.obj([]);
      dssDict.set(PDFName.of(name), array);
    }
    return array;
  };
  /** Each DER once per file: the same certificate or CRL is one stream, named by every VRI that uses it. */
  const seen = new Set();
  /**
   * @param {string} name
   * @param {Uint8Array[]} items
   */
  const store = (name, items) => {
    const refs = [];
    const array = arrayOf(name);
    for (const der of items) {
      const id = crypto.createHash('sha256').update(der).digest('hex');
      if (seen.has(`${name}:${id}`)) continue;
      seen.add(`${name}:${id}`);
      const ref = context.register(context.flateStream(der));
      array.push(ref);
      refs.push(ref);
    }
    return refs;
  };
  const certs = store('Certs', [...data.certs, ...timestampCertificates(contents)]);
  const crls = store('CRLs', data.crls);
  const ocsps = data.ocsps?.length ? store('OCSPs', data.ocsps) : [];

  let vri = dssDict.lookupMaybe(PDFName.of('VRI'), PDFDict);
  if (!vri) {
    vri = context.obj({});
    dssDict.set(PDFName.of('VRI'), vri);
  }
  const entry = context.obj({ Cert: certs, CRL: crls, ...(ocsps.length ? { OCSP: ocsps } : {}), TU: PDFString.fromDate(now) });
  vri.set(PDFName.of(vriKey), context.register(entry));
  return saveIncremental(signed, doc, snapshot);
}
