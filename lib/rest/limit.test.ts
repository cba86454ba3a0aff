/** The REST doors' per-IP limit and capped body read (lib/rest/limit.ts). */
import { beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { resetRateLimits, setRateLimitBackend } from '../ratelimit/index.ts';
import { limitByIp, readTextCapped } from './limit.ts';

const from = (ip: string) => new Request('http://localhost/v1/stamp', { method: 'POST', headers: { 'x-forwarded-for': ip } });

beforeEach(async () => {
  await resetRateLimits();
  const start = Date.parse('2026-11-25T12:00:00Z');
  setRateLimitBackend({ now: () => start });
});

describe('limitByIp', () => {
  it('allows the rule’s limit per IP with RateLimit-* headers, then answers 429 rate_limited with Retry-After in seconds', async () => {
    for (let i = 1; i <= 10; i++) {
      const { headers, refused } = await limitByIp('stamp', from('203.0.113.7'));
      expect(refused, `request ${i}`).toBeNull();
      expect(headers).toMatchObject({ 'RateLimit-Limit': '10', 'RateLimit-Remaining': String(10 - i) });
    }
    const { headers, refused } = await limitByIp('stamp', from('203.0.113.7'), { 'Access-Control-Allow-Origin': '*' });
    expect(headers).toMatchObject({ 'RateLimit-Remaining': '0', 'Retry-After': '60' });
    expect(refused!.status).toBe(429);
    expect(refused!.headers.get('Retry-After')).toBe('60');
    expect(refused!.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(await refused!.json()).toEqual({ error: 'rate_limited', message: 'Too many requests: at most 10 per minute. Retry after 60 s.' });
  });

  it('counts each IP on its own, and each rule on its own', async () => {
    for (let i = 0; i < 10; i++) await limitByIp('stamp', from('203.0.113.7'));
    expect((await limitByIp('stamp', from('203.0.113.7'))).refused).not.toBeNull();
    expect((await limitByIp('stamp', from('198.51.100.2'))).refused).toBeNull();
    expect((await limitByIp('verify', from('203.0.113.7'))).refused).toBeNull();
  });
});

describe('readTextCapped', () => {
  const body = (text: string) => new Request('http://localhost/v1/verify/pdf', { method: 'POST', body: text });

  it('reads a body up to the cap, and refuses one past it with PAYLOAD_TOO_LARGE', async () => {
    expect(await readTextCapped(body('{"code":"é"}'), 1024)).toBe('{"code":"é"}');
    expect(await readTextCapped(body('x'.repeat(1024)), 1024)).toBe('x'.repeat(1024));
    const err = await readTextCapped(body('x'.repeat(1025)), 1024).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 KB' });
  });
});
