'use client';

import type { ReactNode } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import type { BatchJobFieldsFragment, BatchSealItemStatus } from '../gql/graphql.ts';
import { describeError } from './api-errors.ts';
import { BATCH_JOB_FAILED_ITEMS, CANCEL_BATCH, FAILED_ITEMS_PAGE, useStartBatch } from './batch-jobs.ts';
import { failedDocumentIds, isActive, nameDocuments } from './batch-words.ts';
import { Outcome, useAction } from './use-action.tsx';

/**
 * A job's actions: Cancel while it is under way; once it has ended with failed items, Retry
 * failed items, a new job with the same credential, certificate and placement for the documents
 * of the failed items that can still be seen, whose page then opens. `idle` stands when there is none.
 */
export function BatchJobActions({
  job,
  idle = null,
  onCancelled,
}: {
  job: Pick<BatchJobFieldsFragment, 'id' | 'status' | 'failedDocuments'>;
  idle?: ReactNode;
  /** After a cancel: the job's page reads its items again (the answer carries none). */
  onCancelled?: () => Promise<unknown>;
}) {
  const client = useApolloClient();
  const [cancel] = useMutation(CANCEL_BATCH);
  const start = useStartBatch();
  const { outcome, busy, run } = useAction();
  const active = isActive(job.status);

  const retry = () =>
    run(async () => {
      // The failed items as they are now (a failed document may have been deleted since the page
      // loaded), a page at a time: the job's settings come with each.
      let full = null;
      const failed: Array<{ status: BatchSealItemStatus; document: { id: string; name: string } | null }> = [];
      for (let offset = 0; ; offset += FAILED_ITEMS_PAGE) {
        const { data } = await client.query({ query: BATCH_JOB_FAILED_ITEMS, variables: { id: job.id, offset }, fetchPolicy: 'network-only' });
        full = data?.batchSealJob;
        if (!full) throw new Error('This job is no longer available.');
        failed.push(...full.items);
        if (full.items.length < FAILED_ITEMS_PAGE || offset + FAILED_ITEMS_PAGE >= full.failedDocuments) break;
      }
      if (!full.credential) throw new Error('The credential of this job was deleted: select the documents on the Documents page and seal them with another.');
      const documentIds = failedDocumentIds(failed);
      if (documentIds.length === 0) throw new Error('None of the failed documents can be seen any more: they were deleted.');
      const names = new Map(failed.flatMap((i) => (i.document ? [[i.document.id.toLowerCase(), i.document.name] as const] : [])));
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
          onClick={() =>
            void run(async () => {
              await cancel({ variables: { id: job.id } });
              await onCancelled?.();
            }, 'Cancelled: documents not started will not be sealed.')
          }
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
