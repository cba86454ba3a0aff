/**
 * Stripe Identity's webhook events, on the billing webhook's endpoint and rules (signature,
 * tolerance, once per event id): `identity.verification_session.verified` reads the session
 * back with its verified outputs and records the legal name they carry (DOCUMENT_VERIFIED);
 * `requires_input` keeps the request pending with Stripe's reason; `canceled` ends it.
 */
import type Stripe from 'stripe';
import { applyOnce } from '../billing/events/apply-once.ts';
import type { WebhookOutcome } from '../billing/events/apply-once.ts';
import { stripeOrNull } from '../billing/stripe.ts';
import { db } from '../db/index.ts';
import { logger } from '../log.ts';
import { raiseAssurance, recheckCredentialsOf } from './raise-assurance.ts';

export const IDENTITY_EVENTS = ['identity.verification_session.verified', 'identity.verification_session.requires_input', 'identity.verification_session.canceled'] as const;

/** The session id an event names, or null when its payload is not a verification session. */
function sessionIdOf(event: Stripe.Event): string | null {
  const object = (event.data as { object?: { id?: unknown; object?: unknown } } | undefined)?.object;
  return object && typeof object.id === 'string' && object.object === 'identity.verification_session' ? object.id : null;
}

/** Handle one identity event, dispatched by the Stripe webhook (lib/billing/webhook.ts); its effect is stored once with the event id (applyOnce). */
export async function identitySessionChanged(event: Stripe.Event): Promise<WebhookOutcome> {
  const sessionId = sessionIdOf(event);
  const request = sessionId ? await db().identityVerification.findUnique({ where: { stripeSessionId: sessionId }, select: { id: true, userId: true, status: true } }) : null;
  if (!sessionId || !request) {
    logger.warn('stripe webhook: identity event for an unknown session', { event: event.id, type: event.type, session: sessionId });
    return 'unknown_session';
  }
  const client = stripeOrNull();
  if (event.type === 'identity.verification_session.verified') {
    // The event carries the session without its verified outputs: read them from Stripe itself.
    if (!client) return 'ignored';
    const session = await client.identity.verificationSessions.retrieve(sessionId, { expand: ['verified_outputs'] });
    const outputs = session.verified_outputs;
    const legalName = [outputs?.first_name, outputs?.last_name]
      .filter((s): s is string => Boolean(s && s.trim()))
      .join(' ')
      .normalize('NFC')
      .trim();
    if (session.status !== 'verified' || !legalName) {
      logger.warn('stripe webhook: a verified event whose session is not verified, or names nobody', { event: event.id, session: sessionId, status: session.status });
      return 'ignored';
    }
    const now = new Date(event.created * 1000);
    const outcome = await applyOnce(event, async (tx) => {
      const { count } = await tx.identityVerification.updateMany({
        where: { id: request.id, status: { in: ['PENDING', 'CANCELED'] } },
        data: { status: 'VERIFIED', legalName, decidedAt: now, rejectionReason: null },
      });
      if (count === 0) return 'ignored';
      await raiseAssurance(tx, { userId: request.userId, level: 'DOCUMENT_VERIFIED', legalName, now });
      return 'applied';
    });
    if (outcome === 'applied') await recheckCredentialsOf(request.userId);
    return outcome;
  }
  const object = event.data.object as Stripe.Identity.VerificationSession;
  return applyOnce(event, async (tx) => {
    const data =
      event.type === 'identity.verification_session.canceled'
        ? { status: 'CANCELED' as const, decidedAt: new Date(event.created * 1000) }
        : { rejectionReason: object.last_error?.reason ?? object.last_error?.code ?? 'Stripe could not verify the document: try again' };
    const { count } = await tx.identityVerification.updateMany({ where: { id: request.id, status: 'PENDING' }, data });
    return count === 0 ? 'ignored' : 'applied';
  });
}
