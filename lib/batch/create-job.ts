/**
 * createBatchSealJob: many documents sealed with one credential and one placement. Everything
 * is checked before anything is written, with sealDocument's own checks and error codes; then
 * the job, its items (one per document, in the order given) and their queue jobs are written in
 * one transaction, so a job never exists without its work, nor work without its job.
 */
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { orderedUuids } from '../ids.ts';
import type { Actor } from '../orgs/actor.ts';
import { lockOrganization } from '../orgs/lock.ts';
import { enqueueInTransaction, nudge, prepareQueues } from '../queue/index.ts';
import { loadSigner } from '../seals/certificates.ts';
import { checkSealableDocuments, checkSealingCredential } from '../seals/check-sealable.ts';
import { placementOf } from '../seals/seal-document.ts';
import type { FooterPosition, PageMode } from '../seals/seal-document.ts';
import { BATCH_DEAD_LETTER, batchQueue } from './queue.ts';
import type { BatchItemJob } from './queue.ts';

/** The most documents one job seals (decisions.md CreateBatchSealInput). */
export const MAX_BATCH_DOCUMENTS = 500;

export interface CreateBatchSealInput {
  documentIds: string[];
  credentialId: string;
  signingCertificateId?: string | null;
  pageMode?: PageMode | null;
  positionX?: number | null;
  positionY?: number | null;
  size?: number | null;
  footerPosition?: FooterPosition | null;
}

type JobQuery = Omit<Prisma.BatchSealJobFindUniqueOrThrowArgs, 'where'>;

/** The ids, checked: 1 to 500, no id twice. BAD_USER_INPUT naming the first duplicate. */
function checkIds(ids: string[]): void {
  if (ids.length < 1 || ids.length > MAX_BATCH_DOCUMENTS) throw new AppError('BAD_USER_INPUT', `documentIds must hold 1 to ${MAX_BATCH_DOCUMENTS} documents; got ${ids.length}`);
  const seen = new Set<string>();
  for (const id of ids) {
    const key = id.toLowerCase();
    if (seen.has(key)) throw new AppError('BAD_USER_INPUT', `Document ${id} is listed twice: each document is sealed once per job`, { documentId: id });
    seen.add(key);
  }
}

export async function createBatchSealJob<Q extends JobQuery>({ actor, input, query, now = new Date() }: { actor: Actor; input: CreateBatchSealInput; query?: Q; now?: Date }) {
  checkIds(input.documentIds);
  // The placement as sealDocument checks it (the page count only matters for `page`, which a batch has not).
  const placement = placementOf({ ...input, documentId: '', page: null }, 1);
  const documentIds = input.documentIds.map((id) => id.toLowerCase());
  await checkSealableDocuments(db(), { actor, documentIds });
  const credential = await checkSealingCredential({ actor, credentialId: input.credentialId, now });
  if (input.signingCertificateId) await loadSigner({ actor, id: input.signingCertificateId, now });

  const queue = batchQueue();
  await prepareQueues(BATCH_DEAD_LETTER, queue);
  const itemIds = orderedUuids(documentIds.length, now.getTime());
  const jobId = await db().$transaction(async (tx) => {
    // One job at a time per organization from here: a document already waiting in an unfinished
    // job is refused, so the queue holds at most one item per document (else the same documents,
    // listed again and again, would fill the queue every organization shares with items bound to fail).
    await lockOrganization(tx, actor.organizationId);
    const queued = await tx.batchSealItem.findFirst({
      where: { documentId: { in: documentIds }, status: { in: ['PENDING', 'PROCESSING'] } },
      select: { documentId: true },
    });
    if (queued) {
      throw new AppError('CONFLICT', `Document ${queued.documentId} is waiting in a batch job not finished yet: it is sealed once; cancel that job first to seal it in another`, {
        documentId: queued.documentId,
      });
    }
    const job = await tx.batchSealJob.create({
      data: {
        organizationId: actor.organizationId,
        createdById: actor.userId,
        clientAddress: actor.clientAddress ?? null,
        credentialId: credential.id,
        signingCertificateId: input.signingCertificateId ?? null,
        pageMode: input.pageMode ?? 'FIRST',
        positionX: placement.positionX,
        positionY: placement.positionY,
        size: placement.size,
        footerPosition: placement.footerPosition,
        totalDocuments: documentIds.length,
      },
      select: { id: true },
    });
    // One statement over two arrays: Prisma's createMany of 500 rows is built on the request
    // thread (70–400 ms of it, measured by bench:batch), this is a few milliseconds.
    await tx.$executeRaw`
      INSERT INTO "BatchSealItem" (id, "jobId", position, "documentId")
      SELECT item.id, ${job.id}::uuid, (item.position - 1)::int, item."documentId"
      FROM unnest(${itemIds}::uuid[], ${documentIds}::uuid[]) WITH ORDINALITY AS item(id, "documentId", position)`;
    await enqueueInTransaction(
      tx,
      queue,
      itemIds.map((itemId) => ({ id: itemId, data: { itemId } satisfies BatchItemJob })),
    );
    return job.id;
  });
  nudge(queue.name);
  return db().batchSealJob.findUniqueOrThrow({ ...((query ?? {}) as Q), where: { id: jobId } });
}
