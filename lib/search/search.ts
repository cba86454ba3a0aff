/**
 * Retrieval over document chunks: the one interface search and chat use (`searchChunks`).
 *
 * Offline (the default): PostgreSQL full-text search on PGlite and PostgreSQL alike. Each query
 * word is one group of terms: the word, its prefix (a cut word) and the words of the documents
 * that are trigram-similar to it (pg_trgm on DocumentTerm: a misspelt word finds the word the
 * document has). A chunk matching any group is a candidate (GIN index on its tsvector). Its
 * similarity, in [0, 1], blends
 *   - how much of the query it covers: the groups it matches, each weighted by its rarity
 *     among the searched chunks (idf), over all groups (0.6),
 *   - ts_rank_cd of the whole query, normalized to [0, 1) (0.25),
 *   - pg_trgm's word_similarity of the question to the chunk's text (0.15).
 * A query none of whose words is in the documents falls back to trigram similarity alone.
 *
 * With AI_BASE_URL and AI_EMBEDDING_MODEL (chunks embedded at ingest): the query is embedded too,
 * the searched chunks' embeddings are compared by cosine (an exact scan: a search is scoped to
 * its documents), and the two rankings are fused by reciprocal rank (k = 60); similarity is
 * then the fused score over the best possible one (first in both).
 */
import { db } from '../db/index.ts';
import { aiSettings, bytesToVector, cosine, embedTexts } from '../ai/openai.ts';

export interface ChunkHit {
  id: string;
  documentId: string;
  chunkIndex: number;
  pageNumber: number;
  content: string;
  similarity: number;
}

/** Query words used at most (a pasted paragraph is cut here). */
const MAX_WORDS = 32;
/** Candidates each ranking hands to fusion. */
const FUSION_DEPTH = 50;
const RRF_K = 60;

/** A query's words: lower case, letters and digits, 2 characters or more, each once. */
export function queryWords(query: string): string[] {
  const words = new Set<string>();
  for (const match of query.toLowerCase().matchAll(/[\p{L}\p{N}]{2,40}/gu)) {
    words.add(match[0]);
    if (words.size >= MAX_WORDS) break;
  }
  return [...words];
}

/** For each query word of 4+ characters the documents lack (stop words aside), up to 3 of their words that are trigram-similar to it. */
async function corrections(documentIds: string[], words: string[]): Promise<Map<string, string[]>> {
  const long = words.filter((w) => w.length >= 4);
  const out = new Map<string, string[]>();
  if (long.length === 0) return out;
  const rows = await db().$queryRawUnsafe<{ w: string; word: string }[]>(
    `SELECT q.w, t.word
     FROM (
       -- Only words the documents lack, and not stop words (which full-text search ignores anyway).
       SELECT w FROM unnest($1::text[]) AS u(w)
       WHERE numnode(plainto_tsquery('english', w)) > 0
         AND NOT EXISTS (SELECT 1 FROM "DocumentTerm" e WHERE e."documentId" = ANY($2::uuid[]) AND e.word = u.w)
       OFFSET 0
     ) AS q
     CROSS JOIN LATERAL (
       SELECT word FROM "DocumentTerm"
       WHERE "documentId" = ANY($2::uuid[]) AND word % q.w
       GROUP BY word ORDER BY max(similarity(word, q.w)) DESC, word LIMIT 3
     ) AS t`,
    long,
    documentIds,
  );
  for (const { w, word } of rows) out.set(w, [...(out.get(w) ?? []), word]);
  return out;
}

/** A term as to_tsquery reads it: letters and digits only (nothing of to_tsquery's syntax), with a prefix form for words of 4+ characters. */
function termsOf(word: string): string[] {
  const clean = word.replace(/[^\p{L}\p{N}]/gu, '');
  if (!clean) return [];
  return clean.length >= 4 ? [clean, `${clean}:*`] : [clean];
}

