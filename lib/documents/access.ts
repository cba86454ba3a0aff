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
function isMemberOf(actor: Actor | null, organizationId: string | null | undefined): boolean {
  return actor !== null && organizationId != null && actor.organizationId === organizationId;
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

/** The columns of a document that tell what its reader sees: select them beside a field's own. */
export const DOCUMENT_READER_FACTS = { organizationId: true, currentVersionId: true } as const satisfies Prisma.DocumentSelect;
/** The columns of a version's document that tell what its reader sees. */
export const VERSION_READER_FACTS = { id: true, document: { select: DOCUMENT_READER_FACTS } } as const satisfies Prisma.DocumentVersionSelect;
/** The columns of a related document that tell whether its reader may see it at all. */
export const DOCUMENT_ACCESS_FACTS = { organizationId: true, visibility: true, createdById: true, deletedAt: true } as const satisfies Prisma.DocumentSelect;

type ReaderFacts = { organizationId: string; currentVersionId: string | null };
type DocumentRow = ReaderFacts & { folderId?: string | null; folder?: unknown; versions?: Array<{ id: string }>; _count?: { versions: number } };
type VersionRow = { id: string; notes?: string | null; createdBy?: unknown; document: ReaderFacts };
type SealRow = {
  organizationId?: string | null;
  credential?: unknown;
  signingCertificate?: unknown;
  document?: { organizationId: string; visibility: string; createdById: string | null; deletedAt: Date | null } | null;
};

/**
 * A row as its reader may see it (decisions.md "Users, roles, visibility, tenancy"). A member
 * of the row's organization sees it whole. Anyone else can only have reached a PUBLIC
 * document, and sees its public face: the document and its current version, never who
 * published it (organizationId), its folder, its history, a version's notes or author, nor a
 * seal's credential and certificate. A seal's document is there only for a reader who may
 * read it (a colleague's PRIVATE one is not, unless the reader is its creator or an OWNER or
 * ADMIN). A version an outsider may not see at all shapes to null.
 */
export function shapeForReader<R extends DocumentRow>(model: 'Document', row: R, actor: Actor | null): Omit<R, 'organizationId'> & { organizationId: string | null };
export function shapeForReader<R extends VersionRow>(model: 'DocumentVersion', row: R, actor: Actor | null): R | null;
export function shapeForReader<R extends SealRow>(model: 'Seal', row: R, actor: Actor | null): R;
export function shapeForReader(model: 'Document' | 'DocumentVersion' | 'Seal', row: DocumentRow | VersionRow | SealRow, actor: Actor | null): unknown {
  if (model === 'Document') {
    const d = row as DocumentRow;
    if (isMemberOf(actor, d.organizationId)) return d;
    const isCurrent = (v: { id: string }) => v.id === d.currentVersionId;
    return { ...d, organizationId: null, folderId: null, folder: null, versions: d.versions?.filter(isCurrent), _count: d._count && { ...d._count, versions: d.currentVersionId ? 1 : 0 } };
  }
  if (model === 'DocumentVersion') {
    const v = row as VersionRow;
    if (isMemberOf(actor, v.document.organizationId)) return v;
    return v.id === v.document.currentVersionId ? { ...v, notes: null, createdBy: null } : null;
  }
  const s = row as SealRow;
  const member = isMemberOf(actor, s.organizationId);
  return { ...s, credential: member ? s.credential : null, signingCertificate: member ? s.signingCertificate : null, document: s.document && canReadDocument(actor, s.document) ? s.document : null };
}
