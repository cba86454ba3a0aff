import Stripe from 'stripe';
import { fromStripeError, stripeOrNull } from '../billing/stripe.ts';
import { db } from '../db/index.ts';
import { appUrl } from '../env.ts';
import { AppError } from '../errors.ts';
import { logger } from '../log.ts';
import type { Actor } from '../orgs/actor.ts';
import { cleanText } from '../documents/fields.ts';
import { loadIdentity } from './assurance.ts';
import { cleanLegalName } from './legal-name.ts';
import { VERIFICATION_SELECT } from './verification-select.ts';
import type { VerificationRow } from './verification-select.ts';

export interface IdentityVerificationStart {
  verification: VerificationRow;
  /** Stripe Identity's client secret for Stripe.js (`stripe.verifyIdentity`); null for an admin review. */
  clientSecret: string | null;
  /** Stripe's hosted verification page; null for an admin review. */
  url: string | null;
}

export interface StartIdentityVerificationInput {
  /** For an admin review: the legal name to check (default the account's display name). */
  legalName?: string | null;
  /** For an admin review: how the reviewer may reach the user or see their ID. */
  note?: string | null;
  /** Where Stripe's hosted page sends the user back (default /settings). */
  returnUrl?: string | null;
}

/**
 * startIdentityVerification: raise one's identity to DOCUMENT_VERIFIED. With Stripe configured,
 * a Stripe Identity VerificationSession (a government ID and a matching selfie) whose webhook
 * (identity.verification_session.verified) records the verified legal name; a pending session is
 * reused, not paid for twice. Without Stripe, a request that a platform admin reviews at
 * /admin/identity (one pending at a time: asking again updates it).
 */
export async function startIdentityVerification({ actor, input = {}, now = new Date() }: { actor: Actor; input?: StartIdentityVerificationInput; now?: Date }): Promise<IdentityVerificationStart> {
  const user = await loadIdentity(actor.userId);
  const stripe = stripeOrNull();
  if (!stripe) {
    const legalName = cleanLegalName(input.legalName ?? user.displayName, 'legalName');
    const note = cleanText(input.note, 'note', 1000);
    const verification = await db().$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${actor.userId}::uuid FOR UPDATE`;
      const pending = await tx.identityVerification.findFirst({ where: { userId: actor.userId, method: 'ADMIN_REVIEW', status: 'PENDING' }, select: { id: true } });
      return pending
        ? tx.identityVerification.update({ where: { id: pending.id }, data: { legalName, note, updatedAt: now }, select: VERIFICATION_SELECT })
        : tx.identityVerification.create({ data: { userId: actor.userId, method: 'ADMIN_REVIEW', legalName, note }, select: VERIFICATION_SELECT });
    });
    return { verification, clientSecret: null, url: null };
  }

  const returnUrl = input.returnUrl ? checkReturnUrl(input.returnUrl) : appUrl('/settings');
  // A session still waiting for the user is reused: each one Stripe verifies is billed.
  const open = await db().identityVerification.findFirst({
    where: { userId: actor.userId, method: 'STRIPE_IDENTITY', status: 'PENDING' },
    orderBy: { insertedAt: 'desc' },
    select: { ...VERIFICATION_SELECT, stripeSessionId: true },
  });
  try {
    if (open?.stripeSessionId) {
      const session = await stripe.identity.verificationSessions.retrieve(open.stripeSessionId);
      if (session.status === 'requires_input' && session.client_secret && session.url) {
        const verification = await db().identityVerification.findUniqueOrThrow({ where: { id: open.id }, select: VERIFICATION_SELECT });
        return { verification, clientSecret: session.client_secret, url: session.url };
      }
    }
    const session = await stripe.identity.verificationSessions.create(
      {
        type: 'document',
        options: { document: { require_matching_selfie: true, require_live_capture: true } },
        client_reference_id: actor.userId,
        metadata: { userId: actor.userId },
        provided_details: { email: user.email },
        return_url: returnUrl,
      },
      { idempotencyKey: `identity-${actor.userId}-${open?.id ?? 'first'}-${now.getTime()}` },
    );
    const verification = await db().$transaction(async (tx) => {
      if (open) await tx.identityVerification.update({ where: { id: open.id }, data: { status: 'CANCELED', decidedAt: now }, select: { id: true } });
      return tx.identityVerification.create({ data: { userId: actor.userId, method: 'STRIPE_IDENTITY', stripeSessionId: session.id }, select: VERIFICATION_SELECT });
    });
    return { verification, clientSecret: session.client_secret, url: session.url };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Stripe.errors.StripeError) {
      logger.error('identity: Stripe refused a verification session', { type: err.type, code: err.code, message: err.message });
    }
    return fromStripeError(err);
  }
}

/** A return URL on this app only: an open redirect would send a user who just showed their ID anywhere. */
function checkReturnUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw, appUrl('/'));
  } catch {
    throw new AppError('BAD_USER_INPUT', 'returnUrl must be a URL of this service');
  }
  if (url.origin !== new URL(appUrl('/')).origin) throw new AppError('BAD_USER_INPUT', 'returnUrl must be a URL of this service');
  return url.toString();
}
