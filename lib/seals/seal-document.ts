/**
 * sealDocument: the heart of the product. The sealed PDF is made in memory first (stamp,
 * footer, code, optional PAdES signature), stored as a blob, then one transaction records the
 * Seal and the new DocumentVersion and makes it current. Any failure leaves no seal, no
 * version and no blob of its own.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { CREDENTIAL_FOR_SEALING } from '../credentials/credential-select.ts';
import { credentialStampPdf, sealRefusal } from '../credentials/credential-stamp.ts';
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { memberDocumentsWhere } from '../documents/access.ts';
import { assertNoActiveContent } from '../documents/active-content.ts';
import { env } from '../env.ts';
import { AppError } from '../errors.ts';
import { requireIdentityFor } from '../identity/assurance.ts';
import { logger } from '../log.ts';
import type { Actor } from '../orgs/actor.ts';
import { getProfession } from '../stamps/professions.ts';
import { blobStore } from '../storage/index.ts';
import type { BlobStore } from '../storage/index.ts';
import { loadSigner } from './certificates.ts';
import { newVerificationCode, verificationUrl } from './code.ts';
import { sealPdf } from './pdf/seal-pdf.ts';
import { SEAL_SELECT } from './seal-select.ts';
import type { SealRow } from './seal-select.ts';

export type PageMode = 'FIRST' | 'LAST' | 'ALL';

export interface SealDocumentInput {
  documentId: string;
  credentialId: string;
  signingCertificateId?: string | null;
  pageMode?: PageMode | null;
  page?: number | null;
  positionX?: number | null;
  positionY?: number | null;
  size?: number | null;
}

/** decisions.md defaults: bottom-right, 1.5 in. */
export const SEAL_DEFAULTS = { positionX: 0.85, positionY: 0.85, size: 108 } as const;
/** A stamp from half an inch to four inches across. */
export const SEAL_SIZE_RANGE = [36, 288] as const;
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
export function placementOf(input: SealDocumentInput, pageCount: number): { pages: number[]; positionX: number; positionY: number; size: number } {
  const positionX = fraction(input.positionX, SEAL_DEFAULTS.positionX, 'positionX');
  const positionY = fraction(input.positionY, SEAL_DEFAULTS.positionY, 'positionY');
  const size = input.size ?? SEAL_DEFAULTS.size;
  if (!Number.isFinite(size) || size < SEAL_SIZE_RANGE[0] || size > SEAL_SIZE_RANGE[1]) {
    throw new AppError('BAD_USER_INPUT', `size is the stamp's diameter in PDF points, from ${SEAL_SIZE_RANGE[0]} to ${SEAL_SIZE_RANGE[1]}; got ${size}`);
  }
  let pages: number[];
  if (input.page !== null && input.page !== undefined) {
    if (!Number.isInteger(input.page) || input.page < 1 || input.page > pageCount) throw new AppError('BAD_USER_INPUT', `page must be from 1 to ${pageCount} (the document's pages); got ${input.page}`);
    pages = [input.page - 1];
  } else {
    const mode = input.pageMode ?? 'FIRST';
    pages = mode === 'ALL' ? Array.from({ length: pageCount }, (_, i) => i) : mode === 'LAST' ? [pageCount - 1] : [0];
  }
  return { pages, positionX, positionY, size };
}

/** The footer line of decisions.md / the issue: who, which license, when, and where to verify. */
export function footerText(seal: { holderName: string; licenseType: string; licenseNumber: string; regionCode: string; sealedAt: Date; url: string }): string {
  const type = getProfession(seal.licenseType)?.name ?? seal.licenseType;
  return `Sealed by ${seal.holderName}, ${type} ${seal.licenseNumber} (${seal.regionCode}) on ${seal.sealedAt.toISOString().slice(0, 10)} \u00b7 verify at ${seal.url}`;
}

const DOCUMENT_FOR_SEAL = {
  id: true,
  name: true,
  archived: true,
  currentVersion: { select: { id: true, fileHash: true, encrypted: true, pageCount: true, sealId: true } },
} as const satisfies Prisma.DocumentSelect;

