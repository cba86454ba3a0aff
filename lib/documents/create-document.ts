import { Readable } from 'node:stream';
import { db } from '../db/index.ts';
import type { Prisma, PrismaClient } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { lockOrganization } from '../orgs/lock.ts';
import { planOf } from '../orgs/plans.ts';
import { imageToPdf } from '../pdf/image-to-pdf.ts';
import { onPdfTurn } from '../pdf/pool.ts';
import { nudgeIngest, prepareIngest } from '../search/ingest-queue.ts';
import { blobStore } from '../storage/index.ts';
import type { BlobStore } from '../storage/index.ts';
import type { DocumentContentType } from '../storage/sniff.ts';
import { memberDocumentsWhere } from './access.ts';
import { appendVersion, lockDocument } from './append-version.ts';
import type { VersionFile } from './append-version.ts';
import { cleanFileHash, cleanName, cleanText, MAX_NOTES_LENGTH } from './fields.ts';
import { recordDocumentEvent } from './events.ts';
import { findFolder } from './folders.ts';

export type DocumentVisibility = 'PRIVATE' | 'ORGANIZATION' | 'PUBLIC';

export interface CreateDocumentInput {
  name: string;
  description?: string | null;
  folderId?: string | null;
  visibility?: DocumentVisibility | null;
  fileHash?: string | null;
}

// A PDF made from an image may outgrow the upload limit a little (PNG re-deflated).
const MAX_CONVERTED_BYTES = 64 * 1024 * 1024;

/**
 * The PDF for a file the actor's organization uploaded (by its hash): the PDF itself, or an
 * image drawn as a one-page PDF at its natural size and stored as a blob of its own. A hash
 * this organization never uploaded is NOT_FOUND, whoever else holds the same bytes.
 */
async function versionFileFrom(actor: Actor, rawHash: string, title: string, store: BlobStore): Promise<VersionFile> {
  const hash = cleanFileHash(rawHash);
  const upload = await db().fileUpload.findFirst({
    where: { organizationId: actor.organizationId, fileHash: hash },
    orderBy: { insertedAt: 'desc' },
    select: { contentType: true, size: true, encrypted: true, pageCount: true },
  });
  const missing = () => new AppError('NOT_FOUND', `No file with hash ${hash} was uploaded to this organization (or it was cleared after a day unused): send it with uploadFile`);
  if (!upload) throw missing();
  if (upload.contentType === 'application/pdf') {
    if (!(await store.has(hash))) throw missing();
    return { fileHash: hash, size: upload.size, encrypted: upload.encrypted, pageCount: upload.pageCount };
  }
  const pdf = await onPdfTurn(async () => {
    const image = await store.read(hash);
    if (!image) throw missing();
    return imageToPdf(image, upload.contentType as Exclude<DocumentContentType, 'application/pdf'>, title);
  });
  const stored = await store.put(Readable.from([Buffer.from(pdf)]), { maxBytes: MAX_CONVERTED_BYTES });
  return { fileHash: stored.hash, size: stored.size, encrypted: false, pageCount: 1 };
}

/** PLAN_LIMIT_EXCEEDED when the organization already holds its plan's number of documents (deleted ones do not count). */
export async function checkDocumentLimit(tx: { document: Pick<PrismaClient['document'], 'count'> }, actor: Actor): Promise<void> {
  const limit = planOf(actor.plan).maxDocuments;
  if (limit === null) return;
  const held = await tx.document.count({ where: { organizationId: actor.organizationId, deletedAt: null } });
  if (held >= limit) throw new AppError('PLAN_LIMIT_EXCEEDED', `The ${actor.plan} plan holds at most ${limit} documents; delete some or upgrade`);
}

/** Without a caller's query (Pothos's), a new document or version answers its id. */
type IdOnly = { select: { id: true } };

/**
 * A new document of the actor's organization, in one of its folders or at the root. With a
 * fileHash (from uploadFile) its file becomes version 1. The plan's maxDocuments holds under
 * concurrency: the organization's row is locked while counting.
 */
