/**
 * renderSealedPdf: the sealed PDF's bytes from the original's, and nothing else: no database,
 * no storage. The credential's stamp on the chosen pages, the footer with the verification URL
 * and its QR code, the signature and date lines its board's rule asks for (board-rules.json),
 * the code in the document information, and with a signer a PAdES signature.
 * What sealDocument, batch sealing and the PDF tools call. The PDF work runs on the PDF pool
 * (lib/pdf/seal-pdf.ts); the stamp is the credential's, rendered once and kept.
 */
import { credentialStampPdf } from '../credentials/credential-stamp.ts';
import type { CredentialFacts } from '../credentials/credential-stamp.ts';
import { env } from '../env.ts';
import { AppError } from '../errors.ts';
import { logger } from '../log.ts';
import { getProfession } from '../stamps/professions.ts';
import { sealingMarks } from '../stamps/board-rules.ts';
import { sealPdf } from '../pdf/seal-pdf.ts';
import { footerText } from './footer-text.ts';
import type { FooterPosition } from '../pdf/seal-pdf.ts';
import type { CmsSigner } from '../pdf/seal-pdf.ts';

/** The placement of a seal: 0-based pages, the stamp's centre as fractions of the seen page from its top-left corner, its diameter in points. */
export interface SealPlacement {
  pages: number[];
  positionX: number;
  positionY: number;
  size: number;
  /** Where the verification line and its QR code go (BELOW_STAMP: under the stamp). */
  footerPosition: FooterPosition;
}

export { footerText };

export interface RenderSealedPdfInput {
  original: Uint8Array;
  /** The credential sealing: its stamp and the words of the footer and the signature. */
  credential: CredentialFacts;
  placement: SealPlacement;
  verificationCode: string;
  verificationUrl: string;
  sealedAt: Date;
  /** A signing certificate's key and chain: the seal is then also a PAdES signature. */
  signer?: CmsSigner | null;
  /** With a signer: the revocation data that makes the signature B-LT (signatureValidationData); without it, B-B/B-T only. */
  validation?: { crls: Uint8Array[] } | null;
  /** For the log when the PDF cannot be rewritten. */
  documentId?: string;
}

/**
 * The sealed bytes. A PDF that cannot be rewritten is BAD_USER_INPUT in words; a PDF certified
 * against changes is BAD_USER_INPUT; a timestamp authority that does not answer is TIMEOUT.
 */
export async function renderSealedPdf({ original, credential, placement, verificationCode, verificationUrl, sealedAt, signer, validation, documentId }: RenderSealedPdfInput): Promise<Uint8Array> {
  const profession = getProfession(credential.licenseType)?.name ?? credential.licenseType;
  const marks = sealingMarks(credential.regionCode, credential.licenseType, getProfession(credential.licenseType)?.base);
  const footer = footerText({
    holderName: credential.displayName,
    licenseType: credential.licenseType,
    licenseNumber: credential.licenseNumber,
    regionCode: credential.regionCode,
    sealedAt,
    url: verificationUrl,
  });
  try {
    return await sealPdf(original, {
      stampPdf: await credentialStampPdf(credential),
      ...placement,
      footer,
      // The board's signature and date lines: the digital signer's name over the line when the seal is signed, else a line to sign on.
      marks: { signature: marks.signature, signedBy: marks.signature && signer ? credential.displayName : null, date: marks.date ? sealedAt.toISOString().slice(0, 10) : null },
      verificationCode,
      verificationUrl,
      sealedAt,
      signature: signer
        ? {
            signer,
            signerName: credential.displayName,
            reason: `Sealed by ${credential.displayName}, ${profession} ${credential.licenseNumber} (${credential.regionCode}); verification code ${verificationCode}`,
            location: credential.regionCode,
            tsaUrl: env().TSA_URL,
            tsaTimeoutMs: env().TSA_TIMEOUT_MS,
            validation: validation ?? undefined,
          }
        : undefined,
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    logger.error('seal: the PDF could not be sealed', { documentId, error: String(err) });
    throw new AppError('BAD_USER_INPUT', 'The PDF could not be sealed: its structure could not be rewritten. Re-save it (for example "Print to PDF") and upload it again');
  }
}
