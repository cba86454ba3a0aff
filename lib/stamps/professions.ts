/**
 * The professions of decisions.md, from templates/data/professions.json (validated on load).
 * Plain data with no server code, so the dashboard's forms import it too.
 */
import { z } from 'zod';
import raw from '../../templates/data/professions.json' with { type: 'json' };
import { parseTemplateData } from './template-data.ts';

export type ProfessionSlug = keyof typeof raw;
const BASES = ['engineer', 'architect', 'land-surveyor', 'landscape-architect'] as const;
export type BaseProfession = (typeof BASES)[number];

const ProfessionEntry = z.strictObject({
  name: z.string().min(1),
  group: z.enum(['engineering', 'architecture', 'surveying']),
  /** A base profession's seal legend; a subtype uses its base's. */
  legend: z.string().min(1).optional(),
  /** A subtype's base profession, whose seal it uses. */
  base: z.enum(BASES).optional(),
  branch: z.string().min(1).optional(),
  shortName: z.string().min(1),
  titleSuffix: z.string().min(1),
  iconName: z.string().min(1),
  description: z.string().min(1),
});
export type ProfessionEntry = z.output<typeof ProfessionEntry>;

export const ProfessionsFile = z.record(z.string().regex(/^[a-z]+(-[a-z]+)*$/, 'a profession is keyed by its slug (civil-engineer)'), ProfessionEntry).superRefine((professions, ctx) => {
  for (const [slug, p] of Object.entries(professions)) {
    const base = p.base ?? slug;
    if (!(BASES as readonly string[]).includes(base)) ctx.addIssue({ code: 'custom', path: [slug, 'base'], message: `a subtype names its base profession (${BASES.join(', ')})` });
    else if (!professions[base]?.legend) ctx.addIssue({ code: 'custom', path: [base, 'legend'], message: 'a base profession has a seal legend' });
  }
});

// Validated; the cast only narrows the keys to the slugs the file had when it was compiled.
const data = parseTemplateData('professions.json', ProfessionsFile, raw) as Record<ProfessionSlug, ProfessionEntry>;

export interface Profession {
  slug: ProfessionSlug;
  name: string;
  group: ProfessionEntry['group'];
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
  const entry = data[key];
  return { slug: key, name: entry.name, group: entry.group, base: entry.base ?? (key as BaseProfession), branch: entry.branch ?? null };
}

/** The default legend of a base profession (a state may override it). */
export function defaultLegend(base: BaseProfession): string {
  return data[base].legend!;
}

/** Every profession as [slug, name], in the order of decisions.md (the dashboard's license types). */
export const PROFESSION_NAMES: ReadonlyArray<readonly [ProfessionSlug, string]> = PROFESSION_SLUGS.map((slug) => [slug, data[slug].name]);

/** What the directory shows of a profession beyond its name (seedProfessions). */
export function professionDetails(slug: ProfessionSlug): Pick<ProfessionEntry, 'shortName' | 'titleSuffix' | 'iconName' | 'description'> {
  const { shortName, titleSuffix, iconName, description } = data[slug];
  return { shortName, titleSuffix, iconName, description };
}

/** A profession and its subtypes: `engineer` is every engineering branch too (decisions.md BoardSearchInput). */
export function professionFamily(slug: string): ProfessionSlug[] {
  const profession = getProfession(slug);
  if (!profession) return [];
  return profession.slug === profession.base ? PROFESSION_SLUGS.filter((s) => getProfession(s)!.base === profession.slug) : [profession.slug];
}
