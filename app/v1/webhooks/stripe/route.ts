import { stripeWebhookRoute, stripeWebhookWrongMethod } from '../../../../lib/rest/stripe-webhook.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Stripe's events: signature checked, each processed once (decisions.md "Billing (Stripe)"). */
export const POST = stripeWebhookRoute;
export const GET = stripeWebhookWrongMethod;
export const PUT = stripeWebhookWrongMethod;
export const PATCH = stripeWebhookWrongMethod;
export const DELETE = stripeWebhookWrongMethod;
