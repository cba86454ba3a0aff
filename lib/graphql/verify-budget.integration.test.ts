/**
 * verifySeal takes from the same per-IP budget as the four REST verify endpoints (decisions.md
 * "REST details": 60 a minute per IP), once per field: aliases in one request do not get past it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as verifyCode } from '../../app/v1/verify/[code]/route.ts';
import { seedCredential, seedUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, uploaded } from '../../test/documents.ts';
import { gql, nextClientIp } from '../../test/graphql.ts';
import { sealStats } from '../seals/verify-seal.ts';

let code: string;

beforeAll(async () => {
  const owner = await seedUser({ planLevel: 'TEAM', displayName: 'Jordan Ellis' });
  const credential = await seedCredential({ userId: owner.id, organizationId: owner.organizationId, displayName: 'Jordan Ellis' });
  const bytes = await samplePdf(1, 'Budget plan');
  const doc = await createDocumentVia(owner.accessToken, { name: 'Budget plan', fileHash: await uploaded(bytes, 'plan.pdf', owner.accessToken) });
  const sealed = await gql('mutation($input: SealDocumentInput!) { sealDocument(input: $input) { verificationCode } }', {
    token: owner.accessToken,
    variables: { input: { documentId: doc.id, credentialId: credential.id } },
  });
  code = sealed.body.data!.sealDocument.verificationCode;
});

/** One GraphQL request with `n` aliased verifySeal fields, from `ip`, without a token. */
const aliased = (n: number, ip: string) =>
  gql(`query($code: String!) { ${Array.from({ length: n }, (_, i) => `v${i}: verifySeal(code: $code) { verificationCode isValid }`).join(' ')} }`, {
    variables: { code },
    headers: { 'x-forwarded-for': ip },
  });
const rest = (ip: string) => verifyCode(new Request(`http://localhost/v1/verify/${code}`, { headers: { 'x-forwarded-for': ip } }), { params: Promise.resolve({ code }) });
const count = async () => (await sealStats({ code }))!.verificationCount;

describe('verifySeal and the per-IP verification budget', () => {
  it('counts each aliased verifySeal: of 61 in one request the 61st is RATE_LIMITED (429) with data null, and uncounted', async () => {
    const ip = nextClientIp();
    const before = await count();
    const res = await aliased(61, ip);
    expect(res.status).toBe(200);
    const data = res.body.data as Record<string, { verificationCode: string } | null>;
    const answered = Object.values(data);
    expect(answered.filter((v) => v?.verificationCode === code)).toHaveLength(60);
    expect(answered.filter((v) => v === null)).toHaveLength(1);
    expect(res.body.errors).toHaveLength(1);
    const [error] = res.body.errors!;
    expect(error.extensions).toMatchObject({ code: 'RATE_LIMITED', status_code: 429 });
    expect(error.extensions.retryAfterSeconds).toBeGreaterThan(0);
    expect(data[error.path![0]]).toBeNull();
    expect(await count()).toBe(before + 60);

    // The next request, GraphQL or REST, from that address is refused too; another address is not.
    const again = await aliased(1, ip);
    expect(again.body.data).toEqual({ v0: null });
    expect(again.body.errors![0].extensions).toMatchObject({ code: 'RATE_LIMITED', status_code: 429 });
    expect((await rest(ip)).status).toBe(429);
    expect((await aliased(1, nextClientIp())).body.data!.v0).toMatchObject({ verificationCode: code, isValid: true });
    expect(await count()).toBe(before + 61);
  });

  it('shares the budget between REST and GraphQL, whichever comes first', async () => {
    const ip = nextClientIp();
    for (let i = 0; i < 30; i++) expect((await rest(ip)).status).toBe(200);
    const res = await aliased(31, ip);
    expect(Object.values(res.body.data!).filter((v) => v !== null)).toHaveLength(30);
    expect(res.body.errors!.map((e) => e.extensions.code)).toEqual(['RATE_LIMITED']);
    expect((await rest(ip)).status).toBe(429);

    const other = nextClientIp();
    expect((await aliased(60, other)).body.errors).toBeUndefined();
    const refused = await rest(other);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe('rate_limited');
  });
});
