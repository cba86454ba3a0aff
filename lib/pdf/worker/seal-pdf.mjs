// @ts-check
import { EncryptedPDFError } from 'pdf-lib';
import { addDss } from './add-dss.mjs';
import { saveIncremental, snapshotObjects } from './append-incremental.mjs';
import { loadListingActiveContent } from './inspect-pdf.mjs';
import { PdfFailure } from './pdf-failure.mjs';
import { placeSeals, setVerificationCode } from './place-seal.mjs';
import { addSignatureField, fillSignature, hasSignatures, isCertified } from './sign-pdf.mjs';
/** @typedef {import('./sign-cms.mjs').CmsSigner} CmsSigner */

/**
 * @typedef {object} SealPdfOptions
 * @property {Uint8Array} stampPdf The credential's stamp, a one-page vector PDF.
 * @property {number[]} pages 0-based page indexes to stamp.
 * @property {number} positionX
 * @property {number} positionY
 * @property {number} size
 * @property {string} footer
 * @property {import('./place-seal.mjs').FooterPosition} [footerPosition] BELOW_STAMP when omitted.
 * @property {import('./seal-layout.mjs').SealMarks | null} [marks] The signature and date lines the board's rule asks for.
 * @property {string} verificationCode
 * @property {string} verificationUrl
 * @property {Date} sealedAt
 * @property {{ signer: CmsSigner; signerName: string; reason: string; location?: string; tsaUrl?: string; tsaTimeoutMs?: number; validation?: { crls: Uint8Array[] } }} [signature]
 *   With `validation`, the signature is made B-LT: the signer's chain, these CRLs and the timestamp
 *   authority's chain go into the document's DSS, in an incremental update after the signed bytes.
 */

/**
 * "a, b and c".
 * @param {string[]} words
 */
function listed(words) {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * The sealed PDF's bytes: stamp and footer on the chosen pages, the code in the document
 * information, and, with a signer, a PAdES signature over the whole file. A file nobody signed
 * is rewritten, and the seal certifies it (DocMDP P=2). A file someone already signed (a
 * colleague's seal) keeps its bytes: the seal is an incremental update after them, with an
 * approval signature, so the earlier signature stays valid for its revision. Refused
 * (PdfFailure BAD_USER_INPUT): a certified file, which allows no new page content; a file that
 * would run or launch something (JavaScript, a launch action, an embedded program: a seal
 * vouches for what the document shows, and such content can change what it shows or do more),
 * named in words; a file that cannot be read within the upload's limits. The file is parsed
 * once, for that check and the seal alike. Pure: no database, no storage. Runs in a pool
 * thread (lib/pdf/seal-pdf.ts sends it there), which runs one task at a time: pdf-lib is never
 * asked to yield between objects there (by default its save waits a timer tick every 50
 * objects, and its load every 100, which on a busy machine cost a seal more than the writing).
 * @param {Uint8Array} original
 * @param {SealPdfOptions} options
 * @returns {Promise<Uint8Array>}
 */
export async function sealPdf(original, options) {
  const read = await loadListingActiveContent(original);
  if (!read.ok) throw new PdfFailure('BAD_USER_INPUT', `The PDF is not readable: ${read.message}`);
  if (read.activeContent.length > 0) {
    throw new PdfFailure('BAD_USER_INPUT', `The PDF cannot be sealed: it contains ${listed(read.activeContent)}. Remove it (for example print to PDF) and upload it again`);
  }
  const doc = read.pdf;
  // Read as an inspection reads (encryption ignored, to list what it holds); an encrypted file is not rewritten.
  if (doc.isEncrypted) throw new EncryptedPDFError();
  const signed = hasSignatures(doc, original);
  if (signed && isCertified(doc)) {
    throw new PdfFailure('BAD_USER_INPUT', 'The PDF is certified against changes by an earlier signature: a seal would add page content, which that certification forbids');
  }
  const snapshot = signed ? snapshotObjects(doc, original) : null;
  const stampRect = await placeSeals(doc, options.stampPdf, options);
  setVerificationCode(doc, options.verificationCode);
  doc.setModificationDate(options.sealedAt);
  if (options.signature) {
    const s = options.signature;
    addSignatureField(doc, {
      page: doc.getPage(options.pages[0]),
      rect: stampRect,
      certify: !signed,
      fieldName: `Seal ${options.verificationCode}`,
      signerName: s.signerName,
      reason: s.reason,
      location: s.location,
      signingTime: options.sealedAt,
    });
  }
  // No object streams: the code, the signature placeholder and the xref stay readable as plain bytes.
  const saved = snapshot ? await saveIncremental(original, doc, snapshot) : await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false, objectsPerTick: Infinity });
  if (!options.signature) return saved;
  const s = options.signature;
  const signedBytes = await fillSignature(saved, s.signer, { tsaUrl: s.tsaUrl, tsaTimeoutMs: s.tsaTimeoutMs });
  if (!s.validation) return signedBytes;
  return addDss(signedBytes, { certs: s.signer.chainDer, crls: s.validation.crls }, options.sealedAt);
}
