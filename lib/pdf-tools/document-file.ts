/**
 * The document a PDF tool reads or edits, found through the actor's view of the documents
 * (memberDocumentsWhere: another organization's, a colleague's private one and a deleted one
 * are not found), and its current version's file.
 */
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { memberDocumentsWhere } from '../documents/access.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import type { BlobStore } from '../storage/index.ts';

const DOCUMENT_FILE = {
  id: true,
  name: true,
  folderId: true,
  archived: true,
  currentVersion: { select: { id: true, fileHash: true, size: true, sealId: true, encrypted: true, pageCount: true } },
} as const satisfies Prisma.DocumentSelect;

type Row = Prisma.DocumentGetPayload<{ select: typeof DOCUMENT_FILE }>;
export type DocumentWithFile = Row & { currentVersion: NonNullable<Row['currentVersion']> };
type Reader = Prisma.TransactionClient | ReturnType<typeof db>;

const whereFor = (actor: Actor, documentId: string) => ({ AND: [{ id: documentId }, memberDocumentsWhere(actor)] }) satisfies Prisma.DocumentWhereInput;

/** A document the actor sees, with a file, to read (archived ones too); null when not found, BAD_USER_INPUT without a file. */
export async function documentToRead({ actor, documentId }: { actor: Actor; documentId: string }): Promise<DocumentWithFile | null> {
  const found = await db().document.findFirst({ where: whereFor(actor, documentId), select: DOCUMENT_FILE });
  if (!found) return null;
  if (!found.currentVersion) throw new AppError('BAD_USER_INPUT', 'The document has no file yet: upload a version first');
  return found as DocumentWithFile;
}

/**
 * A document the actor may edit now: seen by the actor and not archived (else NOT_FOUND), not
 * sealed (DOCUMENT_SEALED: a sealed version never changes), with a file. With `versionId` (in
 * the edit's transaction, the row locked) its current version must still be that one
 * (CONFLICT: another version arrived meanwhile).
 */
export async function documentToEdit(client: Reader, { actor, documentId, versionId }: { actor: Actor; documentId: string; versionId?: string }): Promise<DocumentWithFile> {
  const found = await client.document.findFirst({ where: whereFor(actor, documentId), select: DOCUMENT_FILE });
  if (!found || found.archived) throw new AppError('NOT_FOUND', 'Document not found');
  if (found.currentVersion?.sealId) throw new AppError('DOCUMENT_SEALED', 'The document is sealed: a sealed version never changes');
  if (!found.currentVersion) throw new AppError('BAD_USER_INPUT', 'The document has no file yet: upload a version first');
  if (versionId !== undefined && found.currentVersion.id !== versionId) throw new AppError('CONFLICT', 'A new version of the document arrived while it was being edited: try again');
  return found as DocumentWithFile;
}

/** The bytes of a stored file (a loader for the pool, called once a thread is free). */
export async function fileBytes(store: BlobStore, fileHash: string): Promise<Uint8Array> {
  const bytes = await store.read(fileHash);
  if (!bytes) throw new Error(`The blob ${fileHash} is missing from storage`);
  return bytes;
}
