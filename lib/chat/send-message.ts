/**
 * sendChatMessage: store the user's message, find the passages of the session's documents that
 * answer it (lib/search), and store and answer the assistant's reply, with its pages cited.
 *
 * - Documents whose newest version is still being read are waited for (up to
 *   CHAT_INGEST_WAIT_MS), then answered from what is ready, saying in words which are not.
 * - A question about a page with no text layer (a scan) is told so, never answered from nothing.
 * - With AI_CHAT_MODEL the model writes the answer; an AI service that fails or passes
 *   AI_TIMEOUT_MS is a TIMEOUT error: the user's message stays, no reply is stored.
 */
import { aiSettings } from '../ai/openai.ts';
import type { ChatTurn } from '../ai/openai.ts';
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { memberDocumentsWhere } from '../documents/access.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { limitOperation } from '../ratelimit/index.ts';
import { searchChunks } from '../search/search.ts';
import { extractiveAnswer, modelAnswer } from './answer.ts';
import type { Passage } from './answer.ts';
import { sessionWhere } from './sessions.ts';
import { countTokens } from './tokens.ts';

const MAX_MESSAGE_LENGTH = 4000;
/** How long a message waits for its documents to be read before answering from what is ready. */
export const CHAT_INGEST_WAIT_MS = 10_000;
/** Passages retrieved for one answer. */
const PASSAGES = 6;
/** Earlier messages given to the model with a question. */
const RECENT_TURNS = 6;

interface DocumentState {
  id: string;
  name: string;
  status: 'PENDING' | 'RUNNING' | 'DONE' | 'FAILED' | 'NONE';
  pagesWithoutText: number[];
  pageCount: number | null;
  error: string | null;
}

/** Each document's newest ingest (a sealed version keeps its predecessor's). */
async function documentStates(documents: { id: string; name: string }[]): Promise<DocumentState[]> {
  const ingests = await db().documentIngest.findMany({
    where: { documentId: { in: documents.map((d) => d.id) } },
    orderBy: { insertedAt: 'desc' },
    distinct: ['documentId'],
    select: { documentId: true, status: true, pagesWithoutText: true, pageCount: true, error: true },
  });
  const byId = new Map(ingests.map((i) => [i.documentId, i]));
  return documents.map((d) => {
    const i = byId.get(d.id);
    return { ...d, status: i?.status ?? 'NONE', pagesWithoutText: i?.pagesWithoutText ?? [], pageCount: i?.pageCount ?? null, error: i?.error ?? null };
  });
}

