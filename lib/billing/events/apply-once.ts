import type Stripe from 'stripe';
import { db, Prisma } from '../../db/index.ts';
import { AppError, isAppError } from '../../errors.ts';
import { logger } from '../../log.ts';

/** What the webhook answers an event with ({"received": true, "outcome": …}, decisions.md "Billing (Stripe)"). */
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown_organization' | 'unknown_session';

/**
 * Store the event id, then apply its effect, in one transaction: a concurrent twin loses on
 * the key and changes nothing ('duplicate'). Only an applied event is remembered; an effect
 * that answers another outcome rolls back (EVENT_NOT_APPLIED carries the outcome out) and
 * changes nothing. Every event handler, billing's and identity's, goes through here.
 */
export async function applyOnce(event: Stripe.Event, effect: (tx: Prisma.TransactionClient) => Promise<WebhookOutcome>): Promise<WebhookOutcome> {
  try {
    return await db().$transaction(async (tx) => {
      await tx.billingEvent.create({ data: { id: event.id, type: event.type }, select: { id: true } });
      const outcome = await effect(tx);
      if (outcome !== 'applied') throw new AppError('EVENT_NOT_APPLIED', `event ${event.id}: ${outcome}`, { outcome });
      return outcome;
    });
  } catch (err) {
    if (isAppError(err, 'EVENT_NOT_APPLIED')) return err.details!.outcome as WebhookOutcome;
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') return 'duplicate';
    // A value of the event no column can hold (a number for a status, a date past year 275760): it rolled back.
    if (err instanceof Prisma.PrismaClientValidationError) {
      logger.warn('stripe webhook: event values refused, ignored', { event: event.id, type: event.type, reason: err.message.slice(-300) });
      return 'ignored';
    }
    throw err;
  }
}
