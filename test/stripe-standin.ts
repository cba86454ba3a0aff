/**
 * A stand-in for the part of Stripe's REST API that Sealwright uses, on a local port, so tests
 * drive the real `stripe` SDK (api.stripe.com is unreachable here). It speaks:
 *
 * - form-encoded bodies and query strings in Stripe's bracket notation (`items[0][price]`,
 *   `metadata[organizationId]`, `expand[0]`), `Authorization: Bearer <secret key>` (else 401
 *   `authentication_error`), `Idempotency-Key` (a repeat returns the stored answer; another body
 *   under the same key is 400 `idempotency_error`), Stripe's error bodies
 *   (`{"error": {type, code, message, param}}`), ids with Stripe's prefixes and list envelopes;
 * - customers, products and prices (seeded: professional/team/enterprise × month/year, lookup keys
 *   `sealwright_<plan>_<interval>`), subscriptions (create/retrieve/list/update/cancel) with their
 *   invoices and payment intents, setup intents, customer sessions, invoices list;
 * - Stripe.js's browser calls: `POST /v1/payment_intents/:id/confirm` and
 *   `POST /v1/setup_intents/:id/confirm` with the publishable key and client secret (CORS open).
 *   Card 4000000000000002 (`payment_method_data[card][number]` or a `test_card` field) is
 *   declined (402 `card_declined`); any other succeeds. `GET` of either intent also takes the
 *   publishable key with its `client_secret`, as Stripe.js's retrieve does;
 * - Stripe Identity: `POST /v1/identity/verification_sessions` (`type` document | id_number,
 *   `options[document][allowed_types][]` / `[require_matching_selfie]` / `[require_id_number]` /
 *   `[require_live_capture]`, `metadata`, `return_url`, `client_reference_id`, `provided_details`,
 *   `related_customer`), `GET` one and the list (`status`, `client_reference_id`,
 *   `related_customer`), `POST /:id` (update, in `requires_input` only), `POST /:id/cancel` (from
 *   `requires_input` only) and `POST /:id/redact`; `GET /v1/identity/verification_reports/:id`.
 *   As at Stripe, `verified_outputs` and `provided_details` are in an answer only when expanded
 *   (`expand[]=verified_outputs`; `expand[]=data.verified_outputs` on the list), and within them
 *   `dob`, `id_number`, `sex`, `unparsed_place_of_birth` and `unparsed_sex` only when expanded
 *   too (`expand[]=verified_outputs.dob`); `last_verification_report` expands to the report.
 *   `url` (`<stand-in>/identity/verify/<id>`, a one-line HTML page) and `client_secret` are set
 *   while the session is `requires_input`, null otherwise. The person's side of the hosted flow is
 *   the test controls `completeIdentityVerification` and `failIdentityVerification`. A parameter
 *   these endpoints do not know is refused (`Received unknown parameter: ...`), as at Stripe;
 * - webhooks: each state change makes an event (`customer.subscription.created/updated/deleted`,
 *   `invoice.paid`, `invoice.payment_failed`, `setup_intent.succeeded`,
 *   `identity.verification_session.created/processing/verified/requires_input/canceled/redacted`),
 *   POSTed in order to the webhook URL with a `Stripe-Signature` header made as Stripe makes it
 *   (HMAC-SHA256 of `<t>.<payload>`). An event's `data.object` is the object unexpanded, as
 *   Stripe sends it: a verification session's event never carries `verified_outputs`.
 *
 * Simplified: amounts are never prorated (a plan change invoices the new price in full, paid
 * at once with the saved card); no taxes, coupons, trials or 3-D Secure; no invoice.created /
 * invoice.finalized / payment_intent.* events; `confirmation_secret` is always present on
 * invoices (Stripe includes it only when expanded); an `incomplete` subscription never expires
 * (Stripe: `incomplete_expired` after 23 hours); lists page by `limit` and `starting_after`
 * only; idempotency keys never expire and are shared by all API keys; `deliveries` records
 * each attempt, retries included. Identity: no verification flows (`verification_flow` is an
 * unknown id), no email or phone checks; a session moves only when a test control says so,
 * through `processing` at once; a failed attempt gives a fresh `client_secret` but the same `url`;
 * `id_number` in verified_outputs is what the test gave as `idNumberLast4` (type `us_ssn`);
 * a verification report holds only the check statuses, errors, names and address; redaction is
 * `redacted` at once (Stripe: `processing` for up to four days), with personal data `[redacted]`.
 * The error messages for a bad `type`, option or session state are the stand-in's wording.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, any>;

export interface StripeStandIn {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Options for `new Stripe(secretKey, {...})` that point the SDK here. */
  sdkConfig: { host: string; port: number; protocol: 'http' };
  setWebhookUrl(url: string | null): void;
  /** Every event made, in order. */
  events: Obj[];
  /** Each webhook POST: the event id and the HTTP status it got (0: no answer). */
  deliveries: Array<{ eventId: string; type: string; status: number }>;
  /** Confirm a payment intent by its client secret, as Stripe.js would; rejects on a decline (`fail`). */
  completePayment(clientSecret: string, options?: { fail?: boolean }): Promise<Obj>;
  /**
   * The person finishes Stripe's hosted identity flow and every check passes: the session goes
   * `processing` then `verified`, with `verified_outputs` and a `last_verification_report`. An
   * id number check (type `id_number`, or `require_id_number`) needs `dob` and `idNumberLast4`.
   * Answers the session as the API shows it, unexpanded.
   */
  completeIdentityVerification(
    sessionId: string,
    person: {
      firstName: string;
      lastName: string;
      dob?: { day: number; month: number; year: number };
      idNumberLast4?: string;
      address?: { line1?: string; line2?: string; city?: string; state?: string; postal_code?: string; country?: string };
    },
  ): Promise<Obj>;
  /**
   * The person's attempt fails with Stripe's `last_error.code`: a check's code (`document_*`,
   * `selfie_*`, `id_number_*`) goes through `processing` and makes a report; a session's own
   * (`abandoned`, `consent_declined`, `under_supported_age`, ...) does not. Either way the
   * session is back at `requires_input` with `last_error` and a fresh client secret.
   */
  failIdentityVerification(sessionId: string, code: string): Promise<Obj>;
  /** Move the stand-in's clock: periods that end roll over, or end a subscription cancelled at period end. */
  advanceClock(seconds: number): Promise<void>;
  /** Resolves once every webhook made so far has been delivered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, extra: Obj = {}) => new StripeError(400, { type: 'invalid_request_error', message, ...extra });
/** An unknown id: 404 when it is the URL's, 400 when a parameter names it (`param`), as at Stripe. */
const missing = (kind: string, id: string, param?: string) =>
  new StripeError(param ? 400 : 404, { type: 'invalid_request_error', code: 'resource_missing', param: param ?? 'id', message: `No such ${kind}: '${id}'` });
