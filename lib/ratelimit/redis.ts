import crypto from 'node:crypto';
import { Ratelimit } from '@upstash/ratelimit';
import type { FailureResult, HitResult, LockoutPolicy, RateLimitRule, RateLimitStore } from './store.ts';
import { PENDING_MS } from './store.ts';

/**
 * The shared stores: Redis (REDIS_URL, through ioredis) and Upstash (its REST API, through
 * @upstash/redis). Both run the same Lua scripts, each one atomic, each reading the time from
 * Redis (`TIME`) rather than from the instance that calls: instances with skewed clocks sharing
 * one store still hold one limit. Request limits go through @upstash/ratelimit with our own
 * algorithm (its built-in ones compute windows on the caller's clock).
 */

/** The two calls the scripts need; @upstash/redis's Redis has them, ioredis gets an adapter. */
export interface ScriptClient {
  evalsha(sha: string, keys: string[], args: (string | number)[]): Promise<unknown>;
  eval(script: string, keys: string[], args: (string | number)[]): Promise<unknown>;
}

const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Sliding-window log: KEYS[1] a sorted set of hit times; ARGV limit, windowMs, unique member. */
const HIT = `${NOW_MS}
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', KEYS[1], window)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local first = now
if oldest[2] then first = tonumber(oldest[2]) end
return {allowed, count, first, now}`;

/** Count one failure into n and lockedUntil: KEYS[1] the count, KEYS[2] the lock; ARGV lockAfter, windowMs, baseLockMs, maxLockMs (lockMsFor in store.ts). */
const COUNT_FAILURE = `local lockAfter = tonumber(ARGV[1])
local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local lockedUntil = 0
if n >= lockAfter then
  local lock = math.min(tonumber(ARGV[3]) * 2 ^ (n - lockAfter), tonumber(ARGV[4]))
  lock = math.floor(lock)
  lockedUntil = now + lock
  redis.call('SET', KEYS[2], lockedUntil, 'PX', lock)
end`;

/** One failure (COUNT_FAILURE's keys and arguments). */
const FAIL = `${NOW_MS}
${COUNT_FAILURE}
return {n, lockedUntil, now}`;

/**
 * Begin a guarded check: KEYS[1] the count, KEYS[2] the lock, KEYS[3] the checks under way (a
 * sorted set: check id → when it stops counting); ARGV lockAfter, pendingMs, check id. Answers
 * {allowed, busy, lockedUntil, now}. Each check's own time: one never settled stops counting
 * after pendingMs, however many others come and go meanwhile.
 */
const ATTEMPT = `${NOW_MS}
local locked = tonumber(redis.call('GET', KEYS[2]) or '0')
if locked > now then return {0, 0, locked, now} end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local pending = redis.call('ZCARD', KEYS[3])
if pending > 0 and tonumber(redis.call('GET', KEYS[1]) or '0') + pending >= tonumber(ARGV[1]) then return {0, 1, 0, now} end
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[3], ARGV[2])
return {1, 0, 0, now}`;

/** End a guarded check: KEYS as ATTEMPT's; ARGV COUNT_FAILURE's, then '1' when it failed (then counted as FAIL counts), then the check id. */
const SETTLE = `${NOW_MS}
redis.call('ZREM', KEYS[3], ARGV[6])
if ARGV[5] ~= '1' then return {tonumber(redis.call('GET', KEYS[1]) or '0'), 0, now} end
${COUNT_FAILURE}
return {n, lockedUntil, now}`;

const LOCKED = `${NOW_MS}
local v = redis.call('GET', KEYS[1])
if not v then v = 0 end
return {tonumber(v), now}`;

const CLEAR = `return redis.call('DEL', unpack(KEYS))`;

const ONCE = `if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then return 1 end
return 0`;

const sha1 = (script: string) => crypto.createHash('sha1').update(script).digest('hex');
const SHAS = new Map([HIT, FAIL, ATTEMPT, SETTLE, LOCKED, CLEAR, ONCE].map((s) => [s, sha1(s)]));

/** EVALSHA, loading the script with EVAL the first time a server has not seen it. */
async function run(client: ScriptClient, script: string, keys: string[], args: (string | number)[]): Promise<number[]> {
  try {
    return (await client.evalsha(SHAS.get(script)!, keys, args)) as number[];
  } catch (err) {
    if (!/NOSCRIPT/i.test(String((err as Error)?.message ?? err))) throw err;
    return (await client.eval(script, keys, args)) as number[];
  }
}

interface StoreClockResponse {
  success: boolean;
  limit: number;
  remaining: number;
  reset: number;
  pending: Promise<unknown>;
  reason?: 'timeout' | 'cacheBlock' | 'denyList';
  hit?: HitResult;
}

