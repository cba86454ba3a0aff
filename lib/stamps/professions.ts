import data from '../../templates/data/professions.json' with { type: 'json' };

export type ProfessionSlug = keyof typeof data;
export type BaseProfession = 'engineer' | 'architect' | 'land-surveyor' | 'landscape-architect';

export interface Profession {
  slug: ProfessionSlug;
  name: string;
  group: 'engineering' | 'architecture' | 'surveying';
  /** The seal a subtype uses: the state's engineer seal. */
  base: BaseProfession;
  /** The branch a subtype shows in its discipline field (CIVIL, STRUCTURAL, …). */
  branch: string | null;
}

/** Every profession slug, in the order of decisions.md. */
export const PROFESSION_SLUGS = Object.keys(data) as ProfessionSlug[];

/** A profession by slug (case-insensitive), or null. */
export function getProfession(slug: string): Profession | null {
  const key = slug.trim().toLowerCase() as ProfessionSlug;
  if (!Object.hasOwn(data, key)) return null;
  const raw = data[key] as { name: string; group: Profession['group']; base?: BaseProfession; branch?: string };
  return { slug: key, name: raw.name, group: raw.group, base: raw.base ?? (key as BaseProfession), branch: raw.branch ?? null };
}

/** The default legend of a base profession (a state may override it). */
export function defaultLegend(base: BaseProfession): string {
  return (data[base] as { legend: string }).legend;
}

/** A profession and its subtypes: `engineer` is every engineering branch too (decisions.md BoardSearchInput). */
export function professionFamily(slug: string): ProfessionSlug[] {
  const profession = getProfession(slug);
  if (!profession) return [];
  return profession.slug === profession.base ? PROFESSION_SLUGS.filter((s) => getProfession(s)!.base === profession.slug) : [profession.slug];
}
