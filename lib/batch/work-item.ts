/**
 * One batch item, sealed: what a queue worker (or the cron route) runs for each queue job.
 *
 * Exactly once, whatever crashes: the item is claimed (PENDING or PROCESSING → PROCESSING),
 * then sealed by sealDocument, whose transaction also settles the item (PROCESSING →
 * COMPLETED, with its seal's id, unique) and moves the job's counters. A second attempt at
 * an item already settled does nothing; one that races the first is rolled back by the
 * settle step (and by the document's lock in sealDocument). A refusal (the document was
 * deleted, the credential revoked…) settles the item FAILED in words; anything unexpected is
 * thrown, and the queue tries again.
 */
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { AppError, isAppError } from '../errors.ts';
import { addressTenant } from '../http/client-ip.ts';
import { logger } from '../log.ts';
import { asPdfTenant } from '../pdf/pool.ts';
import { resolveActor } from '../orgs/actor.ts';
import { sealDocument } from '../seals/seal-document.ts';
import type { SealTransactionStep } from '../seals/seal-document.ts';
import { finalStatus } from './progress.ts';

/** Thrown inside a seal's transaction when its item was settled meanwhile: the seal rolls back, and nothing more is done. */
class ItemAlreadySettled extends Error {}

const COUNTS = { totalDocuments: true, completedDocuments: true, failedDocuments: true, cancelledDocuments: true, cancelRequestedAt: true } as const;

type Outcome = { status: 'COMPLETED'; sealId: string } | { status: 'FAILED'; errorMessage: string };

/**
 * Settle a PROCESSING item and count it on its job, in the caller's transaction; the job ends
 * when this was its last item. False when the item was no longer PROCESSING (nothing written).
 */
async function settleItem(tx: Prisma.TransactionClient, item: { id: string; jobId: string }, outcome: Outcome, now: Date): Promise<boolean> {
  await lockJob(tx, item.jobId);
  const { count } = await tx.batchSealItem.updateMany({
    where: { id: item.id, status: 'PROCESSING' },
    data:
      outcome.status === 'COMPLETED'
        ? { status: 'COMPLETED', sealId: outcome.sealId, processingCompletedAt: now, errorMessage: null }
        : { status: 'FAILED', errorMessage: outcome.errorMessage, processingCompletedAt: now },
  });
  if (count === 0) return false;
  const job = await tx.batchSealJob.update({
    where: { id: item.jobId },
    data: outcome.status === 'COMPLETED' ? { completedDocuments: { increment: 1 } } : { failedDocuments: { increment: 1 } },
    select: COUNTS,
  });
  await endJobIfSettled(tx, item.jobId, job, now);
  return true;
}

/**
 * Lock a job's row for the rest of the transaction. Every transaction that changes a job's
 * items takes it first (claim, settle, cancel), so they queue on it and never deadlock, and of
 * two items settled at once the second sees the first's count.
 */
export async function lockJob(tx: Prisma.TransactionClient, jobId: string): Promise<{ completedAt: Date | null } | undefined> {
  const [job] = await tx.$queryRaw<{ completedAt: Date | null }[]>`SELECT "completedAt" FROM "BatchSealJob" WHERE id = ${jobId}::uuid FOR UPDATE`;
  return job;
}

/** Give the job its final status once every item is settled (the caller holds the job's row). */
export async function endJobIfSettled(tx: Prisma.TransactionClient, jobId: string, job: Parameters<typeof finalStatus>[0], now: Date): Promise<void> {
  const status = finalStatus(job);
  if (status) await tx.batchSealJob.updateMany({ where: { id: jobId, completedAt: null }, data: { status, completedAt: now } });
}

/** Claim the item for this attempt: PENDING (or PROCESSING, a crashed attempt's) → PROCESSING; its job starts. Null when it is settled already. */
async function claimItem(itemId: string, now: Date) {
  const found = await db().batchSealItem.findUnique({ where: { id: itemId }, select: { jobId: true, status: true } });
  if (!found || (found.status !== 'PENDING' && found.status !== 'PROCESSING')) return null;
  return db().$transaction(async (tx) => {
    await lockJob(tx, found.jobId);
    const { count } = await tx.batchSealItem.updateMany({
      where: { id: itemId, status: { in: ['PENDING', 'PROCESSING'] } },
      data: { status: 'PROCESSING', attempts: { increment: 1 } },
    });
    if (count === 0) return null;
    const item = await tx.batchSealItem.findUniqueOrThrow({
      where: { id: itemId },
      select: {
        id: true,
        jobId: true,
        documentId: true,
        processingStartedAt: true,
        job: {
          select: {
            organizationId: true,
            createdById: true,
            clientAddress: true,
            credentialId: true,
            signingCertificateId: true,
            pageMode: true,
            positionX: true,
            positionY: true,
            size: true,
            footerPosition: true,
          },
        },
      },
    });
    if (!item.processingStartedAt) await tx.batchSealItem.update({ where: { id: itemId }, data: { processingStartedAt: now }, select: { id: true } });
    await tx.batchSealJob.updateMany({ where: { id: item.jobId, status: 'PENDING' }, data: { status: 'PROCESSING', startedAt: now } });
    return item;
  });
}

