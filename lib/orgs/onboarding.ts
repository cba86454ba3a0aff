import { db } from '../db/index.ts';
import { statusWhere } from '../documents/access.ts';
import { flushVerificationCounts } from '../seals/verify-seal.ts';
import { verificationUrl } from '../seals/code.ts';
import type { Actor } from './actor.ts';

/** The getting-started checklist of one user in their current organization, read from what they did. */
export interface Onboarding {
  /** A credential (license) of theirs in the organization, whatever its standing. */
  licenseAdded: boolean;
  /** A document they uploaded to the organization (deleted ones do not count). */
  drawingUploaded: boolean;
  /** A seal they made in the organization. */
  documentSealed: boolean;
  /**
   * One of their seals was verified at least once: someone (the professional included) opened
   * its verify link, scanned its QR code, or checked the file. A verification is the only trace
   * a shared link leaves; copying a link proves nothing was sent.
   */
  verifyLinkShared: boolean;
  /** Every step is done. */
  complete: boolean;
  /** When the user hid the checklist; null while it shows. */
  dismissedAt: Date | null;
  /** Their newest draft document, where "seal it" leads (null when there is none). */
  draftDocumentId: string | null;
  /** The verify link of their newest seal, where "share the verify link" leads (null before a seal). */
  shareUrl: string | null;
}

/** The actor's onboarding checklist: four reads by the actor's own id and organization, so nobody sees another's. */
export async function getOnboarding({ actor }: { actor: Actor }): Promise<Onboarding> {
  const mine = { organizationId: actor.organizationId };
  // Verifications are counted in memory and written a second later: write what this process
  // holds first, so a link opened a moment ago ticks the step now.
  await flushVerificationCounts();
  const [user, credential, draft, anyDocument, newestSeal, verified] = await Promise.all([
    db().user.findUnique({ where: { id: actor.userId }, select: { onboardingDismissedAt: true } }),
    db().credential.findFirst({ where: { ...mine, userId: actor.userId }, select: { id: true } }),
    db().document.findFirst({ where: { ...mine, createdById: actor.userId, deletedAt: null, ...statusWhere('DRAFT') }, orderBy: { insertedAt: 'desc' }, select: { id: true } }),
    db().document.findFirst({ where: { ...mine, createdById: actor.userId, deletedAt: null }, select: { id: true } }),
    db().seal.findFirst({ where: { ...mine, createdById: actor.userId }, orderBy: { sealedAt: 'desc' }, select: { verificationCode: true } }),
    db().seal.findFirst({ where: { ...mine, createdById: actor.userId, verificationCount: { gt: 0 } }, select: { id: true } }),
  ]);
  const steps = { licenseAdded: !!credential, drawingUploaded: !!anyDocument || !!newestSeal, documentSealed: !!newestSeal, verifyLinkShared: !!verified };
  return {
    ...steps,
    complete: Object.values(steps).every(Boolean),
    dismissedAt: user?.onboardingDismissedAt ?? null,
    draftDocumentId: draft?.id ?? null,
    shareUrl: newestSeal ? verificationUrl(newestSeal.verificationCode) : null,
  };
}
