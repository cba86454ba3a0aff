/**
 * Reading a document version for search and chat: its text page by page (extractPageTexts, the
 * one text extraction, also pdfText's), cut into chunks (chunk.ts), each with its full-text
 * vector and, with AI_EMBEDDING_MODEL, its embedding (computed in batches); the document's
 * vocabulary for misspelt query words. The new chunks replace the document's old ones in one
 * transaction, under the document's lock, unless a newer version's ingest was queued since.
 */
import { db } from '../db/index.ts';
import { lockDocument } from '../documents/append-version.ts';
import { isAppError } from '../errors.ts';
import { logger } from '../log.ts';
import { aiSettings, embedTexts, vectorToBytes } from '../ai/openai.ts';
import { extractPageTexts } from '../pdf/extract-page-texts.ts';
import { asPdfTenant } from '../pdf/pool.ts';
import { blobStore } from '../storage/index.ts';
import type { BlobStore } from '../storage/index.ts';
import { chunkPages, pageHasText, vocabulary } from './chunk.ts';

export type IngestOutcome = 'done' | 'failed' | 'superseded' | 'settled';

/** Rows per INSERT of chunks (PostgreSQL's parameter limit is far; this bounds one statement's size). */
const INSERT_BATCH = 500;

async function settleFailed(ingestId: string, error: string): Promise<'failed'> {
  await db().documentIngest.update({ where: { id: ingestId }, data: { status: 'FAILED', error, finishedAt: new Date() }, select: { id: true } });
  return 'failed';
}

/**
 * Work one ingest (the queue's handler). Unexpected failures throw (pg-boss tries again);
 * on the last attempt an embedding failure keeps the chunks without embeddings (full-text
 * search still finds them) and a reading failure settles the ingest FAILED.
 */
export async function ingestDocumentVersion(ingestId: string, { lastAttempt = true, store = blobStore() }: { lastAttempt?: boolean; store?: BlobStore } = {}): Promise<IngestOutcome> {
  const ingest = await db().documentIngest.findUnique({
    where: { id: ingestId },
    select: { id: true, status: true, documentId: true, insertedAt: true, document: { select: { organizationId: true } }, version: { select: { id: true, fileHash: true, encrypted: true } } },
  });
  if (!ingest || ingest.status === 'DONE' || ingest.status === 'FAILED') return 'settled';
  await db().documentIngest.update({ where: { id: ingestId }, data: { status: 'RUNNING' }, select: { id: true } });
  if (ingest.version.encrypted) return settleFailed(ingestId, 'The PDF is encrypted: its text cannot be read');

  let pages: string[];
  try {
    // Reading takes turns in the PDF pool as the organization's background work.
    pages = await asPdfTenant(`organization:${ingest.document.organizationId}`, () =>
      extractPageTexts(async () => {
        const bytes = await store.read(ingest.version.fileHash);
        if (!bytes) throw new Error(`The blob ${ingest.version.fileHash} is missing from storage`);
        return bytes;
      }),
    );
  } catch (err) {
    // A PDF that cannot be read stays unreadable; a timeout on a loaded machine may pass.
    if (isAppError(err, 'BAD_USER_INPUT') || (lastAttempt && isAppError(err, 'TIMEOUT'))) return settleFailed(ingestId, err instanceof Error ? err.message : String(err));
    throw err;
  }
  const chunks = chunkPages(pages);
  const pagesWithoutText = pages.flatMap((text, i) => (pageHasText(text) ? [] : [i + 1]));

  let embeddings: Float32Array[] | null = null;
  let embeddingModel: string | null = null;
  let error: string | null = null;
  const settings = aiSettings();
  if (settings?.embeddingModel && chunks.length > 0) {
    try {
      embeddings = await embedTexts(
        { ...settings, embeddingModel: settings.embeddingModel },
        chunks.map((c) => c.content),
      );
      embeddingModel = settings.embeddingModel;
    } catch (err) {
      if (!lastAttempt) throw err;
      error = `Embeddings were not computed (${err instanceof Error ? err.message : String(err)}); full-text search only`;
      logger.warn('ingest: embeddings failed; the chunks are kept without them', { ingestId, error });
    }
  }

  const words = vocabulary(chunks.map((c) => c.content));
  return db().$transaction(
    async (tx) => {
      await lockDocument(tx, ingest.documentId);
      // A newer version's ingest queued meanwhile owns the document's chunks now.
      const newer = await tx.documentIngest.findFirst({ where: { documentId: ingest.documentId, insertedAt: { gt: ingest.insertedAt } }, select: { id: true } });
      if (newer) {
        await tx.documentIngest.update({
          where: { id: ingestId },
          data: { status: 'DONE', error: 'A newer version replaced this one before it was read', finishedAt: new Date() },
          select: { id: true },
        });
        return 'superseded' as const;
      }
      await tx.documentChunk.deleteMany({ where: { documentId: ingest.documentId } });
      await tx.documentTerm.deleteMany({ where: { documentId: ingest.documentId } });
      for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
        const slice = chunks.slice(i, i + INSERT_BATCH);
        const vectors = embeddings ? embeddings.slice(i, i + INSERT_BATCH).map((v) => Buffer.from(vectorToBytes(v)).toString('hex')) : slice.map(() => null);
        await tx.$executeRawUnsafe(
          `INSERT INTO "DocumentChunk" ("id", "documentId", "versionId", "chunkIndex", "pageNumber", "content", "tsv", "embedding")
           SELECT gen_random_uuid(), $1::uuid, $2::uuid, c.i, c.p, c.t, to_tsvector('english', c.t), decode(c.e, 'hex')
           FROM unnest($3::int[], $4::int[], $5::text[], $6::text[]) AS c(i, p, t, e)`,
          ingest.documentId,
          ingest.version.id,
          slice.map((c) => c.chunkIndex),
          slice.map((c) => c.pageNumber),
          slice.map((c) => c.content),
          vectors,
        );
      }
      for (let i = 0; i < words.length; i += 5000) {
        await tx.$executeRawUnsafe(
          `INSERT INTO "DocumentTerm" ("documentId", "word") SELECT $1::uuid, w FROM unnest($2::text[]) AS w ON CONFLICT DO NOTHING`,
          ingest.documentId,
          words.slice(i, i + 5000),
        );
      }
      await tx.documentIngest.update({
        where: { id: ingestId },
        data: { status: 'DONE', pageCount: pages.length, pagesWithoutText, chunkCount: chunks.length, embeddingModel, error, finishedAt: new Date() },
        select: { id: true },
      });
      return 'done' as const;
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
}