/** Seal the current version of a document with one of the caller's credentials (and certificate). */
export async function sealDocument({ actor, input, now = new Date(), store = blobStore(), faults = {} }: { actor: Actor; input: SealDocumentInput; now?: Date; store?: BlobStore; faults?: SealFaults }): Promise<SealRow> {
  const documentWhere = { AND: [{ id: input.documentId }, memberDocumentsWhere(actor)] } satisfies Prisma.DocumentWhereInput;
  const document = await db().document.findFirst({ where: documentWhere, select: DOCUMENT_FOR_SEAL });
  if (!document) throw new AppError('NOT_FOUND', 'Document not found');
  const version = document.currentVersion;
  if (version?.sealId) throw new AppError('DOCUMENT_SEALED', 'The document is already sealed: a sealed version never changes');
  if (document.archived) throw new AppError('BAD_USER_INPUT', 'The document is archived: unarchive it (updateDocument archived: false) before sealing');
  if (!version) throw new AppError('BAD_USER_INPUT', 'The document has no file to seal: upload a version first');
  if (version.encrypted) throw new AppError('BAD_USER_INPUT', 'The PDF is encrypted: upload a copy without a password to seal it');

  const credential = await db().credential.findFirst({
    where: { id: input.credentialId, organizationId: actor.organizationId },
    select: CREDENTIAL_FOR_SEALING,
  });
  if (!credential) throw new AppError('NOT_FOUND', 'Credential not found');
  // State rules: the seal is under the licensee's sole control.
  if (credential.userId !== actor.userId) throw new AppError('FORBIDDEN', 'Only the holder of a credential seals with it');
  const refusal = sealRefusal(credential, credential.organization, now);
  if (refusal) throw new AppError('CREDENTIAL_CANNOT_SEAL', refusal);
  // Who sealed, as sure as we are of it now: recorded on the seal and never changed.
  const identityAssurance = credential.user.identityAssurance;
  requireIdentityFor('seal', identityAssurance, credential.organization);
  const signing = input.signingCertificateId ? await loadSigner({ actor, id: input.signingCertificateId, now }) : null;

  const original = await store.read(version.fileHash);
  if (!original) throw new Error(`The blob of version ${version.id} is missing`);
  await assertNoActiveContent(original);
  const pageCount = version.pageCount ?? 1;
  const placement = placementOf(input, pageCount);
  const code = newVerificationCode();
  const url = verificationUrl(code);
  const snapshot = { holderName: credential.displayName, licenseType: credential.licenseType, licenseNumber: credential.licenseNumber, regionCode: credential.regionCode };
  const profession = getProfession(credential.licenseType)?.name ?? credential.licenseType;
  let sealed: Uint8Array;
  try {
    sealed = await sealPdf(original, {
      stampPdf: await credentialStampPdf(credential),
      ...placement,
      footer: footerText({ ...snapshot, sealedAt: now, url }),
      verificationCode: code,
      verificationUrl: url,
      sealedAt: now,
      signature: signing
        ? {
            signer: signing.signer,
            signerName: credential.displayName,
            reason: `Sealed by ${credential.displayName}, ${profession} ${credential.licenseNumber} (${credential.regionCode}); verification code ${code}`,
            location: credential.regionCode,
            tsaUrl: env().TSA_URL,
            tsaTimeoutMs: env().TSA_TIMEOUT_MS,
          }
        : undefined,
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    logger.error('seal: the PDF could not be sealed', { documentId: document.id, error: String(err) });
    throw new AppError('BAD_USER_INPUT', 'The PDF could not be sealed: its structure could not be rewritten. Re-save it (for example "Print to PDF") and upload it again');
  }
  if (sealed.byteLength > MAX_SEAL_BYTES * 2) throw new AppError('PAYLOAD_TOO_LARGE', 'The sealed PDF would be too large');
  const documentHash = crypto.createHash('sha256').update(sealed).digest('hex');

  const put = await store.put(Readable.from([Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength)]), { maxBytes: MAX_SEAL_BYTES * 2 });
  try {
    await faults.afterBlobStored?.();
    return await db().$transaction(async (tx) => {
      // Locked, so of two seals at once the second sees the first, and a version uploaded meanwhile is seen.
      await tx.$queryRaw`SELECT id FROM "Document" WHERE id = ${document.id}::uuid FOR UPDATE`;
      const current = await tx.document.findFirst({ where: documentWhere, select: DOCUMENT_FOR_SEAL });
      if (!current) throw new AppError('NOT_FOUND', 'Document not found');
      if (current.currentVersion?.sealId) throw new AppError('DOCUMENT_SEALED', 'The document is already sealed: a sealed version never changes');
      if (current.archived) throw new AppError('BAD_USER_INPUT', 'The document is archived: unarchive it before sealing');
      if (current.currentVersion?.id !== version.id) throw new AppError('CONFLICT', 'A new version of the document was uploaded while sealing: seal again');
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
        },
        select: { id: true },
      });
      const last = await tx.documentVersion.aggregate({ where: { documentId: document.id }, _max: { versionNumber: true } });
      const sealedVersion = await tx.documentVersion.create({
        data: {
          documentId: document.id,
          versionNumber: (last._max.versionNumber ?? 0) + 1,
          fileHash: documentHash,
          size: put.size,
          encrypted: false,
          pageCount,
          notes: `Sealed by ${credential.displayName} (verification code ${code})`,
          sealId: seal.id,
          createdById: actor.userId,
        },
        select: { id: true },
      });
      await tx.document.update({ where: { id: document.id }, data: { currentVersionId: sealedVersion.id }, select: { id: true } });
      if (signing) await tx.signingCertificate.update({ where: { id: signing.certificate.id }, data: { lastUsedAt: now }, select: { id: true } });
      await faults.beforeCommit?.();
      return tx.seal.findUniqueOrThrow({ where: { id: seal.id }, select: SEAL_SELECT });
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
