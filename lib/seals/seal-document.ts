/**
 * sealDocument: the heart of the product, in steps that batch sealing, the PDF tools and the
 * seal log call too: checkSealable (the document and the credential), renderSealedPdf (bytes in,
 * bytes out: stamp, footer, code, optional PAdES signature), the blob stored, then one
 * transaction that checks the locked document again, records the Seal, appends the sealed
 * DocumentVersion (appendVersion) and runs the writes that belong with a seal
 * (recordSealWrites, plus the caller's `alsoInTransaction`). Any failure leaves no seal, no
 * version and no blob of its own.
 */
import { Readable } from 'node:stream';
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { appendVersion, lockDocument } from '../documents/append-version.ts';
import { recordDocumentEvent } from '../documents/events.ts';
import { AppError } from '../errors.ts';
import { allInOrder } from '../in-order.ts';
import { logger } from '../log.ts';
import type { Actor } from '../orgs/actor.ts';
import { blobStore } from '../storage/index.ts';
import type { BlobStore } from '../storage/index.ts';
import { loadSigner } from './certificates.ts';
import { checkSealable, checkSealableDocument } from './check-sealable.ts';
import { newVerificationCode, verificationUrl } from './code.ts';
import { renderSealedPdf } from './render-sealed-pdf.ts';
import type { SealPlacement } from './render-sealed-pdf.ts';
import { SEAL_DEFAULTS, SEAL_SIZE_RANGE } from './seal-defaults.ts';
import { SEAL_SELECT } from './seal-select.ts';
import { signatureValidationData } from './validation-data.ts';
import { appendSealToLog } from '../transparency/seal-log.ts';
import type { SealLogFacts } from '../transparency/entry.ts';

const SEAL_ROW = { select: SEAL_SELECT };

export type PageMode = 'FIRST' | 'LAST' | 'ALL';
export type FooterPosition = 'BELOW_STAMP' | 'BOTTOM_LEFT' | 'BOTTOM_RIGHT' | 'TOP_LEFT' | 'TOP_RIGHT';

export interface SealDocumentInput {
  documentId: string;
  credentialId: string;
  signingCertificateId?: string | null;
  pageMode?: PageMode | null;
  page?: number | null;
  positionX?: number | null;
  positionY?: number | null;
  size?: number | null;
  /** Where the verification line and its QR code go: BELOW_STAMP (the default) or a corner of the page. */
  footerPosition?: FooterPosition | null;
}

export { SEAL_DEFAULTS, SEAL_SIZE_RANGE };
/** The largest PDF sealed in one request (the upload limit). */
const MAX_SEAL_BYTES = 16 * 1024 * 1024;

/** Hooks a test uses to force a failure at a given step (atomicity). */
export interface SealFaults {
  afterBlobStored?: () => void | Promise<void>;
  beforeCommit?: () => void | Promise<void>;
}

