'use client';

import type { ReactNode } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import type { BatchJobFieldsFragment } from '../gql/graphql.ts';
import { describeError } from './api-errors.ts';
import { BATCH_JOB, CANCEL_BATCH, useStartBatch } from './batch-jobs.ts';
import { failedDocumentIds, isActive, nameDocuments } from './batch-words.ts';
import { Outcome, useAction } from './use-action.tsx';

/**
 * A job's actions: Cancel while it is under way; once it has ended with failed items, Retry
 * failed items, a new job with the same credential, certificate and placement for the documents
 * of the failed items that can still be seen, whose page then opens. `idle` stands when there is none.
 */
export function BatchJobActions({ job, idle = null }: { job: Pick<BatchJobFieldsFragment, 'id' | 'status' | 'failedDocuments'>; idle?: ReactNode }) {
  const client = useApolloClient();
  const [cancel] = useMutation(CANCEL_BATCH);
  const start = useStartBatch();
  const { outcome, busy, run } = useAction();
  const active = isActive(job.status);

  const retry = () =>
    run(async () => {
      // The items as they are now (a failed document may have been deleted since the page loaded).
      const { data } = await client.query({ query: BATCH_JOB, variables: { id: job.id }, fetchPolicy: 'network-only' });
      const full = data?.batchSealJob;
      if (!full) throw new Error('This job is no longer available.');
      if (!full.credential) throw new Error('The credential of this job was deleted: select the documents on the Documents page and seal them with another.');
      const documentIds = failedDocumentIds(full.items);
      if (documentIds.length === 0) throw new Error('None of the failed documents can be seen any more: they were deleted.');
      const names = new Map(full.items.flatMap((i) => (i.document ? [[i.document.id.toLowerCase(), i.document.name] as const] : [])));
      try {
        await start({
          documentIds,
          credentialId: full.credential.id,
          signingCertificateId: full.signingCertificate?.id ?? null,
          pageMode: full.pageMode,
          positionX: full.positionX,
          positionY: full.positionY,
          size: full.size,
          footerPosition: full.footerPosition,
        });
      } catch (err) {
        throw new Error(nameDocuments(describeError(err), names));
      }
    });

  if (!active && job.failedDocuments === 0 && !outcome.ok && !outcome.error) return idle;
  return (
    <div className="batch-actions">
      {active && (
        <button
          type="button"
          className="secondary small danger"
          disabled={busy}
          onClick={() => void run(() => cancel({ variables: { id: job.id } }), 'Cancelled: documents not started will not be sealed.')}
        >
          Cancel
        </button>
      )}
      {!active && job.failedDocuments > 0 && (
        <button type="button" className="secondary small" disabled={busy} onClick={() => void retry()}>
          {busy ? 'Starting…' : 'Retry failed items'}
        </button>
      )}
      <Outcome {...outcome} />
    </div>
  );
}
