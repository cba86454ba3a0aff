// @ts-check
/**
 * The signatures of a PDF (pdfSignatures, and pdfValidate's ByteRange check): every signature
 * field of the AcroForm with a value, its signer's common name from the CMS, its signing time
 * (the timestamp token's, else the CMS signing-time, else the dictionary's /M), and its
 * /SubFilter. Read only: nothing here verifies a signature's cryptography (pdfsig does).
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import { isoDate } from './facts.mjs';
/** @typedef {import('pdf-lib').PDFDocument} PDFDocument */

const OID = {
  commonName: '2.5.4.3',
  signingTime: '1.2.840.113549.1.9.5',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
};

/** The most fields walked: a form's tree is visited once per node, never more than this. */
const MAX_FIELDS = 10_000;

/**
 * @typedef {object} SignatureFound
 * @property {string} fieldName
 * @property {PDFDict} dict The signature dictionary (/V).
 */

/**
 * The signature fields of the form that hold a value, each field visited once.
 * @param {PDFDocument} pdf
 * @returns {SignatureFound[]}
 */
export function signatureDictionaries(pdf) {
  const acroForm = pdf.catalog.lookup(PDFName.of('AcroForm'));
  if (!(acroForm instanceof PDFDict)) return [];
  const fields = acroForm.lookup(PDFName.of('Fields'));
  if (!(fields instanceof PDFArray)) return [];
  /** @type {SignatureFound[]} */
  const found = [];
  const seen = new Set();
  /** @type {Array<{ node: unknown; name: string; type: PDFName | undefined }>} */
  const stack = [];
  for (let i = fields.size() - 1; i >= 0; i--) stack.push({ node: fields.lookup(i), name: '', type: undefined });
  while (stack.length > 0 && seen.size < MAX_FIELDS) {
    const { node, name: parentName, type: parentType } = /** @type {{ node: unknown; name: string; type: PDFName | undefined }} */ (stack.pop());
    if (!(node instanceof PDFDict) || seen.has(node)) continue;
    seen.add(node);
    const partial = node.lookup(PDFName.of('T'));
    const partialName = partial instanceof PDFString || partial instanceof PDFHexString ? partial.decodeText() : '';
    const name = partialName ? (parentName ? `${parentName}.${partialName}` : partialName) : parentName;
    const ownType = node.lookup(PDFName.of('FT'));
    const type = ownType instanceof PDFName ? ownType : parentType;
    const value = node.lookup(PDFName.of('V'));
    if (type === PDFName.of('Sig') && value instanceof PDFDict) found.push({ fieldName: name, dict: value });
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) for (let i = kids.size() - 1; i >= 0; i--) stack.push({ node: kids.lookup(i), name, type });
  }
  return found;
}

/**
 * The common name of a certificate's subject, or null.
 * @param {pkijs.Certificate} cert
 */
function commonName(cert) {
  const cn = cert.subject.typesAndValues.find((tv) => tv.type === OID.commonName);
  const value = cn?.value?.valueBlock?.value;
  return typeof value === 'string' ? value : null;
}

/**
 * The certificate a SignerInfo names (by issuer and serial, or by subject key identifier).
 * @param {pkijs.SignedData} signed
 * @param {pkijs.SignerInfo} signer
 */
function signerCertificate(signed, signer) {
  const certs = (signed.certificates ?? []).filter((c) => c instanceof pkijs.Certificate);
  const sid = signer.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    const serial = Buffer.from(sid.serialNumber.valueBlock.valueHexView).toString('hex');
    return certs.find((c) => Buffer.from(c.serialNumber.valueBlock.valueHexView).toString('hex') === serial && c.issuer.isEqual(sid.issuer)) ?? null;
  }
  const keyId = sid?.valueBlock?.valueHexView ? Buffer.from(sid.valueBlock.valueHexView).toString('hex') : null;
  if (keyId) {
    return (
      certs.find((c) => {
        const ext = c.extensions?.find((e) => e.extnID === '2.5.29.14');
        const parsed = ext?.parsedValue;
        return parsed?.valueBlock?.valueHexView && Buffer.from(parsed.valueBlock.valueHexView).toString('hex') === keyId;
      }) ?? null
    );
  }
  return certs[0] ?? null;
}

