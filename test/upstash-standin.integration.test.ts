/** The Upstash REST stand-in, driven by @upstash/redis against the real Redis on 127.0.0.1:6379. */
import crypto from 'node:crypto';
import { Redis } from '@upstash/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstashStandin } from './upstash-standin.ts';

const prefix = `test:upstash-standin:${crypto.randomBytes(6).toString('hex')}`;
const used = new Set<string>();
const key = (name: string) => {
  const k = `${prefix}:${name}`;
  used.add(k);
  return k;
};

let standin: Awaited<ReturnType<typeof startUpstashStandin>>;
beforeAll(async () => {
  standin = await startUpstashStandin();
});
afterAll(async () => {
  if (used.size) await new Redis({ url: standin.url, token: standin.token, enableTelemetry: false }).del(...used);
  await standin.close();
});

const SCRIPT = "return {1, 'a', redis.call('TIME')[1]}";

describe.each([
  { mode: 'auto-pipelining (default)', enableAutoPipelining: undefined },
  { mode: 'enableAutoPipelining: false', enableAutoPipelining: false },
])('@upstash/redis through the stand-in, $mode', ({ mode, enableAutoPipelining }) => {
  const client = () => new Redis({ url: standin.url, token: standin.token, enableTelemetry: false, enableAutoPipelining });
  const k = (name: string) => key(`${mode === 'auto-pipelining (default)' ? 'auto' : 'plain'}:${name}`);

  it('round-trips set/get, incr and a hash', async () => {
    const redis = client();
    expect(await redis.set(k('s'), 'hello')).toBe('OK');
    expect(await redis.get(k('s'))).toBe('hello');
    expect(await redis.get(k('missing'))).toBeNull();
    expect(await redis.incr(k('n'))).toBe(1);
    expect(await redis.incr(k('n'))).toBe(2);
    await redis.hset(k('h'), { a: 1, b: 'x' });
    // HGETALL arrives as a flat array (RESP2), which the client folds into an object.
    expect(await redis.hgetall(k('h'))).toEqual({ a: 1, b: 'x' });
    expect(standin.commands).toContainEqual(['set', k('s'), 'hello']);
  });

  it('evals a Lua script returning numbers and strings', async () => {
    const [one, a, seconds] = await client().eval<[], [number, string, number]>(SCRIPT, [], []);
    expect([one, a]).toEqual([1, 'a']);
    // TIME's seconds come back as a string, which automatic deserialization makes a number.
    expect(Math.abs(seconds - Date.now() / 1000)).toBeLessThan(60);
    const raw = new Redis({ url: standin.url, token: standin.token, enableTelemetry: false, enableAutoPipelining, automaticDeserialization: false });
    const [, , text] = await raw.eval<[], [number, string, string]>(SCRIPT, [], []);
    expect(text).toMatch(/^\d+$/);
  });

  it('fails EVALSHA of an unknown script with NOSCRIPT, and runs it after SCRIPT LOAD', async () => {
    const redis = client();
    const script = `return {ARGV[1], ${crypto.randomInt(1e9)}}`;
    const sha = crypto.createHash('sha1').update(script).digest('hex');
    await expect(redis.evalsha(sha, [], ['x'])).rejects.toThrow(/NOSCRIPT No matching script/);
    expect(await redis.scriptLoad(script)).toBe(sha);
    expect(await redis.evalsha(sha, [k('unused')], ['x'])).toEqual(['x', expect.any(Number)]);
  });

  it('runs a pipeline and a transaction', async () => {
    const redis = client();
    expect(await redis.pipeline().set(k('p'), 'v').incr(k('pn')).get(k('p')).exec()).toEqual(['OK', 1, 'v']);
    expect(await redis.multi().incr(k('pn')).get(k('p')).exec()).toEqual([2, 'v']);
    await expect(redis.pipeline().get(k('p')).hget(k('p'), 'f').exec()).rejects.toThrow(/WRONGTYPE/);
  });

  it('refuses a wrong token', async () => {
    const redis = new Redis({ url: standin.url, token: 'wrong', enableTelemetry: false, enableAutoPipelining });
    await expect(redis.get(k('s'))).rejects.toThrow(/Unauthorized/);
  });
});

describe('the REST protocol on the wire', () => {
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${standin.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${standin.token}`, ...headers }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('base64-encodes strings, nested ones too, only when asked; numbers and nil stay', async () => {
    const script = "return {1, 'é', {2, 'b'}, false}";
    expect(await post('/', ['EVAL', script, 0])).toEqual({ status: 200, body: { result: [1, 'é', [2, 'b'], null] } });
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    expect(await post('/', ['EVAL', script, 0], { 'Upstash-Encoding': 'base64' })).toEqual({ status: 200, body: { result: [1, b64('é'), [2, b64('b')], null] } });
    expect(await post('/', ['SET', key('wire'), 'v'], { 'Upstash-Encoding': 'base64' })).toEqual({ status: 200, body: { result: b64('OK') } });
  });

  it('answers errors with HTTP 400 and Redis text, per command in a pipeline', async () => {
    expect(await post('/', ['EVALSHA', 'f'.repeat(40), 0])).toEqual({ status: 400, body: { error: 'NOSCRIPT No matching script. Please use EVAL.' } });
    expect(await post('/pipeline', [['GET', key('wire')], ['NOPE']])).toEqual({
      status: 200,
      body: [{ result: 'v' }, { error: expect.stringMatching(/^ERR unknown command 'NOPE'/) }],
    });
    expect(await post('/', ['GET', key('wire')], { authorization: 'Bearer nope' })).toEqual({ status: 401, body: { error: 'Unauthorized' } });
    expect((await post('/', ['SELECT', 1])).status).toBe(400);
  });
});
