import { db } from '../db/index.ts';
import { Prisma } from '../db/index.ts';
import { AppError, quote } from '../errors.ts';
import { requireStateCode } from '../stamps/jurisdictions.ts';
import { getProfession, professionFamily } from '../stamps/professions.ts';
import { searchKey } from '../text.ts';
import { grams, isCountedWhole, MAX_COUNTED_TOKENS, MAX_TOKENS, planSearch, runsByProfession } from './search-plan.ts';
import type { PageStrategy, SearchFacts, SearchPlan } from './search-plan.ts';

export const MAX_PER_PAGE = 100;
export const MAX_QUERY_LENGTH = 100;

export interface SearchProfessionalsInput {
  professionSlug: string;
  stateCode?: string | null;
  query?: string | null;
  page?: number | null;
  perPage?: number | null;
}

/** A name query has at most this many words (a full name with its middle names fits easily). */
export const MAX_QUERY_WORDS = 8;

/** What a directory page shows of each professional. */
export interface ProfessionalSummary {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  slug: string;
  stateCode: string;
  licenseNumber: string;
  licenseStatus: string;
  headline: string | null;
  photoUrl: string | null;
  currentTitle: string | null;
  currentCompany: string | null;
  professionName: string;
}

/**
 * The public directory: one profession (with its branches), optionally one state, and a name
 * query whose every word matches part of a word of the full name (case, accents, punctuation
 * and word order aside: "obu quint" finds Renée Quintana-Óbuchi). Pages are 1-based, at most
 * 100; ordered by last name, first name (then id). totalCount is exact.
 *
 * Two round trips whatever the query: what NameGramCount and NameToken say of its words
 * (readFacts), then the page, its professionals and, unless the counts gave it, the exact
 * count (readPage), the page read the cheapest of three ways (lib/directory/search-plan.ts).
 * A query's narrowest word (by the counts) is matched against the distinct words of the
 * directory (NameToken, trigram-indexed), and its holders are read from ProfessionalNameToken
 * by index-only scans that also match the other words against their searchName: counting and
 * paging "james r" reads James's rows, not every R's. `strategy` forces a way to read the page
 * (tests compare them).
 */
export async function searchProfessionals(input: SearchProfessionalsInput, { strategy }: { strategy?: PageStrategy } = {}) {
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
  const offset = (page - 1) * perPage;

  const facts = await readFacts(professionFamily(input.professionSlug), stateCode, words);
  const plan = planSearch(words, facts, { offset, limit: perPage, stateCode, force: strategy });
  const { professionals, totalCount } =
    plan.strategy === null ? { professionals: [], totalCount: plan.knownTotal ?? 0 } : await readPage({ professionIds: facts.professionIds, stateCode }, words, facts, plan, offset, perPage);
  return { professionals, totalCount, hasMore: page * perPage < totalCount };
}

/** NameGramCount's stateCode for the whole country (migration directory_counts_words_country). */
const COUNTRY = '';

interface Scope {
  professionIds: string[];
  stateCode?: string;
}

/**
 * The first round trip: the professions' ids, the directory words holding each query word, and
 * NameGramCount's sums for the query's grams and for the directory words of its longer words
 * (a word of more than three letters is counted whole).
 */
