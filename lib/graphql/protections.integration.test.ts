import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gql, GET, GRAPHQL_URL, POST } from '../../test/graphql.ts';
import { seedOrganization, seedUser, setPlan, uniqueEmail } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { signAccessToken } from '../auth/tokens.ts';
import { db } from '../db/index.ts';
import { createGraphQLHandler, optionsFromEnv } from './http.ts';
import { parseEnv } from '../env.ts';

let user: SeededUser;
beforeAll(async () => {
  user = await seedUser();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const nested = (depth: number) => {
  // me { f2 { f3 { … } } }: `depth` fields from the root field to the leaf.
  let inner = `f${depth}`;
  for (let i = depth - 1; i >= 2; i--) inner = `f${i} { ${inner} }`;
  return `{ me { ${inner} } }`;
};

describe('query depth', () => {
  it('refuses a depth-11 query with one QUERY_TOO_DEEP error, HTTP 400, no data', async () => {
    const res = await gql(nested(11), { token: user.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors![0].extensions).toEqual({ code: 'QUERY_TOO_DEEP', status_code: 400 });
    expect(res.body.errors![0].message).toMatch(/depth of 11 exceeds the maximum depth of 10/);
  });

  it('counts depth through fragments', async () => {
    const query = `query { me { ...A } } fragment A on User { a { b { c { d { e { f { g { h { i { j } } } } } } } } } }`;
    const res = await gql(query, { token: user.accessToken });
    expect(res.body.errors![0].extensions.code).toBe('QUERY_TOO_DEEP');
  });

  it('lets depth 10 through to validation, which judges the fields', async () => {
    const res = await gql(nested(10), { token: user.accessToken });
    expect(res.body.errors![0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('query complexity', () => {
  // Each alias costs 1 + 50 × 1 (the organization object) = 51.
  const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `m${i}: myOrganizations(limit: 50) { organization { id } }`).join(' ')} }`;

  it('accepts a query at 459 and refuses one at 510 (limit 500) with QUERY_TOO_COMPLEX, HTTP 400', async () => {
    const ok = await gql(aliased(9), { token: user.accessToken });
    expect(ok.body.errors).toBeUndefined();
    const res = await gql(aliased(10), { token: user.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', status_code: 400, queryComplexity: { max: 500, actual: 510 } });
  });

  it('gives an ENTERPRISE organization the 2,000 limit', async () => {
    const enterprise = await seedUser({ planLevel: 'ENTERPRISE' });
    const ok = await gql(aliased(10), { token: enterprise.accessToken });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data!.m9[0].organization.id).toBe(enterprise.organizationId);
    const tooMuch = await gql(aliased(40), { token: enterprise.accessToken });
    expect(tooMuch.body.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', queryComplexity: { max: 2000, actual: 2040 } });
  });

  it('holds mutations to 100 before any resolver runs', async () => {
    const emails = Array.from({ length: 51 }, () => uniqueEmail('bulk'));
    const mutation = `mutation { ${emails.map((e, i) => `r${i}: register(input: { email: "${e}", password: "long enough pw" }) { user { id } }`).join(' ')} }`;
    const res = await gql(mutation);
    expect(res.status).toBe(400);
    expect(res.body.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', queryComplexity: { max: 100, actual: 102 } });
    expect(await db().user.count({ where: { email: { in: emails } } })).toBe(0);
  });

  it('refuses a limit above the maximum instead of cutting it', async () => {
    const res = await gql('{ myOrganizations(limit: 51) { id } }', { token: user.accessToken });
    expect(res.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    expect(res.body.errors![0].message).toMatch(/between 1 and 50; got 51/);
  });
});

describe('automatic persisted queries', () => {
  it('answers PERSISTED_QUERY_NOT_FOUND on a miss, then serves the stored query by hash', async () => {
    const query = `{ me { email } } # ${crypto.randomUUID()}`;
    const sha256Hash = crypto.createHash('sha256').update(query).digest('hex');
    const extensions = { persistedQuery: { version: 1, sha256Hash } };
    const miss = await gql(undefined, { token: user.accessToken, extensions });
    expect(miss.body.errors![0].extensions).toEqual({ code: 'PERSISTED_QUERY_NOT_FOUND', status_code: 400 });
    const register = await gql(query, { token: user.accessToken, extensions });
    expect(register.body.data).toEqual({ me: { email: user.email } });
    const hit = await gql(undefined, { token: user.accessToken, extensions });
    expect(hit.body.errors).toBeUndefined();
    expect(hit.body.data).toEqual({ me: { email: user.email } });
  });

  it('refuses a query whose hash does not match', async () => {
    const res = await gql('{ me { email } }', { token: user.accessToken, extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } });
    expect(res.status).toBe(400);
    expect(res.body.errors![0].extensions.status_code).toBe(400);
  });
});

describe('introspection', () => {
  const query = '{ __schema { queryType { name } } }';
  it('is refused in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const handler = createGraphQLHandler(optionsFromEnv(parseEnv())).POST;
    const res = await gql(query, { handler });
    expect(res.status).toBe(400);
    expect(res.body.errors![0].extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED', status_code: 400 });
  });
  it('is allowed in production with GRAPHQL_INTROSPECTION=true, and outside production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('GRAPHQL_INTROSPECTION', 'true');
    expect((await gql(query, { handler: createGraphQLHandler(optionsFromEnv(parseEnv())).POST })).body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    expect((await gql(query)).body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});

describe('transport', () => {
  it('answers GET with 405 and Allow: POST', async () => {
    const res = await GET(new Request(`${GRAPHQL_URL}?query=%7Bme%7Bid%7D%7D`, { headers: { accept: 'application/json' } }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await res.json()).errors[0].extensions.status_code).toBe(400);
  });

  it('accepts application/json with a charset', async () => {
    const res = await gql('{ me { email } }', { token: user.accessToken, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(res.body.data).toEqual({ me: { email: user.email } });
  });

  it('refuses another content type with 415', async () => {
    const res = await POST(new Request(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{ me { id } }' }));
    expect(res.status).toBe(415);
    expect((await res.json()).errors[0].extensions).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', status_code: 415 });
  });

  it('refuses malformed JSON with BAD_USER_INPUT', async () => {
    const res = await POST(new Request(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ' }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('answers a 17 MB body with 413, declared or streamed', async () => {
    const big = JSON.stringify({ query: '{ me { id } }', variables: { pad: 'x'.repeat(17 * 1024 * 1024) } });
    const declared = await POST(new Request(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(big.length) }, body: big }));
    expect(declared.status).toBe(413);
    expect((await declared.json()).errors[0].extensions).toEqual({ code: 'PAYLOAD_TOO_LARGE', status_code: 413 });
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 1 << 20) controller.enqueue(bytes.subarray(i, i + (1 << 20)));
        controller.close();
      },
    });
    const streamed = await POST(new Request(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit));
    expect(streamed.status).toBe(413);
  });

  it('answers an unknown field with GRAPHQL_VALIDATION_FAILED, status_code 400', async () => {
    const res = await gql('{ me { id shoeSize } }', { token: user.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.errors![0].extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED', status_code: 400 });
    expect(res.body.errors![0].message).toMatch(/shoeSize/);
  });

  it('answers a syntax error with GRAPHQL_PARSE_FAILED', async () => {
    const res = await gql('{ me { id ', { token: user.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.errors![0].extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED', status_code: 400 });
  });

  it('accepts a multipart request without any preflight header, placing the file at its map path', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: '{ me { email } }', variables: { file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'drawing.pdf', { type: 'application/pdf' }));
    const res = await POST(new Request(GRAPHQL_URL, { method: 'POST', headers: { authorization: `Bearer ${user.accessToken}` }, body: form }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { me: { email: user.email } } });
  });

  it('refuses a multipart map that points outside variables', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: '{ me { email } }' }));
    form.set('map', JSON.stringify({ 0: ['__proto__.polluted'] }));
    form.set('0', new File(['x'], 'x.pdf'));
    const res = await POST(new Request(GRAPHQL_URL, { method: 'POST', body: form }));
    expect(res.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('timeout', () => {
  it('answers TIMEOUT (status_code 504) when the operation outlives the limit', async () => {
    vi.stubEnv('GRAPHQL_TIMEOUT_MS', '5');
    const handler = createGraphQLHandler(optionsFromEnv(parseEnv())).POST;
    // login hashes with argon2id (tens of milliseconds): slower than 5 ms.
    const res = await gql(`mutation { login(input: { email: "${user.email}", password: "${user.password}" }) { accessToken } }`, { handler });
    expect(res.status).toBe(200);
    expect(res.body.errors![0].extensions).toEqual({ code: 'TIMEOUT', status_code: 504 });
  });

  it('does not leave an account behind a registration it answered TIMEOUT', async () => {
    vi.stubEnv('GRAPHQL_TIMEOUT_MS', '5');
    const handler = createGraphQLHandler(optionsFromEnv(parseEnv()));
    const email = uniqueEmail('late');
    const res = await gql(`mutation { register(input: { email: "${email}", password: "long enough pw" }) { accessToken } }`, { handler: handler.POST });
    expect(res.body.errors![0].extensions.code).toBe('TIMEOUT');
    // argon2 finishes after the answer; the registration then stops before writing.
    await handler.idle();
    expect(await db().user.count({ where: { email } })).toBe(0);
  });
});

describe('playground', () => {
  it('answers 401 with WWW-Authenticate without Basic credentials, and serves the page with them', async () => {
    vi.stubEnv('PLAYGROUND_USER', 'admin');
    vi.stubEnv('PLAYGROUND_PASSWORD', 'open sesame');
    const { GET: get } = createGraphQLHandler(optionsFromEnv(parseEnv()));
    const none = await get(new Request(GRAPHQL_URL, { headers: { accept: 'text/html' } }));
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    const wrong = await get(new Request(GRAPHQL_URL, { headers: { accept: 'text/html', authorization: `Basic ${Buffer.from('admin:nope').toString('base64')}` } }));
    expect(wrong.status).toBe(401);
    const ok = await get(new Request(GRAPHQL_URL, { headers: { accept: 'text/html', authorization: `Basic ${Buffer.from('admin:open sesame').toString('base64')}` } }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/text\/html/);
    const html = await ok.text();
    expect(html).toContain('Sealwright GraphQL');
    expect(html).not.toMatch(/<script[^>]+src=/);
  });

  it('stays closed when no credentials are configured', async () => {
    const res = await GET(new Request(GRAPHQL_URL, { headers: { accept: 'text/html', authorization: `Basic ${Buffer.from(':').toString('base64')}` } }));
    expect(res.status).toBe(401);
  });
});

describe('tokens and the current organization', () => {
  it('answers TOKEN_EXPIRED for an expired access token', async () => {
    const expired = await signAccessToken(user.id, Math.floor(Date.now() / 1000) - 901);
    const res = await gql('{ me { id } }', { token: expired });
    expect(res.body.errors![0].extensions).toEqual({ code: 'TOKEN_EXPIRED', status_code: 401 });
  });

  it('lets a public operation through with an expired token', async () => {
    const expired = await signAccessToken(user.id, Math.floor(Date.now() / 1000) - 901);
    const res = await gql(`mutation { login(input: { email: "${user.email}", password: "${user.password}" }) { expiresIn } }`, { token: expired });
    expect(res.body.data).toEqual({ login: { expiresIn: 900 } });
  });

  it('acts in the organization named by X-Organization-Id only when the user is a member', async () => {
    const member = await seedUser();
    const firm = await seedOrganization({ memberUserId: member.id, role: 'ADMIN', planLevel: 'TEAM' });
    const outsider = await seedUser();
    const named = await gql('{ organization { id planLevel maxTeamMembers } subscription { status planLevel } }', { token: member.accessToken, headers: { 'x-organization-id': firm.id } });
    expect(named.body.data).toEqual({ organization: { id: firm.id, planLevel: 'TEAM', maxTeamMembers: 25 }, subscription: { status: 'active', planLevel: 'TEAM' } });
    const primary = await gql('{ organization { id } }', { token: member.accessToken });
    expect(primary.body.data!.organization.id).toBe(member.organizationId);
    // Someone else's organization id is ignored: the outsider stays in their own.
    const foreign = await gql('{ organization { id name } myOrganizations { organization { id } } }', { token: outsider.accessToken, headers: { 'x-organization-id': firm.id } });
    expect(foreign.body.data!.organization.id).toBe(outsider.organizationId);
    expect(foreign.body.data!.myOrganizations.map((m: { organization: { id: string } }) => m.organization.id)).toEqual([outsider.organizationId]);
  });

  it('reports a FREE organization after its trial as status none, unable to seal', async () => {
    const lapsed = await seedUser();
    await db().organization.update({ where: { id: lapsed.organizationId }, data: { trialEndsAt: new Date(Date.now() - 1000) } });
    const res = await gql('{ me { trialActive } organization { canSealDocuments } subscription { status planLevel } }', { token: lapsed.accessToken });
    expect(res.body.data).toEqual({ me: { trialActive: false }, organization: { canSealDocuments: false }, subscription: { status: 'none', planLevel: 'FREE' } });
    await setPlan(lapsed.organizationId, 'PROFESSIONAL');
    const paid = await gql('{ organization { canSealDocuments maxDocuments canUseCloudStorage } subscription { status } }', { token: lapsed.accessToken });
    expect(paid.body.data).toEqual({ organization: { canSealDocuments: true, maxDocuments: 1000, canUseCloudStorage: true }, subscription: { status: 'active' } });
  });
});

describe('operations the request cannot resolve', () => {
  it('answers BAD_USER_INPUT for several operations without operationName, or an unknown one', async () => {
    const query = 'query A { me { id } } query B { me { email } }';
    const ambiguous = await gql(query, { token: user.accessToken });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    const named = await POST(
      new Request(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` }, body: JSON.stringify({ query, operationName: 'B' }) }),
    );
    expect((await named.json()).data).toEqual({ me: { email: user.email } });
    const unknown = await POST(new Request(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, operationName: 'C' }) }));
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('answers a subscription with HTTP 400 BAD_USER_INPUT: the API has none', async () => {
    const res = await gql('subscription { me { id } }', { token: user.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
  });
});
