import type { Prisma } from '../db/index.ts';

/** The columns of a Seal an answer shows. */
export const SEAL_SELECT = {
  id: true,
  organizationId: true,
  documentId: true,
  credentialId: true,
  signingCertificateId: true,
  verificationCode: true,
  documentHash: true,
  sealedAt: true,
  pkiSigned: true,
  insertedAt: true,
} as const satisfies Prisma.SealSelect;

export type SealRow = Prisma.SealGetPayload<{ select: typeof SEAL_SELECT }>;
