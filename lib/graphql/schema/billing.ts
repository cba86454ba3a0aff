import { builder } from '../builder.ts';
import { createCustomerSession, createPaymentIntent, createSetupIntent, listInvoices, listPlanPrices, updateSubscription } from '../../billing/checkout.ts';
import type { InvoiceSummary, PlanPrice as PlanPriceValue } from '../../billing/checkout.ts';
import { checkLimit } from './pagination.ts';
import { PlanLevel, SubscriptionStatus } from './organizations.ts';

const BillingInterval = builder.enumType('BillingInterval', { values: ['MONTH', 'YEAR'] as const });

const CreatePaymentIntentInput = builder.inputType('CreatePaymentIntentInput', {
  fields: (t) => ({
    planLevel: t.field({ type: PlanLevel, required: true, description: 'PROFESSIONAL, TEAM or ENTERPRISE.' }),
    interval: t.field({ type: BillingInterval, description: 'MONTH (default) or YEAR.' }),
  }),
});

const UpdateSubscriptionInput = builder.inputType('UpdateSubscriptionInput', {
  fields: (t) => ({
    cancelAtPeriodEnd: t.boolean({ required: true, description: 'true: the plan ends with its period (FREE after); false: it renews.' }),
  }),
});

const PaymentIntentPayload = builder.objectRef<{ clientSecret: string | null }>('PaymentIntentPayload').implement({
  fields: (t) => ({ clientSecret: t.exposeString('clientSecret', { nullable: true, description: 'Confirm it with Stripe Elements; null when a plan change needed no payment.' }) }),
});

const SetupIntentPayload = builder.objectRef<{ clientSecret: string | null }>('SetupIntentPayload').implement({
  fields: (t) => ({ clientSecret: t.exposeString('clientSecret', { nullable: true }) }),
});

const CustomerSessionPayload = builder.objectRef<{ customerId: string; clientSecret: string }>('CustomerSessionPayload').implement({
  fields: (t) => ({
    customerId: t.exposeString('customerId'),
    clientSecret: t.exposeString('clientSecret'),
  }),
});

const Invoice = builder.objectRef<InvoiceSummary>('Invoice').implement({
  description: 'An invoice of the organization at the payment processor.',
  fields: (t) => ({
    id: t.exposeString('id'),
    number: t.exposeString('number', { nullable: true }),
    status: t.exposeString('status', { nullable: true, description: 'draft, open, paid, uncollectible or void.' }),
    amountDue: t.exposeInt('amountDue', { description: 'In the currency\u2019s smallest unit (cents).' }),
    amountPaid: t.exposeInt('amountPaid'),
    currency: t.exposeString('currency'),
    createdAt: t.expose('created', { type: 'DateTime' }),
    hostedInvoiceUrl: t.exposeString('hostedInvoiceUrl', { nullable: true }),
    invoicePdf: t.exposeString('invoicePdf', { nullable: true }),
  }),
});

const PlanPrice = builder.objectRef<PlanPriceValue>('PlanPrice').implement({
  description: 'The price of a paid plan for one interval.',
  fields: (t) => ({
    planLevel: t.expose('planLevel', { type: PlanLevel }),
    interval: t.expose('interval', { type: BillingInterval }),
    unitAmount: t.exposeInt('unitAmount', { nullable: true, description: 'In the currency\u2019s smallest unit (cents).' }),
    currency: t.exposeString('currency'),
  }),
});

builder.queryFields((t) => ({
  invoices: t.field({
    type: [Invoice],
    description: 'The current organization\u2019s latest invoices, newest first (limit: 20 when omitted, at most 100); none without billing.',
    args: { limit: t.arg.int() },
    authScopes: { authenticated: true },
    validateArgs: (args) => checkLimit(args.limit, 100),
    resolve: (_root, args, ctx) => listInvoices({ actor: ctx.actor!, limit: checkLimit(args.limit, 100) }),
  }),
  planPrices: t.field({
    type: [PlanPrice],
    description: 'The prices of the paid plans per interval; none without billing.',
    authScopes: { authenticated: true },
    resolve: () => listPlanPrices(),
  }),
}));

builder.mutationFields((t) => ({
  createPaymentIntent: t.field({
    type: PaymentIntentPayload,
    nullable: true,
    description: 'Plan checkout (OWNER or ADMIN): the client secret of the payment that starts or changes the plan.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: CreatePaymentIntentInput, required: true }) },
    resolve: (_root, { input }, ctx) => createPaymentIntent({ actor: ctx.actor!, input }),
  }),
  createSetupIntent: t.field({
    type: SetupIntentPayload,
    nullable: true,
    description: 'Save a card without charging it (OWNER or ADMIN).',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => createSetupIntent({ actor: ctx.actor! }),
  }),
  createCustomerSession: t.field({
    type: CustomerSessionPayload,
    nullable: true,
    description: 'A payment-processor session for saved payment methods (OWNER or ADMIN).',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => createCustomerSession({ actor: ctx.actor! }),
  }),
  updateSubscription: t.field({
    type: SubscriptionStatus,
    nullable: true,
    description: 'Cancel the paid plan at period end, or take that back (OWNER or ADMIN).',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: UpdateSubscriptionInput, required: true }) },
    resolve: (_root, { input }, ctx) => updateSubscription({ actor: ctx.actor!, input }),
  }),
}));
