/** GET /v1/metrics (lib/rest/metrics.ts): opt-in, bearer-only, and what it reports. */
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { env } from '../env.ts';
import * as route from '../../app/v1/metrics/route.ts';

const TOKEN = 'metrics-token-for-the-test-0123';
const get = (query = '', authorization?: string) => route.GET(new Request(`http://localhost/v1/metrics${query}`, { headers: authorization ? { authorization } : {} }));
const setToken = (token: string | undefined) => ((env() as { METRICS_TOKEN?: string }).METRICS_TOKEN = token);

afterEach(() => setToken(undefined));

describe('GET /v1/metrics', () => {
  it('answers the 404 of an unknown endpoint while METRICS_TOKEN is unset, whatever the header', async () => {
    setToken(undefined);
    for (const res of [get(), get('', `Bearer ${TOKEN}`), get('', 'Bearer ')]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('answers 401 without the exact bearer token', async () => {
    setToken(TOKEN);
    for (const header of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`, `bearer  ${TOKEN}`]) {
      const res = get('', header);
      expect(res.status, String(header)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it("reports this process's memory and open file descriptors, never cached", async () => {
    setToken(TOKEN);
    const res = get('', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({ pid: process.pid, collected: false });
    expect(body.memory.heap_used).toBeGreaterThan(1_000_000);
    expect(body.memory.rss).toBeGreaterThan(body.memory.heap_used);
    const fds = fs.existsSync('/proc/self/fd') ? fs.readdirSync('/proc/self/fd').length : null;
    if (fds === null) expect(body.open_file_descriptors).toBeNull();
    else expect(Math.abs(body.open_file_descriptors - fds)).toBeLessThanOrEqual(2);
  });

  it('collects garbage first with ?gc=1 only where the process exposes gc', async () => {
    setToken(TOKEN);
    const g = globalThis as { gc?: () => void };
    const before = g.gc;
    let calls = 0;
    try {
      g.gc = undefined;
      expect((await get('?gc=1', `Bearer ${TOKEN}`).json()).collected).toBe(false);
      g.gc = () => void (calls += 1);
      expect((await get('', `Bearer ${TOKEN}`).json()).collected).toBe(false);
      expect((await get('?gc=1', `Bearer ${TOKEN}`).json()).collected).toBe(true);
      expect(calls).toBe(1);
    } finally {
      g.gc = before;
    }
  });

  it('answers another method 405 with Allow', async () => {
    const res = route.POST();
    expect([res.status, res.headers.get('allow')]).toEqual([405, 'GET']);
  });
});
