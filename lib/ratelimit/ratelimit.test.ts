import { afterEach, describe, expect, it } from 'vitest';
import { clearFailures, configureRateLimit, DEFAULT_LOCKOUTS, guardedCheck, lockedForSeconds, rateLimit, rateLimitHeaders, recordFailure, resetRateLimits, setRateLimitBackend } from './index.ts';
import { lockMsFor } from './store.ts';
import { MemoryStore } from './memory.ts';

afterEach(() => resetRateLimits());

describe('rateLimit', () => {
  it('allows 10 stamp requests a minute per key and refuses the 11th with Retry-After', async () => {
    let now = 1_000_000;
    setRateLimitBackend({ now: () => now });
    for (let i = 0; i < 10; i++) {
      const r = await rateLimit('stamp', '203.0.113.7');
      expect(r.success).toBe(true);
      expect(r.remaining).toBe(9 - i);
      now += 1000;
    }
    const refused = await rateLimit('stamp', '203.0.113.7');
    expect(refused).toMatchObject({ success: false, remaining: 0, limit: 10 });
    // The first hit (at 1,000,000) leaves the window at 1,060,000; it is now 1,010,000.
    expect(refused.retryAfterSeconds).toBe(50);
    expect(rateLimitHeaders(refused)).toEqual({ 'RateLimit-Limit': '10', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '50', 'Retry-After': '50' });
    expect((await rateLimit('stamp', '198.51.100.1')).success).toBe(true);
    now += 50_001;
    expect((await rateLimit('stamp', '203.0.113.7')).success).toBe(true);
  });

  it('slides: a burst at the end of one minute does not reset at the boundary', async () => {
    let now = 0;
    setRateLimitBackend({ now: () => now });
    configureRateLimit('verify', { limit: 3 });
    now = 59_000;
    for (let i = 0; i < 3; i++) expect((await rateLimit('verify', 'k')).success).toBe(true);
    now = 61_000;
    expect((await rateLimit('verify', 'k')).success).toBe(false);
  });

  it('can be lowered or disabled by tests', async () => {
    configureRateLimit('stamp', { limit: 1 });
    expect((await rateLimit('stamp', 'x')).success).toBe(true);
    expect((await rateLimit('stamp', 'x')).success).toBe(false);
    configureRateLimit('stamp', { disabled: true });
    expect((await rateLimit('stamp', 'x')).success).toBe(true);
  });
});

describe('lockouts', () => {
  it('locks at the 5th failure of an account and the 20th of an address, as the README says, doubling after', async () => {
    setRateLimitBackend({ now: () => 5_000_000 });
    for (let i = 1; i < 5; i++) expect(await recordFailure('account', 'a@example.com'), `failure ${i}`).toBe(0);
    expect(await lockedForSeconds('account', 'a@example.com')).toBe(0);
    expect(await recordFailure('account', 'a@example.com')).toBe(30);
    expect(await lockedForSeconds('account', 'a@example.com')).toBe(30);
    expect(await recordFailure('account', 'a@example.com')).toBe(60);
    for (let i = 1; i < 20; i++) expect(await recordFailure('address', '203.0.113.9'), `failure ${i}`).toBe(0);
    expect(await recordFailure('address', '203.0.113.9')).toBe(30);
    expect(lockMsFor(5 + 10, DEFAULT_LOCKOUTS.account)).toBe(15 * 60_000);
  });
});

describe('a shared store that never answers', () => {
  it('holds no lockout, claim or limit past a second: this instance counts instead, and the lock still comes', async () => {
    const never = () => new Promise<never>(() => {});
    // Redis paused (SIGSTOP) or a host that drops packets: connections stay open and nothing comes back.
    setRateLimitBackend({ store: { kind: 'redis', hit: never, fail: never, attempt: never, settle: never, lockedUntil: never, clear: never, once: never } });
    const started = Date.now();
    expect(await lockedForSeconds('account', 'hung@example.com')).toBe(0);
    expect(Date.now() - started).toBeLessThan(2_000);
    // Left alone for 10 s after that: the rest answer from memory at once, and the limits hold.
    const after = Date.now();
    for (let i = 1; i < 5; i++) expect(await recordFailure('account', 'hung@example.com')).toBe(0);
    expect(await recordFailure('account', 'hung@example.com')).toBe(30);
    for (let i = 0; i < 10; i++) expect((await rateLimit('stamp', '203.0.113.50')).success).toBe(true);
    expect((await rateLimit('stamp', '203.0.113.50')).success).toBe(false);
    expect(Date.now() - after).toBeLessThan(500);
  });
});

describe('MemoryStore sweeps', () => {
  it('keep an hourly rule’s hits for its hour, whatever rule the sweep ran for', async () => {
    let now = 1_000_000;
    const store = new MemoryStore(() => now);
    const hourly = { limit: 3, windowMs: 3_600_000 };
    const minute = { limit: 1000, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect((await store.hit('reset:alice', hourly)).allowed).toBe(true);
    // Two minutes later, a thousand hits under a one-minute rule: a sweep runs for that rule.
    now += 120_000;
    for (let i = 0; i < 1000; i++) await store.hit(`graphql:10.0.0.${i % 250}`, minute);
    // The hourly rule still counts its three hits: the fourth within the hour is refused.
    expect((await store.hit('reset:alice', hourly)).allowed).toBe(false);
    now += 3_600_000;
    expect((await store.hit('reset:alice', hourly)).allowed).toBe(true);
  });
});

describe('IPv6 clients', () => {
  it('count by their /64 in request limits, lockouts and guarded checks', async () => {
    setRateLimitBackend({ now: () => 7_000_000 });
    configureRateLimit('stamp', { limit: 3 });
    for (let i = 1; i <= 3; i++) expect((await rateLimit('stamp', `2001:db8:5:6::${i}`)).success).toBe(true);
    expect((await rateLimit('stamp', '2001:db8:5:6:ffff::1')).success).toBe(false);
    expect((await rateLimit('stamp', '2001:db8:5:7::1')).success).toBe(true);

    for (let i = 1; i < 20; i++) expect(await recordFailure('address', `2001:db8:9:9::${i.toString(16)}`)).toBe(0);
    expect(await recordFailure('address', '2001:db8:9:9:a:b:c:d')).toBe(30);
    expect(await lockedForSeconds('address', '2001:db8:9:9::beef')).toBe(30);
    expect(await lockedForSeconds('address', '2001:db8:9:a::beef')).toBe(0);
    const refuse = (seconds: number) => new Error(`locked ${seconds}`);
    await expect(guardedCheck([['address', '2001:db8:9:9::42']], refuse, async () => true)).rejects.toThrow('locked 30');
    await clearFailures('address', '2001:0db8:0009:0009::1');
    expect(await guardedCheck([['address', '2001:db8:9:9::42']], refuse, async () => true)).toBe(true);
  });
});
