/**
 * Fields that cost the server real work take from a per-client-address budget once per field, so
 * aliases cannot multiply one request (an attack probe: 99 aliased TIFF exports kept the request
 * thread busy for 12.7 s; 99 aliased directory searches slowed every other request to seconds).
 * exportCredentialStamp: 20 a minute; searchProfessionals: 120 a minute.
 */
import { describe, expect, it } from 'vitest';
import { seedCredential, seedUser } from '../../prisma/factories.ts';
import { gql, nextClientIp } from '../../test/graphql.ts';

function refusedFields(res: Awaited<ReturnType<typeof gql>>) {
  const data = (res.body.data ?? {}) as Record<string, unknown>;
  return {
    answered: Object.values(data).filter((v) => v !== null).length,
    refused: (res.body.errors ?? []).filter((e) => e.extensions.code === 'RATE_LIMITED' && e.extensions.status_code === 429).length,
  };
}

describe('per-field budgets', () => {
  it('exportCredentialStamp: of 21 aliased exports in one request the 21st is RATE_LIMITED, and so is the next request; another address is not', async () => {
    const owner = await seedUser({ planLevel: 'TEAM', displayName: 'Jordan Ellis' });
    const credential = await seedCredential({ userId: owner.id, organizationId: owner.organizationId, displayName: 'Jordan Ellis' });
    const ip = nextClientIp();
    const exports = (n: number, from: string) =>
      gql(`mutation($id: UUID!) { ${Array.from({ length: n }, (_, i) => `e${i}: exportCredentialStamp(id: $id, format: PDF) { filename }`).join(' ')} }`, {
        token: owner.accessToken,
        variables: { id: credential.id },
        headers: { 'x-forwarded-for': from },
      });
    expect(refusedFields(await exports(21, ip))).toEqual({ answered: 20, refused: 1 });
    expect(refusedFields(await exports(1, ip))).toEqual({ answered: 0, refused: 1 });
    expect(refusedFields(await exports(1, nextClientIp()))).toEqual({ answered: 1, refused: 0 });
  });

  it('searchProfessionals: of 121 aliased searches in one request the 121st is RATE_LIMITED, without a token too', async () => {
    const ip = nextClientIp();
    const searches = (n: number, from: string) =>
      gql(`{ ${Array.from({ length: n }, (_, i) => `s${i}: searchProfessionals(professionSlug: "engineer", query: "a${i % 10}") { totalCount }`).join(' ')} }`, {
        headers: { 'x-forwarded-for': from },
      });
    expect(refusedFields(await searches(99, ip))).toEqual({ answered: 99, refused: 0 });
    expect(refusedFields(await searches(22, ip))).toEqual({ answered: 21, refused: 1 });
    expect(refusedFields(await searches(1, nextClientIp()))).toEqual({ answered: 1, refused: 0 });
  });
});
