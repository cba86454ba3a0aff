/**
 * The attacks of the hardening review, each reproduced through the real route handler:
 * fragment fan-out, NUL bytes, password tries, schema leaks, token edges.
 */
import { SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gql, GRAPHQL_URL, POST } from '../../test/graphql.ts';
import { seedUser, uniqueEmail } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { jwtKey } from '../auth/secret.ts';
import { db } from '../db/index.ts';
import { parseEnv } from '../env.ts';
import { configureRateLimit, resetRateLimits } from '../ratelimit/index.ts';
import { createGraphQLHandler, optionsFromEnv } from './http.ts';

let user: SeededUser;
beforeAll(async () => {
  user = await seedUser();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await resetRateLimits();
});

/** The 858-byte repro: `{ ...F0 }` where each of 21 fragments spreads the next twice (2^21 selections). */
function fanOut(levels = 21) {
  let q = '{ ...F0 } ';
  for (let i = 0; i < levels; i++) q += `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} } `;
  return `${q}fragment F${levels} on Query { __typename }`;
}

/** How long `work` takes from its call to its answer. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe('fragment fan-out', () => {
  it('refuses the 858-byte repro with 400 at once, while a plain query sent alongside is answered', async () => {
    const repro = fanOut();
    expect(repro.length).toBeLessThan(900);
    const [attack, plain] = await Promise.all([timed(() => gql(repro)), timed(() => gql('{ __typename }'))]);
    expect(attack.value.status).toBe(400);
    expect(attack.value.body.data).toBeUndefined();
    expect(attack.value.body.errors![0].extensions).toEqual({ code: 'QUERY_TOO_COMPLEX', status_code: 400 });
    expect(attack.value.body.errors![0].message).toMatch(/expands to 2097152 field selections/);
    expect(plain.value.status).toBe(200);
    expect(plain.value.body).toEqual({ data: { __typename: 'Query' } });
    expect(attack.ms).toBeLessThan(1000);
    expect(plain.ms).toBeLessThan(1000);
  });

  it('refuses 60 levels as fast, and a fan-out of costly fields by its cost', async () => {
    const { value, ms } = await timed(() => gql(fanOut(60)));
    expect(value.status).toBe(400);
    expect(ms).toBeLessThan(1000);
    let costly = '{ ...F0 } ';
    for (let i = 0; i < 11; i++) costly += `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} } `;
    costly += 'fragment F11 on Query { organization { id } }';
    const res = await gql(costly, { token: user.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', queryComplexity: { max: 500, actual: 2048 } });
  });
});

describe('NUL bytes', () => {
  it('answers BAD_USER_INPUT to a login whose email holds NUL, as a variable or a literal', async () => {
    const asVariable = await gql('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { variables: { i: { email: `${user.email}\u0000`, password: user.password } } });
    expect(asVariable.status).toBe(400);
    expect(asVariable.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    expect(asVariable.body.errors![0].message).toMatch(/NUL \(U\+0000\).*variables\.i\.email/);
    const asLiteral = await gql(`mutation { login(input: { email: "${user.email}\\u0000", password: "${user.password}" }) { accessToken } }`);
    expect(asLiteral.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
  });

  it('answers BAD_USER_INPUT to a registration whose displayName holds NUL, and stores nothing', async () => {
    const email = uniqueEmail('nul');
    const res = await gql(`mutation { register(input: { email: "${email}", password: "long enough pw", displayName: "a\\u0000b" }) { accessToken } }`);
    expect(res.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    const viaVariables = await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', { variables: { i: { email, password: 'long enough pw', displayName: 'a\u0000b' } } });
    expect(viaVariables.body.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    expect(await db().user.count({ where: { email } })).toBe(0);
  });

  it('refuses NUL in a multipart request, an operationName, and a key', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }', variables: { i: { email: 'a\u0000@b.c', password: 'x' } } }));
    form.set('map', '{}');
    const multipart = await POST(new Request(GRAPHQL_URL, { method: 'POST', body: form }));
    expect(multipart.status).toBe(400);
    expect((await multipart.json()).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const named = await POST(
      new Request(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query A { __typename }', operationName: 'A\u0000' }) }),
    );
    expect((await named.json()).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const key = await gql('{ __typename }', { variables: { ['k\u0000']: 1 } });
    expect(key.body.errors![0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it("walks a client's input only when its text holds a NUL escape, and then refuses nesting and size it will not walk", async () => {
    const post = (body: string) => POST(new Request(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.20' }, body }));
    const deep = (leaf: string) => `${'['.repeat(100_000)}${leaf}${']'.repeat(100_000)}`;
    const withNul = await post(`{"query": "{ __typename }", "variables": {"deep": ${deep('"x\\u0000"')}}}`);
    expect(withNul.status).toBe(400);
    expect((await withNul.json()).errors[0].message).toMatch(/nested more than 64 levels/);
    // Without one, nothing needs walking: an undeclared variable is ignored.
    const clean = await post(`{"query": "{ __typename }", "variables": {"deep": ${deep('"x"')}}}`);
    expect(await clean.json()).toEqual({ data: { __typename: 'Query' } });
    const wide = `{${Array.from({ length: 150_000 }, (_, i) => `"k${i}":0`).join(',')},"nul":"\\u0000"}`;
    const body = `{"query": "{ __typename }", "extensions": ${wide}}`;
    const { value, ms } = await timed(() => post(body));
    expect(value.status).toBe(400);
    expect((await value.json()).errors[0].message).toMatch(/more than 100000 values/);
    expect(ms).toBeLessThan(2000); // parsing 2 MB of JSON is most of it
  });
});

describe('password tries', () => {
  it('allows one sign-in field per operation: 99 login aliases run no password check', async () => {
    const aliases = Array.from({ length: 99 }, (_, i) => `l${i}: login(input: { email: "${user.email}", password: "guess ${i}" }) { expiresIn }`).join(' ');
    const { value, ms } = await timed(() => gql(`mutation { ${aliases} }`));
    expect(value.status).toBe(400);
    expect(value.body.data).toBeUndefined();
    expect(value.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    expect(value.body.errors![0].message).toMatch(/at most one of login, verifyMfaLogin, refreshToken, register/);
    // 99 argon2 checks take seconds; a refusal before any resolver takes milliseconds.
    expect(ms).toBeLessThan(500);
    const mixed = await gql(
      `mutation { register(input: { email: "${uniqueEmail('mix')}", password: "long enough pw" }) { expiresIn } login(input: { email: "${user.email}", password: "${user.password}" }) { expiresIn } }`,
    );
    expect(mixed.body.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    const viaFragments = await gql(`mutation { ...L ...L } fragment L on Mutation { login(input: { email: "${user.email}", password: "${user.password}" }) { expiresIn } }`);
    expect(viaFragments.body.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    const one = await gql(`mutation { login(input: { email: "${user.email}", password: "${user.password}" }) { expiresIn } }`);
    expect(one.body.data).toEqual({ login: { expiresIn: 900 } });
  });

  it('limits every /v1/graphql request per IP: HTTP 429 RATE_LIMITED with Retry-After and RateLimit-*', async () => {
    configureRateLimit('graphqlIp', { limit: 3 });
    const ip = '198.51.100.7';
    for (let i = 0; i < 3; i++) expect((await gql('{ __typename }', { headers: { 'x-forwarded-for': ip } })).status).toBe(200);
    const refused = await gql(`mutation { login(input: { email: "${user.email}", password: "${user.password}" }) { expiresIn } }`, { headers: { 'x-forwarded-for': ip } });
    expect(refused.status).toBe(429);
    expect(refused.body.errors![0].extensions).toEqual({ code: 'RATE_LIMITED', status_code: 429 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-limit')).toBe('3');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await gql('{ __typename }', { headers: { 'x-forwarded-for': '198.51.100.8' } })).status).toBe(200);
  });

  it('holds the documented default of 100 a minute', async () => {
    const ip = '198.51.100.9';
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await gql('{ __typename }', { headers: { 'x-forwarded-for': ip } })).status);
    expect(statuses.slice(0, 100).every((s) => s === 200)).toBe(true);
    expect(statuses[100]).toBe(429);
  });
});

describe('schema privacy while introspection is off', () => {
  it('suggests no field names and names no server library', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const handler = createGraphQLHandler(optionsFromEnv(parseEnv())).POST;
    const typo = await gql('{ mee }', { handler });
    expect(typo.status).toBe(400);
    expect(typo.body.errors![0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(JSON.stringify(typo.body)).not.toMatch(/Did you mean|"me"/);
    const introspection = await gql('{ __schema { queryType { name } } }', { handler });
    expect(introspection.body.errors![0].message).toBe('Introspection is disabled.');
    expect(JSON.stringify(introspection.body)).not.toMatch(/Apollo|introspection: true/);
  });

  it('still suggests names where introspection is on (development)', async () => {
    const typo = await gql('{ mee }');
    expect(typo.body.errors![0].message).toMatch(/Did you mean "me"/);
  });
});

describe('token edges', () => {
  const sign = (claims: { sub?: string; exp?: boolean; sid?: string }) => {
    const now = Math.floor(Date.now() / 1000);
    let jwt = new SignJWT({ typ: 'access', ...(claims.sid ? { sid: claims.sid } : {}) }).setProtectedHeader({ alg: 'HS256' }).setIssuer('sealwright').setAudience('sealwright-api').setIssuedAt(now);
    if (claims.sub) jwt = jwt.setSubject(claims.sub);
    if (claims.exp !== false) jwt = jwt.setExpirationTime(now + 600);
    return jwt.sign(jwtKey());
  };

  it('answers UNAUTHENTICATED to a well-signed token whose subject is no UUID', async () => {
    for (const sub of ['admin', "' OR 1=1 --", '00000000-0000-0000-0000-00000000000g']) {
      const res = await gql('{ me { id } }', { token: await sign({ sub }) });
      expect(res.body.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED', status_code: 401 });
    }
  });

  it('refuses a token without exp, and accepts the same token with one', async () => {
    // A session of the user's: the refresh-token family their sign-up started.
    const { familyId: sid } = await db().refreshToken.findFirstOrThrow({ where: { userId: user.id, revokedAt: null }, select: { familyId: true } });
    const res = await gql('{ me { id } }', { token: await sign({ sub: user.id, sid, exp: false }) });
    expect(res.body.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED', status_code: 401 });
    const ok = await gql('{ me { id } }', { token: await sign({ sub: user.id, sid }) });
    expect(ok.body.data).toEqual({ me: { id: user.id } });
  });

  it('answers TOKEN_REVOKED to a well-signed token that names no live session of its user', async () => {
    const other = await seedUser();
    const { familyId: othersSession } = await db().refreshToken.findFirstOrThrow({ where: { userId: other.id }, select: { familyId: true } });
    // No session, a made-up one, another user's: none is this user's live session.
    for (const sid of [undefined, '6f1c2d3e-0000-4000-8000-000000000000', othersSession]) {
      const res = await gql('{ me { id } }', { token: await sign({ sub: user.id, sid }) });
      expect(res.body.errors![0].extensions, String(sid)).toEqual({ code: 'TOKEN_REVOKED', status_code: 401 });
    }
  });
});

describe('introspection where it is on', () => {
  it('refuses nested lists of types and fields before they multiply, and answers a plain query meanwhile', async () => {
    let q = 'name';
    for (let i = 0; i < 20; i++) q = `name fields { type { ${q} } }`;
    const [attack, plain] = await Promise.all([timed(() => gql(`{ __type(name: "__Type") { ${q} } }`)), timed(() => gql('{ __typename }'))]);
    expect(attack.value.status).toBe(400);
    expect(['QUERY_TOO_DEEP', 'QUERY_TOO_COMPLEX']).toContain(attack.value.body.errors![0].extensions.code);
    expect(plain.value.status).toBe(200);
    expect(attack.ms).toBeLessThan(1000);
    expect(plain.ms).toBeLessThan(1000);
  });
});

describe('request shapes from the attack probe', () => {
  const multipartRequest = (parts: number, map: Record<string, string[]>) => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: '{ __typename }', variables: {} }));
    form.set('map', JSON.stringify(map));
    for (let i = 0; i < parts; i++) form.set(String(i), new File(['x'], `${i}.pdf`));
    return new Request(GRAPHQL_URL, { method: 'POST', headers: { 'x-forwarded-for': nextIp() }, body: form });
  };
  const multipart = (parts: number, map: Record<string, string[]>) => POST(multipartRequest(parts, map));
  let ips = 0;
  const nextIp = () => `198.51.100.${100 + (ips++ % 100)}`;

  it('refuses a multipart body of many parts before parsing it, and a map that places files too often', async () => {
    const many = multipartRequest(5_000, {});
    const { value, ms } = await timed(() => POST(many));
    expect(value.status).toBe(400);
    expect((await value.json()).errors[0].message).toMatch(/at most 32 parts/);
    expect(ms).toBeLessThan(1000);
    const tooOften = await multipart(1, { 0: Array.from({ length: 40 }, (_, i) => `variables.f${i}`) });
    expect((await tooOften.json()).errors[0].message).toMatch(/place files at most 32 times/);
    const fine = await multipart(2, { 0: ['variables.a'], 1: ['variables.b'] });
    expect(await fine.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('answers a persisted-query hash that is no hash with BAD_USER_INPUT, not 500', async () => {
    for (const sha256Hash of [{ toString: 1 }, 1, [], 'abc']) {
      const res = await gql(undefined, { extensions: { persistedQuery: { version: 1, sha256Hash } } });
      expect(res.status).toBe(400);
      expect(res.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    }
  });

  it('refuses a document nested past the parser in its own words', async () => {
    const res = await gql(`{ ${'... on Query { '.repeat(6000)}__typename${' }'.repeat(6000)} }`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/call stack/i);
  });

  it('costs a variable left out at its default', async () => {
    const aliases = Array.from({ length: 10 }, (_, i) => `a${i}: myOrganizations(limit: $l) { organization { id } }`).join(' ');
    const res = await gql(`query($l: Int = 50) { ${aliases} }`, { token: user.accessToken });
    expect(res.body.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', queryComplexity: { max: 500, actual: 510 } });
  });

  it('quotes at most 100 characters of a bad value', async () => {
    const res = await gql('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { variables: { i: { email: 'x'.repeat(100_000), password: 1 } } });
    expect(res.body.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors![0].message.length).toBeLessThan(1_100);
    expect(res.body.errors![0].message).not.toContain('x'.repeat(101));
  });

  it('suggests no input field names while introspection is off', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const handler = createGraphQLHandler(optionsFromEnv(parseEnv())).POST;
    const res = await gql('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { handler, variables: { i: { emal: 'a@b.c', password: 'x' } } });
    expect(res.body.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(res.body)).not.toMatch(/Did you mean|"email"/);
  });

  it('answers other methods with 405, says how to name an operation, and sends nosniff', async () => {
    const { DELETE } = await import('../../app/v1/graphql/route.ts');
    const del = DELETE();
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('POST');
    expect((await del.json()).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const ambiguous = await gql('query A { __typename } query B { __typename }');
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ambiguous.body.errors![0].message).not.toMatch(/has no such operations/);
  });

  it('counts playground password tries against the per-IP limit', async () => {
    configureRateLimit('graphqlIp', { limit: 3 });
    const { GET } = await import('../../app/v1/graphql/route.ts');
    const attempt = () =>
      GET(new Request(GRAPHQL_URL, { headers: { accept: 'text/html', authorization: `Basic ${Buffer.from('admin:guess').toString('base64')}`, 'x-forwarded-for': '198.51.100.30' } }));
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);
  });
});
