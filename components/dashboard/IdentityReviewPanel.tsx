'use client';

import { useState } from 'react';
import type { FormEvent } from 'react';
import { graphql } from '../gql/index.ts';
import type { IdentityQueueQuery, IdentityVerificationStatus } from '../gql/graphql.ts';
import { useMutation, useQuery } from '@apollo/client/react';
import { FirstLoad, Outcome, useAction } from './use-action.tsx';
import { shortDate } from './identity-words.ts';
import { DataTable } from './DataTable.tsx';

const QUEUE = graphql(`
  query IdentityQueue($status: IdentityVerificationStatus) {
    identityVerifications(status: $status, limit: 200) {
      id
      status
      legalName
      note
      rejectionReason
      insertedAt
      decidedAt
      user {
        id
        email
        displayName
        identityAssurance
      }
      reviewer {
        id
        email
        displayName
      }
    }
  }
`);

const REVIEW = graphql(`
  mutation ReviewIdentityVerification($input: ReviewIdentityVerificationInput!) {
    reviewIdentityVerification(input: $input) {
      id
      status
      legalName
      rejectionReason
      decidedAt
    }
  }
`);

/** The filters the queue offers. */
type Status = Exclude<IdentityVerificationStatus, 'CANCELED'>;
type Request = IdentityQueueQuery['identityVerifications'][number];

const SHOW: Array<[Status, string]> = [
  ['PENDING', 'Waiting for review'],
  ['VERIFIED', 'Approved'],
  ['REJECTED', 'Rejected'],
];

type Decide = (request: Request, input: { approve: boolean; legalName?: string; reason?: string }) => Promise<unknown>;

function Decision({ request, decide, busy }: { request: Request; decide: Decide; busy: boolean }) {
  const who = request.user.displayName || request.user.email;
  if (request.status !== 'PENDING') {
    const by = request.reviewer ? ` by ${request.reviewer.displayName || request.reviewer.email}` : '';
    const when = request.decidedAt ? ` on ${shortDate(request.decidedAt)}` : '';
    return request.status === 'VERIFIED' ? (
      <span>
        <span className="badge ok">Approved</span> as {request.legalName}
        {by}
        {when}
      </span>
    ) : (
      <span>
        <span className="badge bad">Rejected</span>
        {by}
        {when}: {request.rejectionReason}
      </span>
    );
  }
  const approve = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void decide(request, { approve: true, legalName: String(new FormData(event.currentTarget).get('legalName') ?? '') });
  };
  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void decide(request, { approve: false, reason: String(new FormData(event.currentTarget).get('reason') ?? '') });
  };
  return (
    <div className="stack">
      <form className="inline-form" onSubmit={approve} aria-label={`Approve ${who}`}>
        <label>
          Legal name as on the ID
          <input name="legalName" required maxLength={200} defaultValue={request.legalName ?? ''} />
        </label>
        <button type="submit" className="small" disabled={busy}>
          Approve
        </button>
      </form>
      <form className="inline-form" onSubmit={reject} aria-label={`Reject ${who}`}>
        <label>
          Reason to reject (the person reads it)
          <input name="reason" required maxLength={500} />
        </label>
        <button type="submit" className="small secondary danger" disabled={busy}>
          Reject
        </button>
      </form>
    </div>
  );
}

/** Platform administrators: the identity review queue (the API answers FORBIDDEN to anyone else, shown in its words). */
export function IdentityReviewPanel() {
  const [status, setStatus] = useState<Status>('PENDING');
  const { data, loading, error, refetch } = useQuery(QUEUE, { variables: { status }, fetchPolicy: 'cache-and-network' });
  const [review] = useMutation(REVIEW);
  const { outcome, busy, run } = useAction();

  const decide: Decide = (request, input) => {
    const who = request.user.displayName || request.user.email;
    return run(
      async () => {
        await review({ variables: { input: { id: request.id, ...input } } });
        await refetch();
      },
      input.approve ? `Approved: ${who} is verified as ${input.legalName}.` : `Rejected ${who}’s request; they see your reason in their settings.`,
    );
  };

  if (!data) return <FirstLoad loading={loading} error={error} hasData={false} what="the review queue" />;
  const requests = data.identityVerifications;
  const shown = SHOW.find(([s]) => s === status)![1].toLowerCase();
  return (
    <section className="stack" aria-labelledby="queue-title">
      <div className="plans-head">
        <h2 id="queue-title">
          {requests.length} {status === 'PENDING' ? `request${requests.length === 1 ? '' : 's'} waiting` : shown}
        </h2>
        <label className="inline-form">
          Show
          <select value={status} onChange={(e) => setStatus(e.target.value as Status)}>
            {SHOW.map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Outcome {...outcome} />
      {requests.length === 0 ? (
        <p className="empty">{status === 'PENDING' ? 'No request is waiting.' : `Nothing ${shown} yet.`}</p>
      ) : (
        <DataTable
          className="review-table"
          columns={['Person', 'Legal name asked', 'Note', 'Filed', 'Decision']}
          caption={<caption className="visually-hidden">Identity verification requests: {shown}</caption>}
        >
          {requests.map((r) => (
            <tr key={r.id}>
              <td data-label="Person">
                <span>
                  {r.user.displayName ?? <span className="muted">No display name</span>}
                  <br />
                  <span className="hint">{r.user.email}</span>
                </span>
              </td>
              <td data-label="Legal name">{r.legalName}</td>
              <td data-label="Note">{r.note ?? <span className="muted">None</span>}</td>
              <td data-label="Filed">{shortDate(r.insertedAt)}</td>
              <td data-label="Decision">
                <Decision request={r} decide={decide} busy={busy} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
