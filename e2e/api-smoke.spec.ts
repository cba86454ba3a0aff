/** The smoke set: a real `next start` server over HTTP. */
import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');

async function gql(query: string, variables?: Record<string, unknown>, token?: string) {
  const res = await fetch(`${base}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: await res.json() };
}

describe('over HTTP', () => {
  it('register → login → me → refreshToken → logout, and a reused refresh token kills its family', async () => {
    const email = `smoke-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const reg = await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken user { email trialActive } } }', { i: { email, password: 'smoke test password', displayName: 'Smoke Test' } });
    expect(reg.body.data.register.user).toEqual({ email, trialActive: true });
    const login = await gql('mutation($i: LoginInput!) { login(input: $i) { accessToken refreshToken expiresIn } }', { i: { email, password: 'smoke test password' } });
    const { accessToken, refreshToken, expiresIn } = login.body.data.login;
    expect(expiresIn).toBe(900);
    expect((await gql('{ me { email } subscription { status } }', undefined, accessToken)).body.data).toEqual({ me: { email }, subscription: { status: 'trialing' } });
    const rotated = await gql('mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken refreshToken } }', { t: refreshToken });
    const next = rotated.body.data.refreshToken;
    const reuse = await gql('mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken } }', { t: refreshToken });
    expect(reuse.body.errors[0].extensions).toEqual({ code: 'TOKEN_REVOKED', status_code: 401 });
    const family = await gql('mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken } }', { t: next.refreshToken });
    expect(family.body.errors[0].extensions.code).toBe('TOKEN_REVOKED');
    expect((await gql('mutation { logout }', undefined, next.accessToken)).body.data).toEqual({ logout: true });
  });

  it('signs in the seeded demo account', async () => {
    const res = await gql('mutation { login(input: { email: "demo@sealwright.test", password: "sealwright-demo" }) { user { displayName } } }');
    expect(res.body.data.login.user.displayName).toBe('Dana Demo, P.E.');
  });

  it('answers GET with 405 and a 17 MB body with 413', async () => {
    const get = await fetch(`${base}/v1/graphql`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const big = await fetch(`${base}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ me { id } }', variables: { pad: 'x'.repeat(17 * 1024 * 1024) } }) });
    expect(big.status).toBe(413);
    expect((await big.json()).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses introspection in production mode', async () => {
    const res = await gql('{ __schema { queryType { name } } }');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('POST /v1/stamp over HTTP', () => {
  it('renders PNG and PDF through the native renderer inside next start', async () => {
    for (const [format, type, magic] of [['png', 'image/png', '\x89PNG'], ['pdf', 'application/pdf', '%PDF']] as const) {
      const res = await fetch(`${base}/v1/stamp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${format.length}` },
        body: JSON.stringify({ name: 'Smoke Test', license: '4242', state: 'Ohio', profession: 'land-surveyor', format }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await res.arrayBuffer()).subarray(0, 4).toString('latin1')).toBe(magic);
    }
  });

  it('answers 404 for a jurisdiction without a template and 400 for bad style', async () => {
    const post = (body: object) => fetch(`${base}/v1/stamp`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.77' }, body: JSON.stringify(body) });
    const pr = await post({ name: 'A', license: '1', state: 'PR' });
    expect(pr.status).toBe(404);
    expect((await pr.json()).error).toBe('not_found');
    const bad = await post({ name: 'A', license: '1', state: 'TX', opacity: '2' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Invalid opacity: "2". opacity accepts a decimal from 0 to 1 (0, 0.5, 1).');
  });
});

describe('per-IP limit over HTTP', () => {
  it('counts the socket address: an invented X-Forwarded-For does not dodge the stamp limit', async () => {
    const post = (i: number) =>
      fetch(`${base}/v1/stamp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
        body: JSON.stringify({ name: 'Spoof Test', license: String(i), state: 'TX', format: 'svg' }),
      });
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) statuses.push((await post(i)).status);
    // Earlier tests of this file spent part of the same address's budget of 10 a minute.
    expect(statuses).toContain(429);
    expect(statuses[statuses.length - 1]).toBe(429);
    const refused = await post(99);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
