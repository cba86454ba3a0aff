import { PDFDocument } from 'pdf-lib';
import { AppError } from '../../errors.ts';
import type { CmsSigner } from './cms.ts';
import { placeSeals, setVerificationCode } from './place-seal.ts';
import { addSignatureField, fillSignature, hasSignatures } from './signature.ts';

export interface SealPdfOptions {
  /** The credential's stamp, a one-page vector PDF. */
  stampPdf: Uint8Array;
  /** 0-based page indexes to stamp. */
  pages: number[];
  positionX: number;
  positionY: number;
  size: number;
  footer: string;
  verificationCode: string;
  verificationUrl: string;
  sealedAt: Date;
  signature?: { signer: CmsSigner; signerName: string; reason: string; location?: string; tsaUrl?: string; tsaTimeoutMs?: number };
}

/**
 * The sealed PDF's bytes: stamp and footer on the chosen pages, the code in the document
 * information, and, with a signer, a PAdES signature over the whole file (a certification
 * signature with DocMDP P=2 when the file had none). Pure: no database, no storage.
 */
export async function sealPdf(original: Uint8Array, options: SealPdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  // pdf-lib rewrites the whole file, which would break a signature already in it; keeping one
  // valid needs an incremental update, which is not built yet.
  if (hasSignatures(doc)) throw new AppError('BAD_USER_INPUT', 'The PDF already carries a digital signature, which sealing would invalidate: seal the unsigned original');
  const stampRect = await placeSeals(doc, options.stampPdf, options);
  setVerificationCode(doc, options.verificationCode);
  doc.setModificationDate(options.sealedAt);
  if (options.signature) {
    const s = options.signature;
    addSignatureField(doc, {
      page: doc.getPage(options.pages[0]),
      rect: stampRect,
      certify: true,
      fieldName: `Seal ${options.verificationCode}`,
      signerName: s.signerName,
      reason: s.reason,
      location: s.location,
      signingTime: options.sealedAt,
    });
  }
  // No object streams: the code, the signature placeholder and the xref stay readable as plain bytes.
  const saved = await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  if (!options.signature) return saved;
  return fillSignature(saved, options.signature.signer, { tsaUrl: options.signature.tsaUrl, tsaTimeoutMs: options.signature.tsaTimeoutMs });
}
