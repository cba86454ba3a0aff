/** Helpers for chat and search tests: generated documents uploaded and created through GraphQL, and waiting for their ingest. */
import { expect } from 'vitest';
import { db } from '../lib/db/index.ts';
import { createDocumentVia, uploaded } from './documents.ts';
import { gql } from './graphql.ts';

/** Wait until the document's newest ingest is settled (DONE or FAILED); answers it. */
export async function ingested(documentId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ingest = await db().documentIngest.findFirst({ where: { documentId }, orderBy: { insertedAt: 'desc' } });
    if (ingest && (ingest.status === 'DONE' || ingest.status === 'FAILED')) return ingest;
    if (Date.now() > deadline) throw new Error(`document ${documentId} was not ingested in ${timeoutMs} ms (${ingest?.status ?? 'no ingest'})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Upload a PDF and make it a document (version 1); answers its id once read. */
export async function documentFrom(token: string, bytes: Uint8Array, name: string): Promise<string> {
  const fileHash = await uploaded(bytes, `${name}.pdf`, token);
  const doc = await createDocumentVia(token, { name, fileHash, visibility: 'ORGANIZATION' });
  return doc.id;
}

export const SEARCH =
  'query($q: String!, $ids: [UUID!]!, $limit: Int) { searchDocumentChunks(query: $q, documentIds: $ids, limit: $limit) { id content chunkIndex pageNumber similarity documentId } }';
export const CREATE_SESSION = 'mutation($input: CreateChatSessionInput!) { createChatSession(input: $input) { id title status documentIds lastMessageAt insertedAt updatedAt } }';
export const SEND = 'mutation($s: UUID!, $c: String!) { sendChatMessage(sessionId: $s, content: $c) { id sessionId role content tokenCount insertedAt } }';
export const MESSAGES = 'query($s: UUID!) { chatMessages(sessionId: $s) { id role content tokenCount } }';

/** Search through GraphQL; the results, or throws with the errors. */
export async function search(token: string, q: string, ids: string[], limit?: number) {
  const res = await gql(SEARCH, { token, variables: { q, ids, limit } });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data!.searchDocumentChunks as { id: string; content: string; chunkIndex: number; pageNumber: number; similarity: number; documentId: string }[];
}

export async function newSession(token: string, documentIds: string[], title?: string) {
  const res = await gql(CREATE_SESSION, { token, variables: { input: { documentIds, title } } });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data!.createChatSession as { id: string; title: string; status: string; documentIds: string[] };
}

export async function ask(token: string, sessionId: string, content: string) {
  return gql(SEND, { token, variables: { s: sessionId, c: content } });
}