async function readFacts(slugs: string[], stateCode: string | undefined, words: string[]): Promise<SearchFacts> {
  // '' (the scope) and each short word are counted as grams; a longer word by its directory
  // words' own counts, or, when it has too many of them, by its grams.
  const short = ['', ...words.filter((w) => !isCountedWhole(w))];
  const long = words.map((w, i) => ({ w, i })).filter(({ w }) => isCountedWhole(w));
  // Each word's pattern a constant of its own subquery: the trigram index serves it, and no pattern is built per row.
  const holders = words.map((w, i) => Prisma.sql`SELECT ${i}::int AS i, "token" FROM (SELECT "token" FROM "NameToken" WHERE "token" LIKE ${`%${w}%`} LIMIT ${MAX_TOKENS + 1}) t`);
  const [row] = await db().$queryRaw<Array<{ facts: unknown }>>`
    WITH f AS MATERIALIZED (SELECT "id" FROM "Profession" WHERE "slug" = ANY(${slugs}::text[]) AND "active"),
    t AS MATERIALIZED (${holders.length ? Prisma.join(holders, ' UNION ALL ') : Prisma.sql`SELECT NULL::int AS i, NULL::text AS "token" WHERE false`}),
    n AS (SELECT i, count(*) AS tokens FROM t GROUP BY i),
    g AS (
      SELECT unnest(${short}::text[]) AS "gram"
      ${
        long.length
          ? Prisma.join(
              long.map(
                ({ w, i }) => Prisma.sql`UNION SELECT "token" FROM t WHERE i = ${i} AND (SELECT tokens FROM n WHERE i = ${i}) <= ${MAX_COUNTED_TOKENS}
            UNION SELECT unnest(${grams(w)}::text[]) WHERE (SELECT tokens FROM n WHERE i = ${i}) > ${MAX_COUNTED_TOKENS}`,
              ),
              ' ',
            )
          : Prisma.empty
      }
    ),
    c AS (
      SELECT c."gram", coalesce(sum(c."professionals") FILTER (WHERE f."id" IS NOT NULL), 0) AS matching, sum(c."professionals") AS everyone
      FROM g JOIN "NameGramCount" c ON c."gram" = g."gram" AND c."stateCode" = ${stateCode ?? COUNTRY} LEFT JOIN f ON f."id" = c."professionId"
      GROUP BY c."gram"
    )
    SELECT json_build_object(
      'professionIds', (SELECT coalesce(json_agg("id" ORDER BY "id"), '[]') FROM f),
      'counts', (SELECT coalesce(json_agg(json_build_array("gram", matching, everyone)), '[]') FROM c),
      'tokens', (SELECT coalesce(json_agg(json_build_array(i, "token")), '[]') FROM t)
    ) AS facts`;
  const facts = (typeof row.facts === 'string' ? JSON.parse(row.facts) : row.facts) as { professionIds: string[]; counts: Array<[string, number, number]>; tokens: Array<[number, string]> };
  const tokens = words.map((): string[] => []);
  for (const [i, token] of facts.tokens) tokens[i].push(token);
  return {
    professionIds: facts.professionIds,
    counts: new Map(facts.counts.map(([gram, matching, everyone]) => [gram, { matching: Number(matching), everyone: Number(everyone) }])),
    tokens: tokens.map((t) => (t.length > MAX_TOKENS ? null : t)),
  };
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

/** The entries of ProfessionalNameToken for the lead word's directory words in the scope, the other words matched against searchName. */
function holderEntries({ professionIds, stateCode }: Scope, lead: string, tokens: string[] | null, others: string[]): Prisma.Sql {
  return Prisma.sql`FROM "ProfessionalNameToken"
    WHERE ${tokens ? Prisma.sql`"token" = ANY(${tokens}::text[])` : Prisma.sql`"token" IN (SELECT "token" FROM "NameToken" WHERE "token" LIKE ${`%${lead}%`})`}
      AND "professionId" = ANY(${professionIds}::uuid[]) ${stateCode ? Prisma.sql`AND "stateCode" = ${stateCode}` : Prisma.empty}
      ${holdsEvery(others)}`;
}

const ORDER = Prisma.sql`ORDER BY "lastName", "firstName", "professionalId"`;

/**
 * The second round trip: the page's professionals, in order, and the exact count when the
 * counts did not give it. A professional holding two of the lead word's directory words
 * ("annab" in Annabel Annabergh) has two entries: counted and listed once.
 */
async function readPage(scope: Scope, words: string[], facts: SearchFacts, plan: SearchPlan, offset: number, limit: number) {
  const lead = plan.lead === null ? null : words[plan.lead];
  const others = plan.filters.map((i) => words[i]);
  const tokens = plan.lead === null ? null : facts.tokens[plan.lead];
  // Only several directory words can give one professional two entries.
  const distinct = tokens === null || tokens.length > 1;
  let with_ = Prisma.empty;
  let ids: Prisma.Sql;
  let count: Prisma.Sql = Prisma.sql`NULL::bigint`;
  if (plan.knownTotal === null) {
    // Without hashing every entry: a name holding the lead word only once has one entry; the few
    // that hold it twice or more (in two words, or twice in one) are the only ones hashed.
    count = distinct
      ? Prisma.sql`(SELECT count(*) FILTER (WHERE "searchName" NOT LIKE ${`%${lead}%${lead}%`}) + count(DISTINCT "professionalId") FILTER (WHERE "searchName" LIKE ${`%${lead}%${lead}%`})
          ${holderEntries(scope, lead!, tokens, others)})`
      : Prisma.sql`(SELECT count(*) ${holderEntries(scope, lead!, tokens, others)})`;
  }
  if (plan.strategy === 'walk') {
    ids = Prisma.sql`ARRAY(SELECT "id" FROM "Professional"
      WHERE "professionId" = ANY(${scope.professionIds}::uuid[]) ${scope.stateCode ? Prisma.sql`AND "stateCode" = ${scope.stateCode}` : Prisma.empty} ${holdsEvery(words)}
      ORDER BY "lastName", "firstName", "id" LIMIT ${limit} OFFSET ${offset})`;
  } else if (plan.strategy === 'merge') {
    // No run gives more than the page's depth (its holders are distinct), and a run so limited is
    // planned to be read in index order rather than sorted whole.
    const need = offset + limit;
    // Each run is an index range in directory order: one directory word's holders in one state,
    // of one profession, or of every profession (the branches filtered as they come); without a
    // word, one profession in one state.
    const runs =
      lead === null
        ? scope.professionIds.map(
            (p) =>
              Prisma.sql`(SELECT "lastName", "firstName", "id" AS "professionalId" FROM "Professional" WHERE "professionId" = ${p}::uuid AND "stateCode" = ${scope.stateCode} ORDER BY "lastName", "firstName", "id" LIMIT ${need})`,
          )
        : tokens!.flatMap((t) =>
            (runsByProfession(plan.filters, scope.professionIds, scope.stateCode) ? scope.professionIds.map((p) => [p]) : [scope.professionIds]).map((professionIds) => {
              // Several professions are matched as a run is read, never used to reach into the index by
              // profession (IS TRUE): that would offer the planner runs it must sort whole, and it takes
              // them when it misjudges how deep the page reaches into the run.
              const profession = professionIds.length === 1 ? Prisma.sql`"professionId" = ${professionIds[0]}::uuid` : Prisma.sql`("professionId" = ANY(${professionIds}::uuid[])) IS TRUE`;
              return Prisma.sql`(SELECT "lastName", "firstName", "professionalId" FROM "ProfessionalNameToken"
                WHERE "token" = ${t} ${scope.stateCode ? Prisma.sql`AND "stateCode" = ${scope.stateCode}` : Prisma.empty} AND ${profession} ${holdsEvery(others)} ${ORDER} LIMIT ${need})`;
            }),
          );
    // With several words, a name's entries come out of the merge side by side: dropped as they
    // come (Unique), the merge limited so the planner keeps it lazy rather than hashing every entry.
    const merged = Prisma.join(runs, ' UNION ALL ');
    const unique = lead !== null && distinct ? Prisma.sql`SELECT DISTINCT * FROM (SELECT * FROM (${merged}) r ${ORDER} LIMIT ${need * (tokens?.length ?? 1)}) r` : merged;
    ids = Prisma.sql`ARRAY(SELECT "professionalId" FROM (${unique}) m ${ORDER} LIMIT ${limit} OFFSET ${offset})`;
  } else {
    // Every holder, once, hashed: counted and sorted from the same rows.
    with_ = Prisma.sql`WITH m AS MATERIALIZED (SELECT ${distinct ? Prisma.sql`DISTINCT` : Prisma.empty} "professionalId", "lastName", "firstName" ${holderEntries(scope, lead!, tokens, others)})`;
    if (plan.knownTotal === null) count = Prisma.sql`(SELECT count(*) FROM m)`;
    ids = Prisma.sql`ARRAY(SELECT "professionalId" FROM m ${ORDER} LIMIT ${limit} OFFSET ${offset})`;
  }
  const [row] = await db().$queryRaw<Array<{ total: bigint | number | null; professionals: unknown }>>`
    ${with_}
    SELECT ${count} AS total, (
      SELECT coalesce(json_agg(json_build_object(
        'id', p."id", 'firstName', p."firstName", 'lastName', p."lastName", 'fullName', p."fullName", 'slug', p."slug", 'stateCode', p."stateCode",
        'licenseNumber', p."licenseNumber", 'licenseStatus', p."licenseStatus", 'headline', p."headline", 'photoUrl', p."photoUrl",
        'currentTitle', p."currentTitle", 'currentCompany', p."currentCompany", 'professionName', f."name") ORDER BY u.i), '[]')
      FROM unnest(${ids}) WITH ORDINALITY AS u(id, i) JOIN "Professional" p ON p."id" = u.id JOIN "Profession" f ON f."id" = p."professionId"
    ) AS professionals`;
  const professionals = (typeof row.professionals === 'string' ? JSON.parse(row.professionals) : row.professionals) as ProfessionalSummary[];
  return { professionals, totalCount: plan.knownTotal ?? Number(row.total) };
}

/** One professional's full profile, or null. Public. */
export async function getProfessional({ id }: { id: string }) {
  const row = await db().professional.findUnique({ where: { id }, omit: { searchName: true }, include: { profession: { select: { name: true } } } });
  if (!row) return null;
  const { profession, ...p } = row;
  return { ...p, professionName: profession.name };
}