/** Settle a claimed item FAILED, in its own transaction. */
export async function failItem(item: { id: string; jobId: string }, errorMessage: string, now = new Date()): Promise<boolean> {
  return db().$transaction((tx) => settleItem(tx, item, { status: 'FAILED', errorMessage }, now));
}

/**
 * Seal one batch item. `lastAttempt`: an unexpected failure settles the item FAILED instead of
 * being thrown for another try.
 */
export async function workBatchItem(itemId: string, { lastAttempt = false }: { lastAttempt?: boolean } = {}): Promise<'sealed' | 'failed' | 'settled'> {
  const item = await claimItem(itemId, new Date());
  if (!item) return 'settled';
  const { job } = item;
  try {
    if (!item.documentId) throw new AppError('NOT_FOUND', 'Document not found');
    if (!job.credentialId) throw new AppError('NOT_FOUND', 'Credential not found: it was deleted after the job was queued');
    const resolved = job.createdById ? await resolveActor({ userId: job.createdById, requestedOrganizationId: job.organizationId }) : null;
    if (!resolved || resolved.actor.organizationId !== job.organizationId) throw new AppError('FORBIDDEN', 'The member who queued this job is no longer in the organization');
    const settle: SealTransactionStep = async (tx, written) => {
      if (!(await settleItem(tx, item, { status: 'COMPLETED', sealId: written.sealId }, written.sealedAt))) throw new ItemAlreadySettled();
    };
    const [documentId, credentialId] = [item.documentId, job.credentialId];
    const seal = () =>
      sealDocument({
        // The audit trail's SEALED event names the member and the address the job was queued from.
        actor: { ...resolved.actor, clientAddress: job.clientAddress },
        input: {
          documentId,
          credentialId,
          signingCertificateId: job.signingCertificateId,
          pageMode: job.pageMode,
          positionX: job.positionX,
          positionY: job.positionY,
          size: job.size,
          footerPosition: job.footerPosition,
        },
        query: { select: { id: true } },
        alsoInTransaction: [settle],
      });
    // The PDF pool counts the item against the address that queued the job (else its
    // organization), as that client's own seal would be.
    await asPdfTenant(job.clientAddress ? addressTenant(job.clientAddress) : `organization:${job.organizationId}`, seal);
    return 'sealed';
  } catch (err) {
    if (err instanceof ItemAlreadySettled) return 'settled';
    if (isAppError(err)) return (await failItem(item, err.message)) ? 'failed' : 'settled';
    if (!lastAttempt) throw err;
    logger.error('batch: an item could not be sealed, and its retries are spent', { itemId, error: err instanceof Error ? err.message : String(err) });
    return (await failItem(item, 'The document could not be sealed because of an internal error; retry it')) ? 'failed' : 'settled';
  }
}

/**
 * An item whose queue job's retries are spent (its instance died each time, or sealing kept
 * failing unexpectedly): FAILED, unless it was settled meanwhile.
 */
export async function failAbandonedItem(itemId: string): Promise<void> {
  const item = await db().batchSealItem.findUnique({ where: { id: itemId }, select: { id: true, jobId: true, status: true } });
  if (!item || (item.status !== 'PROCESSING' && item.status !== 'PENDING')) return;
  await db().$transaction(async (tx) => {
    await lockJob(tx, item.jobId);
    // A PENDING item never started: claim it first, so settleItem's PROCESSING → FAILED applies.
    await tx.batchSealItem.updateMany({ where: { id: itemId, status: 'PENDING' }, data: { status: 'PROCESSING' } });
    await settleItem(tx, item, { status: 'FAILED', errorMessage: 'The document could not be sealed after several attempts; retry it' }, new Date());
  });
}
