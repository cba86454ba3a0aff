/** Professions and the licensing-board search over GraphQL. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../../test/graphql.ts';
import { startBoardStandIn } from '../../test/board-standin.ts';
import { seedBoardRecord, seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { HttpBoardSource } from '../boards/http-source.ts';
import { searchBoard } from '../boards/search-board.ts';
import { seedDirectory } from '../directory/seed-directory.ts';
import { AppError } from '../errors.ts';
import { loadActor } from '../orgs/actor.ts';
import { resetRateLimits } from '../ratelimit/index.ts';

let user: SeededUser;
beforeAll(async () => {
  user = await seedUser();
  await seedDirectory({ count: 200, seed: 99 });
  await seedBoardRecord({ stateCode: 'DE', licenseType: 'structural-engineer', licenseNumber: 'S-77', firstName: 'Zoë', lastName: 'Ødegaard', licenseStatus: 'active', expirationDate: '2027-05-31' });
});
afterEach(() => resetRateLimits());

const SEARCH = 'query($input: BoardSearchInput!) { searchProfessionalsBoard(input: $input) { id fullName licenseNumber stateCode licenseType licenseStatus expirationDate companyName city discipline } }';

describe('professions', () => {
  it('lists every profession with its directory count, publicly, and filters by group', async () => {
    const all = await gql('{ professions { slug shortName titleSuffix professionGroup description iconName professionalCount } }');
    expect(all.body.errors).toBeUndefined();
    const list = all.body.data!.professions as Array<{ slug: string; professionalCount: number; description: string }>;
    expect(list.map((p) => p.slug).sort()).toEqual(['architect', 'civil-engineer', 'electrical-engineer', 'engineer', 'land-surveyor', 'landscape-architect', 'mechanical-engineer', 'structural-engineer']);
    expect(list.reduce((a, p) => a + p.professionalCount, 0)).toBe(200);
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
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), fullName: 'Zoë Ødegaard', licenseNumber: 'S-77', stateCode: 'DE', licenseType: 'structural-engineer', licenseStatus: 'active', expirationDate: '2027-05-31', companyName: expect.any(String), city: expect.any(String), discipline: expect.any(String) },
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
