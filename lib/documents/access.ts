import type { Prisma } from '../db/index.ts';
import type { Actor } from '../orgs/actor.ts';
import { can } from '../orgs/permissions.ts';

/**
 * Who sees a document (decisions.md "Users, roles, visibility, tenancy"): PRIVATE ones their
 * creator and the organization's OWNER/ADMIN; ORGANIZATION and PUBLIC ones every member.
 * Deleted documents nobody. This is the `where` of every list and every mutation: another
 * organization's document, or a colleague's private one, is simply not found.
 */
export function memberDocumentsWhere(actor: Actor): Prisma.DocumentWhereInput {
  const base = { organizationId: actor.organizationId, deletedAt: null } satisfies Prisma.DocumentWhereInput;
  if (can(actor.role, 'documents.manageAll')) return base;
  return { ...base, OR: [{ visibility: { in: ['ORGANIZATION', 'PUBLIC'] } }, { createdById: actor.userId }] };
}

/** What `document(id)` may answer: the member's view, plus any PUBLIC document (with or without a token). */
export function readableDocumentWhere(actor: Actor | null): Prisma.DocumentWhereInput {
  const publicOnes = { deletedAt: null, visibility: 'PUBLIC' } satisfies Prisma.DocumentWhereInput;
  return actor ? { OR: [memberDocumentsWhere(actor), publicOnes] } : publicOnes;
}

/** Whether the actor reads an object of this organization as a member (else only a PUBLIC document's public face). */
export function isMemberOf(actor: Actor | null, organizationId: string): boolean {
  return actor !== null && actor.organizationId === organizationId;
}

/** Whether the actor may delete a document it sees, or change who sees it: its creator, or the organization's OWNER/ADMIN. */
export function mayManage(actor: Actor, document: { createdById: string | null }): boolean {
  return can(actor.role, 'documents.manageAll') || document.createdById === actor.userId;
}

/** Document.status, derived (decisions.md "Input objects"). */
export type DocumentStatus = 'DRAFT' | 'SEALED' | 'ARCHIVED';

export function documentStatus(document: { archived: boolean; currentVersion: { sealId: string | null } | null }): DocumentStatus {
  if (document.archived) return 'ARCHIVED';
  return document.currentVersion?.sealId ? 'SEALED' : 'DRAFT';
}

/** The `where` of a status filter, matching documentStatus. */
export function statusWhere(status: DocumentStatus): Prisma.DocumentWhereInput {
  if (status === 'ARCHIVED') return { archived: true };
  if (status === 'SEALED') return { archived: false, currentVersion: { is: { sealId: { not: null } } } };
  return { archived: false, OR: [{ currentVersionId: null }, { currentVersion: { is: { sealId: null } } }] };
}

/** Whether the actor may read a document it holds a row of: the same rule as readableDocumentWhere, for a relation already loaded. */
export function canReadDocument(actor: Actor | null, d: { organizationId: string; visibility: string; createdById: string | null; deletedAt: Date | null }): boolean {
  if (d.deletedAt) return false;
  if (d.visibility === 'PUBLIC') return true;
  if (!isMemberOf(actor, d.organizationId)) return false;
  return d.visibility === 'ORGANIZATION' || can(actor!.role, 'documents.manageAll') || d.createdById === actor!.userId;
}
