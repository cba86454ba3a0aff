'use client';

import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { graphql } from '../gql/index.ts';
import { useMutation, useQuery } from '@apollo/client/react';
import { FirstLoad, Outcome, useAction } from './use-action.tsx';
import { PLAN_LEVELS, PLANS } from '../../lib/orgs/plans.ts';
import type { PlanLevel } from '../../lib/orgs/plans.ts';
import type { BillingInterval, BillingQuery } from '../gql/graphql.ts';
import { DataTable } from './DataTable.tsx';

// Stripe.js and Elements load only when a card form opens, and only with a publishable key.
const StripeForm = dynamic(() => import('./StripeForm.tsx'), {
  ssr: false,
  loading: () => (
    <p className="muted" role="status">
      Loading the card form…
    </p>
  ),
});

const BILLING = graphql(`
  query Billing {
    organization {
      id
      name
      planLevel
      canSealDocuments
      maxDocuments
      maxCredentials
      maxTeamMembers
      sealsThisPeriod
    }
    subscription {
      planLevel
      status
      trialEnd
      currentPeriodEnd
      cancelAtPeriodEnd
    }
    myOrganizations(limit: 50) {
      id
      role
      organization {
        id
      }
    }
    documentsConnection(first: 1) {
      totalCount
    }
    credentialsConnection(first: 1) {
      totalCount
    }
    organizationMembersConnection(first: 1) {
      totalCount
    }
    planPrices {
      planLevel
      interval
      unitAmount
      currency
    }
    invoices(limit: 12) {
      id
      number
      status
      amountDue
      amountPaid
      currency
      createdAt
      hostedInvoiceUrl
      invoicePdf
    }
  }
`);
const CHECKOUT = graphql(`
  mutation Checkout($input: CreatePaymentIntentInput!) {
    createPaymentIntent(input: $input) {
      clientSecret
    }
  }
`);
const SETUP_INTENT = graphql(`
  mutation SaveCard {
    createSetupIntent {
      clientSecret
    }
  }
`);
const UPDATE_SUBSCRIPTION = graphql(`
  mutation UpdateSubscription($input: UpdateSubscriptionInput!) {
    updateSubscription(input: $input) {
      planLevel
      status
      currentPeriodEnd
      cancelAtPeriodEnd
      trialEnd
    }
  }
`);

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : null);
const money = (cents: number | null, currency: string) => (cents === null ? '—' : new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100));
const limitWords = (n: number | null, one: string, many: string) => (n === null ? `Unlimited ${many}` : `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`);

function Usage({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const share = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div className="usage">
      <div className="usage-line">
        <span>{label}</span>
        <span>
          {used.toLocaleString('en-US')} of {limit === null ? 'unlimited' : limit.toLocaleString('en-US')}
        </span>
      </div>
      {limit !== null && <progress max={limit} value={Math.min(used, limit)} aria-label={`${label}: ${used} of ${limit} (${share}%)`} />}
    </div>
  );
}

function statusWords(sub: NonNullable<BillingQuery['subscription']>): string {
  if (sub.status === 'trialing' && sub.planLevel === 'FREE') return `Trial until ${date(sub.trialEnd)}`;
  if (sub.status === 'none') return 'No subscription';
  if (sub.cancelAtPeriodEnd) return `Ends ${date(sub.currentPeriodEnd)}, then FREE`;
  if (sub.status === 'active') return sub.currentPeriodEnd ? `Active, renews ${date(sub.currentPeriodEnd)}` : 'Active';
  if (sub.status === 'past_due') return 'Payment failed: update your card to keep the plan';
  if (sub.status === 'canceled') return 'Cancelled';
  return sub.status;
}

interface Checkout {
  kind: 'payment' | 'setup';
  clientSecret: string;
  plan?: PlanLevel;
}