const required = (param: string) => invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

/** Stripe's bracket notation (`a[b][0][c]=v`, `a[]=v`) into nested objects; numeric keys become arrays. */
export function parseBrackets(params: URLSearchParams): Obj {
  const root: Obj = {};
  for (const [key, value] of params) {
    const m = /^([^[]+)(.*)$/.exec(key);
    if (!m) continue;
    const path = [m[1], ...[...m[2].matchAll(/\[([^\]]*)\]/g)].map((x) => x[1])];
    let node = root;
    path.forEach((part, i) => {
      if (part === '') {
        node.__list = node.__list ?? [];
        node.__list.push(value);
        return;
      }
      if (i === path.length - 1) node[part] = value;
      else node = node[part] = node[part] ?? {};
    });
  }
  const finish = (v: any, name = ''): any => {
    if (v === null || typeof v !== 'object') return v;
    if (v.__list) return v.__list;
    const keys = Object.keys(v);
    // Metadata keys are the caller's own strings, digits included: never an array.
    if (name !== 'metadata' && keys.length && keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => finish(v[k]));
    return Object.fromEntries(keys.map((k) => [k, finish(v[k], k)]));
  };
  return finish(root);
}

const API_VERSION = '2026-10-28.endive';

const PLANS = [
  ['professional', 'Sealwright Professional', 2900, 29000],
  ['team', 'Sealwright Team', 9900, 99000],
  ['enterprise', 'Sealwright Enterprise', 49900, 499000],
] as const;

