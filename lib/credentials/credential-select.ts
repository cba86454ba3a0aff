import type { Prisma } from '../db/index.ts';

/** What a credential's stamp and seal rules read (CredentialFacts, sealRefusal). */
const SEAL_FACTS = {
  id: true,
  userId: true,
  licenseNumber: true,
  regionCode: true,
  licenseType: true,
  displayName: true,
  status: true,
  verifiedAt: true,
  expirationDate: true,
  suspendedAt: true,
  disputedAt: true,
} satisfies Prisma.CredentialSelect;

/** The columns a credential answer reads. */
export const credentialSelect = {
  ...SEAL_FACTS,
  organizationId: true,
  verificationMethod: true,
  lastVerifiedAt: true,
  rejectionReason: true,
  licenseKey: true,
  suspensionReason: true,
  insertedAt: true,
  updatedAt: true,
} satisfies Prisma.CredentialSelect;

export type CredentialRow = Prisma.CredentialGetPayload<{ select: typeof credentialSelect }>;

/**
 * What sealing and the service's CA read of a credential: its stamp's facts, whether it may seal
 * (sealRefusal), the organization's plan and identity rule, and its holder's identity.
 */
export const CREDENTIAL_FOR_SEALING = {
  ...SEAL_FACTS,
  organization: { select: { planLevel: true, trialEndsAt: true, requireVerifiedIdentity: true } },
  user: { select: { identityAssurance: true, legalName: true } },
} satisfies Prisma.CredentialSelect;
