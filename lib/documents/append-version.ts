import type { Prisma } from '../db/index.ts';
import { enqueueIngest } from '../search/ingest-queue.ts';

/** The PDF a version holds: a blob, and what was learnt of it. */
export interface VersionFile {
  fileHash: string;
  size: number;
  encrypted: boolean;
  pageCount: number | null;
}

/**
 * Lock a document's row for the rest of the transaction: of two writers at once (two uploads,
 * an upload and a seal, two seals) the second waits and then sees what the first wrote.
 */
export async function lockDocument(tx: Prisma.TransactionClient, documentId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Document" WHERE id = ${documentId}::uuid FOR UPDATE`;
}

/**
 * appendVersion: a document's next version (numbered after its last one, deleted or not), made
 * its current one. Runs inside the caller's transaction; a document that already has versions
 * must be locked first (lockDocument) so two versions never share a number. Used by
 * createDocument (version 1), uploadDocumentVersion, the PDF tools' edits and sealDocument (with its seal).
 * A version without a seal is queued for reading (search and chat) in the same transaction:
 * callers run `prepareIngest()` before it. A sealed version keeps the chunks of the version it
 * sealed (its text differs only by the stamp and footer), so batch sealing adds no reading work.
 */
export async function appendVersion(
  tx: Prisma.TransactionClient,
  { documentId, createdById, file, notes = null, sealId = null }: { documentId: string; createdById: string; file: VersionFile; notes?: string | null; sealId?: string | null },
): Promise<{ id: string; versionNumber: number }> {
  const last = await tx.documentVersion.aggregate({ where: { documentId }, _max: { versionNumber: true } });
  const version = await tx.documentVersion.create({
    data: { documentId, versionNumber: (last._max.versionNumber ?? 0) + 1, createdById, notes, sealId, ...file },
    select: { id: true, versionNumber: true },
  });
  await tx.document.update({ where: { id: documentId }, data: { currentVersionId: version.id }, select: { id: true } });
  if (!sealId) await enqueueIngest(tx, { documentId, versionId: version.id });
  return version;
}