export async function startStripeStandin(options: { secretKey?: string; publishableKey?: string; webhookSecret?: string; webhookUrl?: string } = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? 'sk_test_standin';
  const publishableKey = options.publishableKey ?? 'pk_test_standin';
  const webhookSecret = options.webhookSecret ?? 'whsec_standin';
  let webhookUrl = options.webhookUrl ?? null;
  let clockOffset = 0;
  const now = () => Math.floor(Date.now() / 1000) + clockOffset;
  const id = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

  const store = new Map<string, Obj>();
  const put = (o: Obj) => (store.set(o.id, o), o);
  const get = (kind: string, prefix: string, key: string, param?: string) => {
    const o = store.get(key);
    if (!o || !key.startsWith(`${prefix}_`)) throw missing(kind, key, param);
    return o;
  };
  const all = (object: string) => [...store.values()].filter((o) => o.object === object);
  const list = (url: string, data: Obj[], p: Obj) => {
    const limit = Number(p.limit ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid('This value must be between 1 and 100 (it currently is ' + String(p.limit) + ').', { param: 'limit' });
    const rest = p.starting_after ? data.slice(data.findIndex((o) => o.id === p.starting_after) + 1) : data;
    return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url };
  };
  const idempotency = new Map<string, { request: string; body: string; status: number; answer: Obj }>();
  let invoiceNumber = 0;

  // Seeded products and prices.
  for (const [plan, name, monthly, yearly] of PLANS) {
    const product = put({ id: id('prod'), object: 'product', name, active: true, created: now(), livemode: false, metadata: {} });
    for (const [interval, amount] of [
      ['month', monthly],
      ['year', yearly],
    ] as const) {
      put({
        id: id('price'),
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: amount,
        lookup_key: `sealwright_${plan}_${interval}`,
        product: product.id,
        recurring: { interval, interval_count: 1 },
        type: 'recurring',
        created: now(),
        livemode: false,
        metadata: {},
      });
    }
  }

  // Webhooks: made in order, delivered one at a time after the call that made them has answered.
  const events: Obj[] = [];
  const deliveries: StripeStandIn['deliveries'] = [];
  let chain: Promise<void> = Promise.resolve();
  const snapshot = (o: Obj) => JSON.parse(JSON.stringify(render(o)));
  function emit(type: string, object: Obj, previous?: Obj) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      data: { object: snapshot(object), ...(previous ? { previous_attributes: JSON.parse(JSON.stringify(previous)) } : {}) },
      request: { id: null, idempotency_key: null },
    };
    events.push(event);
    chain = chain.then(() => new Promise((resolve) => setImmediate(resolve))).then(() => deliver(event));
  }
  async function deliver(event: Obj) {
    if (!webhookUrl) return;
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const t = Math.floor(Date.now() / 1000);
      const signature = crypto.createHmac('sha256', webhookSecret).update(`${t}.${payload}`).digest('hex');
      let status = 0;
      try {
        const res = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${t},v1=${signature}`, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
          body: payload,
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
      deliveries.push({ eventId: event.id, type: event.type, status });
      if (status > 0 && status < 500) return;
      if (attempt < 2) await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The object as the API shows it: nested lists and current prices filled in. */
  function render(o: Obj): Obj {
    if (o.object === 'subscription') {
      return { ...o, items: { object: 'list', data: o.items.map((item: Obj) => ({ ...item, price: store.get(item.price) })), has_more: false, url: `/v1/subscription_items?subscription=${o.id}` } };
    }
    return o;
  }

  /** Replace ids by objects along each expand path (`latest_invoice.confirmation_secret`, `data.product`). */
  function expand(value: Obj, paths: string[]): Obj {
    const out = JSON.parse(JSON.stringify(value));
    for (const path of paths) {
      const walk = (node: any, segments: string[]) => {
        if (!node || typeof node !== 'object' || !segments.length) return;
        const [head, ...rest] = segments;
        if (Array.isArray(node)) return node.forEach((n) => walk(n, segments));
        if (typeof node[head] === 'string' && store.has(node[head])) node[head] = JSON.parse(JSON.stringify(render(store.get(node[head])!)));
        walk(node[head], rest);
      };
      walk(out, path.split('.'));
    }
    return out;
  }

  function newInvoice(sub: Obj, amount: number, status: 'open' | 'paid') {
    invoiceNumber += 1;
    const invoice = put({
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      amount_remaining: status === 'paid' ? 0 : amount,
      currency: 'usd',
      created: now(),
      livemode: false,
      metadata: {},
      number: `STANDIN-${String(invoiceNumber).padStart(4, '0')}`,
      hosted_invoice_url: null,
      invoice_pdf: null,
      period_start: now(),
      period_end: now(),
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
      lines: { object: 'list', data: [], has_more: false },
      confirmation_secret: null as Obj | null,
      payments: null,
    });
    invoice.hosted_invoice_url = `${base}/invoices/${invoice.id}`;
    invoice.invoice_pdf = `${base}/invoices/${invoice.id}.pdf`;
    if (status === 'open') {
      const pi = put({
        id: id('pi'),
        object: 'payment_intent',
        amount,
        currency: 'usd',
        status: 'requires_payment_method',
        customer: sub.customer,
        invoice: invoice.id,
        created: now(),
        livemode: false,
        metadata: {},
      });
      pi.client_secret = `${pi.id}_secret_${crypto.randomBytes(12).toString('hex')}`;
      invoice.confirmation_secret = { client_secret: pi.client_secret, type: 'payment_intent' };
    }
    return invoice;
  }

  function periodEnd(start: number, interval: string) {
    const d = new Date(start * 1000);
    if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
    else d.setUTCMonth(d.getUTCMonth() + 1);
    return Math.floor(d.getTime() / 1000);
  }

  function setStatus(sub: Obj, status: string) {
    const previous = { status: sub.status };
    sub.status = status;
    emit('customer.subscription.updated', sub, previous);
  }

  /** A payment intent's payment: the card declines, or the invoice is paid and its subscription activates. */
  function pay(pi: Obj, card: string) {
    if (pi.status === 'succeeded') throw invalid('This PaymentIntent has already succeeded.', { code: 'payment_intent_unexpected_state' });
    const invoice = store.get(pi.invoice);
    if (card === '4000000000000002') {
      pi.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      if (invoice) emit('invoice.payment_failed', invoice);
      throw new StripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: { id: pi.id, status: 'requires_payment_method' },
      });
    }
    const pm = put({
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: card.slice(-4) || '4242', exp_month: 12, exp_year: 2030 },
      customer: pi.customer,
      created: now(),
      livemode: false,
      metadata: {},
    });
    pi.status = 'succeeded';
    pi.payment_method = pm.id;
    if (invoice) {
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
      emit('invoice.paid', invoice);
      const sub = store.get(invoice.parent.subscription_details.subscription);
      // save_default_payment_method: on_subscription: the card pays this subscription's next invoices.
      if (sub && !sub.default_payment_method && sub.payment_settings.save_default_payment_method === 'on_subscription') sub.default_payment_method = pm.id;
      if (sub && sub.status === 'incomplete') setStatus(sub, 'active');
      if (sub && sub.status === 'past_due') setStatus(sub, 'active');
    }
    return pi;
  }

  /** The card that pays a subscription's invoices: its own default, else its customer's (as Stripe picks it). */
  const cardFor = (sub: Obj): string | null => sub.default_payment_method ?? store.get(sub.customer)?.invoice_settings?.default_payment_method ?? null;
  const hasDefaultCard = (customerId: string) => Boolean(store.get(customerId)?.invoice_settings?.default_payment_method);

  // Stripe Identity. What a session shows only when expanded is kept beside it, not in it.
  const identity = new Map<string, { outputs: Obj | null; providedDetails: Obj | null }>();
  const SESSION_TYPES = ['document', 'id_number'];
  const DOCUMENT_TYPES = ['driving_license', 'id_card', 'passport'];
  const DOCUMENT_FLAGS = ['require_id_number', 'require_live_capture', 'require_matching_selfie'];
  /** verified_outputs fields Stripe includes only when expanded on their own (`verified_outputs.dob`). */
  const EXPAND_ONLY_OUTPUTS = ['dob', 'id_number', 'sex', 'unparsed_place_of_birth', 'unparsed_sex'];
  /** `last_error.code` values the stand-in can produce, with Stripe's explanation of each. */
  const IDENTITY_ERRORS: Record<string, string> = {
    abandoned: 'The user began the verification but didn’t submit it.',
    consent_declined: 'The user declined to be verified by Stripe.',
    country_not_supported: 'The user is in a country that isn’t supported.',
    device_not_supported: 'The user’s device isn’t supported.',
    under_supported_age: 'The user is under the supported age.',
    document_expired: 'The provided identity document has expired.',
    document_type_not_supported: 'The provided identity document isn’t one of the session’s allowed document types.',
    document_unverified_other: 'Stripe couldn’t verify the provided identity document.',
    selfie_document_missing_photo: 'The provided identity document didn’t contain a picture of a face.',
    selfie_face_mismatch: 'The captured face image didn’t match with the document’s face.',
    selfie_manipulated: 'The captured face image was manipulated.',
    selfie_unverified_other: 'Stripe couldn’t verify the provided selfie.',
    id_number_insufficient_document_data: 'The provided document didn’t contain enough data to match against the ID number.',
    id_number_mismatch: 'The information provided couldn’t be matched against official government databases.',
    id_number_unverified_other: 'Stripe couldn’t verify the provided ID number.',
  };
  const unknownParams = (given: Obj, known: string[], prefix = '') => {
    const extra = Object.keys(given).find((k) => !known.includes(k));
    if (extra) throw invalid(`Received unknown parameter: ${prefix ? `${prefix}[${extra}]` : extra}`, { param: prefix ? `${prefix}[${extra}]` : extra });
  };
  const needsIdNumber = (vs: Obj) => vs.type === 'id_number' || vs.options?.document?.require_id_number === true;

  /** The session's `options` from the create or update parameters, checked as Stripe checks them. */
  function identityOptions(type: string, given: any): Obj {
    if (given !== undefined && given !== '') {
      if (typeof given !== 'object') throw invalid('Invalid object', { param: 'options' });
      unknownParams(given, ['document'], 'options');
    }
    const document = given?.document && typeof given.document === 'object' ? given.document : {};
    if (type !== 'document') {
      if (Object.keys(document).length) throw invalid('options[document] can only be used with a VerificationSession of type document.', { param: 'options[document]' });
      return { id_number: {} };
    }
    unknownParams(document, ['allowed_types', ...DOCUMENT_FLAGS], 'options[document]');
    const out: Obj = {};
    if (document.allowed_types !== undefined) {
      const types: string[] = [].concat(document.allowed_types);
      types.forEach((t, i) => {
        if (!DOCUMENT_TYPES.includes(t))
          throw invalid(`Invalid options[document][allowed_types][${i}]: must be one of driving_license, id_card, or passport`, { param: `options[document][allowed_types][${i}]` });
      });
      out.allowed_types = types;
    }
    for (const flag of DOCUMENT_FLAGS) {
      if (document[flag] === undefined) continue;
      if (document[flag] !== 'true' && document[flag] !== 'false') throw invalid(`Invalid boolean: ${String(document[flag])}`, { param: `options[document][${flag}]` });
      out[flag] = document[flag] === 'true';
    }
    return { document: out };
  }

  function providedDetails(given: any): Obj | null {
    if (given === undefined || given === '') return null;
    if (typeof given !== 'object') throw invalid('Invalid object', { param: 'provided_details' });
    unknownParams(given, ['email', 'phone'], 'provided_details');
    return { ...given };
  }

  /** A session's status; `url` and `client_secret` exist only while it waits for the person (a fresh secret each time). */
  function setSessionStatus(vs: Obj, status: string) {
    vs.status = status;
    const open = status === 'requires_input';
    vs.client_secret = open ? `${vs.id}_secret_${crypto.randomBytes(12).toString('hex')}` : null;
    vs.url = open ? `${base}/identity/verify/${vs.id}` : null;
  }

  /** The session as the API answers it: `verified_outputs` and `provided_details` only when expanded. */
  function sessionView(vs: Obj, paths: string[]): Obj {
    const view = expand(render(vs), paths);
    const wants = (field: string) => paths.some((x) => x === field || x.startsWith(`${field}.`));
    const kept = identity.get(vs.id)!;
    if (wants('provided_details')) view.provided_details = kept.providedDetails ? { ...kept.providedDetails } : null;
    if (wants('verified_outputs')) {
      const outputs = kept.outputs;
      view.verified_outputs = outputs
        ? JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(outputs).filter(([k]) => !EXPAND_ONLY_OUTPUTS.includes(k) || paths.includes(`verified_outputs.${k}`)))))
        : null;
    }
    return view;
  }

  /** The report of one submitted attempt: each check's status and error, and what it read. */
  function newReport(vs: Obj, failed: { check: string; error: Obj } | null, outputs: Obj | null): Obj {
    const result = (check: string) => (failed?.check === check ? { status: 'unverified', error: { ...failed.error } } : { status: 'verified', error: null });
    const who = { first_name: outputs?.first_name ?? null, last_name: outputs?.last_name ?? null };
    const checks: Obj = {};
    if (vs.type === 'document') {
      checks.document = { ...result('document'), ...who, address: outputs?.address ?? null, files: [], issued_date: null, issuing_country: outputs?.address?.country ?? null, type: null };
      if (vs.options.document.require_matching_selfie) checks.selfie = { ...result('selfie'), document: null, selfie: null };
    }
    if (needsIdNumber(vs)) checks.id_number = { ...result('id_number'), ...who, id_number_type: outputs?.id_number_type ?? null };
    return put({
      id: id('vr'),
      object: 'identity.verification_report',
      client_reference_id: vs.client_reference_id,
      created: now(),
      livemode: false,
      options: JSON.parse(JSON.stringify(vs.options)),
      type: vs.type,
      verification_session: vs.id,
      ...checks,
    });
  }

  /** A session the person can still submit through the hosted flow. */
  function hostedSession(sessionId: string): Obj {
    const vs = get('verification session', 'vs', sessionId);
    if (vs.status !== 'requires_input') throw new Error(`VerificationSession ${vs.id} is ${vs.status}: its hosted flow takes no submission`);
    return vs;
  }

  function routes(method: string, path: string, p: Obj, auth: 'secret' | 'publishable'): Obj {
    const seg = path.split('/').filter(Boolean).slice(1); // after v1
    if (seg[0] === 'identity') seg.splice(0, 2, `identity/${seg[1]}`);
    const [res, key, action] = seg;
    const browserCall = (method === 'POST' && action === 'confirm') || (method === 'GET' && !action && (res === 'payment_intents' || res === 'setup_intents'));
    if (auth === 'publishable' && !(browserCall && key)) throw new StripeError(401, { type: 'invalid_request_error', message: 'This API call cannot be made with a publishable API key.' });
    const expandPaths: string[] = Array.isArray(p.expand) ? p.expand : [];
    const out = (o: Obj) => expand(render(o), expandPaths);
    const metadata = (m: any) => (m && typeof m === 'object' ? Object.fromEntries(Object.entries(m).filter(([, v]) => v !== '')) : {});
    /** An update's metadata: keys merged in, a key set to '' removed, `metadata=` clearing all. */
    const merged = (current: Obj, m: any) => (m === '' ? {} : Object.fromEntries(Object.entries({ ...current, ...m }).filter(([, v]) => v !== '')));
    /** The card Stripe.js confirms with: the test card named, else one that succeeds. */
    const card = () => String(p.test_card ?? p.payment_method_data?.card?.number ?? '4242424242424242').replace(/\s+/g, '');
    /** Stripe.js's calls with the publishable key must bring the intent's client secret. */
    const checkSecret = (intent: Obj) => {
      if (auth === 'publishable' && p.client_secret !== intent.client_secret)
        throw invalid(`The client_secret provided does not match the client_secret associated with the ${intent.object === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent'}.`, {
          code: `${intent.object}_invalid_parameter`,
          param: 'client_secret',
        });
    };

    if (res === 'customers') {
      if (method === 'POST' && !key)
        return out(
          put({
            id: id('cus'),
            object: 'customer',
            name: p.name ?? null,
            email: p.email ?? null,
            metadata: metadata(p.metadata),
            invoice_settings: { default_payment_method: null },
            created: now(),
            livemode: false,
          }),
        );
      if (method === 'GET' && !key)
        return list(
          '/v1/customers',
          all('customer')
            .filter((c) => !p.email || c.email === p.email)
            .reverse(),
          p,
        );
      const customer = get('customer', 'cus', key);
      if (method === 'GET') return out(customer);
      if (method === 'POST') {
        if (p.metadata !== undefined) customer.metadata = merged(customer.metadata, p.metadata);
        if (p.name !== undefined) customer.name = p.name || null;
        if (p.email !== undefined) customer.email = p.email || null;
        const pmId = p.invoice_settings?.default_payment_method;
        if (pmId) {
          const pm = get('payment_method', 'pm', pmId, 'invoice_settings[default_payment_method]');
          if (pm.customer !== customer.id)
            throw invalid(`The payment method \`${pmId}\` must be attached to the customer.`, { code: 'resource_missing', param: 'invoice_settings[default_payment_method]' });
          customer.invoice_settings.default_payment_method = pmId;
        }
        return out(customer);
      }
    }
    if (res === 'prices') {
      if (method === 'GET' && !key) {
        const keys: string[] | null = p.lookup_keys ? [].concat(p.lookup_keys) : null;
        const data = all('price').filter((x) => (!keys || keys.includes(x.lookup_key)) && (p.active === undefined || String(x.active) === p.active));
        return expand(list('/v1/prices', data, p), expandPaths);
      }
      if (method === 'GET') return out(get('price', 'price', key));
    }
    if (res === 'subscriptions') {
      if (method === 'POST' && !key) {
        if (!p.customer) throw required('customer');
        get('customer', 'cus', p.customer, 'customer');
        const priceId = p.items?.[0]?.price;
        if (!priceId) throw required('items');
        const price = get('price', 'price', priceId, 'items[0][price]');
        const start = now();
        const subId = id('sub');
        const sub = put({
          id: subId,
          object: 'subscription',
          customer: p.customer,
          status: 'incomplete',
          currency: price.currency,
          collection_method: 'charge_automatically',
          billing_cycle_anchor: start,
          cancel_at: null,
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
          created: start,
          start_date: start,
          livemode: false,
          metadata: metadata(p.metadata),
          latest_invoice: null as string | null,
          default_payment_method: null,
          payment_settings: { save_default_payment_method: p.payment_settings?.save_default_payment_method ?? 'off' },
          items: [
            {
              id: id('si'),
              object: 'subscription_item',
              subscription: subId,
              price: price.id,
              quantity: 1,
              current_period_start: start,
              current_period_end: periodEnd(start, price.recurring.interval),
              created: start,
              metadata: {},
            },
          ],
        });
        const payNow = p.payment_behavior !== 'default_incomplete' && hasDefaultCard(p.customer);
        const invoice = newInvoice(sub, price.unit_amount, payNow ? 'paid' : 'open');
        sub.latest_invoice = invoice.id;
        if (payNow) sub.status = 'active';
        emit('customer.subscription.created', sub);
        if (payNow) emit('invoice.paid', invoice);
        return out(sub);
      }
      // Stripe lists every status but canceled unless asked for one (or 'all').
      if (method === 'GET' && !key)
        return expand(
          list(
            '/v1/subscriptions',
            all('subscription')
              .filter((s) => (!p.customer || s.customer === p.customer) && (p.status === 'all' || (p.status ? s.status === p.status : s.status !== 'canceled')))
              .reverse()
              .map(render),
            p,
          ),
          expandPaths,
        );
      const sub = get('subscription', 'sub', key);
      if (method === 'GET') return out(sub);
      if (method === 'DELETE') {
        if (sub.status === 'canceled') throw invalid(`No such subscription: '${sub.id}'`, { code: 'resource_missing' });
        Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
        emit('customer.subscription.deleted', sub);
        return out(sub);
      }
      if (method === 'POST') {
        if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
        if (p.payment_behavior === 'pending_if_incomplete') {
          // Stripe: a pending update takes only the parameters pending updates support.
          const unsupported = Object.keys(p).filter(
            (k) => !['items', 'proration_behavior', 'proration_date', 'payment_behavior', 'expand', 'billing_cycle_anchor', 'trial_end', 'trial_from_plan', 'add_invoice_items'].includes(k),
          );
          if (unsupported.length) throw invalid(`The following parameters cannot be used with payment_behavior=pending_if_incomplete: ${unsupported.join(', ')}.`, { param: unsupported[0] });
        }
        const previous: Obj = {};
        if (p.metadata !== undefined) {
          previous.metadata = { ...sub.metadata };
          sub.metadata = merged(sub.metadata, p.metadata);
        }
        if (p.default_payment_method) {
          get('payment_method', 'pm', p.default_payment_method, 'default_payment_method');
          previous.default_payment_method = sub.default_payment_method;
          sub.default_payment_method = p.default_payment_method;
        }
        if (p.cancel_at_period_end !== undefined) {
          const cancel = p.cancel_at_period_end === 'true';
          if (cancel !== sub.cancel_at_period_end) {
            previous.cancel_at_period_end = sub.cancel_at_period_end;
            previous.cancel_at = sub.cancel_at;
            sub.cancel_at_period_end = cancel;
            sub.cancel_at = cancel ? sub.items[0].current_period_end : null;
            sub.canceled_at = cancel ? now() : null;
          }
        }
        const newPrice = p.items?.[0]?.price;
        if (newPrice) {
          const item = sub.items.find((i: Obj) => i.id === p.items[0].id) ?? sub.items[0];
          const price = get('price', 'price', newPrice, 'items[0][price]');
          if (price.id !== item.price) {
            previous.items = render(sub).items;
            item.price = price.id;
            if (sub.status === 'active' || sub.status === 'past_due') {
              if (!cardFor(sub)) throw new StripeError(402, { type: 'card_error', code: 'card_declined', message: 'The customer has no card to pay the change with.' });
              const start = now();
              Object.assign(item, { current_period_start: start, current_period_end: periodEnd(start, price.recurring.interval) });
              const invoice = newInvoice(sub, price.unit_amount, 'paid');
              sub.latest_invoice = invoice.id;
              emit('invoice.paid', invoice);
            }
          }
        }
        if (Object.keys(previous).length) emit('customer.subscription.updated', sub, previous);
        return out(sub);
      }
    }
    if (res === 'invoices') {
      if (method === 'GET' && !key) {
        const data = all('invoice')
          .filter((i) => (!p.customer || i.customer === p.customer) && (!p.subscription || i.parent.subscription_details.subscription === p.subscription) && (!p.status || i.status === p.status))
          .reverse();
        return expand(list('/v1/invoices', data, p), expandPaths);
      }
      if (method === 'GET') return out(get('invoice', 'in', key));
    }
    if (res === 'payment_intents' && key) {
      const pi = get('payment_intent', 'pi', key);
      checkSecret(pi);
      if (method === 'GET' && !action) return out(pi);
      if (method === 'POST' && action === 'confirm') return out(pay(pi, card()));
    }
    if (res === 'setup_intents') {
      if (method === 'POST' && !key) {
        if (p.customer) get('customer', 'cus', p.customer, 'customer');
        const automatic = p.automatic_payment_methods ? { enabled: p.automatic_payment_methods.enabled === 'true', allow_redirects: p.automatic_payment_methods.allow_redirects ?? 'always' } : null;
        const si = put({
          id: id('seti'),
          object: 'setup_intent',
          status: 'requires_payment_method',
          customer: p.customer ?? null,
          usage: p.usage ?? 'off_session',
          payment_method: null,
          payment_method_types: p.payment_method_types ?? ['card'],
          automatic_payment_methods: automatic,
          last_setup_error: null,
          created: now(),
          livemode: false,
          metadata: metadata(p.metadata),
        });
        si.client_secret = `${si.id}_secret_${crypto.randomBytes(12).toString('hex')}`;
        return out(si);
      }
      const si = get('setup_intent', 'seti', key);
      checkSecret(si);
      if (method === 'GET' && !action) return out(si);
      if (method === 'POST' && action === 'confirm') {
        if (si.status === 'succeeded') throw invalid('You cannot confirm this SetupIntent because it has already succeeded.', { code: 'setup_intent_unexpected_state' });
        const number = card();
        if (number === '4000000000000002') {
          si.last_setup_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
          emit('setup_intent.setup_failed', si);
          throw new StripeError(402, { ...si.last_setup_error, setup_intent: { id: si.id, status: si.status } });
        }
        const pm = put({
          id: id('pm'),
          object: 'payment_method',
          type: 'card',
          card: { brand: 'visa', last4: number.slice(-4), exp_month: 12, exp_year: 2030 },
          customer: si.customer,
          created: now(),
          livemode: false,
          metadata: {},
        });
        Object.assign(si, { status: 'succeeded', payment_method: pm.id, last_setup_error: null });
        // Stripe attaches the card and says so; making it the default is the integration's job.
        emit('setup_intent.succeeded', si);
        return out(si);
      }
    }
    if (res === 'identity/verification_sessions') {
      if (method === 'POST' && !key) {
        unknownParams(p, [
          'client_reference_id',
          'expand',
          'metadata',
          'options',
          'provided_details',
          'related_customer',
          'related_customer_account',
          'related_person',
          'return_url',
          'type',
          'verification_flow',
        ]);
        // The stand-in has no verification flows from a Dashboard: any one named is unknown.
        if (p.verification_flow !== undefined) throw missing('verification flow', String(p.verification_flow), 'verification_flow');
        if (p.type === undefined || p.type === '') throw required('type');
        if (!SESSION_TYPES.includes(p.type)) throw invalid('Invalid type: must be one of document or id_number', { param: 'type' });
        if (p.related_customer) get('customer', 'cus', p.related_customer, 'related_customer');
        const options = identityOptions(p.type, p.options);
        const details = providedDetails(p.provided_details);
        const vs = put({
          id: id('vs'),
          object: 'identity.verification_session',
          client_reference_id: p.client_reference_id || null,
          client_secret: null,
          created: now(),
          last_error: null,
          last_verification_report: null,
          livemode: false,
          metadata: metadata(p.metadata),
          options,
          redaction: null,
          related_customer: p.related_customer || null,
          related_customer_account: null,
          status: 'requires_input',
          type: p.type,
          url: null,
        });
        setSessionStatus(vs, 'requires_input');
        // return_url is where Stripe's hosted page sends the person back; the stand-in's page has no button.
        identity.set(vs.id, { outputs: null, providedDetails: details });
        emit('identity.verification_session.created', vs);
        return sessionView(vs, expandPaths);
      }
      if (method === 'GET' && !key) {
        const data = all('identity.verification_session')
          .filter(
            (vs) =>
              (!p.status || vs.status === p.status) &&
              (!p.client_reference_id || vs.client_reference_id === p.client_reference_id) &&
              (!p.related_customer || vs.related_customer === p.related_customer),
          )
          .reverse();
        const page = list('/v1/identity/verification_sessions', data, p);
        const inner = expandPaths.filter((x) => x.startsWith('data.')).map((x) => x.slice('data.'.length));
        return { ...page, data: page.data.map((vs) => sessionView(vs, inner)) };
      }
      const vs = get('verification session', 'vs', key);
      if (method === 'GET' && !action) return sessionView(vs, expandPaths);
      if (method === 'POST' && !action) {
        unknownParams(p, ['expand', 'metadata', 'options', 'provided_details', 'type']);
        if (vs.status !== 'requires_input') throw invalid(`This VerificationSession has a status of ${vs.status}; it can only be updated while its status is requires_input.`);
        const type = p.type ?? vs.type;
        if (!SESSION_TYPES.includes(type)) throw invalid('Invalid type: must be one of document or id_number', { param: 'type' });
        if (p.options !== undefined || type !== vs.type) vs.options = identityOptions(type, p.options);
        vs.type = type;
        if (p.metadata !== undefined) vs.metadata = merged(vs.metadata, p.metadata);
        if (p.provided_details !== undefined) identity.get(vs.id)!.providedDetails = providedDetails(p.provided_details);
        return sessionView(vs, expandPaths);
      }
      if (method === 'POST' && action === 'cancel') {
        if (vs.status !== 'requires_input') throw invalid(`This VerificationSession has a status of ${vs.status}. Only a VerificationSession with a status of requires_input can be canceled.`);
        setSessionStatus(vs, 'canceled');
        emit('identity.verification_session.canceled', vs);
        return sessionView(vs, expandPaths);
      }
      if (method === 'POST' && action === 'redact') {
        if (!vs.redaction) {
          if (vs.status !== 'requires_input' && vs.status !== 'verified')
            throw invalid(`This VerificationSession has a status of ${vs.status}. Only a VerificationSession with a status of requires_input or verified can be redacted.`);
          if (vs.status === 'requires_input') {
            setSessionStatus(vs, 'canceled');
            emit('identity.verification_session.canceled', vs);
          }
          const redact = (v: any): any =>
            typeof v === 'string' ? '[redacted]' : typeof v === 'number' ? null : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, redact(x)])) : v;
          const kept = identity.get(vs.id)!;
          kept.outputs = kept.outputs && redact(kept.outputs);
          kept.providedDetails = kept.providedDetails && redact(kept.providedDetails);
          vs.metadata = {};
          vs.redaction = { status: 'redacted' };
          emit('identity.verification_session.redacted', vs);
        }
        return sessionView(vs, expandPaths);
      }
    }
    if (res === 'identity/verification_reports' && method === 'GET' && key && !action) return out(get('verification report', 'vr', key));
    if (res === 'customer_sessions' && method === 'POST' && !key) {
      if (!p.customer) throw required('customer');
      get('customer', 'cus', p.customer, 'customer');
      if (!p.components) throw required('components');
      return {
        object: 'customer_session',
        client_secret: `cuss_secret_${crypto.randomBytes(16).toString('hex')}`,
        customer: p.customer,
        components: p.components ?? {},
        created: now(),
        expires_at: now() + 1800,
        livemode: false,
      };
    }
    throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization, stripe-version', 'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const idem = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      const send = (status: number, body: Obj, replayed = false) => {
        const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json', 'request-id': id('req'), 'stripe-version': req.headers['stripe-version'] ?? API_VERSION, ...cors };
        if (idem) Object.assign(headers, { 'idempotency-key': idem, ...(replayed ? { 'idempotent-replayed': 'true' } : {}) });
        res.writeHead(status, headers);
        res.end(JSON.stringify(body));
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      // Stripe's hosted identity page, reduced to a line naming the session while it is open.
      const hosted = req.method === 'GET' ? /^\/identity\/verify\/([^/]+)$/.exec(url.pathname) : null;
      if (hosted) {
        const vs = store.get(decodeURIComponent(hosted[1]));
        const open = vs?.object === 'identity.verification_session' && vs.status === 'requires_input';
        res.writeHead(open ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          open
            ? `<!doctype html><title>Verify your identity</title><p data-session="${vs!.id}">Stripe stand-in: identity verification ${vs!.id}</p>`
            : '<!doctype html><title>Not found</title><p>This verification link is not valid.</p>',
        );
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const params = parseBrackets(req.method === 'GET' || req.method === 'DELETE' ? url.searchParams : new URLSearchParams(raw));
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
      const given = bearer ?? (typeof params.key === 'string' ? params.key : null);
      let auth: 'secret' | 'publishable';
      if (given === secretKey) auth = 'secret';
      else if (given === publishableKey) auth = 'publishable';
      else {
        send(401, { error: { type: 'invalid_request_error', message: given ? `Invalid API Key provided: ${given.slice(0, 8)}****` : 'You did not provide an API key.' } });
        return;
      }
      const request = `${req.method} ${url.pathname}`;
      const seen = idem ? idempotency.get(idem) : undefined;
      if (seen) {
        if (seen.request !== request)
          send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${seen.request}' vs '${request}'). Try using a key other than '${idem}' if you meant to execute a different request.`,
            },
          });
        else if (seen.body !== raw)
          send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idem}' if you meant to execute a different request.`,
            },
          });
        else send(seen.status, seen.answer, true);
        return;
      }
      let status = 200;
      let answer: Obj;
      try {
        answer = routes(req.method ?? 'GET', url.pathname, params, auth);
      } catch (err) {
        if (!(err instanceof StripeError)) throw err;
        status = err.status;
        answer = { error: err.body };
      }
      // Stripe saves a result once the endpoint has run (a decline too), not a rejected request.
      if (idem && (status < 400 || status === 402)) idempotency.set(idem, { request, body: raw, status, answer });
      send(status, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    secretKey,
    publishableKey,
    webhookSecret,
    sdkConfig: { host: '127.0.0.1', port, protocol: 'http' },
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    events,
    deliveries,
    async completePayment(clientSecret, { fail = false } = {}) {
      const pi = [...store.values()].find((o) => o.object === 'payment_intent' && o.client_secret === clientSecret);
      if (!pi) throw missing('payment_intent', clientSecret.split('_secret_')[0]);
      return pay(pi, fail ? '4000000000000002' : '4242424242424242');
    },
    async completeIdentityVerification(sessionId, person) {
      const vs = hostedSession(sessionId);
      if (needsIdNumber(vs) && (!person.dob || !person.idNumberLast4)) throw new TypeError(`VerificationSession ${vs.id} has an id number check: give dob and idNumberLast4`);
      const a = person.address;
      const outputs = {
        address: a ? { city: a.city ?? null, country: a.country ?? null, line1: a.line1 ?? null, line2: a.line2 ?? null, postal_code: a.postal_code ?? null, state: a.state ?? null } : null,
        dob: person.dob ? { day: person.dob.day, month: person.dob.month, year: person.dob.year } : null,
        email: null,
        first_name: person.firstName,
        id_number: person.idNumberLast4 ?? null,
        id_number_type: person.idNumberLast4 ? 'us_ssn' : null,
        last_name: person.lastName,
        phone: null,
        sex: null,
        unparsed_place_of_birth: null,
        unparsed_sex: null,
      };
      setSessionStatus(vs, 'processing');
      emit('identity.verification_session.processing', vs);
      vs.last_verification_report = newReport(vs, null, outputs).id;
      vs.last_error = null;
      identity.get(vs.id)!.outputs = outputs;
      setSessionStatus(vs, 'verified');
      emit('identity.verification_session.verified', vs);
      return snapshot(vs);
    },
    async failIdentityVerification(sessionId, code) {
      const vs = hostedSession(sessionId);
      const reason = IDENTITY_ERRORS[code];
      if (!reason) throw new TypeError(`The stand-in makes no last_error code ${code} (it makes ${Object.keys(IDENTITY_ERRORS).join(', ')})`);
      const check = ['document', 'selfie', 'id_number'].find((c) => code.startsWith(`${c}_`)) ?? null;
      const runs = { document: vs.type === 'document', selfie: vs.options.document?.require_matching_selfie === true, id_number: needsIdNumber(vs) };
      if (check && !runs[check as keyof typeof runs]) throw new TypeError(`VerificationSession ${vs.id} has no ${check} check to fail with ${code}`);
      const error = { code, reason };
      if (check) {
        // A check that fails ran on a submission: the session was processing, and a report records it.
        setSessionStatus(vs, 'processing');
        emit('identity.verification_session.processing', vs);
        vs.last_verification_report = newReport(vs, { check, error }, null).id;
      }
      vs.last_error = error;
      setSessionStatus(vs, 'requires_input');
      emit('identity.verification_session.requires_input', vs);
      return snapshot(vs);
    },
    async advanceClock(seconds) {
      clockOffset += seconds;
      for (const sub of all('subscription')) {
        if (!['active', 'past_due', 'trialing'].includes(sub.status)) continue;
        const item = sub.items[0];
        while (sub.status !== 'canceled' && item.current_period_end <= now()) {
          if (sub.cancel_at_period_end) {
            Object.assign(sub, { status: 'canceled', ended_at: item.current_period_end });
            emit('customer.subscription.deleted', sub);
            break;
          }
          const price = store.get(item.price)!;
          const previous = { items: render(sub).items };
          Object.assign(item, { current_period_start: item.current_period_end, current_period_end: periodEnd(item.current_period_end, price.recurring.interval) });
          const invoice = newInvoice(sub, price.unit_amount, cardFor(sub) ? 'paid' : 'open');
          sub.latest_invoice = invoice.id;
          if (invoice.status === 'paid') emit('invoice.paid', invoice);
          else {
            emit('invoice.payment_failed', invoice);
            sub.status = 'past_due';
          }
          emit('customer.subscription.updated', sub, previous);
        }
      }
    },
    async settled() {
      let current: Promise<void>;
      do {
        current = chain;
        await current;
      } while (current !== chain);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
