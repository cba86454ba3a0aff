'use client';

import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { describeError } from './api-errors.ts';

const PLAN = gql`
  query Plan {
    organization { id name planLevel canSealDocuments canUseCloudStorage maxDocuments maxCredentials maxTeamMembers }
    subscription { planLevel status trialEnd currentPeriodEnd cancelAtPeriodEnd }
    documentsConnection(first: 1) { totalCount }
    credentialsConnection(first: 1) { totalCount }
  }
`;

interface PlanData {
  organization: { id: string; name: string; planLevel: string; canSealDocuments: boolean; canUseCloudStorage: boolean; maxDocuments: number | null; maxCredentials: number | null; maxTeamMembers: number | null };
  subscription: { planLevel: string; status: string; trialEnd: string | null; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean };
  documentsConnection: { totalCount: number };
  credentialsConnection: { totalCount: number };
}

function Usage({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const share = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div className="usage">
      <div className="usage-line">
        <span>{label}</span>
        <span>
          {used} of {limit ?? 'unlimited'}
        </span>
      </div>
      {limit !== null && <progress max={limit} value={Math.min(used, limit)} aria-label={`${label}: ${used} of ${limit} (${share}%)`} />}
    </div>
  );
}

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : null);

/** The plan, read-only: changing it comes with billing (its own issue). */
export function PlanPanel() {
  const { data, loading, error } = useQuery<PlanData>(PLAN, { fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <p className="muted" role="status">Loading your plan…</p>;
  if (error && !data)
    return (
      <p className="error" role="alert">
        {describeError(error)}
      </p>
    );
  const { organization: org, subscription: sub } = data!;
  const status = sub.status === 'trialing' ? `Trial until ${date(sub.trialEnd)}` : sub.status === 'none' ? 'No subscription' : `${sub.status}${sub.currentPeriodEnd ? `, renews ${date(sub.currentPeriodEnd)}` : ''}`;
  return (
    <div className="settings-grid">
      <section className="settings-card" aria-labelledby="plan-title">
        <h2 id="plan-title">{org.name}</h2>
        <p>
          Plan: <strong>{org.planLevel}</strong> · {status}
        </p>
        <p className="muted">{org.canSealDocuments ? 'Sealing is included.' : 'This plan does not seal documents: your trial has ended.'}</p>
        <p className="muted">Changing plans and payment arrive with billing; until then the plan is shown here as it is.</p>
      </section>
      <section className="settings-card" aria-labelledby="usage-title">
        <h2 id="usage-title">Usage</h2>
        <Usage label="Documents" used={data!.documentsConnection.totalCount} limit={org.maxDocuments} />
        <Usage label="Credentials" used={data!.credentialsConnection.totalCount} limit={org.maxCredentials} />
      </section>
    </div>
  );
}
