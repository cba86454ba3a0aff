import { db } from '../db/index.ts';
import { Prisma } from '../db/index.ts';
import { AppError, quote } from '../errors.ts';
import { requireStateCode } from '../stamps/jurisdictions.ts';
import { getProfession, professionFamily } from '../stamps/professions.ts';
import { searchKey } from '../text.ts';

export const MAX_PER_PAGE = 100;
export const MAX_QUERY_LENGTH = 100;

export interface SearchProfessionalsInput {
  professionSlug: string;
  stateCode?: string | null;
  query?: string | null;
  page?: number | null;
  perPage?: number | null;
}

/** What a directory page shows of each professional. */
export const professionalSummarySelect = {
  id: true,
  firstName: true,
  lastName: true,
  fullName: true,
  slug: true,
  stateCode: true,
  licenseNumber: true,
  licenseStatus: true,
  headline: true,
  photoUrl: true,
  currentTitle: true,
  currentCompany: true,
  profession: { select: { name: true } },
} satisfies Prisma.ProfessionalSelect;

/** A name query has at most this many words (a full name with its middle names fits easily). */
export const MAX_QUERY_WORDS = 8;

/**
 * The public directory: one profession (with its branches), optionally one state, and a name
 * query whose every word matches part of a word of the full name (case, accents, punctuation
 * and word order aside: "obu quint" finds Renée Quintana-Óbuchi). Pages are 1-based, at most
 * 100; ordered by last name, first name.
 *
 * A query's words are first matched against the distinct words of the directory (NameToken, a
 * few thousand rows, trigram-indexed); the professionals holding those words are then counted
 * and paged by index-only scans of ProfessionalNameToken, so a name shared by ten thousand
 * professionals costs milliseconds rather than a visit to each of their rows.
 */
export async function searchProfessionals(input: SearchProfessionalsInput) {
  if (!getProfession(input.professionSlug)) throw new AppError('BAD_USER_INPUT', `Unknown professionSlug: ${quote(input.professionSlug)}`);
  const page = input.page ?? 1;
  const perPage = input.perPage ?? 20;
  if (!Number.isInteger(page) || page < 1) throw new AppError('BAD_USER_INPUT', `page starts at 1; got ${page}`);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) throw new AppError('BAD_USER_INPUT', `perPage must be between 1 and ${MAX_PER_PAGE}; got ${perPage}`);
  if (input.query && [...input.query].length > MAX_QUERY_LENGTH) throw new AppError('BAD_USER_INPUT', `query is at most ${MAX_QUERY_LENGTH} characters`);
  const stateCode = input.stateCode ? requireStateCode(input.stateCode, 'stateCode') : undefined;
  // LIKE's own wildcards are not part of any name.
  const words = [...new Set((input.query ? searchKey(input.query).replace(/[%_\\]/g, '') : '').split(' ').filter(Boolean))];
  if (words.length > MAX_QUERY_WORDS) throw new AppError('BAD_USER_INPUT', `query has at most ${MAX_QUERY_WORDS} words`);
  const professions = await db().profession.findMany({ where: { slug: { in: professionFamily(input.professionSlug) }, active: true }, select: { id: true } });
  const professionIds = professions.map((p) => p.id);

  let ids: string[];
  let totalCount: number;
  if (words.length === 0) {
    const where: Prisma.ProfessionalWhereInput = { professionId: { in: professionIds }, ...(stateCode ? { stateCode } : {}) };
    const [rows, count] = await Promise.all([
      db().professional.findMany({ where, select: { id: true }, orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }], skip: (page - 1) * perPage, take: perPage }),
      db().professional.count({ where }),
    ]);
    [ids, totalCount] = [rows.map((r) => r.id), count];
  } else {
    ({ ids, totalCount } = await matchNames({ words, professionIds, stateCode, offset: (page - 1) * perPage, limit: perPage }));
  }

  const found = ids.length ? await db().professional.findMany({ where: { id: { in: ids } }, select: professionalSummarySelect }) : [];
  const byId = new Map(found.map(({ profession, ...p }) => [p.id, { ...p, professionName: profession.name }]));
  return {
    professionals: ids.map((id) => byId.get(id)).filter((p) => p !== undefined),
    totalCount,
    hasMore: page * perPage < totalCount,
  };
}

/** The ids of one page of professionals whose names hold every word, in directory order, and how many there are. */
async function matchNames({ words, professionIds, stateCode, offset, limit }: { words: string[]; professionIds: string[]; stateCode?: string; offset: number; limit: number }) {
  const holders = words.map(
    (word) => Prisma.sql`SELECT "professionalId", "lastName", "firstName" FROM "ProfessionalNameToken"
      WHERE "token" IN (SELECT "token" FROM "NameToken" WHERE "token" LIKE ${`%${word}%`})
        AND "professionId" = ANY(${professionIds}::uuid[])
        ${stateCode ? Prisma.sql`AND "stateCode" = ${stateCode}` : Prisma.empty}`,
  );
  // One word: its holders, once each (two of a name's words may match it). More: those holding all.
  const matched = holders.length === 1 ? Prisma.sql`SELECT DISTINCT * FROM (${holders[0]}) h` : Prisma.join(holders, ' INTERSECT ');
  const [row] = await db().$queryRaw<Array<{ total: bigint | number; ids: string[] }>>`
    WITH m AS MATERIALIZED (${matched})
    SELECT (SELECT count(*) FROM m) AS total,
           ARRAY(SELECT m."professionalId"::text AS id FROM m ORDER BY m."lastName", m."firstName", m."professionalId" LIMIT ${limit} OFFSET ${offset}) AS ids`;
  return { ids: row.ids, totalCount: Number(row.total) };
}

/** One professional's full profile, or null. Public. */
export async function getProfessional({ id }: { id: string }) {
  const row = await db().professional.findUnique({ where: { id }, omit: { searchName: true }, include: { profession: { select: { name: true } } } });
  if (!row) return null;
  const { profession, ...p } = row;
  return { ...p, professionName: profession.name };
}
