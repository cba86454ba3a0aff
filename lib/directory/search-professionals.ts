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
 * 100; ordered by last name, first name. totalCount is exact.
 *
 * Each shape of query takes the path that reads the fewest index entries (the figures are in
 * the README, from `npm run bench:directory`):
 * - no query, or one word of up to three letters: the exact count is a sum of a few rows of
 *   NameGramCount; a broad query's page is walked in directory order by an index-only scan of
 *   Professional that filters as it goes (a page deep in "ma" reads a few thousand entries),
 *   a narrow one's is read as below;
 * - otherwise: the query's narrowest word (by the same counts) is matched against the distinct
 *   words of the directory (NameToken, trigram-indexed), and its holders are read from
 *   ProfessionalNameToken by an index-only scan that also matches the other words against
 *   their searchName: counting and paging "james r" reads James's rows, not every R's.
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
  const scope: Scope = { professionIds: professions.map((p) => p.id), stateCode };
  const offset = (page - 1) * perPage;

  let ids: string[];
  let totalCount: number;
  const counts = await gramCounts(scope, words);
  if (words.length === 0) {
    totalCount = counts.matching.get('') ?? 0;
    ids = offset < totalCount ? await walkDirectory(scope, offset, perPage) : [];
  } else if (words.length === 1) {
    const [word] = words;
    const tokens = await matchingTokens(word);
    totalCount = tokens.length === 0 ? 0 : [...word].length <= MAX_GRAM ? (counts.matching.get(word) ?? 0) : await countHolders(scope, tokens);
    // Rows each path reads: the first rows of each word's run (over every profession and state
    // of the index), or every holder, hashed and sorted.
    const merged = (Math.min(tokens.length * (offset + perPage), totalCount) * counts.everyone) / Math.max(counts.matching.get('') ?? 0, 1);
    if (offset >= totalCount) ids = [];
    else if (merged < SORT_WEIGHT * totalCount) ids = await mergeRuns(scope, tokens, offset, perPage);
    else ({ ids } = await matchNames(scope, tokens, [], offset, perPage));
  } else {
    // The narrowest word first: by the count of its rarest piece of up to three letters.
    const estimate = (word: string) => Math.min(...grams(word).map((g) => counts.matching.get(g) ?? 0));
    const [first, ...others] = [...words].sort((a, b) => estimate(a) - estimate(b));
    const tokens = await matchingTokens(first);
    ({ ids, totalCount } = tokens.length ? await matchNames(scope, tokens, others, offset, perPage) : { ids: [], totalCount: 0 });
  }

  const found = ids.length ? await db().professional.findMany({ where: { id: { in: ids } }, select: professionalSummarySelect }) : [];
  const byId = new Map(found.map(({ profession, ...p }) => [p.id, { ...p, professionName: profession.name }]));
  return {
    professionals: ids.map((id) => byId.get(id)).filter((p) => p !== undefined),
    totalCount,
    hasMore: page * perPage < totalCount,
  };
}

interface Scope {
  professionIds: string[];
  stateCode?: string;
}

/** NameGramCount holds the pieces of one to three letters of the directory's words (migration directory_counts). */
const MAX_GRAM = 3;
/** A row hashed and sorted costs about this many rows read in index order. */
const SORT_WEIGHT = 3;

/** The grams NameGramCount holds for a query word: the word itself when short, else its pieces of three letters. */
function grams(word: string): string[] {
  const chars = [...word];
  if (chars.length <= MAX_GRAM) return [word];
  return chars.slice(0, chars.length - MAX_GRAM + 1).map((_, i) => chars.slice(i, i + MAX_GRAM).join(''));
}

/**
 * From NameGramCount: how many professionals of the scope hold each gram of the query's words
 * (and '' for all of the scope), and how many there are of every profession in the scope's
 * state or country (what a walk in directory order passes over).
 */
async function gramCounts({ professionIds, stateCode }: Scope, words: string[]) {
  const wanted = [...new Set(['', ...words.flatMap(grams)])];
  const rows = await db().$queryRaw<Array<{ gram: string; matching: bigint | number | null; everyone: bigint | number | null }>>`
    SELECT "gram", sum("professionals") FILTER (WHERE "professionId" = ANY(${professionIds}::uuid[])) AS matching, sum("professionals") AS everyone
    FROM "NameGramCount" WHERE "gram" = ANY(${wanted}::text[]) ${stateCode ? Prisma.sql`AND "stateCode" = ${stateCode}` : Prisma.empty}
    GROUP BY "gram"`;
  const matching = new Map(rows.map((r) => [r.gram, Number(r.matching ?? 0)]));
  return { matching, everyone: Number(rows.find((r) => r.gram === '')?.everyone ?? 0) };
}

