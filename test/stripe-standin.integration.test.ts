/** The Stripe stand-in, driven by the real `stripe` SDK: errors, idempotency and signed webhooks as Stripe's. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBrackets, startStripeStandin } from './stripe-standin.ts';

let standin: Awaited<ReturnType<typeof startStripeStandin>>;
let sdk: Stripe;
let receiver: http.Server;
const received: Stripe.Event[] = [];

beforeAll(async () => {
  standin = await startStripeStandin();
  sdk = new Stripe(standin.secretKey, { ...standin.sdkConfig, maxNetworkRetries: 0 });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        received.push(sdk.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), standin.webhookSecret, 300));
        res.writeHead(200).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  standin.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`);
});
afterAll(async () => {
  await standin.close();
  await new Promise((r) => receiver.close(r));
});

describe('the Stripe stand-in', () => {
  it('parses Stripe\u2019s bracket notation', () => {
    expect(parseBrackets(new URLSearchParams('items[0][price]=p&items[1][price]=q&metadata[a]=1&expand[0]=x&lookup_keys[]=k1&lookup_keys[]=k2'))).toEqual({
      items: [{ price: 'p' }, { price: 'q' }],
      metadata: { a: '1' },
      expand: ['x'],
      lookup_keys: ['k1', 'k2'],
    });
  });

  it('answers errors the SDK maps to its classes', async () => {
    const wrong = new Stripe('sk_test_wrong', { ...standin.sdkConfig, maxNetworkRetries: 0 });
    const unauthorized = await wrong.customers.create({}).catch((e) => e);
    expect(unauthorized).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(unauthorized.message).toMatch(/^Invalid API Key provided: /);
    const missing = await sdk.customers.retrieve('cus_nothere').catch((e) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ code: 'resource_missing', param: 'id', statusCode: 404 });
    const route = await sdk.rawRequest('GET', '/v1/nothing_here').catch((e) => e);
    expect(route).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(route).toMatchObject({ statusCode: 404, message: expect.stringMatching(/^Unrecognized request URL \(GET: \/v1\/nothing_here\)/) });
    const customer = await sdk.customers.create({});
    await expect(sdk.subscriptions.create({ customer: customer.id, items: [] })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'parameter_missing', param: 'items' });
    await expect(sdk.subscriptions.create({ customer: customer.id, items: [{ price: 'price_nothere' }] })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'items[0][price]',
      statusCode: 400,
    });
    // The browser's calls take the publishable key, and nothing else does.
    const publishable = await fetch(`${standin.url}/v1/customers`, { headers: { authorization: `Bearer ${standin.publishableKey}` } });
    expect(publishable.status).toBe(401);
  });

  it('creates, retrieves and updates customers with metadata', async () => {
    const created = await sdk.customers.create({ name: 'Acme', email: 'billing@acme.test', metadata: { organizationId: 'org-1' } });
    expect(created).toMatchObject({ id: expect.stringMatching(/^cus_/), object: 'customer', livemode: false, created: expect.any(Number) });
    const fetched = (await sdk.customers.retrieve(created.id)) as Stripe.Customer;
    expect(fetched).toMatchObject({ name: 'Acme', email: 'billing@acme.test', metadata: { organizationId: 'org-1' } });
    const updated = await sdk.customers.update(created.id, { metadata: { plan: 'team', organizationId: '' } });
    expect(updated.metadata).toEqual({ plan: 'team' });
    await expect(sdk.customers.update(created.id, { invoice_settings: { default_payment_method: 'pm_nothere' } })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'invoice_settings[default_payment_method]',
    });
  });

  it('lists the seeded prices by lookup key, products expanded', async () => {
    const keys = ['sealwright_professional_year', 'sealwright_enterprise_month'];
    const prices = (await sdk.prices.list({ lookup_keys: keys, active: true, expand: ['data.product'] })).data;
    expect(prices.map((p) => [p.lookup_key, p.unit_amount, p.recurring?.interval, (p.product as Stripe.Product).name]).sort()).toEqual([
      ['sealwright_enterprise_month', 49900, 'month', 'Sealwright Enterprise'],
      ['sealwright_professional_year', 29000, 'year', 'Sealwright Professional'],
    ]);
    const plain = await sdk.prices.retrieve(prices[0].id);
    expect(plain.product).toMatch(/^prod_/);
    expect((await sdk.prices.list({ limit: 100 })).data).toHaveLength(6);
  });

  it('keeps idempotent requests to one object', async () => {
    const key = `idem-${Date.now()}`;
    const a = await sdk.customers.create({ email: 'idem@example.test', metadata: { organizationId: 'o1' } }, { idempotencyKey: key });
    const b = await sdk.customers.create({ email: 'idem@example.test', metadata: { organizationId: 'o1' } }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    expect((await sdk.customers.list({ email: 'idem@example.test' })).data).toHaveLength(1);
    await expect(sdk.customers.create({ email: 'other@example.test' }, { idempotencyKey: key })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(sdk.setupIntents.create({ customer: a.id }, { idempotencyKey: key })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    // A rejected request is not saved: the key still works once the request is right.
    await expect(sdk.customerSessions.create({ customer: a.id } as Stripe.CustomerSessionCreateParams, { idempotencyKey: `${key}-session` })).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'components',
    });
    expect((await sdk.customerSessions.create({ customer: a.id, components: { payment_element: { enabled: true } } }, { idempotencyKey: `${key}-session` })).customer).toBe(a.id);
  });

  it('runs a subscription from checkout to cancellation, with webhooks the SDK verifies', async () => {
    const customer = await sdk.customers.create({ metadata: { organizationId: 'o2' } });
    const [price] = (await sdk.prices.list({ lookup_keys: ['sealwright_team_month'], active: true, expand: ['data.product'] })).data;
    expect(price).toMatchObject({ unit_amount: 9900, recurring: { interval: 'month' } });
    expect((price.product as Stripe.Product).name).toBe('Sealwright Team');
    const sub = await sdk.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      metadata: { organizationId: 'o2' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(sub.status).toBe('incomplete');
    const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    await expect(standin.completePayment(secret, { fail: true })).rejects.toThrow(/declined/);
    await standin.completePayment(secret);
    expect((await sdk.subscriptions.retrieve(sub.id)).status).toBe('active');
    await sdk.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await standin.advanceClock(40 * 86400);
    await standin.settled();
    expect((await sdk.subscriptions.retrieve(sub.id)).status).toBe('canceled');
    const types = received
      .filter((e) => (e.data.object as { id?: string }).id === sub.id || (e.data.object as Stripe.Invoice).parent?.subscription_details?.subscription === sub.id)
      .map((e) => e.type);
    expect(types).toEqual([
      'customer.subscription.created',
      'invoice.payment_failed',
      'invoice.paid',
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    expect(standin.deliveries.every((d) => d.status === 200)).toBe(true);
    expect((await sdk.invoices.list({ customer: customer.id })).data.map((i) => i.status)).toEqual(['paid']);
  });

  it('confirms as Stripe.js does: a declined card leaves the checkout open, another pays it', async () => {
    const customer = await sdk.customers.create({ metadata: { organizationId: 'o3' } });
    const [price] = (await sdk.prices.list({ lookup_keys: ['sealwright_professional_month'] })).data;
    const sub = await sdk.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { organizationId: 'o3' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      id: expect.stringMatching(/^in_/),
      status: 'open',
      amount_due: 2900,
      currency: 'usd',
      number: expect.stringMatching(/^STANDIN-\d{4}$/),
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { organizationId: 'o3' } } },
    });
    expect(sub.items.data[0]).toMatchObject({ id: expect.stringMatching(/^si_/), price: { id: price.id, unit_amount: 2900 }, quantity: 1 });
    expect(sub.items.data[0].current_period_end).toBeGreaterThan(sub.items.data[0].current_period_start);
    const secret = invoice.confirmation_secret!.client_secret;
    const intentId = secret.split('_secret_')[0];
    const confirm = (fields: Record<string, string>) =>
      fetch(`${standin.url}/v1/payment_intents/${intentId}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key: standin.publishableKey, client_secret: secret, ...fields }),
      });

    const preflight = await fetch(`${standin.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect((await confirm({ client_secret: `${intentId}_secret_wrong` })).status).toBe(400);
    const declined = await confirm({ test_card: '4000000000000002' });
    expect(declined.status).toBe(402);
    expect((await declined.json()).error).toMatchObject({ type: 'card_error', code: 'card_declined' });
    expect((await sdk.subscriptions.retrieve(sub.id)).status).toBe('incomplete');
    expect((await sdk.invoices.list({ subscription: sub.id })).data.map((i) => i.status)).toEqual(['open']);

    const paid = await confirm({ 'payment_method_data[card][number]': '4242 4242 4242 4242' });
    expect(paid.status).toBe(200);
    expect(paid.headers.get('access-control-allow-origin')).toBe('*');
    expect((await paid.json()).status).toBe('succeeded');
    const active = await sdk.subscriptions.retrieve(sub.id);
    expect(active.status).toBe('active');
    expect(active.default_payment_method).toMatch(/^pm_/);
    await standin.settled();
    const mine = standin.events.filter((e) => e.data.object.id === sub.id || e.data.object.id === invoice.id);
    expect(mine.map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.payment_failed', 'invoice.paid', 'customer.subscription.updated']);
    expect(mine[3].data.previous_attributes).toEqual({ status: 'incomplete' });
    expect(mine[0]).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      object: 'event',
      api_version: '2026-10-28.endive',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    // Each event holds the object as it was then.
    expect(mine[0].data.object.status).toBe('incomplete');

    // A plan change on a live subscription swaps the price and invoices the change, paid at once.
    const team = (await sdk.prices.list({ lookup_keys: ['sealwright_team_month'] })).data[0];
    const changed = await sdk.subscriptions.update(sub.id, { items: [{ id: active.items.data[0].id, price: team.id }], proration_behavior: 'always_invoice', expand: ['latest_invoice'] });
    expect(changed.items.data[0].price.id).toBe(team.id);
    expect(changed.latest_invoice).toMatchObject({ status: 'paid', amount_paid: 9900 });
    await standin.settled();
    const update = standin.events.findLast((e) => e.type === 'customer.subscription.updated' && e.data.object.id === sub.id)!;
    expect(update.data.previous_attributes.items.data[0].price.id).toBe(price.id);
    const invoices = (await sdk.invoices.list({ customer: customer.id, limit: 10 })).data;
    expect(invoices.map((i) => [i.status, i.amount_paid])).toEqual([
      ['paid', 9900],
      ['paid', 2900],
    ]);

    // The period rolls over when the clock passes its end: the next invoice is paid with the saved card.
    await standin.advanceClock(32 * 86400);
    const renewed = await sdk.subscriptions.retrieve(sub.id);
    expect(renewed.items.data[0].current_period_start).toBe(changed.items.data[0].current_period_end);
    expect((await sdk.invoices.list({ customer: customer.id, limit: 1 })).data[0]).toMatchObject({ status: 'paid', amount_paid: 9900 });

    const deleted = await sdk.subscriptions.cancel(sub.id);
    expect(deleted).toMatchObject({ status: 'canceled', ended_at: expect.any(Number) });
    await standin.settled();
    expect(received.findLast((e) => (e.data.object as { id?: string }).id === sub.id)?.type).toBe('customer.subscription.deleted');
    expect((await sdk.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await sdk.subscriptions.list({ customer: customer.id, status: 'canceled' })).data.map((s) => s.id)).toEqual([sub.id]);
  });

  it('retries a webhook that fails, twice', async () => {
    let calls = 0;
    const flaky = http.createServer((req, res) => {
      calls += 1;
      req.resume();
      res.writeHead(calls < 3 ? 503 : 200).end();
    });
    await new Promise<void>((r) => flaky.listen(0, '127.0.0.1', r));
    const other = await startStripeStandin({ webhookUrl: `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/` });
    try {
      const client = new Stripe(other.secretKey, { ...other.sdkConfig, maxNetworkRetries: 0 });
      const customer = await client.customers.create({});
      const [price] = (await client.prices.list({ lookup_keys: ['sealwright_team_year'] })).data;
      const sub = await client.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], payment_behavior: 'default_incomplete' });
      await other.settled();
      expect(other.deliveries).toEqual([503, 503, 200].map((status) => ({ eventId: other.events[0].id, type: 'customer.subscription.created', status })));
      expect(sub.items.data[0].current_period_end - sub.items.data[0].current_period_start).toBeGreaterThanOrEqual(365 * 86400);
    } finally {
      await other.close();
      await new Promise((r) => flaky.close(r));
    }
  });

  it('saves a card through a SetupIntent and opens a CustomerSession', async () => {
    const customer = await sdk.customers.create({});
    const si = await sdk.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    expect(si.client_secret).toMatch(/^seti_.+_secret_/);
    const confirm = await fetch(`${standin.url}/v1/setup_intents/${si.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: standin.publishableKey, client_secret: si.client_secret! }),
    });
    expect(confirm.headers.get('access-control-allow-origin')).toBe('*');
    expect((await confirm.json()).status).toBe('succeeded');
    await standin.settled();
    // As at Stripe: the card is attached and announced, not made the default by itself.
    expect(received.some((e) => e.type === 'setup_intent.succeeded' && (e.data.object as Stripe.SetupIntent).id === si.id)).toBe(true);
    expect(((await sdk.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings.default_payment_method).toBeNull();
    const pm = received.find((e) => e.type === 'setup_intent.succeeded' && (e.data.object as Stripe.SetupIntent).id === si.id)!.data.object as Stripe.SetupIntent;
    expect(pm.payment_method).toMatch(/^pm_/);
    expect(pm.customer).toBe(customer.id);
    const session = await sdk.customerSessions.create({
      customer: customer.id,
      components: { payment_element: { enabled: true, features: { payment_method_save: 'enabled', payment_method_redisplay: 'enabled' } } },
    });
    expect(session).toMatchObject({
      object: 'customer_session',
      client_secret: expect.stringMatching(/^cuss_secret_/),
      customer: customer.id,
      expires_at: expect.any(Number),
      components: { payment_element: { enabled: 'true', features: { payment_method_save: 'enabled' } } },
    });
  });
  describe('Stripe Identity VerificationSessions', () => {
    type Session = Stripe.Identity.VerificationSession;
    const sessionEvents = (sessionId: string) => received.filter((e) => e.type.startsWith('identity.verification_session.') && (e.data.object as Session).id === sessionId);

    it('creates a session as Stripe does: verified_outputs and provided_details only when expanded, idempotent', async () => {
      const params: Stripe.Identity.VerificationSessionCreateParams = {
        type: 'document',
        options: { document: { require_matching_selfie: true, allowed_types: ['passport', 'driving_license'] } },
        metadata: { organizationId: 'org-id-1', userId: 'u-1' },
        return_url: 'http://localhost:3000/settings/identity',
        client_reference_id: 'u-1',
        provided_details: { email: 'signer@example.test' },
      };
      const key = `vs-${Date.now()}`;
      const vs = await sdk.identity.verificationSessions.create(params, { idempotencyKey: key });
      expect(vs).toMatchObject({
        id: expect.stringMatching(/^vs_/),
        object: 'identity.verification_session',
        status: 'requires_input',
        type: 'document',
        options: { document: { require_matching_selfie: true, allowed_types: ['passport', 'driving_license'] } },
        metadata: { organizationId: 'org-id-1', userId: 'u-1' },
        client_reference_id: 'u-1',
        last_error: null,
        last_verification_report: null,
        livemode: false,
        redaction: null,
        created: expect.any(Number),
      });
      expect(vs.client_secret).toMatch(new RegExp(`^${vs.id}_secret_`));
      expect(vs.url).toBe(`${standin.url}/identity/verify/${vs.id}`);
      expect(vs).not.toHaveProperty('verified_outputs');
      expect(vs).not.toHaveProperty('provided_details');
      expect((await sdk.identity.verificationSessions.create(params, { idempotencyKey: key })).id).toBe(vs.id);
      expect((await sdk.identity.verificationSessions.list({ client_reference_id: 'u-1' })).data.map((s) => s.id)).toEqual([vs.id]);

      const plain = await sdk.identity.verificationSessions.retrieve(vs.id);
      expect(plain).not.toHaveProperty('verified_outputs');
      const expanded = await sdk.identity.verificationSessions.retrieve(vs.id, { expand: ['verified_outputs', 'provided_details'] });
      expect(expanded.verified_outputs).toBeNull();
      expect(expanded.provided_details).toEqual({ email: 'signer@example.test' });

      const updated = await sdk.identity.verificationSessions.update(vs.id, { metadata: { userId: '', step: '2' }, options: { document: { require_matching_selfie: false } } });
      expect(updated).toMatchObject({ metadata: { organizationId: 'org-id-1', step: '2' }, options: { document: { require_matching_selfie: false } } });

      const page = await fetch(vs.url!);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain(vs.id);
      await standin.settled();
      expect(sessionEvents(vs.id).map((e) => e.type)).toEqual(['identity.verification_session.created']);
    });

    it('completes a verification: processing then verified, signed webhooks without verified_outputs, the names by expand', async () => {
      const vs = await sdk.identity.verificationSessions.create({ type: 'document', options: { document: { require_matching_selfie: true } }, metadata: { userId: 'u-2' } });
      const done = await standin.completeIdentityVerification(vs.id, {
        firstName: 'Ada',
        lastName: 'Lovelace',
        dob: { day: 10, month: 12, year: 1985 },
        address: { line1: '12 St James Sq', city: 'London', postal_code: 'SW1Y 4JH', country: 'GB' },
      });
      expect(done).toMatchObject({ id: vs.id, status: 'verified' });
      expect(done).not.toHaveProperty('verified_outputs');
      await standin.settled();

      const events = sessionEvents(vs.id);
      expect(events.map((e) => e.type)).toEqual(['identity.verification_session.created', 'identity.verification_session.processing', 'identity.verification_session.verified']);
      expect(events.map((e) => (e.data.object as Session).status)).toEqual(['requires_input', 'processing', 'verified']);
      for (const e of events) expect(e.data.object).not.toHaveProperty('verified_outputs');
      // Each arrived at the receiver, which verified its signature with stripe.webhooks.constructEvent.
      expect(standin.deliveries.filter((d) => events.some((e) => e.id === d.eventId)).map((d) => d.status)).toEqual([200, 200, 200]);
      const raw = standin.events.find((e) => e.id === events[2].id)!;
      const payload = JSON.stringify(raw, null, 2);
      const header = sdk.webhooks.generateTestHeaderString({ payload, secret: standin.webhookSecret });
      expect(sdk.webhooks.constructEvent(payload, header, standin.webhookSecret).type).toBe('identity.verification_session.verified');
      expect(() => sdk.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);

      const plain = await sdk.identity.verificationSessions.retrieve(vs.id);
      expect(plain).toMatchObject({ status: 'verified', url: null, client_secret: null, last_error: null, last_verification_report: expect.stringMatching(/^vr_/) });
      expect(plain).not.toHaveProperty('verified_outputs');
      const outputs = (await sdk.identity.verificationSessions.retrieve(vs.id, { expand: ['verified_outputs'] })).verified_outputs!;
      expect(outputs).toMatchObject({
        first_name: 'Ada',
        last_name: 'Lovelace',
        address: { line1: '12 St James Sq', line2: null, city: 'London', state: null, postal_code: 'SW1Y 4JH', country: 'GB' },
        id_number_type: null,
        email: null,
        phone: null,
      });
      // As at Stripe, the date of birth is only there when expanded by name.
      expect(outputs).not.toHaveProperty('dob');
      const withDob = (await sdk.identity.verificationSessions.retrieve(vs.id, { expand: ['verified_outputs.dob'] })).verified_outputs!;
      expect(withDob.dob).toEqual({ day: 10, month: 12, year: 1985 });
      expect(withDob).not.toHaveProperty('id_number');

      const report = (await sdk.identity.verificationSessions.retrieve(vs.id, { expand: ['last_verification_report'] })).last_verification_report as Stripe.Identity.VerificationReport;
      expect(report).toMatchObject({
        id: plain.last_verification_report,
        object: 'identity.verification_report',
        type: 'document',
        verification_session: vs.id,
        document: { status: 'verified', error: null, first_name: 'Ada', last_name: 'Lovelace' },
        selfie: { status: 'verified', error: null },
      });
      expect((await sdk.identity.verificationReports.retrieve(report.id)).id).toBe(report.id);

      const listed = (await sdk.identity.verificationSessions.list({ status: 'verified', expand: ['data.verified_outputs'] })).data.find((s) => s.id === vs.id)!;
      expect(listed.verified_outputs?.first_name).toBe('Ada');
      expect((await fetch(`${standin.url}/identity/verify/${vs.id}`)).status).toBe(404);
      await expect(standin.completeIdentityVerification(vs.id, { firstName: 'Ada', lastName: 'Lovelace' })).rejects.toThrow(/verified/);
    });

    it('verifies an id number: the number itself only when expanded', async () => {
      const vs = await sdk.identity.verificationSessions.create({ type: 'id_number' });
      expect(vs.options).toEqual({ id_number: {} });
      await expect(standin.completeIdentityVerification(vs.id, { firstName: 'Grace', lastName: 'Hopper' })).rejects.toThrow(/idNumberLast4/);
      await standin.completeIdentityVerification(vs.id, { firstName: 'Grace', lastName: 'Hopper', dob: { day: 9, month: 12, year: 1986 }, idNumberLast4: '6789' });
      const outputs = (await sdk.identity.verificationSessions.retrieve(vs.id, { expand: ['verified_outputs'] })).verified_outputs!;
      expect(outputs).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', id_number_type: 'us_ssn', address: null });
      expect(outputs).not.toHaveProperty('id_number');
      expect((await sdk.identity.verificationSessions.retrieve(vs.id, { expand: ['verified_outputs.id_number'] })).verified_outputs?.id_number).toBe('6789');
    });

    it('fails an attempt with last_error, lets the person retry, and cancels only from requires_input', async () => {
      const vs = await sdk.identity.verificationSessions.create({ type: 'document', options: { document: { require_matching_selfie: true } } });
      const failed = await standin.failIdentityVerification(vs.id, 'selfie_face_mismatch');
      expect(failed).toMatchObject({ status: 'requires_input', last_error: { code: 'selfie_face_mismatch', reason: expect.any(String) }, last_verification_report: expect.stringMatching(/^vr_/) });
      const again = await sdk.identity.verificationSessions.retrieve(vs.id);
      expect(again).toMatchObject({ status: 'requires_input', url: vs.url, last_error: { code: 'selfie_face_mismatch' } });
      expect(again.client_secret).toMatch(new RegExp(`^${vs.id}_secret_`));
      expect(again.client_secret).not.toBe(vs.client_secret);
      const report = await sdk.identity.verificationReports.retrieve(again.last_verification_report as string);
      expect(report.selfie).toMatchObject({ status: 'unverified', error: { code: 'selfie_face_mismatch' } });
      // A session-level failure (the person declined) was never submitted: no processing, no report.
      await standin.failIdentityVerification(vs.id, 'consent_declined');
      await expect(standin.failIdentityVerification(vs.id, 'id_number_mismatch')).rejects.toThrow(/no id_number check/);
      await expect(standin.failIdentityVerification(vs.id, 'not_a_code')).rejects.toThrow(TypeError);
      await standin.settled();
      expect(sessionEvents(vs.id).map((e) => e.type)).toEqual([
        'identity.verification_session.created',
        'identity.verification_session.processing',
        'identity.verification_session.requires_input',
        'identity.verification_session.requires_input',
      ]);
      expect((sessionEvents(vs.id)[2].data.object as Session).last_error).toEqual(failed.last_error);

      const canceled = await sdk.identity.verificationSessions.cancel(vs.id);
      expect(canceled).toMatchObject({ status: 'canceled', url: null, client_secret: null });
      await expect(sdk.identity.verificationSessions.cancel(vs.id)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
      await expect(standin.completeIdentityVerification(vs.id, { firstName: 'A', lastName: 'B' })).rejects.toThrow(/canceled/);
      await standin.settled();
      expect(sessionEvents(vs.id).at(-1)?.type).toBe('identity.verification_session.canceled');
      expect((await sdk.identity.verificationSessions.list({ status: 'canceled' })).data.map((s) => s.id)).toContain(vs.id);
    });

    it('refuses what Stripe refuses, with the SDK\u2019s error classes', async () => {
      const missing = await sdk.identity.verificationSessions.retrieve('vs_nothere').catch((e) => e);
      expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
      const badType = await sdk.identity.verificationSessions.create({ type: 'selfie' }).catch((e) => e);
      expect(badType).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(badType).toMatchObject({ statusCode: 400, param: 'type' });
      await expect(sdk.identity.verificationSessions.create({})).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'type' });
      await expect(sdk.identity.verificationSessions.create({ type: 'document', options: { document: { allowed_types: ['passport', 'library_card'] } } })).rejects.toMatchObject({
        statusCode: 400,
        param: 'options[document][allowed_types][1]',
      });
      await expect(sdk.identity.verificationSessions.create({ verification_flow: 'vf_nothere' })).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'verification_flow' });
      const publishable = await fetch(`${standin.url}/v1/identity/verification_sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${standin.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'type=document',
      });
      expect(publishable.status).toBe(401);
      expect((await fetch(`${standin.url}/identity/verify/vs_nothere`)).status).toBe(404);
    });

    it('redacts a verified session', async () => {
      const vs = await sdk.identity.verificationSessions.create({ type: 'document', metadata: { userId: 'u-9' } });
      await standin.completeIdentityVerification(vs.id, { firstName: 'Alan', lastName: 'Turing' });
      await expect(sdk.identity.verificationSessions.update(vs.id, { metadata: { step: '3' } })).rejects.toMatchObject({ statusCode: 400 });
      const redacted = await sdk.identity.verificationSessions.redact(vs.id, { expand: ['verified_outputs'] });
      expect(redacted).toMatchObject({ status: 'verified', redaction: { status: 'redacted' }, metadata: {}, verified_outputs: { first_name: '[redacted]', last_name: '[redacted]' } });
      await standin.settled();
      expect(sessionEvents(vs.id).at(-1)?.type).toBe('identity.verification_session.redacted');
    });
  });
});
