import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { gql } from '../../test/graphql.ts';
import { seedUser } from '../../prisma/factories.ts';
import { startUpstashStandin } from '../../test/upstash-standin.ts';
import type { UpstashStandIn } from '../../test/upstash-standin.ts';
import { configureLockout, DEFAULT_RULES, guardedCheck, MemoryStore, rateLimit, rateLimitHeaders, resetRateLimits, setRateLimitBackend } from './index.ts';
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
    const attempt = (id: string) => store.attempt('a', 'al', 'ap', policy, id);
    const settle = (id: string, failed: boolean) => store.settle('a', 'al', 'ap', policy, failed, id);
    // Six at once: three begin, three are busy (the three under way could lock it).
    const burst = await Promise.all(['c1', 'c2', 'c3', 'c4', 'c5', 'c6'].map(async (id) => ({ id, ...(await attempt(id)) })));
    const begun = burst.filter((r) => r.allowed).map((r) => r.id);
    expect(begun).toHaveLength(3);
    expect(burst.filter((r) => r.busy)).toHaveLength(3);
    // One right, two wrong: two failures, no lock; then one may begin, and its failure locks.
    await settle(begun[0], false);
    await settle(begun[1], true);
    expect((await settle(begun[2], true)).failures).toBe(2);
    expect((await attempt('d1')).allowed).toBe(true);
    expect(await attempt('d2')).toMatchObject({ allowed: false, busy: true });
    const third = await settle('d1', true);
    expect(third.failures).toBe(3);
    expect(third.lockedUntil - third.now).toBe(10_000);
    // Locked: refused, not busy, and not counted.
    const locked = await attempt('e1');
    expect(locked).toMatchObject({ allowed: false, busy: false });
    expect(locked.lockedUntil).toBeGreaterThan(locked.now);
    // The lock gone (cleared here), one check may begin again with three failures counted, as sequential attempts after a lock do.
    await store.clear(['al']);
    expect((await attempt('f1')).allowed).toBe(true);
  });

  it('a check never settled stops counting after its own time, though other checks keep coming', async () => {
    const store = await stores[kind]();
    // Two checks may be under way; the lost one (its process died, or its settle went elsewhere) counts for 400 ms.
    const policy = { lockAfter: 2, windowMs: 60_000, baseLockMs: 10_000, maxLockMs: 25_000, pendingMs: 400 };
    expect((await store.attempt('b', 'bl', 'bp', policy, 'lost')).allowed).toBe(true);
    // Right passwords keep coming, one at a time, for 600 ms: each begins beside the lost one and ends.
    const until = Date.now() + 600;
    for (let i = 0; Date.now() < until; i++) {
      expect((await store.attempt('b', 'bl', 'bp', policy, `right-${i}`)).allowed).toBe(true);
      await store.settle('b', 'bl', 'bp', policy, false, `right-${i}`);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    // The lost check no longer counts: two may begin at once again (with it still counted, the second was busy).
    expect((await store.attempt('b', 'bl', 'bp', policy, 'x')).allowed).toBe(true);
    expect((await store.attempt('b', 'bl', 'bp', policy, 'y')).allowed).toBe(true);
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

describe('guarded checks (sign-in) when Redis answers late or goes away', () => {
  const refuse = (seconds: number) => new Error(`refused for ${seconds} s`);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** The real Redis store, each method passed through `around`. */
  async function wrappedRedis(around: { attempt?: (go: () => Promise<unknown>) => Promise<unknown> }): Promise<RateLimitStore> {
    const redis = await stores.redis();
    return {
      kind: 'redis',
      hit: (...a) => redis.hit(...a),
      fail: (...a) => redis.fail(...a),
      attempt: (...a) => (around.attempt ? around.attempt(() => redis.attempt(...a)) : redis.attempt(...a)) as ReturnType<RateLimitStore['attempt']>,
      settle: (...a) => redis.settle(...a),
      lockedUntil: (...a) => redis.lockedUntil(...a),
      clear: (...a) => redis.clear(...a),
      once: (...a) => redis.once(...a),
    };
  }

  /** The real Redis as the backend, refusing every check's begin while `away` (at first); `away(false)` puts it back in use at once. */
  async function redisAway() {
    let down = true;
    const store = await wrappedRedis({
      attempt: async (go) => {
        if (down) throw new Error('connection refused');
        return go();
      },
    });
    setRateLimitBackend({ store });
    return {
      away(value: boolean) {
        down = value;
        setRateLimitBackend({ store });
      },
    };
  }

  it('a check Redis counted after its second had passed is ended there at once: right passwords still sign in', { timeout: 15_000 }, async () => {
    // Seen in the soak: Redis on a loaded machine answered a sign-in's "begin" after the second;
    // the sign-in went on in memory, and Redis counted that check under way for as long as
    // sign-ins kept coming, so right passwords waited 5 s and were refused.
    let slowOnce = true;
    const store = await wrappedRedis({
      attempt: async (go) => {
        if (slowOnce) {
          slowOnce = false;
          await sleep(1_300);
        }
        return go();
      },
    });
    setRateLimitBackend({ store });
    // One check under way at most: a single leaked one makes every later one busy.
    configureLockout('account', { lockAfter: 1 });
    expect(await guardedCheck([['account', 'late-answer']], refuse, async () => true)).toBe(true);
    await sleep(600); // the late answer lands, and is undone
    setRateLimitBackend({ store }); // Redis back in use at once (rather than after 10 s)
    const started = Date.now();
    expect(await guardedCheck([['account', 'late-answer']], refuse, async () => true)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a check whose begin Redis ran but whose answer was lost is ended there: right passwords still sign in', { timeout: 15_000 }, async () => {
    let lostOnce = true;
    const store = await wrappedRedis({
      attempt: async (go) => {
        const answer = await go();
        if (lostOnce) {
          lostOnce = false;
          throw new Error('connection lost before the answer');
        }
        return answer;
      },
    });
    setRateLimitBackend({ store });
    configureLockout('account', { lockAfter: 1 });
    expect(await guardedCheck([['account', 'lost-answer']], refuse, async () => true)).toBe(true);
    await sleep(200); // the undo lands
    setRateLimitBackend({ store });
    const started = Date.now();
    expect(await guardedCheck([['account', 'lost-answer']], refuse, async () => true)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a wrong password checked in memory while Redis was away counts on Redis too once it is back', { timeout: 15_000 }, async () => {
    const redis = await redisAway();
    configureLockout('account', { lockAfter: 1 });
    const wrongWhileRedisComesBack = async () => {
      redis.away(false);
      return false;
    };
    expect(await guardedCheck([['account', 'counted-on-redis']], refuse, wrongWhileRedisComesBack)).toBe(false);
    // Every instance now sees the lock on Redis: the next check there is refused at once.
    await expect(guardedCheck([['account', 'counted-on-redis']], refuse, async () => true)).rejects.toThrow(/refused for \d+ s/);
  });

  it('a check begun in memory while Redis was away ends in memory, though Redis is back before it ends', { timeout: 15_000 }, async () => {
    const redis = await redisAway();
    configureLockout('account', { lockAfter: 1 });
    const backDuringCheck = async () => {
      redis.away(false);
      return true;
    };
    expect(await guardedCheck([['account', 'pinned']], refuse, backDuringCheck)).toBe(true);
    // Redis away again: the next check counts in memory, where the first must have ended.
    redis.away(true);
    const started = Date.now();
    expect(await guardedCheck([['account', 'pinned']], refuse, async () => true)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
