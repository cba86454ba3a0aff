import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBoardStandIn } from '../../test/board-standin.ts';
import { HttpBoardSource } from './http-source.ts';
import { BoardUnavailableError } from './source.ts';

let board: Awaited<ReturnType<typeof startBoardStandIn>>;
let source: HttpBoardSource;

beforeAll(async () => {
  board = await startBoardStandIn([
    {
      license_number: '112233',
      state_code: 'TX',
      license_type: 'engineer',
      first_name: 'Priya',
      last_name: 'Raman',
      company_name: 'Raman Structural',
      city: 'Austin',
      discipline: 'Civil',
      expiration_date: '2027-12-31',
      license_status: 'Active',
    },
    { license_number: '998877', state_code: 'TX', license_type: 'engineer', first_name: 'Ravi', last_name: 'Ramos', expiration_date: null, license_status: 'revoked' },
  ]);
  // Generous for answers (a busy machine); the hang test has its own short timeout.
  source = new HttpBoardSource(board.url, 10_000);
});
afterAll(async () => {
  await board.close();
});
beforeEach(() => board.setMode('answer'));

describe('HttpBoardSource against a stand-in board', () => {
  it('looks a license up, and answers null for one the board does not have', async () => {
    expect(await source.lookup({ stateCode: 'TX', licenseType: 'engineer', licenseNumber: '112233' })).toEqual({
      licenseNumber: '112233',
      stateCode: 'TX',
      licenseType: 'engineer',
      firstName: 'Priya',
      lastName: 'Raman',
      fullName: 'Priya Raman',
      companyName: 'Raman Structural',
      city: 'Austin',
      discipline: 'Civil',
      expirationDate: '2027-12-31',
      licenseStatus: 'active',
    });
    expect((await source.lookup({ stateCode: 'TX', licenseType: 'engineer', licenseNumber: '998877' }))?.licenseStatus).toBe('revoked');
    expect(await source.lookup({ stateCode: 'TX', licenseType: 'engineer', licenseNumber: '000000' })).toBeNull();
    // Path parts are encoded: a number cannot walk the board's URL space.
    expect(await source.lookup({ stateCode: 'TX', licenseType: 'engineer', licenseNumber: '../../x?y=1' })).toBeNull();
    expect(board.state.requests.at(-1)).toBe('/api/licenses/TX/engineer/..%2F..%2Fx%3Fy%3D1');
  });

  it('searches by state and name or number, within the limit', async () => {
    const byName = await source.search({ stateCode: 'TX', lastName: 'Ram', limit: 50 });
    expect(byName.map((l) => l.fullName)).toEqual(['Priya Raman', 'Ravi Ramos']);
    expect(await source.search({ stateCode: 'TX', lastName: 'Ram', limit: 1 })).toHaveLength(1);
    expect((await source.search({ stateCode: 'TX', licenseNumber: '998877', limit: 50 })).map((l) => l.lastName)).toEqual(['Ramos']);
  });

  it('says the board is unavailable when it refuses, hangs past the timeout, or answers nonsense', async () => {
    const key = { stateCode: 'TX', licenseType: 'engineer', licenseNumber: '112233' };
    board.setMode('refuse');
    await expect(source.lookup(key)).rejects.toThrow(new BoardUnavailableError('The licensing board answered HTTP 503'));
    board.setMode('garbage');
    await expect(source.search({ stateCode: 'TX', lastName: 'R', limit: 5 })).rejects.toBeInstanceOf(BoardUnavailableError);
    board.setMode('hang');
    const impatient = new HttpBoardSource(board.url, 300);
    const started = performance.now();
    await expect(impatient.lookup(key)).rejects.toThrow(/did not answer within 300 ms/);
    expect(performance.now() - started).toBeLessThan(3000);
    const down = new HttpBoardSource('http://127.0.0.1:9/', 300);
    await expect(down.lookup(key)).rejects.toThrow(/could not be reached/);
  });
});
