'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import { BatchJobActions } from './BatchJobActions.tsx';
import { BatchCounts, BatchProgress } from './BatchProgress.tsx';
import { documentsCount, isActive, JOB_STATUS_WORDS, when } from './batch-words.ts';
import { DataTable } from './DataTable.tsx';
import { FirstLoad } from './use-action.tsx';
import { useLivePoll } from './use-live-poll.ts';

/** Jobs per page of the list; "Show more" appends the next page. */
const PAGE_SIZE = 20;

const JOBS = graphql(`
  query BatchJobs($first: Int!, $after: String) {
    batchSealJobsConnection(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          ...BatchJobFields
        }
      }
    }
  }
`);

// One request a poll for every job under way, whichever page of the list shows it: the answers
// land on the jobs in the cache, so the rows move.
const ACTIVE_JOBS = graphql(`
  query ActiveBatchJobs {
    processing: batchSealJobsConnection(first: 100, status: PROCESSING) {
      edges {
        node {
          ...BatchJobFields
        }
      }
    }
    pending: batchSealJobsConnection(first: 100, status: PENDING) {
      edges {
        node {
          ...BatchJobFields
        }
      }
    }
  }
`);

const JOB_SUMMARY = graphql(`
  query BatchJobSummary($id: UUID!) {
    batchSealJob(id: $id) {
      ...BatchJobFields
    }
  }
`);

/** The user's batch jobs, newest first, each with its progress; live while any shown is under way. */
export function BatchJobsList() {
  const client = useApolloClient();
  const jobs = useQuery(JOBS, { variables: { first: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const [loadingMore, setLoadingMore] = useState(false);
  const connection = jobs.data?.batchSealJobsConnection;
  const rows = connection?.edges.map((e) => e.node) ?? [];
  const activeIds = rows.filter((j) => isActive(j.status)).map((j) => j.id);

  useLivePoll(activeIds.length > 0, async () => {
    const { data } = await client.query({ query: ACTIVE_JOBS, fetchPolicy: 'network-only' });
    const stillActive = new Set([...(data?.processing.edges ?? []), ...(data?.pending.edges ?? [])].map((e) => e.node.id));
    // A shown job no longer under way has ended: read its final figures once.
    await Promise.all(activeIds.filter((id) => !stillActive.has(id)).map((id) => client.query({ query: JOB_SUMMARY, variables: { id }, fetchPolicy: 'network-only' })));
  });

  const showMore = async () => {
    setLoadingMore(true);
    try {
      await jobs.fetchMore({
        variables: { first: PAGE_SIZE, after: connection?.pageInfo.endCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          batchSealJobsConnection: {
            ...fetchMoreResult.batchSealJobsConnection,
            edges: [...(previous?.batchSealJobsConnection?.edges ?? []), ...fetchMoreResult.batchSealJobsConnection.edges],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  if (!connection) return <FirstLoad loading={jobs.loading} error={jobs.error} hasData={false} what="batch jobs" />;
  if (rows.length === 0)
    return (
      <p className="empty">
        No batch jobs yet. Select documents on the <Link href="/documents">Documents</Link> page and choose “Seal selected…”.
      </p>
    );
  return (
    <div className="stack">
      <DataTable columns={['Job', 'Status', 'Progress', 'Documents', 'Started', 'Ended', 'Actions']} className="batch-table">
        {rows.map((job) => {
          const status = JOB_STATUS_WORDS[job.status];
          const name = `${documentsCount(job.totalDocuments)}, ${when(job.insertedAt)}`;
          return (
            <tr key={job.id} data-job-id={job.id}>
              <td data-label="Job">
                <Link href={`/batches/${job.id}`}>{name}</Link>
                {job.credential && <span className="muted batch-credential">{job.credential.displayName}</span>}
              </td>
              <td data-label="Status">
                <span className={`badge ${status.tone}`}>{status.word}</span>
              </td>
              <td data-label="Progress">
                <BatchProgress job={job} label={`Progress of ${name}`} />
              </td>
              <td data-label="Documents">
                <BatchCounts job={job} />
              </td>
              <td data-label="Started">{job.startedAt ? <time dateTime={job.startedAt}>{when(job.startedAt)}</time> : <span className="muted">Not yet</span>}</td>
              <td data-label="Ended">{job.completedAt ? <time dateTime={job.completedAt}>{when(job.completedAt)}</time> : <span className="muted">—</span>}</td>
              <td data-label="Actions">
                <BatchJobActions job={job} idle={<span className="muted">—</span>} />
              </td>
            </tr>
          );
        })}
      </DataTable>
      <div className="copy">
        <span className="muted" role="status">
          Showing {rows.length} of {connection.totalCount}
        </span>
        {connection.pageInfo.hasNextPage && (
          <button type="button" className="secondary small" disabled={loadingMore} onClick={() => void showMore()}>
            {loadingMore ? 'Loading…' : 'Show more'}
          </button>
        )}
      </div>
    </div>
  );
}
