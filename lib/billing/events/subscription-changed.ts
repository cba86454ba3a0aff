import Stripe from 'stripe';
import { db } from '../../db/index.ts';
import { UUID_RE } from '../../ids.ts';
import { logger } from '../../log.ts';
import { stripeOrNull } from '../stripe.ts';
import { billingStateOf, mayApply, organizationIdOf } from '../sync-subscription.ts';
import { applyOnce } from './apply-once.ts';
import type { WebhookOutcome } from './apply-once.ts';

/**
 * customer.subscription.created/updated/deleted: the organization named by
 * metadata.organizationId takes the subscription's plan, status and period. The subscription
 * is read back from Stripe (when the secret key is set), so events that arrive out of order all
 * leave its latest state.
 */
export async function subscriptionChanged(event: Stripe.Event): Promise<WebhookOutcome> {
  const sent = event.data.object as Stripe.Subscription;
  const organizationId = organizationIdOf(sent);
  if (!organizationId || !UUID_RE.test(organizationId) || !(await db().organization.findUnique({ where: { id: organizationId }, select: { id: true } }))) {
    logger.warn('stripe webhook: event for an unknown organization', { event: event.id, type: event.type, organizationId });
    return 'unknown_organization';
  }
  const client = stripeOrNull();
  let sub = sent;
  try {
    if (client) sub = await client.subscriptions.retrieve(sent.id);
  } catch (err) {
    // A subscription Stripe does not have: nothing to apply, and a retry would not find it either.
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing')) throw err;
    logger.warn('stripe webhook: event of a subscription Stripe does not know', { event: event.id, subscription: sent.id });
    return 'ignored';
  }
  return applyOnce(event, async (tx) => {
    const org = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { stripeSubscriptionId: true } });
    if (!mayApply(org, sub)) {
      logger.info('stripe webhook: event of a replaced subscription', { event: event.id, subscription: sub.id });
      return 'ignored';
    }
    await tx.organization.update({ where: { id: organizationId }, data: { ...billingStateOf(sub), billingEventAt: new Date(event.created * 1000) }, select: { id: true } });
    return 'applied';
  });
}