/** An @upstash/ratelimit algorithm: the sliding-window log above, on the store's clock. */
function storeClockWindow(rule: RateLimitRule) {
  return () => ({
    async limit(ctx: { redis: unknown }, identifier: string): Promise<StoreClockResponse> {
      const [allowed, count, oldest, now] = await run(ctx.redis as ScriptClient, HIT, [identifier], [rule.limit, rule.windowMs, `${Date.now()}-${crypto.randomUUID()}`]);
      const hit: HitResult = { allowed: allowed === 1, count, oldest, now };
      return { success: hit.allowed, limit: rule.limit, remaining: Math.max(0, rule.limit - count), reset: oldest + rule.windowMs, pending: Promise.resolve(), hit };
    },
    async getRemaining() {
      throw new Error('not used');
    },
    async resetTokens(ctx: { redis: unknown }, pattern: string) {
      await run(ctx.redis as ScriptClient, CLEAR, [pattern], []);
    },
  });
}

export class RedisStore implements RateLimitStore {
  private readonly limiters = new Map<string, Ratelimit>();

  constructor(
    readonly kind: 'redis' | 'upstash',
    private readonly client: ScriptClient,
    private readonly options: { prefix?: string; timeoutMs?: number; onClose?: () => Promise<void> } = {},
  ) {}

  private key(key: string) {
    return `${this.options.prefix ?? 'sw'}:${key}`;
  }

  private limiter(rule: RateLimitRule): Ratelimit {
    const id = `${rule.limit}/${rule.windowMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new Ratelimit({
        // The algorithm only calls evalsha/eval, which both clients have.
        redis: this.client as never,
        limiter: storeClockWindow(rule) as never,
        prefix: `${this.options.prefix ?? 'sw'}:rl`,
        // No local cache of refusals: resets and rule changes act at once, and every instance agrees.
        ephemeralCache: false,
        analytics: false,
        // The store is down or slow: the caller falls back (lib/ratelimit), it is never left waiting.
        timeout: this.options.timeoutMs ?? 1000,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  async hit(key: string, rule: RateLimitRule): Promise<HitResult> {
    const response = (await this.limiter(rule).limit(key)) as StoreClockResponse;
    if (!response.hit) throw new Error(`rate-limit store did not answer (${response.reason ?? 'no result'})`);
    return response.hit;
  }

  async fail(key: string, lockKey: string, policy: LockoutPolicy): Promise<FailureResult> {
    const [failures, lockedUntil, now] = await run(this.client, FAIL, [this.key(key), this.key(lockKey)], [policy.lockAfter, policy.windowMs, policy.baseLockMs, policy.maxLockMs]);
    return { failures, lockedUntil, now };
  }

  async attempt(key: string, lockKey: string, pendingKey: string, policy: LockoutPolicy, checkId: string) {
    const [allowed, busy, lockedUntil, now] = await run(this.client, ATTEMPT, [this.key(key), this.key(lockKey), this.key(pendingKey)], [policy.lockAfter, policy.pendingMs ?? PENDING_MS, checkId]);
    return { allowed: allowed === 1, busy: busy === 1, lockedUntil, now };
  }

  async settle(key: string, lockKey: string, pendingKey: string, policy: LockoutPolicy, failed: boolean, checkId: string) {
    const [failures, lockedUntil, now] = await run(
      this.client,
      SETTLE,
      [this.key(key), this.key(lockKey), this.key(pendingKey)],
      [policy.lockAfter, policy.windowMs, policy.baseLockMs, policy.maxLockMs, failed ? 1 : 0, checkId],
    );
    return { failures, lockedUntil, now };
  }

  async lockedUntil(lockKey: string) {
    const [lockedUntil, now] = await run(this.client, LOCKED, [this.key(lockKey)], []);
    return { lockedUntil, now };
  }

  async clear(keys: string[]) {
    if (keys.length)
      await run(
        this.client,
        CLEAR,
        keys.flatMap((k) => [this.key(k), `${this.options.prefix ?? 'sw'}:rl:${k}`]),
        [],
      );
  }

  async once(key: string, ttlMs: number) {
    const claimed = (await run(this.client, ONCE, [this.key(key)], [ttlMs])) as unknown as number;
    return Number(claimed) === 1;
  }

  async close() {
    await this.options.onClose?.();
  }
}

/** A Redis store over ioredis (REDIS_URL). */
export async function redisStore(url: string, options: { prefix?: string; timeoutMs?: number } = {}): Promise<RedisStore> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
  // Errors surface on each command (and fall back); an unhandled 'error' event would crash the process.
  redis.on('error', () => {});
  const client: ScriptClient = {
    evalsha: (sha, keys, args) => redis.evalsha(sha, keys.length, ...keys, ...args.map(String)),
    eval: (script, keys, args) => redis.eval(script, keys.length, ...keys, ...args.map(String)),
  };
  return new RedisStore('redis', client, { ...options, onClose: async () => void redis.disconnect() });
}

/** An Upstash store over its REST API (UPSTASH_REDIS_REST_URL / _TOKEN). */
export async function upstashStore(url: string, token: string, options: { prefix?: string; timeoutMs?: number } = {}): Promise<RedisStore> {
  const { Redis } = await import('@upstash/redis');
  const redis = new Redis({ url, token, automaticDeserialization: false, enableTelemetry: false });
  const client: ScriptClient = {
    evalsha: (sha, keys, args) => redis.evalsha(sha, keys, args.map(String)),
    eval: (script, keys, args) => redis.eval(script, keys, args.map(String)),
  };
  return new RedisStore('upstash', client, options);
}
