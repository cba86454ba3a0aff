// @ts-check
/**
 * signPdf: a PAdES signature in a PDF written by pdf-lib: a signature dictionary with a placeholder is
 * added before the save, then the saved bytes get their ByteRange and the CMS written into
 * the placeholder (same length, so no offset moves and the whole file is signed).
 */
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import { signDetached } from './sign-cms.mjs';
/** @typedef {import('pdf-lib').PDFDocument} PDFDocument */
/** @typedef {import('pdf-lib').PDFPage} PDFPage */
/** @typedef {import('pdf-lib').PDFRef} PDFRef */
/** @typedef {import('./sign-cms.mjs').CmsSigner} CmsSigner */

/** Hex characters reserved for the CMS: 16 KiB, room for a chain of a few certificates and a B-T timestamp token. */
export const SIGNATURE_HEX_LENGTH = 32_768;
const BYTE_RANGE_MARK = '**********';

/**
 * @typedef {object} SignatureField
 * @property {PDFPage} page
 * @property {[number, number, number, number] | null} rect The widget's rectangle in the page's user space (the stamp), or none for an invisible field.
 * @property {boolean} certify The document's first seal: a certification signature with DocMDP P=2 (form filling and signatures only).
 * @property {string} fieldName
 * @property {string} signerName
 * @property {string} reason
 * @property {string} [location]
 * @property {Date} signingTime
 */

/**
 * Whether the PDF already has a signature (then a certification signature is not allowed, and
 * a seal is an incremental update that keeps the signed bytes). A field counts only when its
 * value is a signature dictionary whose /ByteRange could be one: [0 a b c] with a < b, ending
 * where a revision ends (at `%%EOF`, within the file), and a /Contents hex string filling
 * exactly the gap. A field with any other /V is not a signature: taking it for one would keep
 * the file's bytes and xref as they are, out of reach of the checks a rewrite passes through.
 * @param {PDFDocument} doc
 * @param {Uint8Array} [bytes] The file's bytes: the range is then checked against them too.
 * @returns {boolean}
 */
export function hasSignatures(doc, bytes) {
  const acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  const fields = acroForm?.lookupMaybe(PDFName.of('Fields'), PDFArray);
  if (!fields) return false;
  for (let i = 0; i < fields.size(); i++) {
    const field = fields.lookupMaybe(i, PDFDict);
    if (field?.get(PDFName.of('FT')) !== PDFName.of('Sig')) continue;
    const value = field.lookup(PDFName.of('V'));
    if (value instanceof PDFDict && isSignatureValue(value, bytes)) return true;
  }
  return false;
}

/**
 * @param {PDFDict} signature
 * @param {Uint8Array | undefined} bytes
 */
function isSignatureValue(signature, bytes) {
  const range = signature.lookup(PDFName.of('ByteRange'));
  const contents = signature.lookup(PDFName.of('Contents'));
  if (!(range instanceof PDFArray) || range.size() !== 4 || !(contents instanceof PDFHexString)) return false;
  const numbers = range.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : -1));
  if (numbers.some((n) => !Number.isSafeInteger(n) || n < 0)) return false;
  const [start, a, b, c] = numbers;
  // The gap holds the hex string with its angle brackets, and nothing else.
  if (start !== 0 || a >= b || contents.asString().length + 2 !== b - a) return false;
  if (!bytes) return true;
  const end = b + c;
  if (end > bytes.length || bytes[a] !== 0x3c || bytes[b - 1] !== 0x3e) return false;
  // A signature covers a whole revision: its range ends just after that revision's %%EOF.
  let last = end;
  while (last > 0 && (bytes[last - 1] === 0x0a || bytes[last - 1] === 0x0d) && end - last < 2) last--;
  return Buffer.from(bytes.buffer, bytes.byteOffset + Math.max(0, last - 5), Math.min(5, last)).toString('latin1') === '%%EOF';
}

/**
 * Whether a signature certifies the document (/Perms /DocMDP): then no page content may be added.
 * @param {PDFDocument} doc
 * @returns {boolean}
 */
export function isCertified(doc) {
  return Boolean(doc.catalog.lookupMaybe(PDFName.of('Perms'), PDFDict)?.get(PDFName.of('DocMDP')));
}

/**
 * Add a signature field and its placeholder value; returns the signature dictionary's reference.
 * @param {PDFDocument} doc
 * @param {SignatureField} field
 * @returns {PDFRef}
 */
