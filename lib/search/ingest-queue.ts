/**
 * The ingest queue: one job per document version to read for search and chat, on the app's
 * pg-boss (lib/queue), written in the transaction that adds the version (appendVersion), so a
 * version and its ingest commit together or not at all.
 */
import crypto from 'node:crypto';
import type { Prisma } from '../db/index.ts';
import { enqueueInTransaction, nudge, prepareQueues } from '../queue/index.ts';
import type { QueueDefinition } from '../queue/index.ts';

/** One job per DocumentIngest row (same id): `{ ingestId }`. A long document takes minutes to read, so a claim lasts 15 min. */
export const INGEST_QUEUE: QueueDefinition = { name: 'document-ingest', retryLimit: 2, retryDelay: 5, expireInSeconds: 900 };

export interface IngestJob {
  ingestId: string;
}

/** Make sure the ingest queue exists: call before a transaction that adds a version (pg-boss cannot create it from inside one on PGlite). */
export function prepareIngest(): Promise<void> {
  return prepareQueues(INGEST_QUEUE);
}

/**
 * Record a PENDING ingest of a new version and queue it, in the caller's transaction. One
 * reader serves every organization, so a version goes behind its own organization's queued
 * ones: its priority is minus how many that organization has waiting or being read. An
 * organization that queues a flood of long documents (an attacker's probe: ten-thousand-page
 * files made by extractPages, 15 s each to read) waits behind its own flood, and another's one
 * document is read next rather than minutes later.
 */
export async function enqueueIngest(tx: Prisma.TransactionClient, { documentId, versionId }: { documentId: string; versionId: string }): Promise<string> {
  const id = crypto.randomUUID();
  const [{ queued }] = await tx.$queryRaw<Array<{ queued: number }>>`
    SELECT count(*)::int AS queued FROM "DocumentIngest" i JOIN "Document" d ON d."id" = i."documentId"
    WHERE i."status" IN ('PENDING', 'RUNNING') AND d."organizationId" = (SELECT "organizationId" FROM "Document" WHERE "id" = ${documentId}::uuid)`;
  await tx.documentIngest.create({ data: { id, documentId, versionId }, select: { id: true } });
  await enqueueInTransaction(tx, INGEST_QUEUE, [{ id, data: { ingestId: id } satisfies IngestJob, priority: -queued }]);
  return id;
}

/** Wake this process's ingest workers (after the transaction that queued work committed). */
export function nudgeIngest(): void {
  nudge(INGEST_QUEUE.name);
}
