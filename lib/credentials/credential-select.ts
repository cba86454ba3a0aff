import type { Prisma } from '../db/index.ts';

/** The columns a credential answer reads. */
export const credentialSelect = {
  id: true,
  organizationId: true,
  userId: true,
  licenseNumber: true,
  regionCode: true,
  licenseType: true,
  displayName: true,
  status: true,
  verificationMethod: true,
  verifiedAt: true,
  lastVerifiedAt: true,
  expirationDate: true,
  rejectionReason: true,
  licenseKey: true,
  suspendedAt: true,
  suspensionReason: true,
  disputedAt: true,
  insertedAt: true,
  updatedAt: true,
} satisfies Prisma.CredentialSelect;

export type CredentialRow = Prisma.CredentialGetPayload<{ select: typeof credentialSelect }>;
