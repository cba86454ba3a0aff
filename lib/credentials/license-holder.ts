/**
 * Who holds a license (issue 20): a live credential, or, for 30 days after its holder deleted
 * it, a LicenseHold. Another account may take it over only by a dispute: its legal name is
 * verified (DOCUMENT_VERIFIED or ORGANIZATION_ATTESTED) and matches the license's name, and the
 * holder's identity is only SELF_ASSERTED. The earlier holder's credential then holds it no
 * more, and every seal it made verifies as `disputed`.
 */
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { isVerifiedIdentity } from '../identity/assurance.ts';
import type { IdentityRow } from '../identity/assurance.ts';
import { searchKey } from '../text.ts';
import { namesMatch } from './lifecycle.ts';

/** A deleted credential's license stays its holder's this long. */
export const LICENSE_HOLD_DAYS = 30;
const DAY_MS = 86_400_000;

/** The key a credential holds its license by (unique while it is not REJECTED). */
export function licenseKeyOf(c: { regionCode: string; licenseType: string; licenseNumber: string }): string {
  return `${c.regionCode}|${c.licenseType}|${c.licenseNumber}`;
}

export interface LicenseHolder {
  kind: 'credential' | 'hold';
  userId: string;
  credentialId: string | null;
  selfAsserted: boolean;
}

/** The account that holds a license now, other than `exceptUserId`; null when it is free (or the caller's own). */
export async function otherHolderOf(tx: Prisma.TransactionClient | ReturnType<typeof db>, key: string, exceptUserId: string, now = new Date()): Promise<LicenseHolder | null> {
  const credential = await tx.credential.findUnique({ where: { licenseKey: key }, select: { id: true, userId: true, user: { select: { identityAssurance: true } } } });
  if (credential && credential.userId !== exceptUserId) {
    return { kind: 'credential', userId: credential.userId, credentialId: credential.id, selfAsserted: !isVerifiedIdentity(credential.user.identityAssurance) };
  }
  const hold = await tx.licenseHold.findUnique({ where: { licenseKey: key }, select: { userId: true, expiresAt: true, user: { select: { identityAssurance: true } } } });
  if (hold && hold.userId !== exceptUserId && hold.expiresAt > now) {
    return { kind: 'hold', userId: hold.userId, credentialId: null, selfAsserted: !isVerifiedIdentity(hold.user.identityAssurance) };
  }
  return null;
}

/**
 * Whether a name proves a license strictly enough to take it from someone else: the first and
 * last names agree, and each middle name the license carries is in the legal name too (in
 * order, an initial standing for a name). Looser than this, two namesakes ("Fatima Anderson"
 * and "Fatima K. Anderson") would be one person.
 */
export function namesMatchStrictly(licenseName: string, legalName: string): boolean {
  if (!namesMatch(licenseName, legalName)) return false;
  const words = (s: string) =>
    searchKey(s.split(',')[0])
      .replace(/[^a-z0-9\s-]/g, ' ')
      .split(/[\s-]+/)
      .filter(Boolean);
  const [license, legal] = [words(licenseName), words(legalName)];
  const middle = (w: string[]) => w.slice(1, -1);
  let at = 0;
  const legalMiddle = middle(legal);
  for (const name of middle(license)) {
    const found = legalMiddle.findIndex((m, i) => i >= at && (m === name || (m.length === 1 && name.startsWith(m)) || (name.length === 1 && m.startsWith(name))));
    if (found < 0) return false;
    at = found + 1;
  }
  return true;
}

/**
 * Whether `claimant` proves a license is theirs: their legal name was checked against a
 * government ID (an organization's attestation is not enough to take anything from anyone) and
 * strictly matches the license's own name (board or directory).
 */
export function provesLicense(claimant: IdentityRow, licenseName: string | null): boolean {
  return Boolean(claimant.identityAssurance === 'DOCUMENT_VERIFIED' && claimant.legalName && licenseName && namesMatchStrictly(licenseName, claimant.legalName));
}

