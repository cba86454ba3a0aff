import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { gql } from '../../test/graphql.ts';
import { seedUser } from '../../prisma/factories.ts';
import { startUpstashStandin } from '../../test/upstash-standin.ts';
import type { UpstashStandIn } from '../../test/upstash-standin.ts';
import { DEFAULT_RULES, MemoryStore, rateLimit, rateLimitHeaders, resetRateLimits, setRateLimitBackend } from './index.ts';
import type { RateLimitName, RateLimitStore } from './index.ts';
import { redisStore, upstashStore } from './redis.ts';

/**
 * The limiter on each store: memory, the real Redis on 127.0.0.1:6379 (ioredis), and Upstash's
 * REST protocol (a local stand-in in front of the same Redis). Every key of a run carries its
 * own prefix, removed afterwards.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const prefix = `test-${crypto.randomBytes(4).toString('hex')}`;
let upstash: UpstashStandIn;
const opened: RateLimitStore[] = [];

beforeAll(async () => {
  upstash = await startUpstashStandin();
});

afterEach(async () => {
  vi.useRealTimers();
  await resetRateLimits();
});

afterAll(async () => {
  for (const store of opened) await store.close?.();
  await upstash.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const stores: Record<string, () => Promise<RateLimitStore>> = {
  memory: async () => new MemoryStore(),
  redis: async () => {
    const store = await redisStore(REDIS_URL, { prefix: `${prefix}-${crypto.randomUUID()}` });
    opened.push(store);
    return store;
  },
  upstash: async () => {
    const store = await upstashStore(upstash.url, upstash.token, { prefix: `${prefix}-${crypto.randomUUID()}` });
    opened.push(store);
    return store;
  },
};

describe.each(Object.keys(stores))('on %s', (kind) => {
  it('each documented limit allows its count and refuses the next, with Retry-After within the window', async () => {
    setRateLimitBackend({ store: await stores[kind]() });
    const documented: Record<RateLimitName, number> = {
      stamp: 10,
      stampPreview: 240,
      avatar: 600,
      verify: 60,
      graphqlIp: 100,
      pdf: 10,
      billing: 10,
      ai: 10,
      boardSearch: 10,
      passwordResetEmail: 3,
      passwordResetIp: 10,
      confirmationEmail: 3,
      confirmationIp: 10,
      invitation: 50,
      prekeyBundle: 10,
      stampExport: 20,
      directorySearch: 120,
    };
    expect(Object.keys(documented).sort()).toEqual(Object.keys(DEFAULT_RULES).sort());
    for (const [name, limit] of Object.entries(documented) as [RateLimitName, number][]) {
      for (let i = 0; i < limit; i++) {
        const r = await rateLimit(name, '203.0.113.9');
        expect(r.success, `${name} #${i + 1}`).toBe(true);
        expect(r.remaining).toBe(limit - i - 1);
      }
      const refused = await rateLimit(name, '203.0.113.9');
      expect(refused, name).toMatchObject({ success: false, limit, remaining: 0 });
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(DEFAULT_RULES[name].windowMs / 1000);
      expect(rateLimitHeaders(refused)).toMatchObject({ 'RateLimit-Limit': String(limit), 'RateLimit-Remaining': '0', 'Retry-After': String(refused.retryAfterSeconds) });
      // Another key has its own budget.
      expect((await rateLimit(name, '203.0.113.10')).success).toBe(true);
    }
  });

  it('locks at the lockAfter-th failure with a doubling lock, clears on success, and claims a key once', async () => {
    const store = await stores[kind]();
    const policy = { lockAfter: 3, windowMs: 60_000, baseLockMs: 10_000, maxLockMs: 25_000 };
    expect((await store.fail('f', 'l', policy)).lockedUntil).toBe(0);
    expect((await store.fail('f', 'l', policy)).lockedUntil).toBe(0);
    const third = await store.fail('f', 'l', policy);
    expect(third.failures).toBe(3);
    expect(third.lockedUntil - third.now).toBe(10_000);
    const fourth = await store.fail('f', 'l', policy);
    expect(fourth.lockedUntil - fourth.now).toBe(20_000);
    const fifth = await store.fail('f', 'l', policy);
    expect(fifth.lockedUntil - fifth.now).toBe(25_000);
    const state = await store.lockedUntil('l');
    expect(state.lockedUntil).toBeGreaterThan(state.now);
    await store.clear(['f', 'l']);
    expect((await store.lockedUntil('l')).lockedUntil).toBe(0);
    expect((await store.fail('f', 'l', policy)).failures).toBe(1);

    expect(await store.once('token-1', 60_000)).toBe(true);
    expect(await store.once('token-1', 60_000)).toBe(false);
    expect(await store.once('token-2', 60_000)).toBe(true);
  });

  it('begins a guarded check only when the checks under way could not lock it; a failed one counts, a right one does not', async () => {
    const store = await stores[kind]();
    const policy = { lockAfter: 3, windowMs: 60_000, baseLockMs: 10_000, maxLockMs: 25_000 };
    // Six at once: three begin, three are busy (the three under way could lock it).
    const burst = await Promise.all(Array.from({ length: 6 }, () => store.attempt('a', 'al', 'ap', policy)));
    expect(burst.filter((r) => r.allowed)).toHaveLength(3);
    expect(burst.filter((r) => r.busy)).toHaveLength(3);
    // One right, two wrong: two failures, no lock; then one may begin, and its failure locks.
    await store.settle('a', 'al', 'ap', policy, false);
    await store.settle('a', 'al', 'ap', policy, true);
    expect((await store.settle('a', 'al', 'ap', policy, true)).failures).toBe(2);
    expect((await store.attempt('a', 'al', 'ap', policy)).allowed).toBe(true);
    expect(await store.attempt('a', 'al', 'ap', policy)).toMatchObject({ allowed: false, busy: true });
    const third = await store.settle('a', 'al', 'ap', policy, true);
    expect(third.failures).toBe(3);
    expect(third.lockedUntil - third.now).toBe(10_000);
    // Locked: refused, not busy, and not counted.
    const locked = await store.attempt('a', 'al', 'ap', policy);
    expect(locked).toMatchObject({ allowed: false, busy: false });
    expect(locked.lockedUntil).toBeGreaterThan(locked.now);
    // The lock gone (cleared here), one check may begin again with three failures counted, as sequential attempts after a lock do.
    await store.clear(['al']);
    expect((await store.attempt('a', 'al', 'ap', policy)).allowed).toBe(true);
  });
});

describe.each(['redis', 'upstash'])('%s: the store keeps the time', (kind) => {
  it("counts on the store's clock: this instance's clock jumping ahead does not open the window", async () => {
    const store = await stores[kind]();
    const rule = { limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect((await store.hit('k', rule)).allowed).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    const refused = await store.hit('k', rule);
    expect(refused.allowed).toBe(false);
    // The answer's clock is Redis's, minutes behind this (skewed) instance.
    expect(Date.now() - refused.now).toBeGreaterThan(9 * 60_000);
  });

  it('a lock expires on the store after its time', async () => {
    const store = await stores[kind]();
    const policy = { lockAfter: 1, windowMs: 60_000, baseLockMs: 300, maxLockMs: 300 };
    await store.fail('f', 'l', policy);
    expect((await store.lockedUntil('l')).lockedUntil).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 400));
    expect((await store.lockedUntil('l')).lockedUntil).toBe(0);
  });
});

describe('the GraphQL limits on real Redis', () => {
  it('100 requests a minute per IP, then HTTP 429 RATE_LIMITED with Retry-After and RateLimit-*', async () => {
    setRateLimitBackend({ store: await stores.redis() });
    const headers = { 'x-forwarded-for': '192.0.2.200' };
    for (let i = 0; i < 100; i++) expect((await gql('query Ping { __typename }', { headers })).status, `request ${i + 1}`).toBe(200);
    const refused = await gql('query Ping { __typename }', { headers });
    expect(refused.status).toBe(429);
    expect(refused.body.errors![0].extensions).toMatchObject({ code: 'RATE_LIMITED', status_code: 429 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-limit')).toBe('100');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect((await gql('query Ping { __typename }', { headers: { 'x-forwarded-for': '192.0.2.201' } })).status).toBe(200);
  });

  it('10 board searches a minute per user, then BILLING_RATE_LIMIT_EXCEEDED', async () => {
    setRateLimitBackend({ store: await stores.redis() });
    const user = await seedUser();
    const search = () =>
      gql('query($input: BoardSearchInput!) { searchProfessionalsBoard(input: $input) { id } }', { token: user.accessToken, variables: { input: { stateCode: 'TX', lastName: 'Nobody' } } });
    for (let i = 0; i < 10; i++) expect((await search()).body.errors, `search ${i + 1}`).toBeUndefined();
    const refused = await search();
    expect(refused.status).toBe(200);
    expect(refused.body.errors![0].extensions).toMatchObject({ code: 'BILLING_RATE_LIMIT_EXCEEDED', status_code: 429 });
    expect(refused.body.errors![0].extensions.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it('falls back to counting in this instance when Redis is unreachable, never lifting the limit', async () => {
    const down = await redisStore('redis://127.0.0.1:1', { prefix, timeoutMs: 300 });
    opened.push(down);
    setRateLimitBackend({ store: down });
    for (let i = 0; i < 10; i++) expect((await rateLimit('stamp', '198.51.100.3')).success).toBe(true);
    expect((await rateLimit('stamp', '198.51.100.3')).success).toBe(false);
  });
});
