/**
 * Billing over real GraphQL requests, the real `stripe` SDK against a local server that speaks
 * Stripe's API (test/stripe-standin.ts), and webhooks delivered over HTTP to the route handler,
 * signed with the SDK's own test header helper.
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as webhookRoute from '../../app/v1/webhooks/stripe/route.ts';
import { seedUser, setPlan } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { gql } from '../../test/graphql.ts';
import { serveRoutes } from '../../test/route-server.ts';
import type { RouteServer } from '../../test/route-server.ts';
import { startStripeStandin } from '../../test/stripe-standin.ts';
import { db } from '../db/index.ts';

type StandIn = Awaited<ReturnType<typeof startStripeStandin>>;
let standin: StandIn;
let app: RouteServer;
let sdk: Stripe;
const saved: Record<string, string | undefined> = {};
const KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY'] as const;

function configure(on: { secret?: boolean; webhook?: boolean } = { secret: true, webhook: true }) {
  const set = (k: string, v: string | undefined) => {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  };
  set('STRIPE_SECRET_KEY', on.secret ? standin.secretKey : undefined);
  set('STRIPE_API_BASE', on.secret ? standin.url : undefined);
  set('STRIPE_WEBHOOK_SECRET', on.webhook ? standin.webhookSecret : undefined);
}

beforeAll(async () => {
  for (const k of KEYS) saved[k] = process.env[k];
  app = await serveRoutes({ '/v1/webhooks/stripe': webhookRoute });
  standin = await startStripeStandin({ webhookUrl: `${app.url}/v1/webhooks/stripe` });
  sdk = new Stripe(standin.secretKey, { ...standin.sdkConfig, maxNetworkRetries: 0 });
  configure();
});
afterEach(() => configure());
afterAll(async () => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await standin?.close();
  await app?.close();
});

const code = (r: { body: { errors?: Array<{ extensions: { code: string } }> } }) => r.body.errors?.[0]?.extensions.code;
const CHECKOUT = 'mutation($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { clientSecret } }';
const PLAN = '{ organization { planLevel maxDocuments maxCredentials maxTeamMembers } subscription { planLevel status currentPeriodEnd cancelAtPeriodEnd } }';

const checkout = (user: SeededUser, planLevel: string, interval?: string, headers?: Record<string, string>) =>
  gql(CHECKOUT, { token: user.accessToken, variables: { input: { planLevel, ...(interval ? { interval } : {}) } }, headers });
const plan = async (user: SeededUser) => (await gql(PLAN, { token: user.accessToken })).body.data!;
const orgRow = (id: string) => db().organization.findUniqueOrThrow({ where: { id } });

/** POST a webhook payload to the app over HTTP, with a signature header of our choosing. */
async function deliver(payload: string, header: string | null) {
  const res = await fetch(`${app.url}/v1/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) }, body: payload });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}
const sign = (payload: string, secret = standin.webhookSecret, timestamp?: number) => sdk.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

let eventSeq = 0;
/** A Stripe event of a subscription, as Stripe would send it. */
function subscriptionEvent(
  type: string,
  organizationId: string,
  fields: { id?: string; status?: string; lookupKey?: string | null; planLevel?: string; cancelAtPeriodEnd?: boolean; periodEnd?: number } = {},
) {
  eventSeq += 1;
  const now = Math.floor(Date.now() / 1000);
  const subscription = {
    id: fields.id ?? `sub_test_${eventSeq}_${now}`,
    object: 'subscription',
    status: fields.status ?? 'active',
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    metadata: { organizationId, ...(fields.planLevel ? { planLevel: fields.planLevel } : {}) },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${eventSeq}`,
          object: 'subscription_item',
          current_period_start: now,
          current_period_end: fields.periodEnd ?? now + 30 * 86400,
          price: { id: `price_${eventSeq}`, object: 'price', lookup_key: fields.lookupKey === undefined ? 'sealwright_team_month' : fields.lookupKey },
        },
      ],
    },
  };
  return JSON.stringify({ id: `evt_test_${eventSeq}_${now}`, object: 'event', api_version: '2026-10-28.endive', created: now, type, livemode: false, data: { object: subscription } });
}

