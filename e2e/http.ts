/**
 * HTTP from a chosen loopback address. The server counts per-IP limits by the socket's
 * address, so each test that spends a limited budget sends from an address of its own
 * (127.0.0.0/8 all reaches the loopback interface): no test depends on another's order.
 */
import http from 'node:http';

export interface FromResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = any>(): T;
}

export function fetchFrom(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<FromResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}
