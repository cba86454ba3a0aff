'use client';
/** The batch jobs' GraphQL documents, and starting a job: shared by the documents page and the batch pages. */
import { useCallback } from 'react';
import { useRouter } from 'next/navigation';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import type { CreateBatchSealInput } from '../gql/graphql.ts';

graphql(`
  fragment BatchJobFields on BatchSealJob {
    id
    status
    totalDocuments
    completedDocuments
    failedDocuments
    cancelledDocuments
    progressPercent
    remaining
    startedAt
    completedAt
    insertedAt
    credential {
      id
      displayName
    }
  }
`);

// The job's settings (what "retry the failed items" reuses) without its items: a job holds up to
// 500, and the query's cost counts every item a page asks for (BatchSealJob.items(first)).
graphql(`
  fragment BatchJobDetailFields on BatchSealJob {
    ...BatchJobFields
    pageMode
    positionX
    positionY
    size
    footerPosition
    signingCertificate {
      id
      name
      issuedByServiceCa
    }
  }
`);

/** Items a page of the job's page shows (the query costs about twice this, under the plans' 500). */
export const ITEMS_PAGE = 100;

export const BATCH_JOB = graphql(`
  query BatchJob($id: UUID!, $offset: Int!) {
    batchSealJob(id: $id) {
      ...BatchJobDetailFields
      items(first: 100, offset: $offset) {
        id
        status
        errorMessage
        processingCompletedAt
        document {
          id
          name
        }
        seal {
          id
          verificationCode
          verificationUrl
        }
      }
    }
  }
`);

/** Failed items a request of "retry the failed items" reads at a time. */
export const FAILED_ITEMS_PAGE = 200;

/** The job's settings and a page of its failed items' documents: what a retry needs, no more. */
export const BATCH_JOB_FAILED_ITEMS = graphql(`
  query BatchJobFailedItems($id: UUID!, $offset: Int!) {
    batchSealJob(id: $id) {
      ...BatchJobDetailFields
      items(status: FAILED, first: 200, offset: $offset) {
        id
        status
        document {
          id
          name
        }
      }
    }
  }
`);

const CREATE_BATCH = graphql(`
  mutation CreateBatchSealJob($input: CreateBatchSealInput!) {
    createBatchSealJob(input: $input) {
      ...BatchJobDetailFields
    }
  }
`);

export const CANCEL_BATCH = graphql(`
  mutation CancelBatchSealJob($id: UUID!) {
    cancelBatchSealJob(id: $id) {
      ...BatchJobDetailFields
    }
  }
`);

/**
 * Start a batch job and go to its page (which loads the job and its first page of items); a
 * refusal is thrown for the caller to show.
 */
export function useStartBatch() {
  const [create] = useMutation(CREATE_BATCH);
  const router = useRouter();
  return useCallback(
    async (input: CreateBatchSealInput) => {
      const { data } = await create({ variables: { input } });
      const job = data!.createBatchSealJob!;
      router.push(`/batches/${job.id}`);
      return job.id;
    },
    [create, router],
  );
}