describe('without Stripe keys', () => {
  it('answers BILLING_NOT_CONFIGURED to every billing mutation, 503 at the webhook, and the rest works', async () => {
    configure({});
    const owner = await seedUser();
    const mutations = [
      [CHECKOUT, { input: { planLevel: 'TEAM' } }],
      ['mutation { createSetupIntent { clientSecret } }', {}],
      ['mutation { createCustomerSession { customerId clientSecret } }', {}],
      ['mutation { updateSubscription(input: {cancelAtPeriodEnd: true}) { status } }', {}],
    ] as const;
    for (const [query, variables] of mutations) {
      const r = await gql(query, { token: owner.accessToken, variables });
      expect(code(r), query).toBe('BILLING_NOT_CONFIGURED');
      expect(r.body.errors?.[0].extensions.status_code).toBe(503);
    }
    const hook = await deliver(subscriptionEvent('customer.subscription.updated', owner.organizationId), 't=1,v1=00');
    expect(hook).toEqual({ status: 503, body: { error: 'billing_not_configured' } });
    const reads = await gql(`{ invoices { id } planPrices { planLevel } ${PLAN.slice(1, -1)} }`, { token: owner.accessToken });
    expect(reads.body.errors).toBeUndefined();
    expect(reads.body.data).toMatchObject({ invoices: [], planPrices: [], organization: { planLevel: 'FREE', maxDocuments: 25 }, subscription: { status: 'trialing' } });
    const row = await orgRow(owner.organizationId);
    expect(row.stripeCustomerId).toBeNull();
    expect(await db().billingEvent.count()).toBeGreaterThanOrEqual(0);
  });
});

