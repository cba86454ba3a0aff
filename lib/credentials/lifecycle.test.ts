import { describe, expect, it } from 'vitest';
import { judgeLicense, spellsName } from './lifecycle.ts';

describe('spellsName: what a seal may print of its sources', () => {
  it('takes the name as the sources write it, with middle names left out, as initials or as added initials, accents and case aside', () => {
    expect(spellsName('Anthony White', 'Anthony White')).toBe(true);
    expect(spellsName('ANTHONY WHITE', 'Anthony James White')).toBe(true);
    expect(spellsName('Anthony J. White', 'Anthony James White')).toBe(true);
    expect(spellsName('Anthony J. White', 'Anthony White')).toBe(true);
    expect(spellsName('Anthony James White', 'Anthony J. White', 'Anthony James White')).toBe(true);
    expect(spellsName('Renée Marie Quintana-Óbuchi', 'Renee Marie Quintana-Obuchi')).toBe(true);
    expect(spellsName('Mary Anne-Louise Smith', 'Mary Anne Louise Smith')).toBe(true);
  });

  it('takes a suffix or a professional designation after a comma', () => {
    expect(spellsName('Alex Q. Rivera, P.E.', 'Alex Rivera')).toBe(true);
    expect(spellsName('John Smith, Jr.', 'John Smith')).toBe(true);
    expect(spellsName('Jane Doe, AIA, LEED AP', 'Jane Doe')).toBe(true);
    expect(spellsName('Jane Doe, Ph.D., P.E.', 'Jane Doe')).toBe(true);
  });

  it('refuses words no source carries, between the names or after a comma', () => {
    expect(spellsName('Anthony Identity Verified By Government ID White', 'Anthony White')).toBe(false);
    expect(spellsName('Anthony James White', 'Anthony White')).toBe(false);
    expect(spellsName('Anthony White, Identity Verified By Sealwright', 'Anthony White')).toBe(false);
    expect(spellsName('Anthony White, Jr., Verified', 'Anthony White')).toBe(false);
    expect(spellsName('Anthony Verified-James White', 'Anthony James White')).toBe(false);
  });

  it('refuses another first or last name, and a name without sources', () => {
    expect(spellsName('Tony White', 'Anthony White')).toBe(false);
    expect(spellsName('Anthony Whyte', 'Anthony White')).toBe(false);
    expect(spellsName('Anthony White')).toBe(false);
  });
});

describe('judgeLicense: the printed name against the board record', () => {
  const key = { stateCode: 'TX', licenseType: 'electrical-engineer', licenseNumber: '506959' };
  const record = { fullName: 'Anthony White', licenseStatus: 'active', expirationDate: '2030-01-31' } as Parameters<typeof judgeLicense>[0];
  const now = new Date('2026-11-28T12:00:00Z');

  it('verifies a printed name the board record spells', () => {
    expect(judgeLicense(record, 'Anthony J. White', key, now).status).toBe('VERIFIED');
  });

  it('rejects a printed name with words between the first and last names the record does not carry, with a reason', () => {
    const verdict = judgeLicense(record, 'Anthony Identity Verified By Government ID White', key, now);
    expect(verdict).toMatchObject({ status: 'REJECTED', verified: false });
    expect(verdict.rejectionReason).toMatch(/The board lists this license as Anthony White; .* adds words/);
  });

  it("takes a middle name from the holder's verified legal name, and only from it", () => {
    expect(judgeLicense(record, 'Anthony James White', key, now, { name: 'Anthony James White', alsoFrom: 'Anthony James White' }).status).toBe('VERIFIED');
    expect(judgeLicense(record, 'Anthony James White', key, now, { name: 'Anthony James White' }).status).toBe('REJECTED');
  });
});