async function waitForIngest(documents: { id: string; name: string }[], waitMs: number): Promise<DocumentState[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const states = await documentStates(documents);
    if (states.every((s) => s.status !== 'PENDING' && s.status !== 'RUNNING') || Date.now() >= deadline) return states;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Pages a question names: "page 3", "p. 3", "pages 3 and 4", "pp. 3-4". */
export function pagesNamed(question: string): number[] {
  const pages = new Set<number>();
  for (const m of question.matchAll(/\b(?:pages?|pp?\.?)\s*(\d{1,5})(?:\s*(?:-|–|to|and|,)\s*(\d{1,5}))?/gi)) {
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    for (let p = Math.min(a, b); p <= Math.max(a, b) && pages.size < 50; p++) pages.add(p);
  }
  return [...pages];
}

function list(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

async function storeMessage(sessionId: string, role: 'USER' | 'ASSISTANT', content: string) {
  return db().$transaction(async (tx) => {
    const message = await tx.chatMessage.create({ data: { sessionId, role, content, tokenCount: countTokens(content) }, select: { id: true, insertedAt: true } });
    await tx.chatSession.update({ where: { id: sessionId }, data: { lastMessageAt: message.insertedAt, activityAt: message.insertedAt }, select: { id: true } });
    return message;
  });
}

/** Send a message in one of the actor's sessions; answers the ASSISTANT reply (the USER message is stored first). Counts against the user's AI limit. */
export async function sendChatMessage<Q extends Prisma.ChatMessageDefaultArgs>({
  actor,
  sessionId,
  content,
  query,
  ingestWaitMs = CHAT_INGEST_WAIT_MS,
}: {
  actor: Actor;
  sessionId: string;
  content: string;
  query?: Q;
  ingestWaitMs?: number;
}): Promise<Prisma.ChatMessageGetPayload<Q>> {
  await limitOperation('sendChatMessage', actor.userId);
  const question = content.trim();
  if (!question) throw new AppError('BAD_USER_INPUT', 'content: write a question');
  if (question.length > MAX_MESSAGE_LENGTH) throw new AppError('BAD_USER_INPUT', `content: at most ${MAX_MESSAGE_LENGTH} characters`);
  const session = await db().chatSession.findFirst({ where: { ...sessionWhere(actor, sessionId), status: 'ACTIVE' }, select: { id: true, documentIds: true } });
  if (!session) throw new AppError('NOT_FOUND', 'Chat session not found');

  // Earlier turns for the model, read before this message is stored.
  const settings = aiSettings();
  const chatModel = settings?.chatModel;
  const recent: ChatTurn[] = chatModel
    ? (await db().chatMessage.findMany({ where: { sessionId }, orderBy: [{ insertedAt: 'desc' }, { id: 'desc' }], take: RECENT_TURNS, select: { role: true, content: true } }))
        .reverse()
        .map((m) => ({ role: m.role === 'ASSISTANT' ? 'assistant' : m.role === 'SYSTEM' ? 'system' : 'user', content: m.content }))
    : [];
  await storeMessage(sessionId, 'USER', question);

  // Documents deleted or hidden since the session began are left out, and said so.
  const readable = await db().document.findMany({ where: { AND: [{ id: { in: session.documentIds } }, memberDocumentsWhere(actor)] }, select: { id: true, name: true } });
  const gone = session.documentIds.length - readable.length;
  const states = await waitForIngest(readable, ingestWaitMs);
  const ready = states.filter((s) => s.status === 'DONE');
  const names = new Map(readable.map((d) => [d.id, d.name]));

  const notes: string[] = [];
  const reading = states.filter((s) => s.status === 'PENDING' || s.status === 'RUNNING');
  if (reading.length > 0)
    notes.push(
      `${list(reading.map((s) => s.name))} ${reading.length === 1 ? 'is' : 'are'} still being read, so ${reading.length === 1 ? 'it was' : 'they were'} not searched yet; ask again in a moment.`,
    );
  for (const s of states.filter((s) => s.status === 'FAILED')) notes.push(`${s.name} could not be read: ${s.error ?? 'its text could not be extracted'}.`);
  for (const s of states.filter((s) => s.status === 'NONE')) notes.push(`${s.name} has no PDF to read.`);
  if (gone > 0) notes.push(`${gone === 1 ? 'One document' : `${gone} documents`} of this chat ${gone === 1 ? 'is' : 'are'} no longer available and ${gone === 1 ? 'was' : 'were'} not searched.`);

  // Pages the question names that have no text layer: said, never answered from.
  const named = pagesNamed(question);
  const scannedNamed = ready.flatMap((s) => named.filter((p) => s.pagesWithoutText.includes(p)).map((p) => ({ name: s.name, page: p })));
  for (const { name, page } of scannedNamed) notes.push(`Page ${page} of ${name} has no text layer (it looks like a scanned image), so its content cannot be read or quoted.`);
  const onlyScanned = named.length > 0 && scannedNamed.length === named.length;

  const hits = ready.length > 0 && !onlyScanned ? await searchChunks({ documentIds: ready.map((s) => s.id), query: question, limit: PASSAGES }) : [];
  const passages: Passage[] = hits.map((h) => ({ ...h, documentName: names.get(h.documentId) ?? 'document' }));

  let answer: string;
  if (chatModel && settings && passages.length > 0) {
    answer = await modelAnswer({ ...settings, chatModel }, question, passages, recent, notes);
    if (notes.length > 0 && !onlyScanned) answer = `${answer}\n\n${notes.join('\n')}`;
  } else {
    const extract = onlyScanned ? null : extractiveAnswer(question, passages);
    const unread = ready.filter((s) => s.pagesWithoutText.length > 0 && !scannedNamed.some((n) => n.name === s.name));
    const parts: string[] = [];
    if (extract) parts.push(extract);
    else if (!onlyScanned && ready.length > 0) {
      parts.push(`I found nothing in ${list(ready.map((s) => s.name))} that answers this.`);
      for (const s of unread) parts.push(`Pages ${list(s.pagesWithoutText.map(String))} of ${s.name} have no text layer (scans), so they could not be searched.`);
    }
    parts.push(...notes);
    answer = parts.join('\n\n') || 'There is nothing in this chat’s documents to search yet.';
  }
  const stored = await storeMessage(sessionId, 'ASSISTANT', answer);
  return (await db().chatMessage.findUniqueOrThrow({ ...(query ?? {}), where: { id: stored.id } })) as Prisma.ChatMessageGetPayload<Q>;
}
