import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import type { Actor } from '../orgs/actor.ts';

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

/** A verification as a caller selects it (Pothos's query); VERIFICATION_SELECT without one. */
export type VerificationSelection = Prisma.IdentityVerificationDefaultArgs;
type Selected<Q extends VerificationSelection> = Prisma.IdentityVerificationGetPayload<Q>;

/**
 * The verification a use case just decided or wrote, as its caller selects it, read once the
 * use case is done (so its user's assurance is the new one); the row itself without a query.
 * The use case has already checked who may act on it.
 */
export async function verificationAnswer<Q extends VerificationSelection = { select: typeof VERIFICATION_SELECT }>(row: VerificationRow, query?: Q): Promise<Selected<Q>> {
  if (!query) return row as Selected<Q>;
  return (await db().identityVerification.findUniqueOrThrow({ ...query, where: { id: row.id } })) as Selected<Q>;
}

/** One of the actor's own verifications (a request just started), as the caller selects it; another user's id is not found. */
export async function getOwnVerification<Q extends VerificationSelection>({ actor, id, query }: { actor: Pick<Actor, 'userId'>; id: string; query: Q }): Promise<Selected<Q>> {
  return (await db().identityVerification.findFirstOrThrow({ ...query, where: { id, userId: actor.userId } })) as Selected<Q>;
}
