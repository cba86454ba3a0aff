/** The smoke set: a real `next start` server over HTTP. */
import crypto from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, inject, it } from 'vitest';
import { fetchFrom } from './http.ts';

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
    const reg = await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken user { email trialActive } } }', {
      i: { email, password: 'smoke test password', displayName: 'Smoke Test' },
    });
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
    // The family's access tokens end with it, at once.
    expect((await gql('{ me { email } }', undefined, next.accessToken)).body.errors[0].extensions.code).toBe('TOKEN_REVOKED');
    const again = (await gql('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email, password: 'smoke test password' } })).body.data.login;
    expect((await gql('mutation { logout }', undefined, again.accessToken)).body.data).toEqual({ logout: true });
    expect((await gql('{ me { email } }', undefined, again.accessToken)).body.errors[0].extensions.code).toBe('TOKEN_REVOKED');
  });

  it('signs in the seeded demo account, whose license the seeded board verifies (the README example)', async () => {
    const res = await gql('mutation { login(input: { email: "demo@sealwright.test", password: "sealwright-demo" }) { accessToken user { displayName } } }');
    expect(res.body.data.login.user.displayName).toBe('Dana Demo, P.E.');
    const token = res.body.data.login.accessToken;
    const created = await gql('mutation { createCredential(input: {licenseNumber: "123456", regionCode: "TX", licenseType: "engineer"}) { status canSeal stampSvg } }', undefined, token);
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createCredential).toMatchObject({ status: 'VERIFIED', canSeal: true });
    expect(created.body.data.createCredential.stampSvg).toContain('No. 123456');
    const professions = await gql('{ professions { slug professionalCount } }');
    expect(professions.body.data.professions.reduce((a: number, p: { professionalCount: number }) => a + p.professionalCount, 0)).toBe(5000);
  });

  it('uploads a PDF (read by the built worker thread), makes it a document and downloads it by its signed link', async () => {
    const login = await gql('mutation { login(input: { email: "demo@sealwright.test", password: "sealwright-demo" }) { accessToken } }');
    const token = login.body.data.login.accessToken;
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]).drawText(`Smoke ${crypto.randomUUID()}`, { x: 72, y: 700 });
    const bytes = await pdf.save();
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: 'mutation($file: Upload!) { uploadFile(file: $file) { fileHash } }', variables: { file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new File([bytes as Uint8Array<ArrayBuffer>], 'smoke.pdf'));
    const uploaded = await (await fetch(`${base}/v1/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json();
    expect(uploaded.errors).toBeUndefined();
    const created = await gql('mutation($h: String!) { createDocument(input: { name: "Smoke sheet", fileHash: $h }) { downloadUrl versionCount } }', { h: uploaded.data.uploadFile.fileHash }, token);
    expect(created.body.data.createDocument.versionCount).toBe(1);
    const file = await fetch(created.body.data.createDocument.downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('filename="Smoke sheet.pdf"');
    expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), Buffer.from(bytes))).toBe(0);
  });

  it('answers GET with 405 and a 17 MB body with 413', async () => {
    const get = await fetch(`${base}/v1/graphql`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const big = await fetch(`${base}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { id } }', variables: { pad: 'x'.repeat(17 * 1024 * 1024) } }),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown address under /v1 with the REST 404 body, and leaves the real endpoints to their routes', async () => {
    for (const [method, address] of [
      ['GET', '/v1/nope'],
      ['GET', '/v1/ca/foo'],
      ['POST', '/v1/graphql/foo'],
      ['DELETE', '/v1'],
    ]) {
      const res = await fetch(`${base}${address}`, { method });
      expect([res.status, res.headers.get('content-type')], `${method} ${address}`).toEqual([404, 'application/json']);
      expect((await res.json()).error).toBe('not_found');
    }
    expect((await fetch(`${base}/v1/ca/cert`)).headers.get('content-type')).toBe('application/pkix-cert');
    const schema = await fetch(`${base}/v1/graphql/schema`, { method: 'POST' });
    expect([schema.status, schema.headers.get('allow'), (await schema.json()).error]).toEqual([405, 'GET', 'method_not_allowed']);
  });

  it('refuses introspection in production mode', async () => {
    const res = await gql('{ __schema { queryType { name } } }');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('POST /v1/stamp over HTTP', () => {
  const stamp = (from: string, body: object, headers: Record<string, string> = {}) =>
    fetchFrom(from, `${base}/v1/stamp`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('renders PNG and PDF through the native renderer inside next start', async () => {
    for (const [format, type, magic] of [
      ['png', 'image/png', '\x89PNG'],
      ['pdf', 'application/pdf', '%PDF'],
    ] as const) {
      const res = await stamp('127.0.0.2', { name: 'Smoke Test', license: '4242', state: 'Ohio', profession: 'land-surveyor', format });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.body.subarray(0, 4).toString('latin1')).toBe(magic);
    }
  });

  it('answers 404 for a jurisdiction without a template, 400 for bad style, 405 for GET', async () => {
    const pr = await stamp('127.0.0.3', { name: 'A', license: '1', state: 'PR' });
    expect(pr.status).toBe(404);
    expect(pr.json().error).toBe('not_found');
    const bad = await stamp('127.0.0.3', { name: 'A', license: '1', state: 'TX', opacity: '2' });
    expect(bad.status).toBe(400);
    expect(bad.json().message).toBe('Invalid opacity: "2". opacity accepts a decimal from 0 to 1 (0, 0.5, 1).');
    const get = await fetchFrom('127.0.0.3', `${base}/v1/stamp`);
    expect(get.status).toBe(405);
    expect(get.headers.allow).toMatch(/^POST/);
  });
});

describe('per-IP limit over HTTP', () => {
  it('counts the socket address: an invented X-Forwarded-For does not dodge the stamp limit', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const res = await fetchFrom('127.0.0.4', `${base}/v1/stamp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
        body: JSON.stringify({ name: 'Spoof Test', license: String(i), state: 'TX', format: 'svg' }),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    // Another address still has its own budget.
    const other = await fetchFrom('127.0.0.5', `${base}/v1/stamp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'A', license: '1', state: 'TX', format: 'svg' }),
    });
    expect(other.status).toBe(200);
  });
});