export async function createDocument<Q extends Prisma.DocumentDefaultArgs = IdOnly>({
  actor,
  input,
  query,
  store = blobStore(),
  version,
}: {
  actor: Actor;
  input: CreateDocumentInput;
  query?: Q;
  store?: BlobStore;
  /** A PDF already in the blob store (one the PDF tools made) as version 1, with its notes, instead of input.fileHash. */
  version?: { file: VersionFile; notes: string | null };
}): Promise<Prisma.DocumentGetPayload<Q>> {
  const name = cleanName(input.name);
  const description = cleanText(input.description, 'description');
  if (input.folderId && !(await findFolder({ actor, id: input.folderId }))) throw new AppError('NOT_FOUND', 'Folder not found');
  await checkDocumentLimit(db(), actor); // before any conversion work; checked again under the lock
  const file = version?.file ?? (input.fileHash ? await versionFileFrom(actor, input.fileHash, name, store) : null);
  if (file) await prepareIngest();
  const created = await db().$transaction(async (tx) => {
    await lockOrganization(tx, actor.organizationId);
    await checkDocumentLimit(tx, actor);
    // A folder deleted meanwhile: its row is gone, the document goes to no folder rather than failing on the key.
    const folderId = input.folderId ? ((await tx.documentFolder.findFirst({ where: { id: input.folderId, organizationId: actor.organizationId }, select: { id: true } }))?.id ?? null) : null;
    const document = await tx.document.create({
      data: { organizationId: actor.organizationId, createdById: actor.userId, name, description, folderId, visibility: input.visibility ?? 'PRIVATE' },
      select: { id: true },
    });
    const first = file ? await appendVersion(tx, { documentId: document.id, createdById: actor.userId, file, notes: version?.notes ?? null }) : null;
    await recordDocumentEvent(tx, {
      documentId: document.id,
      organizationId: actor.organizationId,
      type: 'UPLOADED',
      actor,
      details: { name, ...(first ? { versionNumber: 1, fileHash: file!.fileHash } : {}), ...(version ? { source: 'pdf tools' } : {}) },
    });
    return document;
  });
  if (file) nudgeIngest();
  // The caller's selection (Pothos's query), once committed; the id without one.
  return (query ? await db().document.findUniqueOrThrow({ ...query, where: { id: created.id } }) : created) as Prisma.DocumentGetPayload<Q>;
}

/**
 * A new version of a document the actor sees, from an uploaded file; it becomes the current
 * one. A sealed document takes none (DOCUMENT_SEALED: a sealed version never changes), an
 * archived one none until unarchived.
 */
export async function uploadDocumentVersion<Q extends Prisma.DocumentVersionDefaultArgs = IdOnly>({
  actor,
  input,
  query,
  store = blobStore(),
}: {
  actor: Actor;
  input: { documentId: string; fileHash: string; notes?: string | null };
  query?: Q;
  store?: BlobStore;
}): Promise<Prisma.DocumentVersionGetPayload<Q>> {
  const notes = cleanText(input.notes, 'notes', MAX_NOTES_LENGTH);
  const where = { AND: [{ id: input.documentId }, memberDocumentsWhere(actor)] } satisfies Prisma.DocumentWhereInput;
  const found = await db().document.findFirst({ where, select: { name: true } });
  if (!found) throw new AppError('NOT_FOUND', 'Document not found');
  const file = await versionFileFrom(actor, input.fileHash, found.name, store);
  await prepareIngest();
  const version = await db().$transaction(async (tx) => {
    // Locked, so two versions uploaded at once get numbers of their own, and a seal in between is seen.
    await lockDocument(tx, input.documentId);
    const document = await tx.document.findFirst({ where, select: { id: true, archived: true, currentVersion: { select: { sealId: true } } } });
    if (!document) throw new AppError('NOT_FOUND', 'Document not found');
    if (document.currentVersion?.sealId) throw new AppError('DOCUMENT_SEALED', 'The document is sealed: a sealed version never changes');
    if (document.archived) throw new AppError('BAD_USER_INPUT', 'The document is archived: unarchive it (updateDocument archived: false) before adding a version');
    const added = await appendVersion(tx, { documentId: document.id, createdById: actor.userId, file, notes });
    await recordDocumentEvent(tx, {
      documentId: document.id,
      organizationId: actor.organizationId,
      type: 'VERSION_ADDED',
      actor,
      details: { versionNumber: added.versionNumber, fileHash: file.fileHash },
    });
    return added;
  });
  nudgeIngest();
  return (query ? await db().documentVersion.findUniqueOrThrow({ ...query, where: { id: version.id } }) : version) as Prisma.DocumentVersionGetPayload<Q>;
}
