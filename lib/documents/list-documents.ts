import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { memberDocumentsWhere, readableDocumentWhere, statusWhere } from './access.ts';
import type { DocumentStatus } from './access.ts';

type DocumentQuery = Omit<Prisma.DocumentFindManyArgs, 'where' | 'orderBy'>;

/** Newest first (decisions.md "Limits"): insertedAt, then id, descending. */
export const DOCUMENT_ORDER = [{ insertedAt: 'desc' }, { id: 'desc' }] as const satisfies ReadonlyArray<Prisma.DocumentOrderByWithRelationInput>;

/** The orders a list may ask for; NEWEST is decisions.md's default. Each ends with id, so a cursor pages it stably. */
export const DOCUMENT_ORDERS = {
  NEWEST: DOCUMENT_ORDER,
  OLDEST: [{ insertedAt: 'asc' }, { id: 'asc' }],
  // nameKey: the name in lower case (kept by the database), so case is ignored on any collation.
  NAME: [{ nameKey: 'asc' }, { name: 'asc' }, { id: 'asc' }],
  NAME_DESC: [{ nameKey: 'desc' }, { name: 'desc' }, { id: 'desc' }],
  RECENTLY_UPDATED: [{ updatedAt: 'desc' }, { id: 'desc' }],
} as const satisfies Record<string, ReadonlyArray<Prisma.DocumentOrderByWithRelationInput>>;
export type DocumentOrder = keyof typeof DOCUMENT_ORDERS;

/** The longest name search: a document's name is at most 255 characters. */
export const MAX_SEARCH_LENGTH = 255;

export interface DocumentFilter {
  status?: DocumentStatus | null;
  /** Only the documents of this folder (of the actor's organization). */
  folderId?: string | null;
  /** Only the documents whose name contains this, ignoring case (blank: all). */
  search?: string | null;
  /** NEWEST when omitted. */
  orderBy?: DocumentOrder | null;
}

/** A search as typed, trimmed; BAD_USER_INPUT past 255 characters. */
function cleanSearch(search: string | null | undefined): string | null {
  const text = search?.trim() ?? '';
  if (text.length > MAX_SEARCH_LENGTH) throw new AppError('BAD_USER_INPUT', `search must be at most ${MAX_SEARCH_LENGTH} characters; got ${text.length}`);
  return text || null;
}

function filterWhere(actor: Actor, filter: DocumentFilter): Prisma.DocumentWhereInput {
  const and: Prisma.DocumentWhereInput[] = [memberDocumentsWhere(actor)];
  if (filter.status) and.push(statusWhere(filter.status));
  if (filter.folderId) and.push({ folderId: filter.folderId });
  const search = cleanSearch(filter.search);
  // Prisma's `contains` passes % and _ through to ILIKE: escape them, so they match themselves.
  if (search) and.push({ name: { contains: search.replace(/[\\%_]/g, (c) => `\\${c}`), mode: 'insensitive' } });
  return { AND: and };
}

/** The documents the actor sees in its organization, in the order asked (newest first by default), with the caller's paging and selection. */
export function listDocuments<Q extends DocumentQuery>({ actor, filter = {}, query }: { actor: Actor; filter?: DocumentFilter; query: Q }) {
  return db().document.findMany({ ...query, where: filterWhere(actor, filter), orderBy: [...DOCUMENT_ORDERS[filter.orderBy ?? 'NEWEST']] });
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
