import type { BatchJobFieldsFragment } from '../gql/graphql.ts';

type Counts = Pick<BatchJobFieldsFragment, 'progressPercent' | 'totalDocuments' | 'completedDocuments' | 'failedDocuments' | 'cancelledDocuments'>;

/**
 * A job's progress: a bar that assistive technology reads as a progressbar (aria-valuenow is
 * the job's progressPercent), with the figure beside it. `label` names the job.
 */
export function BatchProgress({ job, label }: { job: Counts; label: string }) {
  const settled = job.completedDocuments + job.failedDocuments + job.cancelledDocuments;
  return (
    <div className="batch-progress">
      <div
        className="batch-progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={job.progressPercent}
        aria-valuetext={`${job.progressPercent}%: ${settled} of ${job.totalDocuments} done`}
      >
        <div className="batch-progress-fill" style={{ width: `${job.progressPercent}%` }} />
      </div>
      <span aria-hidden="true">{job.progressPercent}%</span>
    </div>
  );
}

/** "12 sealed · 0 failed · 0 cancelled of 12". */
export function BatchCounts({ job }: { job: Counts }) {
  return (
    <span className="batch-counts">
      <span>{job.completedDocuments} sealed</span> · <span>{job.failedDocuments} failed</span> · <span>{job.cancelledDocuments} cancelled</span> <span className="muted">of {job.totalDocuments}</span>
    </span>
  );
}
