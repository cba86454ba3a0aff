import Stripe from 'stripe';
import { parseEnv } from '../env.ts';
import { AppError } from '../errors.ts';

export interface BillingSettings {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  publishableKey: string | undefined;
  apiBase: string | undefined;
}

/**
 * The Stripe settings (decisions.md "Billing (Stripe)"), read from the environment at each
 * use: a deployment that adds its keys, or a test that removes them, is seen at once.
 */
export function billingSettings(source: Record<string, string | undefined> = process.env): BillingSettings {
  const e = parseEnv(source);
  return { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, publishableKey: e.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY, apiBase: e.STRIPE_API_BASE };
}

const clients = new Map<string, Stripe>();

/** The SDK's options for a base URL other than api.stripe.com (a local stand-in). */
function hostOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** The Stripe client, or null when STRIPE_SECRET_KEY is unset. */
export function stripeOrNull(settings = billingSettings()): Stripe | null {
  if (!settings.secretKey) return null;
  const key = `${settings.secretKey}\n${settings.apiBase ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = new Stripe(settings.secretKey, {
      ...hostOptions(settings.apiBase),
      maxNetworkRetries: 2,
      timeout: 15_000,
      appInfo: { name: 'Sealwright' },
      telemetry: false,
    });
    clients.set(key, client);
  }
  return client;
}

/** The Stripe client; BILLING_NOT_CONFIGURED when STRIPE_SECRET_KEY is unset. */
export function stripe(settings = billingSettings()): Stripe {
  const client = stripeOrNull(settings);
  if (!client) throw new AppError('BILLING_NOT_CONFIGURED', 'Billing is not configured on this server (STRIPE_SECRET_KEY is unset)');
  return client;
}

/**
 * A Stripe failure as our error: a card or request problem the user can fix is
 * BAD_USER_INPUT with Stripe's words; an outage or bad key is logged by the caller and
 * answers INTERNAL_SERVER_ERROR (the message never carries the key).
 */
export function fromStripeError(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError) throw new AppError('BAD_USER_INPUT', err.message);
  if (err instanceof Stripe.errors.StripeRateLimitError) throw new AppError('BILLING_RATE_LIMIT_EXCEEDED', 'The payment processor is busy: try again in a minute');
  if (err instanceof Stripe.errors.StripeConnectionError) throw new AppError('TIMEOUT', 'The payment processor did not answer: try again');
  throw err;
}
