/**
 * Factories shared by the seed and the tests: each makes real rows through the same lib
 * functions the API uses, unique per call.
 */
import crypto from 'node:crypto';
import { registerUser } from '../lib/auth/accounts.ts';
import { db } from '../lib/db/index.ts';
import { slugify } from '../lib/orgs/organizations.ts';
import type { PlanLevel } from '../lib/generated/prisma/enums.ts';
import type { GeneratedProfessional } from '../lib/directory/generator.ts';

export interface SeededUser {
  id: string;
  email: string;
  password: string;
  displayName: string;
  organizationId: string;
  accessToken: string;
  refreshToken: string;
}

/** A unique email for a test or demo user. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.test`;
}

/** Register a user (personal FREE organization on trial) and return their credentials and tokens. */
export async function seedUser(options: { email?: string; password?: string; displayName?: string; planLevel?: PlanLevel } = {}): Promise<SeededUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? `pw-${crypto.randomBytes(8).toString('hex')}`;
  const displayName = options.displayName ?? 'Alex Rivera';
  const auth = await registerUser({ input: { email, password, displayName } });
  const membership = await db().organizationMembership.findFirstOrThrow({
    where: { userId: auth.userId, isPrimaryOrg: true },
    select: { organizationId: true },
  });
  if (options.planLevel && options.planLevel !== 'FREE') {
    await setPlan(membership.organizationId, options.planLevel);
  }
  return {
    id: auth.userId,
    email: email.toLowerCase(),
    password,
    displayName,
    organizationId: membership.organizationId,
    accessToken: auth.accessToken,
    refreshToken: auth.refreshToken,
  };
}

/** Put an organization on a paid plan with an active subscription (what billing will do). */
export async function setPlan(organizationId: string, planLevel: PlanLevel): Promise<void> {
  await db().organization.update({
    where: { id: organizationId },
    data: planLevel === 'FREE' ? { planLevel } : { planLevel, subscriptionStatus: 'active', trialEndsAt: null, currentPeriodEnd: new Date(Date.now() + 30 * 24 * 3600 * 1000) },
  });
}

/** An organization the user joins as a member (not primary). */
export async function seedOrganization(options: { name?: string; memberUserId?: string; role?: 'OWNER' | 'ADMIN' | 'MEMBER'; planLevel?: PlanLevel } = {}) {
  const name = options.name ?? `Firm ${crypto.randomBytes(3).toString('hex')}`;
  return db().organization.create({
    data: {
      name,
      slug: slugify(name),
      planLevel: options.planLevel ?? 'TEAM',
      subscriptionStatus: 'active',
      ...(options.memberUserId ? { memberships: { create: { userId: options.memberUserId, role: options.role ?? 'MEMBER' } } } : {}),
    },
  });
}

/** A license in the local board registry, realistic fields from the directory generator; unique per call. */
/**
 * The generated expiration date follows the generated status; an overridden status gets a date that agrees with it.
 * (An "active" override that kept a drawn "expired" date read EXPIRED about one time in ten, and failed CI.)
 */
function expirationAgreeing(status: string, g: { licenseStatus: string; expirationDate: string }): string {
  if (status === g.licenseStatus) return g.expirationDate;
  return new Date(Date.now() + (status === 'expired' ? -400 : 400) * 86_400_000).toISOString().slice(0, 10);
}

export async function seedBoardRecord(
  overrides: Partial<{ stateCode: string; licenseType: string; licenseNumber: string; firstName: string; lastName: string; licenseStatus: string; expirationDate: string | null }> = {},
) {
  const { generateProfessional } = await import('../lib/directory/generator.ts');
  const { searchKey } = await import('../lib/text.ts');
  const g = generateProfessional(crypto.randomInt(1, 2 ** 31), crypto.randomInt(0, 2 ** 31));
  const firstName = overrides.firstName ?? g.firstName;
  const lastName = overrides.lastName ?? g.lastName;
  const status = overrides.licenseStatus ?? g.licenseStatus;
  const expiration = overrides.expirationDate !== undefined ? overrides.expirationDate : expirationAgreeing(status, g);
  return db().boardRecord.create({
    data: {
      stateCode: overrides.stateCode ?? g.stateCode,
      licenseType: overrides.licenseType ?? g.licenseType,
      licenseNumber: overrides.licenseNumber ?? `${g.licenseNumber}${crypto.randomBytes(2).toString('hex')}`,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      searchLastName: searchKey(lastName),
      companyName: g.currentCompany,
      city: g.city,
      discipline: g.discipline,
      expirationDate: expiration ? new Date(`${expiration}T00:00:00Z`) : null,
      licenseStatus: status,
    },
  });
}

