import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import type { Actor } from '../orgs/actor.ts';
import { memberDocumentsWhere, readableDocumentWhere, statusWhere } from './access.ts';
import type { DocumentStatus } from './access.ts';

type DocumentQuery = Omit<Prisma.DocumentFindManyArgs, 'where' | 'orderBy'>;

/** Newest first (decisions.md "Limits"): insertedAt, then id, descending. */
export const DOCUMENT_ORDER = [{ insertedAt: 'desc' }, { id: 'desc' }] as const satisfies ReadonlyArray<Prisma.DocumentOrderByWithRelationInput>;

export interface DocumentFilter {
  status?: DocumentStatus | null;
  /** Only the documents of this folder (of the actor's organization). */
  folderId?: string | null;
}

function filterWhere(actor: Actor, filter: DocumentFilter): Prisma.DocumentWhereInput {
  const and: Prisma.DocumentWhereInput[] = [memberDocumentsWhere(actor)];
  if (filter.status) and.push(statusWhere(filter.status));
  if (filter.folderId) and.push({ folderId: filter.folderId });
  return { AND: and };
}

/** The documents the actor sees in its organization, newest first, with the caller's paging and selection. */
export function listDocuments<Q extends DocumentQuery>({ actor, filter = {}, query }: { actor: Actor; filter?: DocumentFilter; query: Q }) {
  return db().document.findMany({ ...query, where: filterWhere(actor, filter), orderBy: [...DOCUMENT_ORDER] });
}

/** How many documents listDocuments would give with no paging. */
export function countDocuments({ actor, filter = {} }: { actor: Actor; filter?: DocumentFilter }): Promise<number> {
  return db().document.count({ where: filterWhere(actor, filter) });
}

/** Whether a document is in the list listDocuments gives (a connection's cursor must be). */
export async function isDocumentListed({ actor, filter = {}, id }: { actor: Actor; filter?: DocumentFilter; id: string }): Promise<boolean> {
  return (await db().document.count({ where: { AND: [filterWhere(actor, filter), { id }] } })) > 0;
}

/**
 * A document the actor may read (or anyone, when it is PUBLIC), else null: unknown, deleted,
 * another organization's, or a colleague's private one all read the same.
 */
export function getDocument<Q extends Omit<Prisma.DocumentFindFirstArgs, 'where'>>({ actor, id, query }: { actor: Actor | null; id: string; query: Q }) {
  return db().document.findFirst({ ...query, where: { AND: [{ id }, readableDocumentWhere(actor)] } });
}