function fraction(value: number | null | undefined, fallback: number, what: string): number {
  if (value === null || value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new AppError('BAD_USER_INPUT', `${what} must be between 0 and 1 (a fraction of the page from its top-left corner); got ${value}`);
  return value;
}

/** The placement asked, checked, with the 0-based pages to stamp. */
export function placementOf(input: SealDocumentInput, pageCount: number): SealPlacement {
  const positionX = fraction(input.positionX, SEAL_DEFAULTS.positionX, 'positionX');
  const positionY = fraction(input.positionY, SEAL_DEFAULTS.positionY, 'positionY');
  const size = input.size ?? SEAL_DEFAULTS.size;
  if (!Number.isFinite(size) || size < SEAL_SIZE_RANGE[0] || size > SEAL_SIZE_RANGE[1]) {
    throw new AppError('BAD_USER_INPUT', `size is the stamp's diameter in PDF points, from ${SEAL_SIZE_RANGE[0]} to ${SEAL_SIZE_RANGE[1]}; got ${size}`);
  }
  let pages: number[];
  if (input.page !== null && input.page !== undefined) {
    if (!Number.isInteger(input.page) || input.page < 1 || input.page > pageCount)
      throw new AppError('BAD_USER_INPUT', `page must be from 1 to ${pageCount} (the document's pages); got ${input.page}`);
    pages = [input.page - 1];
  } else {
    const mode = input.pageMode ?? 'FIRST';
    pages = mode === 'ALL' ? Array.from({ length: pageCount }, (_, i) => i) : mode === 'LAST' ? [pageCount - 1] : [0];
  }
  return { pages, positionX, positionY, size, footerPosition: input.footerPosition ?? 'BELOW_STAMP' };
}

/** What a seal's transaction has written when its further writes run: they commit or roll back with it. */
export interface SealWritten {
  sealId: string;
  versionId: string;
  documentId: string;
  documentHash: string;
  sealedAt: Date;
  actor: Actor;
}

/** A write that belongs with a seal (a seal-log entry, a batch item's outcome): it runs inside the seal's transaction. */
export type SealTransactionStep = (tx: Prisma.TransactionClient, written: SealWritten) => Promise<void>;

/**
 * The writes every seal makes beside its Seal and DocumentVersion rows, in its transaction:
 * the place for what must commit or roll back with a seal. The seal log's entry goes here, so
 * a seal and its entry exist together or not at all, single or batch.
 */
async function recordSealWrites(tx: Prisma.TransactionClient, written: SealWritten, signing: { certificateId: string } | null, logged: Omit<SealLogFacts, 'documentHash' | 'sealedAt'>): Promise<void> {
  if (signing) await tx.signingCertificate.update({ where: { id: signing.certificateId }, data: { lastUsedAt: written.sealedAt }, select: { id: true } });
  await appendSealToLog(tx, { ...logged, documentHash: written.documentHash, sealedAt: written.sealedAt });
  await recordDocumentEvent(tx, {
    documentId: written.documentId,
    organizationId: written.actor.organizationId,
    type: 'SEALED',
    actor: written.actor,
    details: { verificationCode: logged.code, holder: logged.holderName, licenseNumber: logged.licenseNumber, pkiSigned: signing !== null, fileHash: written.documentHash },
    at: written.sealedAt,
  });
}

/**
 * Seal the current version of a document with one of the caller's credentials (and
 * certificate). `alsoInTransaction` steps run, in order, inside the seal's transaction after its
 * own writes: a failing one rolls the whole seal back.
 */
export async function sealDocument<Q extends Prisma.SealDefaultArgs = typeof SEAL_ROW>({
  actor,
  input,
  query,
  now = new Date(),
  store = blobStore(),
  faults = {},
  alsoInTransaction = [],
}: {
  actor: Actor;
  input: SealDocumentInput;
  /** How the caller selects the seal (Pothos's query); SEAL_SELECT without one. */
  query?: Q;
  now?: Date;
  store?: BlobStore;
  faults?: SealFaults;
  alsoInTransaction?: SealTransactionStep[];
}) {
  const { document, credential } = await checkSealable({ actor, documentId: input.documentId, credentialId: input.credentialId, now });
  const version = document.currentVersion;
  // Who sealed, as sure as we are of it now: recorded on the seal and never changed.
  const identityAssurance = credential.user.identityAssurance;
  // The certificate and the file at once; a refusal of the certificate is what the caller hears.
  const [signing, original] = await allInOrder([input.signingCertificateId ? loadSigner({ actor, id: input.signingCertificateId, now }) : null, store.read(version.fileHash)]);
  if (!original) throw new Error(`The blob of version ${version.id} is missing`);
  const pageCount = version.pageCount ?? 1;
  const placement = placementOf(input, pageCount);
  const code = newVerificationCode();
  const url = verificationUrl(code);
  const snapshot = { holderName: credential.displayName, licenseType: credential.licenseType, licenseNumber: credential.licenseNumber, regionCode: credential.regionCode };
  // B-LT: the chain and the service CA's CRL go into the sealed PDF's DSS.
  const validation = signing ? await signatureValidationData(signing.signer.chainDer, now) : null;
  const sealed = await renderSealedPdf({ original, credential, placement, verificationCode: code, verificationUrl: url, sealedAt: now, signer: signing?.signer, validation, documentId: document.id });
  if (sealed.byteLength > MAX_SEAL_BYTES * 2) throw new AppError('PAYLOAD_TOO_LARGE', 'The sealed PDF would be too large');

  // Stored under its SHA-256, which the store computes as it writes: the seal's documentHash.
  const put = await store.put(Readable.from([Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength)]), { maxBytes: MAX_SEAL_BYTES * 2 });
  const documentHash = put.hash;
  try {
    await faults.afterBlobStored?.();
    return await db().$transaction(async (tx) => {
      // Locked, so of two seals at once the second sees the first, and a version uploaded meanwhile is seen.
      await lockDocument(tx, document.id);
      await checkSealableDocument(tx, { actor, documentId: document.id, versionId: version.id });
      const seal = await tx.seal.create({
        data: {
          organizationId: actor.organizationId,
          documentId: document.id,
          credentialId: credential.id,
          signingCertificateId: signing?.certificate.id ?? null,
          createdById: actor.userId,
          verificationCode: code,
          documentHash,
          sealedAt: now,
          pkiSigned: Boolean(signing),
          documentName: document.name,
          ...snapshot,
          licenseExpiresOn: credential.expirationDate,
          identityAssurance,
          signerName: signing?.signerName ?? null,
          issuerName: signing?.issuerName ?? null,
          pages: placement.pages.map((p) => p + 1),
          positionX: placement.positionX,
          positionY: placement.positionY,
          size: placement.size,
          footerPosition: placement.footerPosition,
        },
        select: { id: true },
      });
      const sealedVersion = await appendVersion(tx, {
        documentId: document.id,
        createdById: actor.userId,
        file: { fileHash: documentHash, size: put.size, encrypted: false, pageCount },
        notes: `Sealed by ${credential.displayName} (verification code ${code})`,
        sealId: seal.id,
      });
      const written: SealWritten = { sealId: seal.id, versionId: sealedVersion.id, documentId: document.id, documentHash, sealedAt: now, actor };
      await recordSealWrites(tx, written, signing ? { certificateId: signing.certificate.id } : null, { code, ...snapshot, signingCertificateSha256: signing?.certificate.fingerprintSha256 ?? null });
      for (const step of alsoInTransaction) await step(tx, written);
      await faults.beforeCommit?.();
      return tx.seal.findUniqueOrThrow({ ...((query ?? SEAL_ROW) as Q), where: { id: seal.id } });
    });
  } catch (err) {
    // The blob is this seal's own (its bytes hold a fresh random code): remove it unless something refers to it.
    if (put.created) {
      const used = await db().documentVersion.count({ where: { fileHash: documentHash } });
      if (used === 0) await store.delete(documentHash).catch((e: unknown) => logger.error('seal: could not remove the blob of a failed seal', { hash: documentHash, error: String(e) }));
    }
    throw err;
  }
}
