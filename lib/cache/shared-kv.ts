import type { KeyValueCache, KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import { env } from '../env.ts';
import { logger } from '../log.ts';

/**
 * A key-value cache every instance shares, for Apollo's persisted queries: Redis with
 * REDIS_URL, Upstash with UPSTASH_REDIS_REST_URL; null without either (Apollo then keeps its
 * in-memory cache). A store error reads as a miss (the client resends the full query) and a
 * failed write is logged, never a failed request.
 */
export function sharedKeyValueCache(): KeyValueCache<string> | null {
  const e = env();
  const prefix = `${e.REDIS_PREFIX}:apq:`;
  let client: Promise<{ get(k: string): Promise<string | null>; set(k: string, v: string, ttlSeconds?: number): Promise<unknown>; del(k: string): Promise<unknown> }> | null = null;
  if (e.REDIS_URL) {
    const url = e.REDIS_URL;
    client = import('ioredis').then(({ Redis }) => {
      const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
      redis.on('error', () => {});
      return {
        get: (k) => redis.get(k),
        set: (k, v, ttl) => (ttl ? redis.set(k, v, 'EX', ttl) : redis.set(k, v)),
        del: (k) => redis.del(k),
      };
    });
  } else if (e.UPSTASH_REDIS_REST_URL && e.UPSTASH_REDIS_REST_TOKEN) {
    const { UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: token } = e;
    client = import('@upstash/redis').then(({ Redis }) => {
      const redis = new Redis({ url, token, automaticDeserialization: false, enableTelemetry: false });
      return {
        get: (k) => redis.get<string>(k),
        set: (k, v, ttl) => (ttl ? redis.set(k, v, { ex: ttl }) : redis.set(k, v)),
        del: (k) => redis.del(k),
      };
    });
  }
  if (!client) return null;
  const store = client;
  return {
    async get(key: string) {
      try {
        return (await (await store).get(prefix + key)) ?? undefined;
      } catch (err) {
        logger.warn('shared cache read failed', { error: err instanceof Error ? err.message : String(err) });
        return undefined;
      }
    },
    async set(key: string, value: string, options?: KeyValueCacheSetOptions) {
      try {
        await (await store).set(prefix + key, value, options?.ttl ?? undefined);
      } catch (err) {
        logger.warn('shared cache write failed', { error: err instanceof Error ? err.message : String(err) });
      }
    },
    async delete(key: string) {
      try {
        await (await store).del(prefix + key);
      } catch {
        // a key that outlives its delete expires with its TTL
      }
    },
  };
}