/** One page of the scope's professionals in directory order (Professional's name-ordered indexes). */
async function walkDirectory({ professionIds, stateCode }: Scope, offset: number, limit: number): Promise<string[]> {
  const rows = await db().$queryRaw<Array<{ id: string }>>`
    SELECT "id"::text AS id FROM "Professional"
    WHERE "professionId" = ANY(${professionIds}::uuid[]) ${stateCode ? Prisma.sql`AND "stateCode" = ${stateCode}` : Prisma.empty}
    ORDER BY "lastName", "firstName", "id" LIMIT ${limit} OFFSET ${offset}`;
  return rows.map((r) => r.id);
}

/** The directory's words (NameToken, trigram-indexed) that hold a query word. */
async function matchingTokens(word: string): Promise<string[]> {
  const rows = await db().$queryRaw<Array<{ token: string }>>`SELECT "token" FROM "NameToken" WHERE "token" LIKE ${`%${word}%`}`;
  return rows.map((r) => r.token);
}

/** How many professionals of the scope hold any of these words (each once: only several words can list one twice). */
async function countHolders({ professionIds, stateCode }: Scope, tokens: string[]): Promise<number> {
  const [row] = await db().$queryRaw<Array<{ n: bigint | number }>>`
    SELECT count(${tokens.length > 1 ? Prisma.sql`DISTINCT "professionalId"` : Prisma.sql`*`}) AS n FROM "ProfessionalNameToken"
    WHERE "token" = ANY(${tokens}::text[]) AND "professionId" = ANY(${professionIds}::uuid[]) ${stateCode ? Prisma.sql`AND "stateCode" = ${stateCode}` : Prisma.empty}`;
  return Number(row.n);
}

/**
 * One page of the holders of any of these words, in directory order: the first offset + limit
 * rows of each word's run (ProfessionalNameToken in name order), merged. A professional ranked
 * r among the holders has fewer than r holders before it in any one run, so every run that
 * holds it reaches it.
 */
async function mergeRuns({ professionIds, stateCode }: Scope, tokens: string[], offset: number, limit: number): Promise<string[]> {
  const rows = await db().$queryRaw<Array<{ id: string }>>`
    SELECT r."professionalId"::text AS id FROM unnest(${tokens}::text[]) AS t("token"), LATERAL (
      SELECT n."professionalId", n."lastName", n."firstName" FROM "ProfessionalNameToken" n
      WHERE n."token" = t."token" AND n."professionId" = ANY(${professionIds}::uuid[]) ${stateCode ? Prisma.sql`AND n."stateCode" = ${stateCode}` : Prisma.empty}
      ORDER BY n."lastName", n."firstName", n."professionalId" LIMIT ${offset + limit}
    ) AS r
    GROUP BY r."lastName", r."firstName", r."professionalId"
    ORDER BY r."lastName", r."firstName", r."professionalId" LIMIT ${limit} OFFSET ${offset}`;
  return rows.map((r) => r.id);
}

/** `AND "searchName" LIKE '%word%'` for each word: a word holds no space, so it matches within a word of the name. */
function holdsEvery(words: string[]): Prisma.Sql {
  return words.length
    ? Prisma.join(
        words.map((w) => Prisma.sql`AND "searchName" LIKE ${`%${w}%`}`),
        ' ',
      )
    : Prisma.empty;
}

/**
 * The ids of one page of professionals holding any of `tokens` (the words of the directory
 * that hold the query's narrowest word) whose names also hold each of `others`, in directory
 * order, and how many there are: one index-only scan of ProfessionalNameToken, the other words
 * matched against its searchName.
 */
async function matchNames({ professionIds, stateCode }: Scope, tokens: string[], others: string[], offset: number, limit: number) {
  const [row] = await db().$queryRaw<Array<{ total: bigint | number; ids: string[] }>>`
    WITH m AS MATERIALIZED (
      SELECT ${tokens.length > 1 ? Prisma.sql`DISTINCT` : Prisma.empty} "professionalId", "lastName", "firstName" FROM "ProfessionalNameToken"
      WHERE "token" = ANY(${tokens}::text[])
        AND "professionId" = ANY(${professionIds}::uuid[])
        ${stateCode ? Prisma.sql`AND "stateCode" = ${stateCode}` : Prisma.empty}
        ${holdsEvery(others)}
    )
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
