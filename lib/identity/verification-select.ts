import type { Prisma } from '../db/index.ts';

/** What an identity verification answer shows. */
export const VERIFICATION_SELECT = {
  id: true,
  userId: true,
  method: true,
  status: true,
  legalName: true,
  rejectionReason: true,
  note: true,
  reviewerId: true,
  organizationId: true,
  decidedAt: true,
  insertedAt: true,
  updatedAt: true,
} as const satisfies Prisma.IdentityVerificationSelect;

export type VerificationRow = Prisma.IdentityVerificationGetPayload<{ select: typeof VERIFICATION_SELECT }>;
