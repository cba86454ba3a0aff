import type Stripe from 'stripe';
import { db } from '../../db/index.ts';
import { UUID_RE } from '../../ids.ts';
import { logger } from '../../log.ts';
import { organizationIdOf } from '../sync-subscription.ts';
import { applyOnce } from './apply-once.ts';
import type { WebhookOutcome } from './apply-once.ts';

/** invoice.payment_failed: the organization's subscription is past_due (its plan stays until Stripe ends it). */
export async function paymentFailed(event: Stripe.Event): Promise<WebhookOutcome> {
  const invoice = event.data.object as Stripe.Invoice;
  const details = invoice.parent?.subscription_details;
  const subscriptionId = typeof details?.subscription === 'string' ? details.subscription : (details?.subscription?.id ?? null);
  const customer: unknown = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  const customerId = typeof customer === 'string' && customer.length > 0 ? customer : null;
  const named = organizationIdOf({ metadata: details?.metadata ?? invoice.metadata });
  const byMetadata = named && UUID_RE.test(named) ? named : null;
  const where = byMetadata ? { id: byMetadata } : customerId ? { stripeCustomerId: customerId } : null;
  if (!where) {
    // Stripe's invoices always name a customer: without one or our metadata there is nothing to find.
    logger.warn('stripe webhook: invoice names no customer and no organization', { event: event.id, type: event.type });
    return 'ignored';
  }
  const org = await db().organization.findFirst({ where, select: { id: true, stripeSubscriptionId: true } });
  if (!org) {
    logger.warn('stripe webhook: event for an unknown organization', { event: event.id, type: event.type, organizationId: byMetadata, customer: customerId });
    return 'unknown_organization';
  }
  return applyOnce(event, async (tx) => {
    if (subscriptionId && org.stripeSubscriptionId && subscriptionId !== org.stripeSubscriptionId) return 'ignored';
    await tx.organization.update({ where: { id: org.id }, data: { subscriptionStatus: 'past_due', billingEventAt: new Date(event.created * 1000) }, select: { id: true } });
    return 'applied';
  });
}
