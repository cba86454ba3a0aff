import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '../stamps/jurisdictions.ts';
import { PROFESSION_SLUGS } from '../stamps/professions.ts';
import { generateProfessional } from './generator.ts';

const sample = Array.from({ length: 5000 }, (_, i) => generateProfessional(42, i));

describe('the directory generator', () => {
  it('is deterministic: the same seed and index give the same record', () => {
    expect(generateProfessional(42, 1234)).toEqual(sample[1234]);
    expect(generateProfessional(43, 1234)).not.toEqual(sample[1234]);
  });

  it('fills every field of a profile', () => {
    for (const p of sample.slice(0, 500)) {
      for (const [key, value] of Object.entries(p)) {
        if (key === 'certifications') continue; // some have none, as in life
        expect(value === '' || value === null || (Array.isArray(value) && value.length === 0), `${key} of ${p.slug}`).toBe(false);
      }
      expect(p.fullName).toContain(p.firstName);
      expect(p.fullName.endsWith(p.lastName)).toBe(true);
      expect(p.websiteUrl).toMatch(/^https:\/\/[a-z0-9-]+\.example\.com$/);
      expect(p.networkUrl).toMatch(/^https:\/\/network\.example\.com\/in\//);
      expect(p.enrichmentConfidence).toBeGreaterThan(0.5);
      expect(p.enrichmentConfidence).toBeLessThanOrEqual(1);
    }
  });

  it('spreads over every state and profession, mostly active, some expired in the past', () => {
    expect(new Set(sample.map((p) => p.stateCode)).size).toBe(STATE_CODES.length);
    expect(new Set(sample.map((p) => p.licenseType)).size).toBe(PROFESSION_SLUGS.length);
    const share = (status: string) => sample.filter((p) => p.licenseStatus === status).length / sample.length;
    expect(share('active')).toBeGreaterThan(0.8);
    expect(share('expired')).toBeGreaterThan(0.05);
    for (const p of sample) {
      if (p.licenseStatus === 'expired') expect(p.expirationDate < '2026-11-23', p.slug).toBe(true);
      if (p.licenseStatus === 'active') expect(p.expirationDate > '2026-11-23', p.slug).toBe(true);
    }
  });

  it("shapes license numbers like the state's, and gives unique slugs", () => {
    const mo = sample.find((p) => p.stateCode === 'MO' && p.licenseType === 'architect');
    if (mo) expect(mo.licenseNumber).toMatch(/^A-\d{10}$/);
    const tx = sample.filter((p) => p.stateCode === 'TX');
    for (const p of tx) expect(p.licenseNumber).toMatch(/^\d{6}$/);
    const ca = sample.filter((p) => p.stateCode === 'CA' && p.licenseType === 'civil-engineer');
    for (const p of ca) expect(p.licenseNumber).toMatch(/^C\d{5}$/);
    expect(new Set(sample.map((p) => p.slug)).size).toBeGreaterThan(sample.length * 0.99);
  });
});
