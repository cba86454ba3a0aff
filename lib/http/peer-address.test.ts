import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPeerAddressGuard } from './peer-address.ts';

// This file's worker gets the guard; the HTTP server below echoes what a handler reads.
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => res.end(JSON.stringify({ xff: req.headers['x-forwarded-for'] ?? null })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const read = (headers: Record<string, string>) => fetch(base, { headers }).then((r) => r.json() as Promise<{ xff: string | null }>);

describe('installPeerAddressGuard', () => {
  it('is not installed when a proxy is trusted', () => {
    expect(installPeerAddressGuard(1)).toBe(false);
  });

  it("replaces a client's X-Forwarded-For with the socket's address, and leaves HTTP client responses alone", async () => {
    expect(await read({ 'x-forwarded-for': '6.6.6.6' })).toEqual({ xff: '6.6.6.6' });
    expect(installPeerAddressGuard(0)).toBe(true);
    expect(installPeerAddressGuard(0)).toBe(false);
    expect(await read({ 'x-forwarded-for': '6.6.6.6' })).toEqual({ xff: '127.0.0.1' });
    expect(await read({ 'x-forwarded-for': '6.6.6.6, 7.7.7.7' })).toEqual({ xff: '127.0.0.1' });
    expect(await read({})).toEqual({ xff: null });
    // An outgoing request's response keeps its headers as the server sent them.
    const echo = http.createServer((_req, res) => res.setHeader('x-forwarded-for', '9.9.9.9').end());
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const header = await new Promise<string | string[] | undefined>((resolve) =>
      http.get(`http://127.0.0.1:${(echo.address() as AddressInfo).port}`, (res) => {
        res.resume();
        resolve(res.headers['x-forwarded-for']);
      }),
    );
    echo.close();
    expect(header).toBe('9.9.9.9');
  });
});
