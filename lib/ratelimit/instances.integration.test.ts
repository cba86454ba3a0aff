import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Redis } from 'ioredis';
import { startApiServer } from '../../test/api-server.ts';
import type { ApiServer } from '../../test/api-server.ts';

/**
 * Two app instances (scripts/serve-api.ts, each its own process) on one PostgreSQL database,
 * sharing the real Redis: together they hold one per-IP limit of 100 a minute, although the
 * second one's clock runs 90 s ahead (a limiter on the instances' clocks would let it count the
 * first one's requests as out of the window).
 */
const POSTGRES = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `sealwright_instances_${crypto.randomBytes(5).toString('hex')}`;
const prefix = `test-instances-${crypto.randomBytes(4).toString('hex')}`;
const servers: ApiServer[] = [];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE "${database}"`);
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  const env = { DATABASE_URL: url.toString(), REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: prefix, SERVE_API_CLIENT_ADDRESS: 'socket', LOG_LEVEL: 'error' };
  // One after the other: the first applies the migrations.
  servers.push(await startApiServer(env));
  servers.push(await startApiServer({ ...env, TEST_CLOCK_SKEW_MS: '90000' }, { nodeArgs: ['--import', path.resolve(import.meta.dirname, '../../test/skew-clock.mjs')] }));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  const redis = new Redis('redis://127.0.0.1:6379');
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const ping = (server: ApiServer) =>
  fetch(`${server.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query Ping { __typename }' }) });

/** Requests this file has sent from 127.0.0.1 so far: they all count towards the one limit. */
let sent = 0;

describe('two instances sharing one Redis', () => {
  it('share persisted queries: a hash one instance learnt runs on the other', async () => {
    const [a, b] = servers;
    const query = 'query Shared { __typename }';
    const sha256Hash = crypto.createHash('sha256').update(query).digest('hex');
    const apq = (server: ApiServer, body: Record<string, unknown>) => {
      sent += 1;
      return fetch(`${server.url}/v1/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, extensions: { persistedQuery: { version: 1, sha256Hash } } }),
      }).then((r) => r.json());
    };
    // Unknown everywhere at first; registered on A; then found by hash alone on B.
    expect(await apq(b, {})).toMatchObject({ errors: [{ extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] });
    expect(await apq(a, { query })).toEqual({ data: { __typename: 'Query' } });
    // Apollo stores a new query without holding up its answer: B finds it once the write lands.
    let onB: unknown;
    for (let i = 0; i < 10; i++) {
      onB = await apq(b, {});
      if ((onB as { data?: unknown }).data) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(onB).toEqual({ data: { __typename: 'Query' } });
  });

  it('hold one limit of 100 a minute per IP together, whatever their clocks say', async () => {
    const [a, b] = servers;
    const statuses: number[] = [];
    for (let i = sent; i < 100; i++) {
      const res = await ping(i % 2 === 0 ? a : b);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    for (const server of [a, b]) {
      const refused = await ping(server);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('ratelimit-limit')).toBe('100');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      const body = (await refused.json()) as { errors: Array<{ extensions: { code: string } }> };
      expect(body.errors[0].extensions.code).toBe('RATE_LIMITED');
    }
  });
});