describe('checkout and the subscription lifecycle', () => {
  it('creates the customer and an incomplete subscription; the paid invoice makes the plan TEAM through the webhook', async () => {
    const owner = await seedUser();
    const r = await checkout(owner, 'TEAM', 'MONTH');
    const secret = r.body.data?.createPaymentIntent.clientSecret as string;
    expect(secret).toMatch(/^pi_.+_secret_/);
    const row = await orgRow(owner.organizationId);
    expect(row.stripeCustomerId).toMatch(/^cus_/);
    const customer = (await sdk.customers.retrieve(row.stripeCustomerId!)) as Stripe.Customer;
    expect(customer.metadata.organizationId).toBe(owner.organizationId);
    const sub = await sdk.subscriptions.retrieve(row.stripeSubscriptionId!);
    expect(sub.metadata.organizationId).toBe(owner.organizationId);
    expect(sub.items.data[0].price.lookup_key).toBe('sealwright_team_month');
    await standin.settled();
    // Not paid yet: still FREE on its trial.
    expect((await plan(owner)).organization.planLevel).toBe('FREE');

    // The same checkout again reuses the unpaid subscription instead of making a second one.
    const again = await checkout(owner, 'TEAM', 'MONTH');
    expect(again.body.data?.createPaymentIntent.clientSecret).toBe(secret);
    expect((await sdk.subscriptions.list({ customer: row.stripeCustomerId! })).data).toHaveLength(1);

    await standin.completePayment(secret);
    await standin.settled();
    const after = await plan(owner);
    expect(after.organization).toEqual({ planLevel: 'TEAM', maxDocuments: 10000, maxCredentials: 50, maxTeamMembers: 25 });
    expect(after.subscription).toMatchObject({ planLevel: 'TEAM', status: 'active', cancelAtPeriodEnd: false });
    expect(new Date(after.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 25 * 86400_000);

    const invoices = await gql('{ invoices { number status amountPaid currency } planPrices { planLevel interval unitAmount } }', { token: owner.accessToken });
    expect(invoices.body.data?.invoices[0]).toMatchObject({ status: 'paid', amountPaid: 9900, currency: 'usd' });
    expect(invoices.body.data?.planPrices).toHaveLength(6);
    expect(invoices.body.data?.planPrices).toContainEqual({ planLevel: 'TEAM', interval: 'YEAR', unitAmount: 99000 });
  });

  it('changes a live subscription\u2019s plan in place, and cancels at period end: FREE with status canceled when the period ends', async () => {
    const owner = await seedUser();
    const secret = (await checkout(owner, 'PROFESSIONAL', 'YEAR')).body.data?.createPaymentIntent.clientSecret as string;
    await standin.completePayment(secret);
    await standin.settled();
    expect((await plan(owner)).organization.planLevel).toBe('PROFESSIONAL');
    const subscriptionId = (await orgRow(owner.organizationId)).stripeSubscriptionId;

    await checkout(owner, 'TEAM', 'YEAR');
    await standin.settled();
    expect((await plan(owner)).organization.planLevel).toBe('TEAM');
    expect((await orgRow(owner.organizationId)).stripeSubscriptionId).toBe(subscriptionId);

    const cancelled = await gql('mutation { updateSubscription(input: {cancelAtPeriodEnd: true}) { planLevel status cancelAtPeriodEnd } }', { token: owner.accessToken });
    expect(cancelled.body.data?.updateSubscription).toEqual({ planLevel: 'TEAM', status: 'active', cancelAtPeriodEnd: true });
    await standin.settled();
    expect((await plan(owner)).subscription.cancelAtPeriodEnd).toBe(true);

    await standin.advanceClock(400 * 86400);
    await standin.settled();
    const after = await plan(owner);
    expect(after.organization).toMatchObject({ planLevel: 'FREE', maxTeamMembers: 1 });
    expect(after.subscription).toMatchObject({ planLevel: 'FREE', status: 'canceled', cancelAtPeriodEnd: false });
  });

  it('cancels the Stripe subscription of an organization that goes with its deleted account', async () => {
    const owner = await seedUser();
    const secret = (await checkout(owner, 'PROFESSIONAL')).body.data?.createPaymentIntent.clientSecret as string;
    await standin.completePayment(secret);
    await standin.settled();
    const subscriptionId = (await orgRow(owner.organizationId)).stripeSubscriptionId!;
    expect((await sdk.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    const gone = await gql('mutation($p: String!) { deleteAccount(password: $p) { success } }', { token: owner.accessToken, variables: { p: owner.password } });
    expect(gone.body.data?.deleteAccount.success).toBe(true);
    expect((await sdk.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    await standin.settled();
    expect(await db().organization.count({ where: { id: owner.organizationId } })).toBe(0);
  });

  it('choosing another plan after a cancellation takes the cancellation back and changes the price (Stripe\u2019s pending-update rules kept)', async () => {
    const owner = await seedUser();
    await standin.completePayment((await checkout(owner, 'PROFESSIONAL')).body.data?.createPaymentIntent.clientSecret as string);
    await standin.settled();
    await gql('mutation { updateSubscription(input: {cancelAtPeriodEnd: true}) { status } }', { token: owner.accessToken });
    const changed = await checkout(owner, 'TEAM');
    expect(changed.body.errors).toBeUndefined();
    expect(changed.body.data?.createPaymentIntent.clientSecret).toBeNull();
    await standin.settled();
    expect((await plan(owner)).subscription).toMatchObject({ planLevel: 'TEAM', status: 'active', cancelAtPeriodEnd: false });
    const sub = await sdk.subscriptions.retrieve((await orgRow(owner.organizationId)).stripeSubscriptionId!);
    expect(sub).toMatchObject({ cancel_at_period_end: false, metadata: { planLevel: 'TEAM' } });
  });

  it('drops a cancelled plan at its period end on the next request, even before Stripe\u2019s event', async () => {
    const owner = await seedUser({ planLevel: 'TEAM' });
    await db().organization.update({ where: { id: owner.organizationId }, data: { cancelAtPeriodEnd: true, currentPeriodEnd: new Date(Date.now() - 1000) } });
    const now = await plan(owner);
    expect(now.organization.planLevel).toBe('FREE');
    expect(now.subscription).toMatchObject({ planLevel: 'FREE', status: 'canceled' });
    expect((await orgRow(owner.organizationId)).planLevel).toBe('FREE');
  });

  it('refuses FREE, bad intervals and a card the bank declines; a declined payment leaves the plan as it was', async () => {
    const owner = await seedUser();
    expect(code(await checkout(owner, 'FREE'))).toBe('BAD_USER_INPUT');
    expect(code(await checkout(owner, 'TEAM', 'WEEK'))).toBe('BAD_USER_INPUT');
    const secret = (await checkout(owner, 'TEAM')).body.data?.createPaymentIntent.clientSecret as string;
    await standin.completePayment(secret, { fail: true }).catch(() => undefined);
    await standin.settled();
    expect((await plan(owner)).organization.planLevel).toBe('FREE');
  });

  it('makes a card saved through a SetupIntent the one that pays the customer\u2019s and the subscription\u2019s next invoices', async () => {
    const owner = await seedUser();
    const secret = (await checkout(owner, 'TEAM')).body.data?.createPaymentIntent.clientSecret as string;
    await standin.completePayment(secret);
    await standin.settled();
    const row = await orgRow(owner.organizationId);
    const firstCard = (await sdk.subscriptions.retrieve(row.stripeSubscriptionId!)).default_payment_method;
    expect(firstCard).toMatch(/^pm_/);

    const setup = (await gql('mutation { createSetupIntent { clientSecret } }', { token: owner.accessToken })).body.data?.createSetupIntent.clientSecret as string;
    // What Stripe.js does in the browser with the publishable key.
    const confirmed = await fetch(`${standin.url}/v1/setup_intents/${setup.split('_secret_')[0]}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: standin.publishableKey, client_secret: setup, 'payment_method_data[card][number]': '5555555555554444' }),
    });
    const newCard = ((await confirmed.json()) as { payment_method: string }).payment_method;
    await standin.settled();
    expect(standin.deliveries.filter((d) => d.type === 'setup_intent.succeeded').at(-1)?.status).toBe(200);
    expect(((await sdk.customers.retrieve(row.stripeCustomerId!)) as Stripe.Customer).invoice_settings.default_payment_method).toBe(newCard);
    expect((await sdk.subscriptions.retrieve(row.stripeSubscriptionId!)).default_payment_method).toBe(newCard);
    expect(newCard).not.toBe(firstCard);
  });

  it('saves cards: a SetupIntent and a CustomerSession for the organization\u2019s customer', async () => {
    const owner = await seedUser();
    const setup = await gql('mutation { createSetupIntent { clientSecret } }', { token: owner.accessToken });
    expect(setup.body.data?.createSetupIntent.clientSecret).toMatch(/^seti_.+_secret_/);
    const session = await gql('mutation { createCustomerSession { customerId clientSecret } }', { token: owner.accessToken });
    expect(session.body.data?.createCustomerSession.customerId).toBe((await orgRow(owner.organizationId)).stripeCustomerId);
    expect(session.body.data?.createCustomerSession.clientSecret).toBeTruthy();
    // One customer per organization, however many calls.
    expect((await sdk.customers.list({ email: owner.email })).data.filter((c) => c.metadata.organizationId === owner.organizationId)).toHaveLength(1);
  });
});

describe('roles and limits on billing', () => {
  it('lets OWNER and ADMIN manage billing, never a MEMBER', async () => {
    const owner = await seedUser({ planLevel: 'TEAM' });
    const admin = await seedUser();
    const member = await seedUser();
    for (const [u, role] of [
      [admin, 'ADMIN'],
      [member, 'MEMBER'],
    ] as const) {
      await db().organizationMembership.create({ data: { userId: u.id, organizationId: owner.organizationId, role } });
    }
    const headers = { 'x-organization-id': owner.organizationId };
    for (const query of [
      CHECKOUT,
      'mutation { createSetupIntent { clientSecret } }',
      'mutation { createCustomerSession { customerId } }',
      'mutation { updateSubscription(input: {cancelAtPeriodEnd: true}) { status } }',
    ]) {
      const r = await gql(query, { token: member.accessToken, headers, variables: { input: { planLevel: 'ENTERPRISE' } } });
      expect(code(r), query).toBe('FORBIDDEN');
    }
    expect((await orgRow(owner.organizationId)).stripeCustomerId).toBeNull();
    const byAdmin = await gql('mutation { createSetupIntent { clientSecret } }', { token: admin.accessToken, headers });
    expect(byAdmin.body.data?.createSetupIntent.clientSecret).toBeTruthy();
    // Every member reads the plan and the invoices.
    expect((await gql('{ subscription { planLevel } invoices { id } }', { token: member.accessToken, headers })).body.data?.subscription.planLevel).toBe('TEAM');
  });

  it('holds billing calls to 10 a minute per user', async () => {
    const owner = await seedUser();
    const results = [];
    for (let i = 0; i < 11; i += 1) results.push(code(await gql('mutation { createSetupIntent { clientSecret } }', { token: owner.accessToken })));
    expect(results.slice(0, 10)).toEqual(Array(10).fill(undefined));
    expect(results[10]).toBe('BILLING_RATE_LIMIT_EXCEEDED');
  });
});

describe('the webhook', () => {
  it('accepts a good signature, refuses a forged, stale or missing one without changing anything', async () => {
    configure({ webhook: true });
    const owner = await seedUser();
    const payload = subscriptionEvent('customer.subscription.updated', owner.organizationId);
    expect(await deliver(payload, sign(payload, 'whsec_forged'))).toEqual({ status: 400, body: { error: 'invalid_signature' } });
    expect(await deliver(payload, sign(payload, standin.webhookSecret, Math.floor(Date.now() / 1000) - 301))).toEqual({ status: 400, body: { error: 'invalid_signature' } });
    expect(await deliver(payload, null)).toEqual({ status: 400, body: { error: 'invalid_signature' } });
    expect(await deliver(payload.replace('"active"', '"trialing"'), sign(payload))).toEqual({ status: 400, body: { error: 'invalid_signature' } });
    for (const header of ['', 't=', 'v1=', 't=abc,v1=zz', `t=${Math.floor(Date.now() / 1000)},v1=`, 'x'.repeat(20_000), `t=${Math.floor(Date.now() / 1000)},v0=${'0'.repeat(64)}`]) {
      // (Node itself answers 431 to a header past 16 KB, before the route.)
      expect([400, 431], `header ${header.slice(0, 40)}`).toContain((await deliver(payload, header)).status);
    }
    expect((await deliver('not json', sign('not json'))).status).toBe(400);
    expect((await orgRow(owner.organizationId)).planLevel).toBe('FREE');
    expect(await db().billingEvent.count({ where: { id: JSON.parse(payload).id } })).toBe(0);

    const good = await deliver(payload, sign(payload));
    expect(good).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    const row = await orgRow(owner.organizationId);
    expect(row).toMatchObject({ planLevel: 'TEAM', subscriptionStatus: 'active', cancelAtPeriodEnd: false });
  });

  it('processes a repeated delivery once, even two at the same moment', async () => {
    configure({ webhook: true });
    const owner = await seedUser();
    const payload = subscriptionEvent('customer.subscription.created', owner.organizationId, { lookupKey: null, planLevel: 'professional' });
    const [a, b] = await Promise.all([deliver(payload, sign(payload)), deliver(payload, sign(payload))]);
    expect([a.body.outcome, b.body.outcome].sort()).toEqual(['applied', 'duplicate']);
    expect((await orgRow(owner.organizationId)).planLevel).toBe('PROFESSIONAL');
    // Something else changes the plan; the old event, delivered again, changes nothing.
    await setPlan(owner.organizationId, 'ENTERPRISE');
    expect(await deliver(payload, sign(payload))).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect((await orgRow(owner.organizationId)).planLevel).toBe('ENTERPRISE');
    expect(await db().billingEvent.count({ where: { id: JSON.parse(payload).id } })).toBe(1);
  });

  it('deleted → FREE canceled; invoice.payment_failed → past_due; other types and unknown organizations change nothing', async () => {
    configure({ webhook: true });
    const owner = await seedUser();
    const subId = `sub_lifecycle_${Date.now()}`;
    const created = subscriptionEvent('customer.subscription.created', owner.organizationId, { id: subId, lookupKey: 'sealwright_enterprise_year' });
    expect((await deliver(created, sign(created))).body.outcome).toBe('applied');
    expect((await orgRow(owner.organizationId)).planLevel).toBe('ENTERPRISE');

    const failedInvoice = JSON.stringify({
      id: `evt_inv_${Date.now()}`,
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'invoice.payment_failed',
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          customer: 'cus_x',
          parent: { type: 'subscription_details', subscription_details: { subscription: subId, metadata: { organizationId: owner.organizationId } } },
        },
      },
    });
    expect((await deliver(failedInvoice, sign(failedInvoice))).body.outcome).toBe('applied');
    expect(await orgRow(owner.organizationId)).toMatchObject({ planLevel: 'ENTERPRISE', subscriptionStatus: 'past_due' });

    const other = JSON.stringify({
      id: `evt_other_${Date.now()}`,
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge' } },
    });
    expect(await deliver(other, sign(other))).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });

    const stranger = subscriptionEvent('customer.subscription.updated', '00000000-0000-4000-8000-000000000000');
    expect(await deliver(stranger, sign(stranger))).toEqual({ status: 200, body: { received: true, outcome: 'unknown_organization' } });
    const garbage = subscriptionEvent('customer.subscription.updated', 'not-a-uuid');
    expect((await deliver(garbage, sign(garbage))).body.outcome).toBe('unknown_organization');
    expect(await db().billingEvent.count({ where: { id: { in: [JSON.parse(other).id, JSON.parse(stranger).id] } } })).toBe(0);

    // A late event of another (abandoned) subscription does not touch the live one.
    const stale = subscriptionEvent('customer.subscription.deleted', owner.organizationId, { id: 'sub_abandoned', status: 'canceled' });
    expect((await deliver(stale, sign(stale))).body.outcome).toBe('ignored');
    expect((await orgRow(owner.organizationId)).planLevel).toBe('ENTERPRISE');

    const deleted = subscriptionEvent('customer.subscription.deleted', owner.organizationId, { id: subId, status: 'canceled', lookupKey: 'sealwright_enterprise_year' });
    expect((await deliver(deleted, sign(deleted))).body.outcome).toBe('applied');
    expect(await orgRow(owner.organizationId)).toMatchObject({ planLevel: 'FREE', subscriptionStatus: 'canceled' });
    expect((await plan(owner)).subscription).toMatchObject({ planLevel: 'FREE', status: 'canceled' });
  });

  it('refuses a signature dated more than 300 s in the future, as it does one 300 s in the past', async () => {
    configure({ webhook: true });
    const owner = await seedUser();
    const now = Math.floor(Date.now() / 1000);
    const payload = subscriptionEvent('customer.subscription.updated', owner.organizationId);
    for (const ahead of [3600, 330]) {
      expect(await deliver(payload, sign(payload, standin.webhookSecret, now + ahead)), `${ahead} s ahead`).toEqual({ status: 400, body: { error: 'invalid_signature' } });
    }
    expect((await orgRow(owner.organizationId)).planLevel).toBe('FREE');
    expect(await db().billingEvent.count({ where: { id: JSON.parse(payload).id } })).toBe(0);
    // A clock a minute fast is within the tolerance.
    expect(await deliver(payload, sign(payload, standin.webhookSecret, now + 60))).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
  });

  it('answers a correctly signed but malformed event 200 ignored (400 when it is no event object at all), never 500, and changes nothing', async () => {
    configure({ webhook: true });
    const owner = await seedUser();
    const customerId = `cus_malformed_${Date.now()}`;
    await db().organization.update({ where: { id: owner.organizationId }, data: { stripeCustomerId: customerId, subscriptionStatus: 'active' } });
    const before = await orgRow(owner.organizationId);
    const now = Math.floor(Date.now() / 1000);
    const ids: string[] = [];
    const event = (type: string, rest: Record<string, unknown>) => {
      const id = `evt_malformed_${ids.length}_${Date.now()}`;
      ids.push(id);
      return JSON.stringify({ id, object: 'event', created: now, type, livemode: false, ...rest });
    };
    const ignored = [
      // No data at all, for every handled type.
      ...['invoice.payment_failed', 'customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'setup_intent.succeeded'].map((type) => event(type, {})),
      event('invoice.payment_failed', { data: null }),
      event('invoice.payment_failed', { data: { object: 'in_1' } }),
      // An invoice that names no customer and no organization.
      event('invoice.payment_failed', { data: { object: { id: 'in_no_customer', object: 'invoice' } } }),
      event('invoice.payment_failed', { data: { object: { id: 'in_null_customer', object: 'invoice', customer: null, parent: null } } }),
      // A NUL in a value PostgreSQL would store or compare.
      event('invoice.payment_failed', { data: { object: { id: 'in_nul', object: 'invoice', customer: `${customerId}\u0000` } } }),
      event('customer.subscription.updated', { data: { object: { id: 'sub_nul', object: 'subscription', status: 'past\u0000due', metadata: { organizationId: owner.organizationId } } } }),
      // A subscription with no id, and a creation time no date can hold.
      event('customer.subscription.updated', { data: { object: { object: 'subscription', status: 'active', metadata: { organizationId: owner.organizationId } } } }),
      // Values of the wrong kind where the subscription is taken as sent (no secret key to read it back).
      event('customer.subscription.updated', {
        data: { object: { id: 'sub_bad_status', object: 'subscription', status: 5, cancel_at_period_end: 'no', metadata: { organizationId: owner.organizationId } } },
      }),
      event('customer.subscription.updated', {
        data: {
          object: {
            id: 'sub_bad_period',
            object: 'subscription',
            status: 'active',
            metadata: { organizationId: owner.organizationId },
            items: { data: [{ current_period_end: 1e300, price: { lookup_key: 'sealwright_team_month' } }] },
          },
        },
      }),
      event('invoice.payment_failed', { data: { object: { id: 'in_odd_customer', object: 'invoice', customer: { id: 5 } } } }),
      JSON.stringify({
        id: `evt_malformed_created_${Date.now()}`,
        object: 'event',
        created: 1e300,
        type: 'invoice.payment_failed',
        data: { object: { id: 'in_c', object: 'invoice', customer: customerId } },
      }),
      JSON.stringify({
        id: `evt_malformed_created2_${Date.now()}`,
        object: 'event',
        created: 'yesterday',
        type: 'invoice.payment_failed',
        data: { object: { id: 'in_c', object: 'invoice', customer: customerId } },
      }),
    ];
    for (const payload of ignored) {
      expect(await deliver(payload, sign(payload)), payload).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    }
    // Not an event object: nothing names it, so it cannot even be ignored once.
    for (const payload of [
      'null',
      '[]',
      '42',
      '"evt"',
      '{}',
      JSON.stringify({ type: 'invoice.payment_failed', data: { object: { customer: customerId } } }),
      JSON.stringify({ id: 7, type: 'invoice.payment_failed' }),
      JSON.stringify({ id: 'evt_x', type: null }),
    ]) {
      expect(await deliver(payload, sign(payload)), payload).toEqual({ status: 400, body: { error: 'malformed_event' } });
    }
    // With the secret key, a subscription Stripe does not know is read back as missing: ignored too.
    configure();
    const unknown = event('customer.subscription.updated', {
      data: { object: { id: 'sub_nobody_knows', object: 'subscription', status: 'active', metadata: { organizationId: owner.organizationId } } },
    });
    expect(await deliver(unknown, sign(unknown))).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    expect(await orgRow(owner.organizationId)).toEqual(before);
    expect(await db().billingEvent.count({ where: { id: { in: ids } } })).toBe(0);
    expect(await db().billingEvent.count({ where: { id: { startsWith: 'evt_malformed_' } } })).toBe(0);
  });

  it('refuses a body over 1 MiB and any method but POST', async () => {
    const big = await fetch(`${app.url}/v1/webhooks/stripe`, { method: 'POST', headers: { 'stripe-signature': 't=1,v1=00' }, body: 'x'.repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    const get = await fetch(`${app.url}/v1/webhooks/stripe`);
    expect(get.status).toBe(405);
  });
});