/** Plan, usage, plan cards with Stripe checkout, saved cards and invoices. */
export function BillingPanel({ publishableKey, configured }: { publishableKey: string | null; configured: boolean }) {
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(BILLING, { fetchPolicy: 'cache-and-network' });
  const [checkout] = useMutation(CHECKOUT);
  const [saveCard] = useMutation(SETUP_INTENT);
  const [updateSubscription] = useMutation(UPDATE_SUBSCRIPTION);
  const [interval, setInterval] = useState<BillingInterval>('MONTH');
  const [open, setOpen] = useState<Checkout | null>(null);
  const [awaiting, setAwaiting] = useState<PlanLevel | null>(null);
  const { outcome, busy, run, setOutcome } = useAction();

  // After a payment, Stripe tells the server (webhook); poll until the plan has changed.
  const planNow = data?.organization.planLevel;
  const arrived = awaiting !== null && planNow === awaiting;
  useEffect(() => {
    if (!awaiting || arrived) {
      stopPolling();
      return;
    }
    startPolling(1500);
    const give = window.setTimeout(() => {
      stopPolling();
      setAwaiting(null);
      setOutcome({ ok: 'Payment received. The plan changes as soon as Stripe confirms it: reload in a minute.' });
    }, 60_000);
    return () => {
      window.clearTimeout(give);
      stopPolling();
    };
  }, [awaiting, arrived, startPolling, stopPolling, setOutcome]);

  if (!data) return <FirstLoad loading={loading} error={error} hasData={false} what="your plan" />;
  const d = data!;
  const org = d.organization;
  const sub = d.subscription!;
  const role = d.myOrganizations.find((m) => m.organization.id === org.id)?.role ?? 'MEMBER';
  const manager = role === 'OWNER' || role === 'ADMIN';
  const canPay = configured && Boolean(publishableKey);
  const paid = org.planLevel !== 'FREE';

  const choose = (plan: PlanLevel) =>
    run(
      async () => {
        setAwaiting(null);
        const result = await checkout({ variables: { input: { planLevel: plan, interval } } });
        const secret = result.data?.createPaymentIntent!.clientSecret ?? null;
        if (secret) {
          setOpen({ kind: 'payment', clientSecret: secret, plan });
          return null;
        }
        await refetch();
        return plan;
      },
      (plan) => (plan ? `Your plan is now ${plan}.` : ''),
    );
  const addCard = () =>
    run(async () => {
      const result = await saveCard();
      const secret = result.data?.createSetupIntent!.clientSecret;
      if (secret) setOpen({ kind: 'setup', clientSecret: secret });
    });
  const setCancel = (cancelAtPeriodEnd: boolean) =>
    run(
      async () => {
        await updateSubscription({ variables: { input: { cancelAtPeriodEnd } } });
        await refetch();
      },
      cancelAtPeriodEnd ? 'Your plan ends with this period; you keep it until then.' : 'Your plan renews as before.',
    );

  const priceOf = (plan: PlanLevel) => d.planPrices.find((p) => p.planLevel === plan && p.interval === interval);

  return (
    <div className="stack-lg">
      <div className="settings-grid">
        <section className="settings-card" aria-labelledby="plan-title">
          <h2 id="plan-title">{org.name}</h2>
          <p>
            Plan: <strong data-testid="current-plan">{org.planLevel}</strong> · {statusWords(sub)}
          </p>
          <p className="muted">{org.canSealDocuments ? 'Sealing is included.' : 'This plan does not seal documents: your trial has ended. Choose a plan to seal again.'}</p>
          {manager &&
            canPay &&
            paid &&
            (sub.cancelAtPeriodEnd ? (
              <button type="button" className="secondary" disabled={busy} onClick={() => void setCancel(false)}>
                Keep my plan
              </button>
            ) : (
              <button type="button" className="secondary danger" disabled={busy} onClick={() => void setCancel(true)}>
                Cancel at period end
              </button>
            ))}
          {manager && canPay && (
            <button type="button" className="link-button" disabled={busy} onClick={() => void addCard()}>
              Save a card for later
            </button>
          )}
        </section>
        <section className="settings-card" aria-labelledby="usage-title">
          <h2 id="usage-title">Usage</h2>
          <Usage label="Documents" used={d.documentsConnection.totalCount} limit={org.maxDocuments} />
          <Usage label="Credentials" used={d.credentialsConnection.totalCount} limit={org.maxCredentials} />
          <Usage label="Members" used={d.organizationMembersConnection.totalCount} limit={org.maxTeamMembers} />
          <Usage label="Seals this period" used={org.sealsThisPeriod} limit={null} />
        </section>
      </div>

      <section className="stack" aria-labelledby="plans-title">
        <div className="plans-head">
          <h2 id="plans-title">Plans</h2>
          {d.planPrices.length > 0 && (
            <div className="interval-switch" role="group" aria-label="Billing interval">
              {(['MONTH', 'YEAR'] as const).map((i) => (
                <button key={i} type="button" className={interval === i ? 'small' : 'small secondary'} aria-pressed={interval === i} onClick={() => setInterval(i)}>
                  {i === 'MONTH' ? 'Monthly' : 'Yearly'}
                </button>
              ))}
            </div>
          )}
        </div>
        {!canPay && (
          <p className="notice" role="note">
            Billing is not configured on this server, so plans cannot be bought here. Your plan and its limits are shown as they are.
          </p>
        )}
        {canPay && !manager && <p className="muted">An owner or admin of {org.name} changes the plan.</p>}
        <ul className="plan-cards">
          {PLAN_LEVELS.map((level) => {
            const plan = PLANS[level];
            const price = priceOf(level);
            const current = level === org.planLevel;
            return (
              <li key={level} className={current ? 'plan-card current' : 'plan-card'} aria-label={`${level} plan${current ? ' (current)' : ''}`}>
                <h3>
                  {level} {current && <span className="badge ok">Current</span>}
                </h3>
                {(level === 'FREE' || price) && <p className="price">{price ? `${money(price.unitAmount, price.currency)} / ${interval === 'MONTH' ? 'month' : 'year'}` : '$0'}</p>}
                <ul>
                  <li>{limitWords(plan.maxDocuments, 'document', 'documents')}</li>
                  <li>{limitWords(plan.maxCredentials, 'credential', 'credentials')}</li>
                  <li>{limitWords(plan.maxTeamMembers, 'member', 'members')}</li>
                  <li>{level === 'FREE' ? 'Sealing during the 14-day trial' : 'Sealing included'}</li>
                  <li>{plan.canUseCloudStorage ? 'Cloud storage' : 'No cloud storage'}</li>
                </ul>
                {level !== 'FREE' && !current && manager && canPay && (
                  <button type="button" disabled={busy || Boolean(open) || !price} onClick={() => void choose(level)}>
                    Choose {level}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <Outcome {...outcome} />
        {awaiting && !arrived && (
          <p className="muted" role="status">
            Waiting for Stripe to confirm your payment…
          </p>
        )}
        {arrived && (
          <p className="success" role="status">
            You are on {awaiting} now: the new limits apply.
          </p>
        )}
      </section>

      {open && publishableKey && (
        <section className="settings-card" aria-labelledby="card-title">
          <h2 id="card-title">{open.kind === 'payment' ? `Pay for ${open.plan}` : 'Save a card'}</h2>
          <StripeForm
            publishableKey={publishableKey}
            clientSecret={open.clientSecret}
            mode={open.kind}
            submitLabel={open.kind === 'payment' ? `Pay and switch to ${open.plan}` : 'Save card'}
            onCancel={() => setOpen(null)}
            onDone={() => {
              const plan = open.plan ?? null;
              setOpen(null);
              if (plan) setAwaiting(plan);
              else setOutcome({ ok: 'Card saved: it pays your next invoices.' });
              void refetch();
            }}
          />
        </section>
      )}

      <section className="stack" aria-labelledby="invoices-title">
        <h2 id="invoices-title">Invoices</h2>
        {d.invoices.length === 0 ? (
          <p className="empty">No invoices yet.</p>
        ) : (
          <DataTable
            columns={[
              'Date',
              'Number',
              'Amount',
              'Status',
              <span key="links" className="visually-hidden">
                Links
              </span>,
            ]}
          >
            {d.invoices.map((inv) => (
              <tr key={inv.id}>
                <td data-label="Date">{date(inv.createdAt)}</td>
                <td data-label="Number">{inv.number ?? '—'}</td>
                <td data-label="Amount">{money(inv.status === 'paid' ? inv.amountPaid : inv.amountDue, inv.currency)}</td>
                <td data-label="Status">
                  <span className={inv.status === 'paid' ? 'badge ok' : inv.status === 'open' ? 'badge warn' : 'badge'}>{inv.status ?? '—'}</span>
                </td>
                <td data-label="">
                  {inv.hostedInvoiceUrl && (
                    <a href={inv.hostedInvoiceUrl} target="_blank" rel="noreferrer">
                      View
                    </a>
                  )}
                  {inv.invoicePdf && (
                    <>
                      {' '}
                      ·{' '}
                      <a href={inv.invoicePdf} target="_blank" rel="noreferrer">
                        PDF
                      </a>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}
