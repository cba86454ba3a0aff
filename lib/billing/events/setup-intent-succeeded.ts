import type Stripe from 'stripe';
import { db } from '../../db/index.ts';
import { UUID_RE } from '../../ids.ts';
import { logger } from '../../log.ts';
import { stripeOrNull } from '../stripe.ts';
import { ENTITLED_STATUSES, organizationIdOf } from '../sync-subscription.ts';
import { applyOnce } from './apply-once.ts';
import type { WebhookOutcome } from './apply-once.ts';

/**
 * setup_intent.succeeded: a card saved from the billing page becomes the one that pays, for
 * the customer and for the organization's live subscription (Stripe attaches a card but makes
 * it nobody's default by itself). The Stripe calls come first and are idempotent; the event is
 * recorded once they are done, so a failure is retried by Stripe's next delivery.
 */
export async function setupIntentSucceeded(event: Stripe.Event): Promise<WebhookOutcome> {
  const intent = event.data.object as Stripe.SetupIntent;
  const named = organizationIdOf(intent);
  const organizationId = named && UUID_RE.test(named) ? named : null;
  const customerId = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
  const paymentMethod = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
  const org = organizationId ? await db().organization.findUnique({ where: { id: organizationId }, select: { id: true, stripeCustomerId: true, stripeSubscriptionId: true } }) : null;
  if (!org || !customerId || org.stripeCustomerId !== customerId) {
    logger.warn('stripe webhook: event for an unknown organization', { event: event.id, type: event.type, organizationId, customer: customerId });
    return 'unknown_organization';
  }
  const client = stripeOrNull();
  if (!client || !paymentMethod) return 'ignored';
  await client.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethod } });
  if (org.stripeSubscriptionId) {
    const sub = await client.subscriptions.retrieve(org.stripeSubscriptionId);
    if (ENTITLED_STATUSES.has(sub.status) || sub.status === 'unpaid') await client.subscriptions.update(sub.id, { default_payment_method: paymentMethod });
  }
  return applyOnce(event, async () => 'applied');
}
