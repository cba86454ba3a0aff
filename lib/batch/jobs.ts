/**
 * Reading and cancelling batch jobs. A job is its creator's, and the organization's OWNER and
 * ADMINs see and cancel every job of it; anyone else is told it does not exist.
 */
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { BatchSealStatus } from '../generated/prisma/enums.ts';
import type { Actor } from '../orgs/actor.ts';
import { can } from '../orgs/permissions.ts';
import { endJobIfSettled, lockJob } from './work-item.ts';

/** Newest first (decisions.md "Limits"). */
export const BATCH_JOB_ORDER = [{ insertedAt: 'desc' }, { id: 'desc' }] as const satisfies ReadonlyArray<Prisma.BatchSealJobOrderByWithRelationInput>;

/** The jobs the actor sees, with a status when one is asked. */
export function jobsWhere(actor: Actor, status?: BatchSealStatus | null): Prisma.BatchSealJobWhereInput {
  return {
    organizationId: actor.organizationId,
    ...(can(actor.role, 'batches.manageAll') ? {} : { createdById: actor.userId }),
    ...(status ? { status } : {}),
  };
}

type JobQuery = Omit<Prisma.BatchSealJobFindManyArgs, 'where' | 'orderBy'>;

export function listBatchJobs<Q extends JobQuery>({ actor, status, query }: { actor: Actor; status?: BatchSealStatus | null; query: Q }) {
  return db().batchSealJob.findMany({ ...query, where: jobsWhere(actor, status), orderBy: [...BATCH_JOB_ORDER] });
}

export function countBatchJobs({ actor, status }: { actor: Actor; status?: BatchSealStatus | null }): Promise<number> {
  return db().batchSealJob.count({ where: jobsWhere(actor, status) });
}

export async function isBatchJobListed({ actor, status, id }: { actor: Actor; status?: BatchSealStatus | null; id: string }): Promise<boolean> {
  return (await db().batchSealJob.count({ where: { AND: [{ id }, jobsWhere(actor, status)] } })) > 0;
}

export function getBatchJob<Q extends Omit<Prisma.BatchSealJobFindFirstArgs, 'where'>>({ actor, id, query }: { actor: Actor; id: string; query?: Q }) {
  return db().batchSealJob.findFirst({ ...((query ?? {}) as Q), where: { AND: [{ id }, jobsWhere(actor)] } });
}

/**
 * Cancel a job: its PENDING items become CANCELLED at once; an item being sealed finishes,
 * and the job ends CANCELLED when it has (at once when none was). A job that has ended is
 * answered unchanged.
 */
export async function cancelBatchJob<Q extends Omit<Prisma.BatchSealJobFindUniqueOrThrowArgs, 'where'>>({ actor, id, query, now = new Date() }: { actor: Actor; id: string; query?: Q; now?: Date }) {
  const found = await getBatchJob({ actor, id, query: { select: { id: true } } });
  if (!found) throw new AppError('NOT_FOUND', 'Batch seal job not found');
  await db().$transaction(async (tx) => {
    // The job's row first, locked: items settle under the same lock, so the counts stay exact.
    const job = await lockJob(tx, id);
    if (!job || job.completedAt) return;
    const { count } = await tx.batchSealItem.updateMany({ where: { jobId: id, status: 'PENDING' }, data: { status: 'CANCELLED', processingCompletedAt: now } });
    const counts = await tx.batchSealJob.update({
      where: { id },
      data: { cancelledDocuments: { increment: count }, cancelRequestedAt: now },
      select: { totalDocuments: true, completedDocuments: true, failedDocuments: true, cancelledDocuments: true, cancelRequestedAt: true },
    });
    await endJobIfSettled(tx, id, counts, now);
  });
  return db().batchSealJob.findUniqueOrThrow({ ...((query ?? {}) as Q), where: { id } });
}
