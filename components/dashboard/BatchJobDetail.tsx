'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { BatchJobActions } from './BatchJobActions.tsx';
import { BatchCounts, BatchProgress } from './BatchProgress.tsx';
import { BATCH_JOB, ITEMS_PAGE } from './batch-jobs.ts';
import { documentsCount, isActive, ITEM_STATUS_WORDS, JOB_STATUS_WORDS, when } from './batch-words.ts';
import { DataTable } from './DataTable.tsx';
import { FirstLoad } from './use-action.tsx';
import { useLivePoll } from './use-live-poll.ts';
import { CaTrustNote } from './CaTrust.tsx';

const PAGES = { FIRST: 'the first page', LAST: 'the last page', ALL: 'every page' } as const;

/** One batch job: its progress, live while under way, and each document's result. */
export function BatchJobDetail({ id }: { id: string }) {
  const client = useApolloClient();
  // A page of the items at a time: a job holds up to 500.
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error } = useQuery(BATCH_JOB, { variables: { id, offset }, fetchPolicy: 'cache-and-network' });
  const shown = data ?? previousData;
  const job = shown?.batchSealJob;
  const reload = () => client.query({ query: BATCH_JOB, variables: { id, offset }, fetchPolicy: 'network-only' });
  useLivePoll(!!job && isActive(job.status), reload);

  if (!shown) return <FirstLoad loading={loading} error={error} hasData={false} what="the batch job" />;
  if (!job)
    return (
      <div className="stack">
        <h1>Batch job not found</h1>
        <p className="muted">It does not exist, or it is not yours.</p>
        <Link href="/batches">Back to batch jobs</Link>
      </div>
    );
  const status = JOB_STATUS_WORDS[job.status];
  const title = `Batch of ${documentsCount(job.totalDocuments)}`;
  return (
    <div className="stack-lg">
      <div className="stack">
        <p className="muted">
          <Link href="/batches">Batches</Link> / {when(job.insertedAt)}
        </p>
        <h1>{title}</h1>
        <p>
          <span className={`badge ${status.tone}`} data-testid="job-status">
            {status.word}
          </span>{' '}
          <BatchCounts job={job} />
        </p>
        <BatchProgress job={job} label={`Progress of the ${title.toLowerCase()}`} />
        <dl className="batch-facts">
          <dt>Credential</dt>
          <dd>{job.credential ? job.credential.displayName : <span className="muted">Deleted</span>}</dd>
          <dt>Signing certificate</dt>
          <dd>{job.signingCertificate ? job.signingCertificate.name : <span className="muted">None (stamp only)</span>}</dd>
          <dt>Placement</dt>
          <dd>
            On {PAGES[job.pageMode]}, {Math.round(job.positionX * 100)}% from the left and {Math.round(job.positionY * 100)}% from the top, {(job.size / 72).toFixed(2)} in
          </dd>
          <dt>Started</dt>
          <dd>{job.startedAt ? <time dateTime={job.startedAt}>{when(job.startedAt)}</time> : <span className="muted">Not yet</span>}</dd>
          <dt>Ended</dt>
          <dd>{job.completedAt ? <time dateTime={job.completedAt}>{when(job.completedAt)}</time> : <span className="muted">Not yet</span>}</dd>
        </dl>
        {job.signingCertificate?.issuedByServiceCa && job.completedDocuments > 0 && <CaTrustNote />}
        <BatchJobActions job={job} onCancelled={reload} />
      </div>
      <section aria-labelledby="items-title" className="stack">
        <h2 id="items-title">Documents</h2>
        <DataTable columns={['Document', 'Status', 'Result', 'Finished']}>
          {job.items.map((item) => {
            const itemStatus = ITEM_STATUS_WORDS[item.status];
            return (
              <tr key={item.id}>
                <td data-label="Document">{item.document ? <Link href={`/documents/${item.document.id}`}>{item.document.name}</Link> : <span className="muted">No longer available</span>}</td>
                <td data-label="Status">
                  <span className={`badge ${itemStatus.tone}`}>{itemStatus.word}</span>
                </td>
                <td data-label="Result">
                  {item.status === 'FAILED' ? (
                    <span className="error">{item.errorMessage ?? 'Not sealed.'}</span>
                  ) : item.seal ? (
                    <a href={item.seal.verificationUrl}>
                      <code>{item.seal.verificationCode}</code>
                    </a>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td data-label="Finished">{item.processingCompletedAt ? <time dateTime={item.processingCompletedAt}>{when(item.processingCompletedAt)}</time> : <span className="muted">—</span>}</td>
              </tr>
            );
          })}
        </DataTable>
        {job.totalDocuments > ITEMS_PAGE && (
          <nav aria-label="Pages of documents" className="batch-actions">
            <button type="button" className="secondary small" disabled={offset === 0 || loading} onClick={() => setOffset(Math.max(0, offset - ITEMS_PAGE))}>
              Previous {ITEMS_PAGE}
            </button>
            <span className="muted">
              Documents {offset + 1}–{Math.min(offset + ITEMS_PAGE, job.totalDocuments)} of {job.totalDocuments}
            </span>
            <button type="button" className="secondary small" disabled={offset + ITEMS_PAGE >= job.totalDocuments || loading} onClick={() => setOffset(offset + ITEMS_PAGE)}>
              Next {ITEMS_PAGE}
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
