/**
 * Oversized uploads against a real HTTP server (scripts/serve-api.ts in a process of its own,
 * the request body arriving from a socket as it does in production): each is answered 413,
 * and the server lives on.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../../test/api-server.ts';
import type { ApiServer } from '../../test/api-server.ts';
import { UPLOAD_FILE } from '../../test/documents.ts';

let api: ApiServer;
let token: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-upload-http-'));

beforeAll(async () => {
  api = await startApiServer({ DATA_DIR: dataDir, DATABASE_URL: '', BLOB_COLLECT_INTERVAL_MS: '0', CREDENTIAL_RECHECK_INTERVAL_MS: '0' });
  const res = await fetch(`${api.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation { register(input: { email: "limits@example.test", password: "upload-limits-test" }) { accessToken } }' }),
  });
  token = ((await res.json()) as { data: { register: { accessToken: string } } }).data.register.accessToken;
}, 120_000);

afterAll(async () => {
  await api?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Send a multipart upload of a `size`-byte file; the status and body, or the socket error. */
function sendUpload(size: number): Promise<{ status: number; body: string } | { error: string }> {
  const boundary = `----limits${size}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify({ query: UPLOAD_FILE, variables: { file: null } })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // The whole body in one write, as fast as the socket takes it (the order of events that broke the server).
  const body = Buffer.concat([head, Buffer.alloc(size - 9, 0x41), tail]);
  return new Promise((resolve) => {
    const req = http.request(
      `${api.url}/v1/graphql`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on('error', (err) => resolve({ error: err.message }));
    req.end(body);
  });
}

describe('an upload past 16 MiB over a socket', () => {
  it('is answered 413 PAYLOAD_TOO_LARGE, again and again, and the server keeps serving', async () => {
    for (const size of [16_777_217, 16_900_000, 16_889_269, 17_500_000, 16_900_000]) {
      const res = await sendUpload(size);
      if ('status' in res) {
        expect(res.status, String(size)).toBe(413);
        expect(JSON.parse(res.body).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
      } else {
        // The server may close the connection once it has answered, while the client still writes.
        expect(res.error, String(size)).toMatch(/EPIPE|ECONNRESET|socket hang up/);
      }
      const alive = await fetch(`${api.url}/v1/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: '{ folders { id } }' }),
      });
      expect(alive.status, `after ${size}`).toBe(200);
    }
  });
});
