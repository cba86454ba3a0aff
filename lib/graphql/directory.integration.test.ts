/** Professions and the licensing-board search over GraphQL. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../../test/graphql.ts';
import { startBoardStandIn } from '../../test/board-standin.ts';
import { seedBoardRecord, seedProfessional, seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { HttpBoardSource } from '../boards/http-source.ts';
import { searchBoard } from '../boards/search-board.ts';
import { seedDirectory, seedProfessions } from '../directory/seed-directory.ts';
import { db } from '../db/index.ts';
import { searchKey } from '../text.ts';
import { AppError } from '../errors.ts';
import { loadActor } from '../orgs/actor.ts';
import { resetRateLimits } from '../ratelimit/index.ts';

let user: SeededUser;
beforeAll(async () => {
  user = await seedUser();
  await seedDirectory({ count: 200, seed: 99 });
  await seedBoardRecord({ stateCode: 'DE', licenseType: 'structural-engineer', licenseNumber: 'S-77', firstName: 'Zoë', lastName: 'Ødegaard', licenseStatus: 'active', expirationDate: '2027-05-31' });
  const professions = await seedProfessions();
  const person = (firstName: string, lastName: string, slug: string, stateCode: string, licenseNumber: string) => ({
    professionId: professions.get(slug)!,
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    searchName: searchKey(`${firstName} ${lastName}`),
    slug: `${searchKey(firstName)}-${searchKey(lastName)}-${licenseNumber}`.replace(/[^a-z0-9-]/g, '-'),
    stateCode,
    licenseNumber,
    licenseStatus: 'active',
    headline: 'Licensed',
    specializations: ['Bridges'],
    skills: ['Revit'],
    education: ['B.S.'],
    certifications: [],
    enrichmentConfidence: 0.9,
  });
  await db().professional.createMany({
    data: [
      person('Renée', 'Quintana-Óbuchi', 'civil-engineer', 'RI', 'Q-1'),
      person('Rene', 'Quintanilla', 'engineer', 'RI', 'Q-2'),
      person('Irene', 'Quint', 'architect', 'RI', 'Q-3'),
      person('Renata', 'Quintero', 'structural-engineer', 'CT', 'Q-4'),
    ],
  });
});
afterEach(() => resetRateLimits());

const SEARCH =
  'query($input: BoardSearchInput!) { searchProfessionalsBoard(input: $input) { id fullName licenseNumber stateCode licenseType licenseStatus expirationDate companyName city discipline } }';

describe('professions', () => {
  it('lists every profession with its directory count, publicly, and filters by group', async () => {
    const all = await gql('{ professions { slug shortName titleSuffix professionGroup description iconName professionalCount } }');
    expect(all.body.errors).toBeUndefined();
    const list = all.body.data!.professions as Array<{ slug: string; professionalCount: number; description: string }>;
    expect(list.map((p) => p.slug).sort()).toEqual([
      'architect',
      'civil-engineer',
      'electrical-engineer',
      'engineer',
      'land-surveyor',
      'landscape-architect',
      'mechanical-engineer',
      'structural-engineer',
    ]);
    expect(list.reduce((a, p) => a + p.professionalCount, 0)).toBe(204); // the 200 generated and 4 of this file's own
    expect(list.every((p) => p.description.length > 20)).toBe(true);
    const surveying = await gql('{ professions(group: "surveying") { slug } }');
    expect(surveying.body.data).toEqual({ professions: [{ slug: 'land-surveyor' }] });
  });
});

describe('searchProfessionalsBoard', () => {
  it('finds a license by last name, accents aside, and by number; engineer includes its branches', async () => {
    const byName = await gql(SEARCH, { token: user.accessToken, variables: { input: { stateCode: 'DE', lastName: 'odegaard', professionSlug: 'engineer' } } });
    expect(byName.body.errors).toBeUndefined();
    expect(byName.body.data!.searchProfessionalsBoard).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        fullName: 'Zoë Ødegaard',
        licenseNumber: 'S-77',
        stateCode: 'DE',
        licenseType: 'structural-engineer',
        licenseStatus: 'active',
        expirationDate: '2027-05-31',
        companyName: expect.any(String),
        city: expect.any(String),
        discipline: expect.any(String),
      },
    ]);
    const byNumber = await gql(SEARCH, { token: user.accessToken, variables: { input: { stateCode: 'DE', licenseNumber: 'S-77' } } });
    expect(byNumber.body.data!.searchProfessionalsBoard[0].id).toBe(byName.body.data!.searchProfessionalsBoard[0].id);
  });

  it('needs a token, a state, and a last name or a number', async () => {
    expect((await gql(SEARCH, { variables: { input: { stateCode: 'DE', lastName: 'O' } } })).body.errors![0].extensions.code).toBe('UNAUTHENTICATED');
    for (const input of [{ stateCode: 'Delaware', lastName: 'O' }, { stateCode: 'DE' }, { stateCode: 'DE', lastName: 'x'.repeat(101) }, { stateCode: 'DE', lastName: 'O', professionSlug: 'doctor' }]) {
      const res = await gql(SEARCH, { token: user.accessToken, variables: { input } });
      expect(res.body.errors![0].extensions, JSON.stringify(input)).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    }
  });

  it('allows 10 searches a minute per user, then BILLING_RATE_LIMIT_EXCEEDED', async () => {
    const searcher = await seedUser();
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await gql(SEARCH, { token: searcher.accessToken, variables: { input: { stateCode: 'DE', lastName: 'O' } } });
      codes.push(res.body.errors?.[0].extensions.code ?? 'ok');
    }
    expect(codes).toEqual([...Array(10).fill('ok'), 'BILLING_RATE_LIMIT_EXCEEDED']);
    // Another user is not affected.
    expect((await gql(SEARCH, { token: user.accessToken, variables: { input: { stateCode: 'DE', lastName: 'O' } } })).body.errors).toBeUndefined();
  });

  it('says TIMEOUT when the board does not answer', async () => {
    const board = await startBoardStandIn([]);
    try {
      board.setMode('hang');
      const actor = (await loadActor({ userId: user.id }))!;
      const err = await searchBoard({ actor, input: { stateCode: 'DE', lastName: 'O' }, board: new HttpBoardSource(board.url, 200) }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('TIMEOUT');
    } finally {
      await board.close();
    }
  });
});

describe('searchProfessionals and professional', () => {
  const SEARCH_DIRECTORY =
    'query($p: String!, $s: String, $q: String, $page: Int, $per: Int) { searchProfessionals(professionSlug: $p, stateCode: $s, query: $q, page: $page, perPage: $per) { totalCount hasMore professionals { id fullName stateCode licenseNumber professionName } } }';
  const search = (variables: Record<string, unknown>) => gql(SEARCH_DIRECTORY, { variables });

  it('matches any part of the full name, case and accents aside, within a profession and its branches and a state; public', async () => {
    const res = await search({ p: 'engineer', s: 'RI', q: 'QUINTANA OBU' });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.searchProfessionals).toMatchObject({
      totalCount: 1,
      hasMore: false,
      professionals: [{ fullName: 'Renée Quintana-Óbuchi', licenseNumber: 'Q-1', professionName: 'Civil Engineer' }],
    });
    const part = await search({ p: 'engineer', s: 'RI', q: 'rene' });
    expect(part.body.data!.searchProfessionals.professionals.map((p: { licenseNumber: string }) => p.licenseNumber).sort()).toEqual(['Q-1', 'Q-2']);
    const architects = await search({ p: 'architect', s: 'RI', q: 'quint' });
    expect(architects.body.data!.searchProfessionals.professionals.map((p: { licenseNumber: string }) => p.licenseNumber)).toEqual(['Q-3']);
    const everywhere = await search({ p: 'engineer', q: 'quint' });
    expect(everywhere.body.data!.searchProfessionals.totalCount).toBeGreaterThanOrEqual(3);
    const wildcards = await search({ p: 'engineer', q: '%_' });
    expect(wildcards.body.errors).toBeUndefined();
  });

  it('matches each word of the query, in any order, and counts a name matched twice once', async () => {
    const reordered = await search({ p: 'engineer', s: 'RI', q: 'obu quint' });
    expect(reordered.body.data!.searchProfessionals.professionals.map((p: { licenseNumber: string }) => p.licenseNumber)).toEqual(['Q-1']);
    // Two words of one name match "annab": she is counted and listed once.
    const twice = await seedProfessional({ firstName: 'Annabel', lastName: 'Annabergh', licenseType: 'mechanical-engineer', stateCode: 'HI' });
    const once = await search({ p: 'engineer', s: 'HI', q: 'annab' });
    expect(once.body.data!.searchProfessionals).toMatchObject({ totalCount: 1, professionals: [{ id: twice.id }] });
    const both = await search({ p: 'engineer', s: 'CT', q: 'quint quintero' });
    expect(both.body.data!.searchProfessionals).toMatchObject({ totalCount: 1, professionals: [{ licenseNumber: 'Q-4' }] });
    const none = await search({ p: 'engineer', s: 'RI', q: 'quint zzz' });
    expect(none.body.data!.searchProfessionals).toEqual({ totalCount: 0, hasMore: false, professionals: [] });
    const tooMany = await search({ p: 'engineer', q: 'a b c d e f g h i' });
    expect(tooMany.body.errors![0].message).toBe('query has at most 8 words');
  });

  it('counts and pages exactly as a full scan would, for every shape of query, with and without a state', async () => {
    const [{ stateCode }] = await db().$queryRawUnsafe<Array<{ stateCode: string }>>(`SELECT "stateCode" FROM "Professional" GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const engineers = (await db().profession.findMany({ where: { slug: { endsWith: 'engineer' } }, select: { id: true } })).map((p) => p.id);
    // Short words (counted from NameGramCount; a broad one's page walked in directory order), long ones, several words, none.
    for (const q of ['', 'a', 'e', 'an', 'son', 'smith', 'john', 'j s', 'mar a', 'quint rene', 'zzz', 'ann ann']) {
      for (const s of [undefined, stateCode]) {
        const words = searchKey(q).split(' ').filter(Boolean);
        const scan = await db().$queryRawUnsafe<Array<{ id: string }>>(
          `SELECT id::text FROM "Professional" WHERE "professionId" = ANY($1::uuid[]) ${s ? `AND "stateCode" = '${s}'` : ''} ${words.map((w) => `AND "searchName" LIKE '%${w}%'`).join(' ')} ORDER BY "lastName", "firstName", id`,
          engineers,
        );
        for (const page of [1, 2, Math.max(1, Math.ceil(scan.length / 3))]) {
          const res = (await search({ p: 'engineer', s, q, page, per: 3 })).body.data!.searchProfessionals;
          const label = JSON.stringify({ q, s, page });
          expect(res.totalCount, label).toBe(scan.length);
          expect(
            res.professionals.map((p: { id: string }) => p.id),
            label,
          ).toEqual(scan.slice((page - 1) * 3, page * 3).map((r) => r.id));
        }
      }
    }
  });

  it('follows the directory as it changes: a renamed professional is found by the new name only, a deleted one not at all', async () => {
    const record = await seedProfessional({ firstName: 'Xavier', lastName: 'Pemberton-Quayle', licenseType: 'architect', stateCode: 'AK' });
    expect((await search({ p: 'architect', s: 'AK', q: 'quayle' })).body.data!.searchProfessionals.totalCount).toBe(1);
    await db().professional.update({ where: { id: record.id }, data: { lastName: 'Quenby', fullName: 'Xavier Quenby', searchName: searchKey('Xavier Quenby') } });
    expect((await search({ p: 'architect', s: 'AK', q: 'quayle' })).body.data!.searchProfessionals.totalCount).toBe(0);
    expect((await search({ p: 'architect', s: 'AK', q: 'xavier quen' })).body.data!.searchProfessionals.professionals).toMatchObject([{ id: record.id, fullName: 'Xavier Quenby' }]);
    await db().professional.delete({ where: { id: record.id } });
    expect((await search({ p: 'architect', s: 'AK', q: 'xavier' })).body.data!.searchProfessionals.totalCount).toBe(0);
    expect(await db().professionalNameToken.count({ where: { professionalId: record.id } })).toBe(0);
    // The counts followed the insert, the rename and the deletion: as a recount from scratch, by state and for the country ('').
    const recount = `SELECT g, p."professionId", coalesce(p."stateCode", ''), count(*)::int FROM "Professional" p, "name_grams"(p."searchName") AS g
      GROUP BY GROUPING SETS ((g, p."professionId", p."stateCode"), (g, p."professionId"))`;
    const drift = await db().$queryRawUnsafe<unknown[]>(`
      (${recount} EXCEPT SELECT "gram", "professionId", "stateCode", "professionals" FROM "NameGramCount")
      UNION ALL
      (SELECT "gram", "professionId", "stateCode", "professionals" FROM "NameGramCount" WHERE "professionals" <> 0 EXCEPT ${recount})`);
    expect(drift).toEqual([]);
    // Whole words of more than three letters are counted too.
    const [quintanilla] = await db().$queryRawUnsafe<Array<{ n: number }>>(`SELECT coalesce(sum("professionals"), 0)::int AS n FROM "NameGramCount" WHERE "gram" = 'quintanilla' AND "stateCode" = ''`);
    expect(quintanilla.n).toBe(1);
  });

  it('pages from 1, says when there is more, and refuses pages past the limits', async () => {
    const first = (await search({ p: 'engineer', page: 1, per: 7 })).body.data!.searchProfessionals;
    const second = (await search({ p: 'engineer', page: 2, per: 7 })).body.data!.searchProfessionals;
    expect(first.professionals).toHaveLength(7);
    expect(first.hasMore).toBe(true);
    expect(second.professionals[0].id).not.toBe(first.professionals[0].id);
    const last = Math.ceil(first.totalCount / 7);
    expect((await search({ p: 'engineer', page: last, per: 7 })).body.data!.searchProfessionals.hasMore).toBe(false);
    expect((await search({ p: 'engineer', page: last + 1, per: 7 })).body.data!.searchProfessionals.professionals).toEqual([]);
    for (const bad of [{ per: 101 }, { page: 0 }, { q: 'x'.repeat(101) }, { s: 'Rhode Island' }, { p: 'doctor' }]) {
      const res = await search({ p: 'engineer', ...bad });
      expect(res.body.errors![0].extensions, JSON.stringify(bad)).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    }
    expect((await search({ p: 'engineer', q: 'x'.repeat(100) })).body.errors).toBeUndefined();
  });

  it('gives the full profile by id, and null for an unknown one', async () => {
    const found = (await search({ p: 'architect', s: 'RI', q: 'irene' })).body.data!.searchProfessionals.professionals[0];
    const res = await gql(
      'query($id: UUID!) { professional(id: $id) { fullName slug stateCode headline specializations skills education certifications enrichmentConfidence professionId professionName } }',
      { variables: { id: found.id } },
    );
    expect(res.body.data!.professional).toMatchObject({
      fullName: 'Irene Quint',
      stateCode: 'RI',
      specializations: ['Bridges'],
      skills: ['Revit'],
      education: ['B.S.'],
      certifications: [],
      enrichmentConfidence: 0.9,
      professionName: 'Architect',
    });
    const none = await gql('query($id: UUID!) { professional(id: $id) { id } }', { variables: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(none.body).toEqual({ data: { professional: null } });
  });
});
