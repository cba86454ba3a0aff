import { readableDocuments } from '../chat/sessions.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { limitOperation } from '../ratelimit/index.ts';
import { searchChunks } from './search.ts';
import type { ChunkHit } from './search.ts';

/** searchDocumentChunks' limit when none is given, and the most it takes. */
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 50;
const MAX_QUERY_LENGTH = 1000;

/**
 * searchDocumentChunks: the chunks of documents the actor reads that best answer a query
 * (lib/search/search.ts), best first. Any id the actor may not read is NOT_FOUND. Counts
 * against the user's AI limit.
 */
export async function searchDocumentChunks({ actor, query, documentIds, limit }: { actor: Actor; query: string; documentIds: string[]; limit?: number | null }): Promise<ChunkHit[]> {
  await limitOperation('searchDocumentChunks', actor.userId);
  const take = limit ?? SEARCH_DEFAULT_LIMIT;
  if (!Number.isInteger(take) || take < 1 || take > SEARCH_MAX_LIMIT) throw new AppError('BAD_USER_INPUT', `limit: 1 to ${SEARCH_MAX_LIMIT}`);
  const text = query.trim();
  if (!text) throw new AppError('BAD_USER_INPUT', 'query: say what to look for');
  if (text.length > MAX_QUERY_LENGTH) throw new AppError('BAD_USER_INPUT', `query: at most ${MAX_QUERY_LENGTH} characters`);
  const documents = await readableDocuments(actor, documentIds);
  return searchChunks({ documentIds: documents.map((d) => d.id), query: text, limit: take });
}
