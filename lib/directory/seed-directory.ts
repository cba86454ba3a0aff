import crypto from 'node:crypto';
import { db } from '../db/index.ts';
import { getProfession, PROFESSION_SLUGS, professionDetails } from '../stamps/professions.ts';
import { searchKey } from '../text.ts';
import { generateProfessional } from './generator.ts';
import type { GeneratedProfessional } from './generator.ts';
import type { Prisma } from '../db/index.ts';

/** The demo size of the directory (the issue: 5,000 professionals). */
export const DEMO_PROFESSIONALS = 5_000;
const BATCH = 2_000;

/** The professions of decisions.md, from templates/data/professions.json; existing rows are kept up to date. */
export async function seedProfessions(): Promise<Map<string, string>> {
  for (const slug of PROFESSION_SLUGS) {
    const p = getProfession(slug)!;
    const { shortName, titleSuffix, iconName, description } = professionDetails(slug);
    const data = { name: p.name, professionGroup: p.group, parentSlug: p.base === slug ? null : p.base, shortName, titleSuffix, iconName, description };
    await db().profession.upsert({ where: { slug }, create: { slug, ...data }, update: data });
  }
  const rows = await db().profession.findMany({ select: { id: true, slug: true } });
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/**
 * Fill the directory and the local board registry with `count` generated professionals
 * (every one's license is on its board), in batches, reporting progress: the generator's
 * professionals number `from` to `from + count - 1`. Deterministic for a seed; rows already
 * there (same state, profession and number, or slug) are skipped. Returns how many were added.
 */
export async function seedDirectory({
  count = DEMO_PROFESSIONALS,
  seed = 1,
  from = 0,
  onProgress,
}: { count?: number; seed?: number; from?: number; onProgress?: (done: number, total: number) => void } = {}): Promise<number> {
  const professions = await seedProfessions();
  let inserted = 0;
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => generateProfessional(seed, from + start + i));
    const now = new Date();
    const professionals = batch.map((p) => ({ id: crypto.randomUUID(), ...professionalRow(p, professions.get(p.licenseType)!), insertedAt: now, updatedAt: now }));
    const records = batch.map((p) => ({ id: crypto.randomUUID(), ...boardRow(p), insertedAt: now, updatedAt: now }));
    inserted += await insertRows('Professional', professionals);
    await insertRows('BoardRecord', records);
    onProgress?.(Math.min(start + BATCH, count), count);
  }
  return inserted;
}

/**
 * Insert rows in one statement from one JSON parameter (PostgreSQL's json_populate_recordset),
 * skipping rows already there: a million rows go in minutes, where createMany's per-value
 * parameters cost the client more than the database. Every column of the table is given.
 */
async function insertRows(table: 'Professional' | 'BoardRecord', rows: Array<Record<string, unknown>>): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = Object.keys(rows[0])
    .map((c) => `"${c}"`)
    .join(', ');
  return db().$executeRawUnsafe(`INSERT INTO "${table}" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"${table}", $1::json) ON CONFLICT DO NOTHING`, JSON.stringify(rows));
}

const date = (d: string | null) => (d ? new Date(`${d}T00:00:00Z`) : null);

/** A generated professional as a directory row. */
export function professionalRow(p: GeneratedProfessional, professionId: string): Prisma.ProfessionalCreateManyInput {
  return {
    professionId,
    firstName: p.firstName,
    lastName: p.lastName,
    fullName: p.fullName,
    searchName: searchKey(p.fullName),
    slug: p.slug,
    stateCode: p.stateCode,
    licenseNumber: p.licenseNumber,
    licenseStatus: p.licenseStatus,
    expirationDate: date(p.expirationDate),
    headline: p.headline,
    photoUrl: p.photoUrl,
    currentTitle: p.currentTitle,
    currentCompany: p.currentCompany,
    city: p.city,
    discipline: p.discipline,
    summary: p.summary,
    networkUrl: p.networkUrl,
    websiteUrl: p.websiteUrl,
    yearsExperience: p.yearsExperience,
    specializations: p.specializations,
    skills: p.skills,
    education: p.education,
    certifications: p.certifications,
    enrichmentConfidence: p.enrichmentConfidence,
    lastVerifiedAt: new Date('2026-11-01T00:00:00Z'),
  };
}

/** The same professional's license as its board records it. */
export function boardRow(p: GeneratedProfessional): Prisma.BoardRecordCreateManyInput {
  return {
    stateCode: p.stateCode,
    licenseType: p.licenseType,
    licenseNumber: p.licenseNumber,
    firstName: p.firstName,
    lastName: p.lastName,
    fullName: p.fullName,
    searchLastName: searchKey(p.lastName),
    companyName: p.currentCompany,
    city: p.city,
    discipline: p.discipline,
    expirationDate: date(p.expirationDate),
    licenseStatus: p.licenseStatus,
  };
}
