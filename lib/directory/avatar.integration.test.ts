/** The generated avatars a directory profile's photoUrl points at, through the route handler. */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { GET } from '../../app/avatars/[file]/route.ts';
import { seedProfessional } from '../../prisma/factories.ts';
import { gql } from '../../test/graphql.ts';
import { renderAvatar } from './avatar.ts';

const get = (file: string, headers: Record<string, string> = {}) => GET(new Request(`http://localhost/avatars/${encodeURIComponent(file)}`, { headers }), { params: Promise.resolve({ file }) });

describe('/avatars/<slug>.svg', () => {
  it('serves the initials of the professional the profile names, cached, with an ETag', async () => {
    const record = await seedProfessional({ firstName: 'Élodie', lastName: 'Ørsted' });
    const profile = await gql('query($id: UUID!) { professional(id: $id) { photoUrl } }', { variables: { id: record.id } });
    const photoUrl = new URL(profile.body.data!.professional.photoUrl);
    expect(photoUrl.origin).toBe('http://localhost:3000'); // APP_URL: absolute, loadable by any client
    expect(photoUrl.pathname).toBe(`/avatars/${record.slug}.svg`);
    const res = await get(`${record.slug}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = await res.text();
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(svg);
    expect(parsed.svg.title).toBe(record.fullName);
    expect(parsed.svg.text['#text']).toBe('ÉØ');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(`${record.slug}.svg`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // A weak validator, a list and `*` match too (RFC 9110); another tag does not.
    for (const header of [`W/${etag}`, `"other", ${etag}`, '*']) expect((await get(`${record.slug}.svg`, { 'if-none-match': header })).status, header).toBe(304);
    expect((await get(`${record.slug}.svg`, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('answers 404 for a slug nobody has, and for a name that is not one', async () => {
    for (const file of ['nobody-tx-000000.svg', 'x.png', '../etc/passwd', `${'a'.repeat(300)}.svg`, '.svg']) {
      const res = await get(file);
      expect(res.status, file).toBe(404);
    }
  });

  it('escapes whatever a name holds', () => {
    const svg = renderAvatar({ slug: 's', firstName: '<script>', lastName: '&', fullName: '<script>alert(1)</script> & "co"' });
    expect(svg).not.toContain('<script>');
    const parsed = new XMLParser({ ignoreAttributes: false, htmlEntities: true }).parse(svg);
    expect(parsed.svg.title).toBe('<script>alert(1)</script> & "co"');
    expect(parsed.svg['@_aria-label']).toBe('<script>alert(1)</script> & "co"');
    expect(
      Object.keys(parsed.svg)
        .filter((k) => !k.startsWith('@_'))
        .sort(),
    ).toEqual(['rect', 'text', 'title']);
  });

  it('holds each client address to 600 a minute (HTTP 429 with Retry-After past it)', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    let last: Response | undefined;
    for (let i = 0; i < 600; i += 1) {
      last = await get('nobody-tx-000000.svg', headers);
      expect(last.status).toBe(404);
    }
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    const refused = await get('nobody-tx-000000.svg', headers);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await get('nobody-tx-000000.svg', { 'x-forwarded-for': '198.51.100.78' })).status).toBe(404);
  });
});
