/**
 * `npm start`'s server (scripts/server.ts, the shared e2e server) keeps an idle connection open
 * for KEEP_ALIVE_TIMEOUT (65 s by default), longer than a load balancer's idle timeout, so the
 * proxy closes idle connections and never sends a request on one the server is closing. With
 * Node's default of 5 s, the second request below finds its connection closed.
 */
import http from 'node:http';
import type net from 'node:net';
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');

function get(agent: http.Agent, path: string): Promise<{ status: number; keepAlive: string | undefined; socket: net.Socket; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, keepAlive: res.headers['keep-alive'] as string | undefined, socket: req.socket as net.Socket, reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

describe('kept-alive connections', () => {
  it('stay open 65 s when idle, and a request 6 s later goes over the same connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(agent, '/');
      expect(first.status).toBe(200);
      expect(first.keepAlive).toBe('timeout=65');
      await new Promise((r) => setTimeout(r, 6_000));
      expect(first.socket.destroyed).toBe(false);
      const second = await get(agent, '/');
      expect(second.status).toBe(200);
      expect(second.reused).toBe(true);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