/**
 * A directory professional and their board record (as the seed makes them), generated with
 * any of these facts fixed: a unique slug and license number unless given.
 */
export async function seedProfessional({
  middleName,
  ...overrides
}: Partial<Pick<GeneratedProfessional, 'firstName' | 'lastName' | 'licenseType' | 'stateCode' | 'licenseNumber' | 'licenseStatus' | 'expirationDate'>> & { middleName?: string } = {}) {
  const { generateProfessional } = await import('../lib/directory/generator.ts');
  const { boardRow, professionalRow, seedProfessions } = await import('../lib/directory/seed-directory.ts');
  const g = generateProfessional(crypto.randomInt(1, 2 ** 31), crypto.randomInt(0, 2 ** 31));
  const firstName = overrides.firstName ?? g.firstName;
  const lastName = overrides.lastName ?? g.lastName;
  const fullName = overrides.firstName || overrides.lastName || middleName ? [firstName, middleName, lastName].filter(Boolean).join(' ') : g.fullName;
  const licenseNumber = overrides.licenseNumber ?? `${g.licenseNumber}${crypto.randomBytes(2).toString('hex').toUpperCase()}`;
  const stateCode = overrides.stateCode ?? g.stateCode;
  const slug = `${slugify(fullName)}-${stateCode.toLowerCase()}-${slugify(licenseNumber)}-${crypto.randomBytes(2).toString('hex')}`;
  const licenseStatus = overrides.licenseStatus ?? g.licenseStatus;
  const expirationDate = overrides.expirationDate ?? expirationAgreeing(licenseStatus, g);
  const p = { ...g, ...overrides, firstName, lastName, fullName, licenseNumber, stateCode, licenseStatus, expirationDate, slug, photoUrl: `/avatars/${slug}.svg` };
  const professions = await seedProfessions();
  const professional = await db().professional.create({ data: professionalRow(p, professions.get(p.licenseType)!), omit: { searchName: true } });
  await db().boardRecord.create({ data: boardRow(p) });
  return professional;
}

/**
 * A credential of a user's, VERIFIED by default with verifiedAt set (as a board lookup leaves it),
 * for tests and benchmarks that seal; a unique license number unless one is given.
 */
export async function seedCredential(options: {
  userId: string;
  organizationId: string;
  status?: 'PENDING' | 'CLAIMED' | 'VERIFIED' | 'REJECTED' | 'EXPIRED' | 'REVOKED';
  licenseNumber?: string;
  regionCode?: string;
  licenseType?: string;
  displayName?: string;
  expirationDate?: string | null;
}) {
  const status = options.status ?? 'VERIFIED';
  const regionCode = options.regionCode ?? 'TX';
  const licenseType = options.licenseType ?? 'engineer';
  const licenseNumber = options.licenseNumber ?? String(crypto.randomInt(100_000, 999_999)) + crypto.randomBytes(2).toString('hex').toUpperCase();
  const expiration = options.expirationDate === undefined ? new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10) : options.expirationDate;
  return db().credential.create({
    data: {
      userId: options.userId,
      organizationId: options.organizationId,
      licenseNumber,
      regionCode,
      licenseType,
      displayName: options.displayName ?? 'Alex Rivera',
      status,
      verificationMethod: status === 'PENDING' ? 'MANUAL' : 'BOARD_LOOKUP',
      verifiedAt: status === 'PENDING' || status === 'REJECTED' ? null : new Date(),
      lastVerifiedAt: new Date(),
      expirationDate: expiration ? new Date(`${expiration}T00:00:00Z`) : null,
      licenseKey: status === 'REJECTED' ? null : `${regionCode}|${licenseType}|${licenseNumber}`,
    },
  });
}

/** Mark a document's version as sealed with a Seal row of its own (for tests of what a seal forbids; sealDocument makes real ones). */
export async function seedSealOn(versionId: string) {
  const version = await db().documentVersion.findUniqueOrThrow({ where: { id: versionId }, select: { fileHash: true, document: { select: { id: true, name: true, organizationId: true } } } });
  const seal = await db().seal.create({
    data: {
      organizationId: version.document.organizationId,
      documentId: version.document.id,
      verificationCode: crypto
        .randomBytes(9)
        .toString('base64url')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'a')
        .slice(0, 12),
      documentHash: version.fileHash,
      sealedAt: new Date(),
      documentName: version.document.name,
      holderName: 'Alex Rivera',
      licenseType: 'engineer',
      licenseNumber: '000000',
      regionCode: 'TX',
      pages: [1],
      positionX: 0.85,
      positionY: 0.85,
      size: 108,
    },
  });
  await db().documentVersion.update({ where: { id: versionId }, data: { sealId: seal.id } });
  return seal;
}
