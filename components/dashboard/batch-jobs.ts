'use client';
/** The batch jobs' GraphQL documents, and starting a job: shared by the documents page and the batch pages. */
import { useCallback } from 'react';
import { useRouter } from 'next/navigation';
import { useApolloClient, useMutation } from '@apollo/client/react';
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

// The job with its items, as the job's page shows it; createBatchSealJob answers the same, so the
// new job's page draws at once from the cache (PENDING, 0 %) before its first poll.
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
    }
    items {
      id
      status
      errorMessage
      processingStartedAt
      processingCompletedAt
      document {
        id
        name
        status
      }
      seal {
        id
        verificationCode
        verificationUrl
      }
    }
  }
`);

export const BATCH_JOB = graphql(`
  query BatchJob($id: UUID!) {
    batchSealJob(id: $id) {
      ...BatchJobDetailFields
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
 * Start a batch job and go to its page. The job as created is put in the cache under its
 * page's query, so the page shows it at once; a refusal is thrown for the caller to show.
 */
export function useStartBatch() {
  const [create] = useMutation(CREATE_BATCH);
  const client = useApolloClient();
  const router = useRouter();
  return useCallback(
    async (input: CreateBatchSealInput) => {
      const { data } = await create({ variables: { input } });
      const job = data!.createBatchSealJob!;
      client.writeQuery({ query: BATCH_JOB, variables: { id: job.id }, data: { batchSealJob: job } });
      router.push(`/batches/${job.id}`);
      return job.id;
    },
    [create, client, router],
  );
}
