/**
 * Chat sessions: a user's conversations about documents of their organization. Each is its
 * user's own (another user's id, or another organization's, is NOT_FOUND). Deleting one is a
 * soft delete: status DELETED, gone from lists and from chatMessages, its messages kept.
 */
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { memberDocumentsWhere } from '../documents/access.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { limitOperation } from '../ratelimit/index.ts';

/** Documents one session or search may span. */
export const MAX_CHAT_DOCUMENTS = 50;
const MAX_TITLE_LENGTH = 200;

/**
 * The ids given, each a document the actor may read as a member of its organization: else
 * NOT_FOUND (another organization's, a colleague's private one, a deleted one alike), and
 * BAD_USER_INPUT for none or too many. Answers the distinct ids with their names, in the order given.
 */
export async function readableDocuments(actor: Actor, documentIds: string[]): Promise<{ id: string; name: string }[]> {
  const ids = [...new Set(documentIds.map((id) => id.toLowerCase()))];
  if (ids.length === 0) throw new AppError('BAD_USER_INPUT', 'documentIds: give at least one document');
  if (ids.length > MAX_CHAT_DOCUMENTS) throw new AppError('BAD_USER_INPUT', `documentIds: at most ${MAX_CHAT_DOCUMENTS} documents`);
  const found = await db().document.findMany({ where: { AND: [{ id: { in: ids } }, memberDocumentsWhere(actor)] }, select: { id: true, name: true } });
  const byId = new Map(found.map((d) => [d.id, d]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing) throw new AppError('NOT_FOUND', `Document ${missing} not found`);
  return ids.map((id) => byId.get(id)!);
}

/** The actor's session, when it is theirs and not deleted. */
export function sessionWhere(actor: Actor, id: string): Prisma.ChatSessionWhereInput {
  return { id, userId: actor.userId, organizationId: actor.organizationId, status: { not: 'DELETED' } };
}

/** A new ACTIVE session over documents the actor reads (each id checked: NOT_FOUND otherwise). Counts against the user's AI limit. */
export async function createChatSession<Q extends Prisma.ChatSessionDefaultArgs>({
  actor,
  input,
  query,
}: {
  actor: Actor;
  input: { title?: string | null; documentIds: string[] };
  query?: Q;
}): Promise<Prisma.ChatSessionGetPayload<Q>> {
  await limitOperation('createChatSession', actor.userId);
  const title = (input.title ?? '').replace(/\s+/g, ' ').trim();
  if (title.length > MAX_TITLE_LENGTH) throw new AppError('BAD_USER_INPUT', `title: at most ${MAX_TITLE_LENGTH} characters`);
  const documents = await readableDocuments(actor, input.documentIds);
  const created = await db().chatSession.create({
    data: {
      organizationId: actor.organizationId,
      userId: actor.userId,
      title: title || `Questions about ${documents[0].name}${documents.length > 1 ? ` and ${documents.length - 1} more` : ''}`.slice(0, MAX_TITLE_LENGTH),
      documentIds: documents.map((d) => d.id),
    },
    select: { id: true },
  });
  return (await db().chatSession.findUniqueOrThrow({ ...(query ?? {}), where: { id: created.id } })) as Prisma.ChatSessionGetPayload<Q>;
}

/** The actor's ACTIVE sessions, newest activity (last message, else creation) first. */
export function listChatSessions<Q extends Prisma.ChatSessionFindManyArgs>({ actor, take, query }: { actor: Actor; take: number; query?: Q }) {
  return db().chatSession.findMany({
    ...(query ?? {}),
    where: { userId: actor.userId, organizationId: actor.organizationId, status: 'ACTIVE' },
    orderBy: [{ activityAt: 'desc' }, { id: 'desc' }],
    take,
  });
}

/** The messages of one of the actor's sessions, oldest first (NOT_FOUND for someone else's, or a deleted one). */
export async function listChatMessages<Q extends Prisma.ChatMessageFindManyArgs>({ actor, sessionId, take, query }: { actor: Actor; sessionId: string; take: number; query?: Q }) {
  const session = await db().chatSession.findFirst({ where: sessionWhere(actor, sessionId), select: { id: true } });
  if (!session) throw new AppError('NOT_FOUND', 'Chat session not found');
  return db().chatMessage.findMany({ ...(query ?? {}), where: { sessionId }, orderBy: [{ insertedAt: 'asc' }, { id: 'asc' }], take });
}

/** Soft delete: status DELETED; the session leaves every list, its messages stay stored. */
export async function deleteChatSession({ actor, id }: { actor: Actor; id: string }): Promise<{ id: string }> {
  const { count } = await db().chatSession.updateMany({ where: sessionWhere(actor, id), data: { status: 'DELETED' } });
  if (count === 0) throw new AppError('NOT_FOUND', 'Chat session not found');
  return { id };
}
