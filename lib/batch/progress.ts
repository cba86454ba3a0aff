/** A batch job's figures, from the counters its items move (each in the transaction that settles the item). */
import type { BatchSealStatus } from '../generated/prisma/enums.ts';

export interface JobCounts {
  totalDocuments: number;
  completedDocuments: number;
  failedDocuments: number;
  cancelledDocuments: number;
}

/** Items that are settled: sealed, failed or cancelled. */
export function settled(job: JobCounts): number {
  return job.completedDocuments + job.failedDocuments + job.cancelledDocuments;
}

/** Items not settled yet (waiting or being sealed). */
export function remaining(job: JobCounts): number {
  return Math.max(0, job.totalDocuments - settled(job));
}

/** Settled items as a whole percentage, rounded down: 100 only once every item is settled. */
export function progressPercent(job: JobCounts): number {
  if (job.totalDocuments === 0) return 100;
  return Math.floor((100 * settled(job)) / job.totalDocuments);
}

/**
 * How a job ends once every item is settled (null before): CANCELLED when it was cancelled,
 * else COMPLETED when all were sealed, FAILED when none was, PARTIALLY_COMPLETED between.
 */
export function finalStatus(job: JobCounts & { cancelRequestedAt: Date | null }): BatchSealStatus | null {
  if (remaining(job) > 0) return null;
  if (job.cancelRequestedAt) return 'CANCELLED';
  if (job.completedDocuments === job.totalDocuments) return 'COMPLETED';
  if (job.completedDocuments === 0) return 'FAILED';
  return 'PARTIALLY_COMPLETED';
}