export function addSignatureField(doc, field) {
  const context = doc.context;
  const mark = PDFName.of(BYTE_RANGE_MARK);
  const signature = context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: [PDFNumber.of(0), mark, mark, mark],
    Contents: PDFHexString.of('0'.repeat(SIGNATURE_HEX_LENGTH)),
    M: PDFString.fromDate(field.signingTime),
    Name: PDFHexString.fromText(field.signerName),
    Reason: PDFHexString.fromText(field.reason),
    ...(field.location ? { Location: PDFHexString.fromText(field.location) } : {}),
    Prop_Build: { App: { Name: PDFName.of('Sealwright') } },
  });
  // Every form field the document has is locked by this signature (FieldMDP, Action All): a
  // certification with P=2 still allows form filling, so an empty borderless field over a
  // drawing's notes could be filled after sealing, and the certification would read as intact
  // in a reader (an attacker's probe). Later signatures, in fields of their own, stay allowed.
  const fieldLock = { Type: 'SigRef', TransformMethod: 'FieldMDP', TransformParams: { Type: 'TransformParams', Action: 'All', V: PDFName.of('1.2') } };
  signature.set(
    PDFName.of('Reference'),
    context.obj(field.certify ? [{ Type: 'SigRef', TransformMethod: 'DocMDP', TransformParams: { Type: 'TransformParams', P: 2, V: PDFName.of('1.2') } }, fieldLock] : [fieldLock]),
  );
  const signatureRef = context.register(signature);
  const rect = field.rect ?? [0, 0, 0, 0];
  const widget = context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: rect,
    V: signatureRef,
    T: PDFHexString.fromText(field.fieldName),
    F: 4 | 128, // Print, Locked
    P: field.page.ref,
    Lock: { Type: 'SigFieldLock', Action: 'All' },
  });
  if (field.rect) {
    // An empty appearance: the stamp drawn on the page shows through; a click on it opens the signature.
    const appearance = context.formXObject([], { BBox: [0, 0, rect[2] - rect[0], rect[3] - rect[1]] });
    widget.set(PDFName.of('AP'), context.obj({ N: context.register(appearance) }));
  }
  const widgetRef = context.register(widget);
  field.page.node.addAnnot(widgetRef);

  let acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (!acroForm) {
    acroForm = context.obj({ Fields: [] });
    doc.catalog.set(PDFName.of('AcroForm'), context.register(acroForm));
  }
  let fields = acroForm.lookupMaybe(PDFName.of('Fields'), PDFArray);
  if (!fields) {
    fields = context.obj([]);
    acroForm.set(PDFName.of('Fields'), fields);
  }
  fields.push(widgetRef);
  acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(3)); // SignaturesExist, AppendOnly
  if (field.certify) doc.catalog.set(PDFName.of('Perms'), context.obj({ DocMDP: signatureRef }));
  return signatureRef;
}

/**
 * Fill the placeholder of saved bytes: ByteRange over everything but the Contents, then the CMS into Contents.
 * @param {Uint8Array} bytes
 * @param {CmsSigner} signer
 * @param {{ tsaUrl?: string; tsaTimeoutMs?: number }} [options]
 * @returns {Promise<Uint8Array>}
 */
export async function fillSignature(bytes, signer, options = {}) {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = pdf.toString('latin1');
  const contentsMark = `<${'0'.repeat(SIGNATURE_HEX_LENGTH)}>`;
  const start = text.lastIndexOf(contentsMark);
  const rangeMatch = /\/ByteRange\s*\[\s*0\s+\/\*{10}\s+\/\*{10}\s+\/\*{10}\s*\]/g;
  /** @type {RegExpExecArray | null} */
  let range = null;
  for (let m = rangeMatch.exec(text); m; m = rangeMatch.exec(text)) range = m;
  if (start < 0 || !range) throw new Error('The PDF has no signature placeholder');
  const end = start + contentsMark.length;
  const byteRange = `/ByteRange [0 ${start} ${end} ${pdf.length - end}]`;
  if (byteRange.length > range[0].length) throw new Error('The ByteRange does not fit its placeholder');
  const out = Buffer.from(pdf);
  out.write(byteRange.padEnd(range[0].length, ' '), range.index, 'latin1');
  const cms = await signDetached([out.subarray(0, start), out.subarray(end)], signer, options);
  const hex = Buffer.from(cms).toString('hex');
  if (hex.length > SIGNATURE_HEX_LENGTH) throw new Error(`The signature (${hex.length / 2} bytes) does not fit its placeholder`);
  out.write(hex, start + 1, 'latin1');
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
