/**
 * A document's audit trail (Document.auditTrail, and the sealing certificate): one DocumentEvent
 * per thing done to it (uploaded, version added, sealed, PDF edited, downloaded, deleted), with
 * who, when, from which client address, and a few facts. Written inside the transaction of the
 * change it records, so a change and its event commit or roll back together; a download changes
 * nothing and is written on its own. Rows are never updated or deleted by code.
 */
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import type { DocumentEventType } from '../generated/prisma/enums.ts';
import type { Actor } from '../orgs/actor.ts';

export type { DocumentEventType };

/** The facts of an event: short and flat (numbers, strings), never file contents. */
export type DocumentEventDetails = Record<string, string | number | boolean | null>;

/** The most events Document.auditTrail answers: the newest ones, oldest first. */
export const AUDIT_TRAIL_LIMIT = 500;

type Writer = Prisma.TransactionClient | ReturnType<typeof db>;

/** An address worth keeping: the rate limiter's 'unknown' (no header at all) is none. */
function addressOf(value: string | null | undefined): string | null {
  if (!value || value === 'unknown') return null;
  return value.slice(0, 100);
}

/**
 * Append one event to a document's trail, with `tx` (the change's transaction) or on its own.
 * `actor` null: someone outside the organization (a download link of a PUBLIC document).
 */
export async function recordDocumentEvent(
  tx: Writer,
  {
    documentId,
    organizationId,
    type,
    actor,
    clientAddress = actor?.clientAddress,
    details = {},
    at = new Date(),
  }: {
    documentId: string;
    organizationId: string;
    type: DocumentEventType;
    actor: Pick<Actor, 'userId' | 'clientAddress'> | null;
    clientAddress?: string | null;
    details?: DocumentEventDetails;
    at?: Date;
  },
): Promise<void> {
  const user = actor ? await tx.user.findUnique({ where: { id: actor.userId }, select: { displayName: true, legalName: true, email: true } }) : null;
  await tx.documentEvent.create({
    data: {
      documentId,
      organizationId,
      type,
      actorId: user ? actor!.userId : null,
      actorName: user ? (user.legalName ?? user.displayName ?? user.email) : null,
      clientAddress: addressOf(clientAddress),
      details,
      occurredAt: at,
    },
    select: { id: true },
  });
}

/** An event as the audit trail shows it. */
export const DOCUMENT_EVENT_SELECT = {
  id: true,
  type: true,
  actorId: true,
  actorName: true,
  clientAddress: true,
  details: true,
  occurredAt: true,
} as const satisfies Prisma.DocumentEventSelect;

/** How Document.auditTrail selects its events: the newest AUDIT_TRAIL_LIMIT (the resolver puts them oldest first). */
export const AUDIT_TRAIL_ORDER = { orderBy: [{ occurredAt: 'desc' }, { id: 'desc' }], take: AUDIT_TRAIL_LIMIT } as const satisfies Prisma.DocumentEventFindManyArgs;

/**
 * What the public sealing certificate prints of a document's trail: the events up to and
 * including the seal (the history that led to it, fixed once sealed), with actor, event and
 * time, and never a client address. At most `limit`, the newest of them, oldest first, and how
 * many earlier ones were left out.
 */
export async function sealedDocumentHistory({ documentId, sealedAt, limit = 12 }: { documentId: string; sealedAt: Date; limit?: number }) {
  const where = { documentId, occurredAt: { lte: sealedAt } } satisfies Prisma.DocumentEventWhereInput;
  const [events, total] = await Promise.all([
    db().documentEvent.findMany({ where, orderBy: [{ occurredAt: 'desc' }, { id: 'desc' }], take: limit, select: { type: true, actorName: true, occurredAt: true } }),
    db().documentEvent.count({ where }),
  ]);
  return { events: events.reverse(), omitted: total - events.length };
}

/** An event type in words, for the certificate and the dashboard. */
export const EVENT_WORDS: Record<DocumentEventType, string> = {
  UPLOADED: 'Uploaded',
  VERSION_ADDED: 'New version added',
  SEALED: 'Sealed',
  PDF_EDITED: 'PDF edited',
  DOWNLOADED: 'Downloaded',
  DELETED: 'Deleted',
};
