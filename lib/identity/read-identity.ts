import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { isPlatformAdmin, mayReadIdentityRequests } from './assurance.ts';

type VerificationQuery = Omit<Prisma.IdentityVerificationFindFirstArgs, 'where' | 'orderBy'>;
type UserQuery = Omit<Prisma.UserFindUniqueArgs, 'where'>;

/** User.identityVerification: a user's latest identity request, for the user themselves and platform admins; null for anyone else. */
export async function latestVerificationOf<Q extends VerificationQuery>({ readerId, userId, query }: { readerId: string | null | undefined; userId: string; query?: Q }) {
  if (!(await mayReadIdentityRequests(readerId, userId))) return null;
  return db().identityVerification.findFirst({ ...(query ?? {}), where: { userId }, orderBy: [{ insertedAt: 'desc' }, { id: 'desc' }] });
}

/** IdentityVerification.reviewer: who decided or attested, for platform admins and the reviewer themselves; null for anyone else. */
export async function reviewerOf<Q extends UserQuery>({ readerId, reviewerId, query }: { readerId: string | null | undefined; reviewerId: string | null; query?: Q }) {
  if (!reviewerId || (readerId !== reviewerId && !(await isPlatformAdmin(readerId)))) return null;
  return db().user.findUnique({ ...(query ?? {}), where: { id: reviewerId } });
}
