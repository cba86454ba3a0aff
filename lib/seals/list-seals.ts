import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import type { Actor } from '../orgs/actor.ts';

type SealQuery = Omit<Prisma.SealFindManyArgs, 'where' | 'orderBy'>;

/** Newest first (decisions.md "Limits"). */
export const SEAL_ORDER = [{ insertedAt: 'desc' }, { id: 'desc' }] as const satisfies ReadonlyArray<Prisma.SealOrderByWithRelationInput>;

/** The organization's seals, newest first, with the caller's paging and selection. */
export function listSeals<Q extends SealQuery>({ actor, query }: { actor: Actor; query: Q }) {
  return db().seal.findMany({ ...query, where: { organizationId: actor.organizationId }, orderBy: [...SEAL_ORDER] });
}

/** Whether a seal is the organization's (a connection's cursor must be). */
export async function isSealListed({ actor, id }: { actor: Actor; id: string }): Promise<boolean> {
  return (await db().seal.count({ where: { id, organizationId: actor.organizationId } })) > 0;
}

/** How many seals the organization has made. */
export function countSeals({ actor }: { actor: Actor }): Promise<number> {
  return db().seal.count({ where: { organizationId: actor.organizationId } });
}