/** The full-text ranking (see the module comment): the best `limit` chunks of the documents for the query. */
export async function fullTextSearch({ documentIds, query, limit }: { documentIds: string[]; query: string; limit: number }): Promise<ChunkHit[]> {
  const words = queryWords(query);
  if (words.length === 0 || documentIds.length === 0) return [];
  const fixes = await corrections(documentIds, words);
  const groups = words
    .map((w) => [...new Set([...termsOf(w), ...(fixes.get(w) ?? []).flatMap(termsOf)])])
    .filter((terms) => terms.length > 0)
    .map((terms) => `(${terms.join(' | ')})`);
  const text = words.join(' ');
  const rows = await db().$queryRawUnsafe<ChunkHit[]>(
    `WITH g AS MATERIALIZED (
       SELECT q FROM (SELECT to_tsquery('english', t) AS q FROM unnest($1::text[]) AS t) AS x WHERE numnode(q) > 0
     ), n AS MATERIALIZED (
       SELECT count(*)::float8 AS n FROM "DocumentChunk" WHERE "documentId" = ANY($2::uuid[])
     ), w AS MATERIALIZED (
       SELECT g.q, ln(1 + (SELECT n FROM n) / (1 + (SELECT count(*) FROM "DocumentChunk" c WHERE c."documentId" = ANY($2::uuid[]) AND c.tsv @@ g.q))) AS idf FROM g
     ), whole AS MATERIALIZED (
       SELECT to_tsquery('english', $3) AS q
     ), matched AS (
       SELECT c.id, c."documentId", c."chunkIndex", c."pageNumber", c.content,
              coalesce((SELECT sum(w.idf) FILTER (WHERE c.tsv @@ w.q) / nullif(sum(w.idf), 0) FROM w), 0) AS coverage,
              ts_rank_cd(c.tsv, whole.q, 32) AS ft
       FROM "DocumentChunk" c, whole
       WHERE c."documentId" = ANY($2::uuid[]) AND c.tsv @@ whole.q
     ), scored AS (
       SELECT * FROM matched ORDER BY 0.6 * coverage + 0.25 * ft DESC, "chunkIndex" LIMIT $5
     )
     SELECT id, "documentId", "chunkIndex", "pageNumber", content,
            least(1, 0.6 * coverage + 0.25 * ft + 0.15 * word_similarity($4, content))::float8 AS similarity
     FROM scored
     ORDER BY similarity DESC, "chunkIndex"
     LIMIT $6`,
    groups,
    documentIds,
    groups.join(' | '),
    text,
    Math.max(limit, FUSION_DEPTH),
    limit,
  );
  if (rows.length > 0) return rows.map(shape);
  // None of the words is in the documents, even approximately: trigram similarity alone.
  const fuzzy = await db().$queryRawUnsafe<ChunkHit[]>(
    `SELECT id, "documentId", "chunkIndex", "pageNumber", content, word_similarity($1, content)::float8 AS similarity
     FROM "DocumentChunk" WHERE "documentId" = ANY($2::uuid[]) AND $1 <% content
     ORDER BY similarity DESC, "chunkIndex" LIMIT $3`,
    text,
    documentIds,
    limit,
  );
  return fuzzy.map(shape);
}

function shape(row: ChunkHit): ChunkHit {
  return {
    id: row.id,
    documentId: row.documentId,
    chunkIndex: Number(row.chunkIndex),
    pageNumber: Number(row.pageNumber),
    content: row.content,
    similarity: Math.max(0, Math.min(1, Number(row.similarity))),
  };
}

/**
 * The best `limit` chunks of these documents for a query (the caller has checked the actor may
 * read them): full-text with trigram similarity, fused with embeddings when an embedding model
 * is configured and the chunks have them. An AI service that fails throws TIMEOUT.
 */
export async function searchChunks({ documentIds, query, limit }: { documentIds: string[]; query: string; limit: number }): Promise<ChunkHit[]> {
  const settings = aiSettings();
  const embedded =
    settings?.embeddingModel && documentIds.length > 0
      ? await db().documentChunk.findMany({ where: { documentId: { in: documentIds }, embedding: { not: null } }, select: { id: true, embedding: true } })
      : [];
  if (!settings?.embeddingModel || embedded.length === 0) return fullTextSearch({ documentIds, query, limit });

  const [[vector], text] = await Promise.all([embedTexts({ ...settings, embeddingModel: settings.embeddingModel }, [query]), fullTextSearch({ documentIds, query, limit: FUSION_DEPTH })]);
  const byVector = embedded
    .map((c) => ({ id: c.id, score: cosine(vector, bytesToVector(c.embedding!)) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, FUSION_DEPTH);
  const fused = new Map<string, number>();
  byVector.forEach((c, rank) => fused.set(c.id, (fused.get(c.id) ?? 0) + 1 / (RRF_K + rank + 1)));
  text.forEach((c, rank) => fused.set(c.id, (fused.get(c.id) ?? 0) + 1 / (RRF_K + rank + 1)));
  const best = [...fused].sort((a, b) => b[1] - a[1]).slice(0, limit);
  const rows = await db().documentChunk.findMany({ where: { id: { in: best.map(([id]) => id) } }, select: { id: true, documentId: true, chunkIndex: true, pageNumber: true, content: true } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const top = 2 / (RRF_K + 1);
  return best.flatMap(([id, score]) => {
    const row = byId.get(id);
    return row ? [{ ...row, similarity: Math.min(1, score / top) }] : [];
  });
}
