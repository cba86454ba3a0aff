import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import type { Actor } from '../orgs/actor.ts';

type CredentialQuery = Omit<Prisma.CredentialFindManyArgs, 'where' | 'orderBy'>;

/** Newest first (decisions.md "Limits"): insertedAt, then id, descending. */
export const CREDENTIAL_ORDER = [{ insertedAt: 'desc' }, { id: 'desc' }] as const satisfies ReadonlyArray<Prisma.CredentialOrderByWithRelationInput>;

/** The organization's credentials, newest first, with the caller's paging and selection (a connection passes cursor/take/skip). */
export function listCredentials<Q extends CredentialQuery>({ actor, query }: { actor: Actor; query: Q }) {
  return db().credential.findMany({ ...query, where: { organizationId: actor.organizationId }, orderBy: [...CREDENTIAL_ORDER] });
}

/** Whether a credential is the organization's (a connection's cursor must be). */
export async function isCredentialListed({ actor, id }: { actor: Actor; id: string }): Promise<boolean> {
  return (await db().credential.count({ where: { id, organizationId: actor.organizationId } })) > 0;
}

/** How many credentials the organization holds. */
export function countCredentials({ actor }: { actor: Actor }): Promise<number> {
  return db().credential.count({ where: { organizationId: actor.organizationId } });
}

/** A user's credential count and verification status (User.credentialCount, User.verificationStatus). */
export function verificationStatusOf(credentials: { status: string; verifiedAt: Date | null }[]): 'unverified' | 'pending' | 'verified' {
  if (credentials.some((c) => (c.status === 'CLAIMED' || c.status === 'VERIFIED') && c.verifiedAt)) return 'verified';
  if (credentials.some((c) => c.status === 'PENDING' || c.status === 'CLAIMED')) return 'pending';
  return 'unverified';
}
