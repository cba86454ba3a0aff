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
    await expect(wrong.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const missing = await sdk.customers.retrieve('cus_nothere').catch((e) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing.code).toBe('resource_missing');
  });

  it('keeps idempotent requests to one object', async () => {
    const key = `idem-${Date.now()}`;
    const a = await sdk.customers.create({ email: 'idem@example.test', metadata: { organizationId: 'o1' } }, { idempotencyKey: key });
    const b = await sdk.customers.create({ email: 'idem@example.test', metadata: { organizationId: 'o1' } }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    expect((await sdk.customers.list({ email: 'idem@example.test' })).data).toHaveLength(1);
    await expect(sdk.customers.create({ email: 'other@example.test' }, { idempotencyKey: key })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('runs a subscription from checkout to cancellation, with webhooks the SDK verifies', async () => {
    const customer = await sdk.customers.create({ metadata: { organizationId: 'o2' } });
    const [price] = (await sdk.prices.list({ lookup_keys: ['sealwright_team_month'], active: true, expand: ['data.product'] })).data;
    expect(price).toMatchObject({ unit_amount: 9900, recurring: { interval: 'month' } });
    expect((price.product as Stripe.Product).name).toBe('Sealwright Team');
    const sub = await sdk.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], payment_behavior: 'default_incomplete', metadata: { organizationId: 'o2' }, expand: ['latest_invoice.confirmation_secret'] });
    expect(sub.status).toBe('incomplete');
    const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    await expect(standin.completePayment(secret, { fail: true })).rejects.toThrow(/declined/);
    await standin.completePayment(secret);
    expect((await sdk.subscriptions.retrieve(sub.id)).status).toBe('active');
    await sdk.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await standin.advanceClock(40 * 86400);
    await standin.settled();
    expect((await sdk.subscriptions.retrieve(sub.id)).status).toBe('canceled');
    const types = received.filter((e) => (e.data.object as { id?: string }).id === sub.id || (e.data.object as Stripe.Invoice).parent?.subscription_details?.subscription === sub.id).map((e) => e.type);
    expect(types).toEqual(['customer.subscription.created', 'invoice.payment_failed', 'invoice.paid', 'customer.subscription.updated', 'customer.subscription.updated', 'customer.subscription.deleted']);
    expect(standin.deliveries.every((d) => d.status === 200)).toBe(true);
    expect((await sdk.invoices.list({ customer: customer.id })).data.map((i) => i.status)).toEqual(['paid']);
  });

  it('saves a card through a SetupIntent and opens a CustomerSession', async () => {
    const customer = await sdk.customers.create({});
    const si = await sdk.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    expect(si.client_secret).toMatch(/^seti_.+_secret_/);
    const confirm = await fetch(`${standin.url}/v1/setup_intents/${si.id}/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key: standin.publishableKey, client_secret: si.client_secret! }) });
    expect(confirm.headers.get('access-control-allow-origin')).toBe('*');
    expect((await confirm.json()).status).toBe('succeeded');
    await standin.settled();
    // As at Stripe: the card is attached and announced, not made the default by itself.
    expect(received.some((e) => e.type === 'setup_intent.succeeded' && (e.data.object as Stripe.SetupIntent).id === si.id)).toBe(true);
    expect(((await sdk.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings.default_payment_method).toBeNull();
    const session = await sdk.customerSessions.create({ customer: customer.id, components: { payment_element: { enabled: true } } });
    expect(session.client_secret).toBeTruthy();
  });
});
