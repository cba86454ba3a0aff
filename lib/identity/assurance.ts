/**
 * Identity assurance (issue 20): how sure the service is of who a user is, and the name a
 * license must carry to be theirs. SELF_ASSERTED is the name typed at sign-up (displayName);
 * DOCUMENT_VERIFIED and ORGANIZATION_ATTESTED carry a verified legal name (User.legalName).
 */
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { parseEnv } from '../env.ts';
import { AppError } from '../errors.ts';
import type { IdentityAssurance } from '../generated/prisma/enums.ts';

export type { IdentityAssurance };

export const IDENTITY_ASSURANCES = ['SELF_ASSERTED', 'DOCUMENT_VERIFIED', 'ORGANIZATION_ATTESTED'] as const satisfies readonly IdentityAssurance[];

/** The columns that say who a user is. */
export const IDENTITY_SELECT = { id: true, email: true, displayName: true, legalName: true, identityAssurance: true } as const satisfies Prisma.UserSelect;
export type IdentityRow = Prisma.UserGetPayload<{ select: typeof IDENTITY_SELECT }>;

/** Whether a level is more than the holder's own word: a government ID, or an attestation. */
export function isVerifiedIdentity(level: IdentityAssurance): boolean {
  return level === 'DOCUMENT_VERIFIED' || level === 'ORGANIZATION_ATTESTED';
}

/**
 * The name a license must carry to be this user's: the verified legal name once there is one,
 * else the name given at sign-up (displayName); null when neither is set.
 */
export function identityNameOf(user: Pick<IdentityRow, 'displayName' | 'legalName' | 'identityAssurance'>): string | null {
  if (isVerifiedIdentity(user.identityAssurance) && user.legalName) return user.legalName;
  return user.displayName?.trim() || null;
}

/** The user's identity; UNAUTHENTICATED when the account is gone. */
export async function loadIdentity(userId: string, tx: Prisma.TransactionClient | ReturnType<typeof db> = db()): Promise<IdentityRow> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: IDENTITY_SELECT });
  if (!user) throw new AppError('UNAUTHENTICATED', 'Account no longer exists');
  return user;
}

/** REST `credential.identity_assurance`. */
export function assuranceWord(level: IdentityAssurance): 'self_asserted' | 'document_verified' | 'organization_attested' {
  return level.toLowerCase() as 'self_asserted' | 'document_verified' | 'organization_attested';
}

/** What the public verification page says of a level. */
export function assuranceSentence(level: IdentityAssurance): string {
  switch (level) {
    case 'DOCUMENT_VERIFIED':
      return 'Identity verified from a government ID';
    case 'ORGANIZATION_ATTESTED':
      return "Identity attested by the holder's organization, whose administrator checked a government ID";
    default:
      return 'Name given by the holder, not verified';
  }
}

/** `SEAL_MIN_IDENTITY`, read at each use so a deployment (or a test) that sets it is seen at once. */
export function deploymentRequiresVerifiedIdentity(source: Record<string, string | undefined> = process.env): boolean {
  return parseEnv(source).SEAL_MIN_IDENTITY === 'verified';
}

/**
 * IDENTITY_NOT_VERIFIED unless the user's identity is verified or attested, when the
 * deployment (SEAL_MIN_IDENTITY=verified) or the organization (requireVerifiedIdentity) asks it.
 * `what` names the act in the message ("seal", "receive a certificate").
 */
export function requireIdentityFor(what: string, level: IdentityAssurance, organization: { requireVerifiedIdentity: boolean }): void {
  if (isVerifiedIdentity(level)) return;
  const by = deploymentRequiresVerifiedIdentity() ? 'This service' : organization.requireVerifiedIdentity ? 'Your organization' : null;
  if (!by) return;
  throw new AppError(
    'IDENTITY_NOT_VERIFIED',
    `${by} requires a verified identity to ${what}: verify your identity from a government ID (startIdentityVerification), or ask an OWNER or ADMIN of your organization to attest it`,
  );
}

/** Whether a user is platform staff (User.role admin, decisions.md). */
export async function isPlatformAdmin(userId: string | null | undefined): Promise<boolean> {
  if (!userId) return false;
  return (await db().user.findUnique({ where: { id: userId }, select: { role: true } }))?.role === 'admin';
}

/**
 * Whether a reader may see a user's identity requests (their notes, the names asked, who
 * decided): the user themselves and platform admins only, never colleagues or other
 * organizations reaching a user through a membership or an attestation.
 */
export async function mayReadIdentityRequests(readerId: string | null | undefined, userId: string): Promise<boolean> {
  return readerId === userId || isPlatformAdmin(readerId);
}
