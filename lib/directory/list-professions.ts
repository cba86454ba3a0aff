import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';

type ProfessionQuery = Omit<Prisma.ProfessionFindManyArgs, 'where' | 'orderBy'>;

/** Active professions, optionally of one group (engineering, architecture, surveying), by name. Public. */
export function listProfessions<Q extends ProfessionQuery>({ group, query }: { group?: string | null; query?: Q }) {
  return db().profession.findMany({ ...(query ?? {}), where: { active: true, ...(group ? { professionGroup: group } : {}) }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
}
