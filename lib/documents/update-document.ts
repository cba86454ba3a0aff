import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { mayManage, memberDocumentsWhere } from './access.ts';
import type { DocumentVisibility } from './create-document.ts';
import { recordDocumentEvent } from './events.ts';
import { cleanName, cleanText } from './fields.ts';
import { findFolder } from './folders.ts';
import { getDocument } from './list-documents.ts';

export interface UpdateDocumentInput {
  name?: string | null;
  description?: string | null;
  visibility?: DocumentVisibility | null;
  archived?: boolean | null;
}

const visibleWhere = (actor: Actor, id: string): Prisma.DocumentWhereInput => ({ AND: [{ id }, memberDocumentsWhere(actor)] });

/** A document as a caller selects it (Pothos's query), else its id. */
type DocumentQuery = Prisma.DocumentDefaultArgs;
type DocumentAnswer<Q extends DocumentQuery> = Prisma.DocumentGetPayload<Q>;
type DocumentId = { select: { id: true } };

/** The document just changed, selected with the caller's query and read through getDocument's `where`; its id without a query. */
async function answer<Q extends DocumentQuery>(actor: Actor, id: string, query: Q | undefined): Promise<DocumentAnswer<Q>> {
  if (!query) return { id } as DocumentAnswer<Q>;
  const row = await getDocument({ actor, id, query });
  if (!row) throw new AppError('NOT_FOUND', 'Document not found');
  return row as DocumentAnswer<Q>;
}

/** Apply `data` to a document the actor sees; NOT_FOUND otherwise (no oracle for other organizations' ids). */
async function changeDocument(actor: Actor, id: string, data: Prisma.DocumentUncheckedUpdateManyInput): Promise<{ id: string }> {
  const { count } = await db().document.updateMany({ where: visibleWhere(actor, id), data });
  if (count === 0) throw new AppError('NOT_FOUND', 'Document not found');
  return { id };
}

/** Rename, describe, change the visibility of, archive or unarchive a document. Omitted fields stay; a null name or flag is BAD_USER_INPUT. */
export async function updateDocument<Q extends DocumentQuery = DocumentId>({
  actor,
  id,
  input,
  query,
}: {
  actor: Actor;
  id: string;
  input: UpdateDocumentInput;
  query?: Q;
}): Promise<DocumentAnswer<Q>> {
  const data: Prisma.DocumentUncheckedUpdateManyInput = {};
  if (input.name !== undefined) {
    if (input.name === null) throw new AppError('BAD_USER_INPUT', 'name cannot be null');
    data.name = cleanName(input.name);
  }
  if (input.description !== undefined) data.description = cleanText(input.description, 'description');
  if (input.visibility === null) throw new AppError('BAD_USER_INPUT', 'visibility cannot be null');
  if (input.archived === null) throw new AppError('BAD_USER_INPUT', 'archived cannot be null');
  if (input.visibility !== undefined || input.archived !== undefined) {
    // Who may see it, and whether it may still be sealed or edited (archived), is its creator's
    // call, or an OWNER's or ADMIN's: a colleague cannot publish it, nor archive it out of use
    // (archiving is close to deleting, which is theirs too).
    const document = await db().document.findFirst({ where: visibleWhere(actor, id), select: { createdById: true, visibility: true, archived: true } });
    if (!document) throw new AppError('NOT_FOUND', 'Document not found');
    const manages = mayManage(actor, document);
    if (input.visibility !== undefined && document.visibility !== input.visibility && !manages) {
      throw new AppError('FORBIDDEN', 'Only its creator or an OWNER or ADMIN of the organization may change who sees this document');
    }
    if (input.archived !== undefined && document.archived !== input.archived && !manages) {
      throw new AppError('FORBIDDEN', `Only its creator or an OWNER or ADMIN of the organization may ${input.archived ? 'archive' : 'unarchive'} this document`);
    }
    if (input.visibility !== undefined) data.visibility = input.visibility;
    if (input.archived !== undefined) data.archived = input.archived;
  }
  if (Object.keys(data).length === 0) {
    // Nothing to change: still NOT_FOUND for a document the actor does not see.
    if (!(await db().document.findFirst({ where: visibleWhere(actor, id), select: { id: true } }))) throw new AppError('NOT_FOUND', 'Document not found');
    return answer(actor, id, query);
  }
  await changeDocument(actor, id, data);
  return answer(actor, id, query);
}

/** Move a document into one of the organization's folders, or to the root (folderId null). */
export async function moveDocument<Q extends DocumentQuery = DocumentId>({
  actor,
  id,
  folderId,
  query,
}: {
  actor: Actor;
  id: string;
  folderId?: string | null;
  query?: Q;
}): Promise<DocumentAnswer<Q>> {
  if (folderId && !(await findFolder({ actor, id: folderId }))) throw new AppError('NOT_FOUND', 'Folder not found');
  await changeDocument(actor, id, { folderId: folderId ?? null });
  return answer(actor, id, query);
}

/**
 * Soft-delete a document: it leaves every list and `document(id)` answers null, while its
 * versions (and the seals on them) stay, so a seal made on it still verifies. Its creator and
 * the organization's OWNER/ADMIN may delete it; another member who sees it gets FORBIDDEN.
 */
export async function deleteDocument({ actor, id }: { actor: Actor; id: string }): Promise<{ id: string }> {
  const document = await db().document.findFirst({ where: visibleWhere(actor, id), select: { createdById: true } });
  if (!document) throw new AppError('NOT_FOUND', 'Document not found');
  if (!mayManage(actor, document)) throw new AppError('FORBIDDEN', 'Only its creator or an OWNER or ADMIN of the organization may delete this document');
  // The deletion and its audit-trail event commit together.
  return db().$transaction(async (tx) => {
    const { count } = await tx.document.updateMany({ where: visibleWhere(actor, id), data: { deletedAt: new Date() } });
    if (count === 0) throw new AppError('NOT_FOUND', 'Document not found');
    await recordDocumentEvent(tx, { documentId: id, organizationId: actor.organizationId, type: 'DELETED', actor });
    return { id };
  });
}