/** Whether `claimant` may take a license from its holder: they prove it (provesLicense), and the holder only said who they are. */
export function mayTakeBack(claimant: IdentityRow, holder: LicenseHolder, licenseName: string | null): boolean {
  return holder.selfAsserted && provesLicense(claimant, licenseName);
}

/**
 * Once a license is proven someone's, the seals other accounts made with it while only saying
 * who they were verify as disputed, even if their credential was released or deleted first.
 */
export async function disputeEarlierSeals(
  tx: Prisma.TransactionClient,
  license: { regionCode: string; licenseType: string; licenseNumber: string },
  provenUserId: string,
  now = new Date(),
): Promise<void> {
  await tx.seal.updateMany({
    where: {
      disputedAt: null,
      identityAssurance: 'SELF_ASSERTED',
      regionCode: license.regionCode,
      licenseType: license.licenseType,
      licenseNumber: license.licenseNumber,
      OR: [{ createdById: null }, { createdById: { not: provenUserId } }],
    },
    data: { disputedAt: now },
  });
}

/** The words of a refused takeover. */
export function heldError(holder: LicenseHolder, license: { regionCode: string; licenseType: string; licenseNumber: string }): AppError {
  const what = `The ${license.regionCode} ${license.licenseType} license ${license.licenseNumber}`;
  return holder.kind === 'hold'
    ? new AppError('CONFLICT', `${what} was removed by its holder less than ${LICENSE_HOLD_DAYS} days ago and stays bound to them until then (or until they release it)`)
    : new AppError('CONFLICT', `${what} is already held by an account`);
}

/**
 * Take a license from its SELF_ASSERTED holder (a dispute): their credential holds it no more
 * and cannot seal, their seals made with it are marked disputed, and any hold is lifted.
 */
export async function disputeLicense(
  tx: Prisma.TransactionClient,
  key: string,
  holder: LicenseHolder,
  license: { regionCode: string; licenseType: string; licenseNumber: string },
  now = new Date(),
): Promise<void> {
  if (holder.credentialId) {
    await tx.credential.update({
      where: { id: holder.credentialId },
      data: { licenseKey: null, disputedAt: now, rejectionReason: 'This license was later proven to belong to someone else' },
      select: { id: true },
    });
  }
  await tx.licenseHold.deleteMany({ where: { licenseKey: key } });
  await tx.seal.updateMany({
    where: {
      disputedAt: null,
      OR: [
        ...(holder.credentialId ? [{ credentialId: holder.credentialId }] : []),
        { createdById: holder.userId, regionCode: license.regionCode, licenseType: license.licenseType, licenseNumber: license.licenseNumber },
      ],
    },
    data: { disputedAt: now },
  });
}

/** Bind a deleted credential's license to its holder for LICENSE_HOLD_DAYS. */
export async function holdLicense(tx: Prisma.TransactionClient, key: string, userId: string, now = new Date()): Promise<void> {
  const expiresAt = new Date(now.getTime() + LICENSE_HOLD_DAYS * DAY_MS);
  await tx.licenseHold.upsert({ where: { licenseKey: key }, create: { licenseKey: key, userId, expiresAt }, update: { userId, expiresAt, insertedAt: now } });
}

/**
 * One account, one person: a SELF_ASSERTED user who renamed themselves after adding a license
 * cannot then add a stranger's under the new name. Every license the user holds must be in the
 * name they add a new one under (case, accents and middle names aside), else BAD_USER_INPUT.
 */
export async function requireOnePerson(userId: string, name: string): Promise<void> {
  const held = await db().credential.findMany({ where: { userId, licenseKey: { not: null } }, select: { displayName: true }, take: 100 });
  const other = held.find((c) => !namesMatch(c.displayName, name));
  if (other) {
    throw new AppError('BAD_USER_INPUT', `Your credentials are in the name of ${other.displayName}: one account holds one person's licenses, and ${name} is another name`);
  }
}