/**
 * SignedData from DER bytes (a signature's /Contents, zero-padded, or a timestamp token).
 * @param {Uint8Array} der
 */
function signedDataOf(der) {
  const asn = asn1js.fromBER(der);
  if (asn.offset === -1) return null;
  const info = new pkijs.ContentInfo({ schema: asn.result });
  if (info.contentType !== '1.2.840.113549.1.7.2') return null;
  return new pkijs.SignedData({ schema: info.content });
}

/**
 * The genTime of a timestamp token (SignedData over TSTInfo).
 * @param {pkijs.SignedData} token
 */
function timestampTime(token) {
  const content = token.encapContentInfo?.eContent;
  if (!content) return null;
  const tst = new pkijs.TSTInfo({ schema: asn1js.fromBER(content.getValue()).result });
  return tst.genTime ?? null;
}

/**
 * The signer's name and signing time a signature's CMS tells; nulls where it tells nothing.
 * @param {Uint8Array} contents
 * @param {boolean} isDocumentTimestamp /SubFilter ETSI.RFC3161: the contents are a timestamp token.
 * @returns {{ signerName: string | null; signingTime: Date | null }}
 */
function readCms(contents, isDocumentTimestamp) {
  try {
    const signed = signedDataOf(contents);
    const signer = signed?.signerInfos[0];
    if (!signed || !signer) return { signerName: null, signingTime: null };
    const cert = signerCertificate(signed, signer);
    const signerName = cert ? commonName(cert) : null;
    if (isDocumentTimestamp) return { signerName, signingTime: timestampTime(signed) };
    const tokenAttr = signer.unsignedAttrs?.attributes.find((a) => a.type === OID.signatureTimeStampToken);
    if (tokenAttr?.values[0]) {
      const token = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: tokenAttr.values[0] }).content });
      const time = timestampTime(token);
      if (time) return { signerName, signingTime: time };
    }
    const timeAttr = signer.signedAttrs?.attributes.find((a) => a.type === OID.signingTime);
    const value = timeAttr?.values[0];
    const signingTime = value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime ? value.toDate() : null;
    return { signerName, signingTime };
  } catch {
    return { signerName: null, signingTime: null };
  }
}

/**
 * A signature dictionary's /ByteRange as four numbers, or null.
 * @param {PDFDict} dict
 */
export function byteRangeOf(dict) {
  const range = dict.lookup(PDFName.of('ByteRange'));
  if (!(range instanceof PDFArray) || range.size() !== 4) return null;
  const n = [0, 1, 2, 3].map((i) => {
    const v = range.lookup(i);
    return v instanceof PDFNumber ? v.asNumber() : NaN;
  });
  return n.every((v) => Number.isInteger(v) && v >= 0) ? n : null;
}

/**
 * pdfSignatures: each signature's signer, signing time (ISO 8601) and /SubFilter.
 * @param {PDFDocument} pdf
 */
export function pdfSignatures(pdf) {
  const signatures = signatureDictionaries(pdf).map(({ dict }) => {
    const subFilter = dict.lookup(PDFName.of('SubFilter'));
    const signatureType = subFilter instanceof PDFName ? subFilter.decodeText() : null;
    const contents = dict.lookup(PDFName.of('Contents'));
    const bytes = contents instanceof PDFHexString ? contents.asBytes() : contents instanceof PDFString ? contents.asBytes() : null;
    const cms = bytes && !pdf.isEncrypted ? readCms(bytes, signatureType === 'ETSI.RFC3161') : { signerName: null, signingTime: null };
    const nameEntry = dict.lookup(PDFName.of('Name'));
    const m = dict.lookup(PDFName.of('M'));
    const fallbackName = !pdf.isEncrypted && (nameEntry instanceof PDFString || nameEntry instanceof PDFHexString) ? nameEntry.decodeText() : null;
    const fallbackTime = !pdf.isEncrypted && (m instanceof PDFString || m instanceof PDFHexString) ? isoDate(m.decodeText()) : null;
    return {
      signerName: cms.signerName ?? fallbackName,
      signingDate: cms.signingTime ? cms.signingTime.toISOString() : fallbackTime,
      signatureType,
    };
  });
  return { isSigned: signatures.length > 0, signatureCount: signatures.length, signatures };
}
