/** The directory's ways of reading a page (lib/directory/search-plan.ts) against the plain query: same count, same pages, in the same order. */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedProfessional } from '../../prisma/factories.ts';
import { db, sqlStatements } from '../db/index.ts';
import { professionFamily } from '../stamps/professions.ts';
import { searchKey } from '../text.ts';
import { searchProfessionals } from './search-professionals.ts';
import type { PageStrategy } from './search-plan.ts';
import { seedDirectory } from './seed-directory.ts';

let busiestState: string;
beforeAll(async () => {
  await seedDirectory({ count: 3000, seed: 29 });
  // Names that hold a query word twice: in two words (one entry each), or twice in one word.
  for (const [firstName, lastName] of [
    ['Annabel', 'Annabergh'],
    ['Martin', 'Martinez'],
    ['Anna', 'Annanova'],
    ['Mary', 'Mary-Martin'],
  ]) {
    await seedProfessional({ firstName, lastName, licenseType: 'civil-engineer', stateCode: 'HI' });
  }
  [{ stateCode: busiestState }] = await db().$queryRawUnsafe<Array<{ stateCode: string }>>(`SELECT "stateCode" FROM "Professional" GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
});

/** The plain query: every professional of the scope whose name holds every word, sorted. */
async function plainSearch(professionSlug: string, stateCode: string | undefined, query: string) {
  const professions = await db().profession.findMany({ where: { slug: { in: professionFamily(professionSlug) } }, select: { id: true } });
  const words = searchKey(query).split(' ').filter(Boolean);
  const rows = await db().$queryRawUnsafe<Array<{ id: string }>>(
    `SELECT id::text FROM "Professional" WHERE "professionId" = ANY($1::uuid[]) ${stateCode ? `AND "stateCode" = '${stateCode}'` : ''}
     ${words.map((w) => `AND "searchName" LIKE '%${w}%'`).join(' ')} ORDER BY "lastName", "firstName", id`,
    professions.map((p) => p.id),
  );
  return rows.map((r) => r.id);
}

const QUERIES = ['', 'a', 'an', 'ma', 'mo', 'son', 'smith', 'martin', 'annab', 'anna', 'james r', 'j s', 'mar a', 'mary martin', 'robert b', 'martin tin', 'zzz', 'quint zzz'];
const STRATEGIES: Array<PageStrategy | undefined> = [undefined, 'walk', 'merge', 'sort'];

describe('searchProfessionals, every way of reading a page', () => {
  for (const professionSlug of ['engineer', 'architect', 'civil-engineer']) {
    it(`gives the plain query's count and pages, deep ones too, whichever way it reads them: ${professionSlug}`, async () => {
      const taken = new Map<string, number>();
      let deep = 0;
      for (const query of QUERIES) {
        for (const stateCode of [undefined, busiestState]) {
          const all = await plainSearch(professionSlug, stateCode, query);
          for (const perPage of [3, 100]) {
            const last = Math.max(1, Math.ceil(all.length / perPage));
            const pages = [...new Set(perPage === 3 ? [1, 2, Math.ceil(last / 2), 100, last, last + 1] : [1, last])];
            for (const page of pages) {
              const expected = { totalCount: all.length, ids: all.slice((page - 1) * perPage, page * perPage), hasMore: page * perPage < all.length };
              for (const strategy of STRATEGIES) {
                const got = await searchProfessionals({ professionSlug, stateCode, query, page, perPage }, { strategy }).catch((e: Error) => e);
                if (got instanceof Error && /cannot be read/.test(got.message)) continue;
                if (got instanceof Error) throw got;
                const label = JSON.stringify({ query, stateCode, page, perPage, strategy });
                expect({ totalCount: got.totalCount, ids: got.professionals.map((p) => p.id), hasMore: got.hasMore }, label).toEqual(expected);
                taken.set(strategy ?? 'auto', (taken.get(strategy ?? 'auto') ?? 0) + 1);
                if (page === 100 && expected.ids.length) deep += 1;
              }
            }
          }
        }
      }
      // Every way was compared, on many pages.
      for (const strategy of ['auto', 'walk', 'merge', 'sort']) expect(taken.get(strategy), strategy).toBeGreaterThan(50);
      if (professionSlug === 'engineer') expect(deep).toBeGreaterThan(10);
    });
  }

  it('gives what a page shows of each professional', async () => {
    const { professionals } = await searchProfessionals({ professionSlug: 'engineer', stateCode: 'HI', query: 'annabergh' });
    const row = await db().professional.findFirstOrThrow({ where: { lastName: 'Annabergh' }, include: { profession: true } });
    expect(professionals).toEqual([
      {
        id: row.id,
        firstName: 'Annabel',
        lastName: 'Annabergh',
        fullName: row.fullName,
        slug: row.slug,
        stateCode: 'HI',
        licenseNumber: row.licenseNumber,
        licenseStatus: row.licenseStatus,
        headline: row.headline,
        photoUrl: row.photoUrl,
        currentTitle: row.currentTitle,
        currentCompany: row.currentCompany,
        professionName: 'Civil Engineer',
      },
    ]);
  });

  it('sends two statements whatever the query and the page size, one when nothing can match', async () => {
    for (const query of ['', 'an', 'smith', 'martin', 'james r', 'mary martin']) {
      for (const perPage of [1, 100]) {
        const before = sqlStatements.count;
        await searchProfessionals({ professionSlug: 'engineer', query, perPage });
        expect(sqlStatements.count - before, JSON.stringify({ query, perPage })).toBe(2);
      }
    }
    const before = sqlStatements.count;
    expect(await searchProfessionals({ professionSlug: 'engineer', query: 'quint zzz' })).toEqual({ professionals: [], totalCount: 0, hasMore: false });
    expect(sqlStatements.count - before).toBe(1);
  });
});
