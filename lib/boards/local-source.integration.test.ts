import { beforeAll, describe, expect, it } from 'vitest';
import { seedBoardRecord } from '../../prisma/factories.ts';
import { LocalBoardSource } from './local-source.ts';

const source = new LocalBoardSource();

beforeAll(async () => {
  await seedBoardRecord({ stateCode: 'VT', licenseType: 'civil-engineer', licenseNumber: '1001', firstName: 'José', lastName: 'Núñez', licenseStatus: 'active', expirationDate: '2027-06-30' });
  await seedBoardRecord({ stateCode: 'VT', licenseType: 'engineer', licenseNumber: '1002', firstName: 'Ana', lastName: 'Nunes', licenseStatus: 'expired', expirationDate: '2025-01-31' });
  await seedBoardRecord({ stateCode: 'VT', licenseType: 'architect', licenseNumber: '1003', firstName: 'Noor', lastName: 'Nunez-Park', licenseStatus: 'revoked' });
  await seedBoardRecord({ stateCode: 'NH', licenseType: 'engineer', licenseNumber: '1001', firstName: 'José', lastName: 'Núñez', licenseStatus: 'active' });
});

describe('the local board registry', () => {
  it('looks one license up by state, type and number', async () => {
    expect(await source.lookup({ stateCode: 'vt', licenseType: 'civil-engineer', licenseNumber: ' 1001 ' })).toMatchObject({
      fullName: 'José Núñez',
      stateCode: 'VT',
      licenseType: 'civil-engineer',
      expirationDate: '2027-06-30',
      licenseStatus: 'active',
    });
    expect(await source.lookup({ stateCode: 'VT', licenseType: 'engineer', licenseNumber: '1001' })).toBeNull();
  });

  it('searches a state by last name, accents and case aside, or by number; engineer includes its branches', async () => {
    const byName = await source.search({ stateCode: 'VT', lastName: 'nunez', limit: 50 });
    expect(byName.map((l) => l.licenseNumber)).toEqual(['1001', '1003']);
    expect((await source.search({ stateCode: 'VT', lastName: 'NUN', limit: 50 })).map((l) => l.lastName)).toEqual(['Nunes', 'Núñez', 'Nunez-Park']);
    expect((await source.search({ stateCode: 'VT', lastName: 'Nun', professionSlug: 'engineer', limit: 50 })).map((l) => l.licenseType).sort()).toEqual(['civil-engineer', 'engineer']);
    expect((await source.search({ stateCode: 'VT', lastName: 'Nun', professionSlug: 'architect', limit: 50 })).map((l) => l.licenseStatus)).toEqual(['revoked']);
    expect((await source.search({ stateCode: 'VT', licenseNumber: '1002', limit: 50 })).map((l) => l.firstName)).toEqual(['Ana']);
    expect(await source.search({ stateCode: 'VT', lastName: 'Nun', limit: 2 })).toHaveLength(2);
    expect(await source.search({ stateCode: 'ME', lastName: 'Nun', limit: 50 })).toEqual([]);
  });
});
