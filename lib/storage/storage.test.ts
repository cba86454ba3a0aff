/** The blob store contract, on a local directory and on an S3-compatible server (s3rver). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn } from '../../test/s3-standin.ts';
import { AppError } from '../errors.ts';
import type { BlobStore } from './blob-store.ts';
import { createBlobStore } from './index.ts';
import { LocalBlobStore } from './local-store.ts';
import { sniffContentType } from './sniff.ts';

const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');
/** A stream of `bytes` in chunks of `chunk`, like a request body. */
const streamOf = (bytes: Buffer, chunk = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
    })(),
  );
const codeOf = (err: unknown) => (err instanceof AppError ? err.code : String(err));
const tempFiles = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-storage-'));
let s3: Awaited<ReturnType<typeof startS3StandIn>>;
const stores: Record<string, () => BlobStore> = {
  local: () => createBlobStore({ DATA_DIR: dataDir, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false, S3_PREFIX: 'blobs/' }),
  s3: () => createBlobStore({ DATA_DIR: dataDir, ...s3.env }),
};
const tempDir = path.join(dataDir, 'blobs', 'tmp');

beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.each(Object.keys(stores))('%s blob store', (kind) => {
  it('stores bytes under their SHA-256, once, and gives them back', async () => {
    const store = stores[kind]();
    expect(store.kind).toBe(kind);
    const bytes = crypto.randomBytes(300_000);
    const first = await store.put(streamOf(bytes), { maxBytes: 1 << 20 });
    expect(first).toMatchObject({ hash: sha256(bytes), size: bytes.length, created: true });
    const again = await store.put(streamOf(bytes, 7_000), { maxBytes: 1 << 20 });
    expect(again).toMatchObject({ hash: first.hash, created: false });
    expect(Buffer.compare((await store.read(first.hash))!, bytes)).toBe(0);
    const chunks: Buffer[] = [];
    for await (const c of (await store.get(first.hash))!) chunks.push(c as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(first.hash);
    const listed: string[] = [];
    for await (const b of store.list()) listed.push(b.hash);
    expect(listed.filter((h) => h === first.hash)).toHaveLength(1);
    expect(await store.has(first.hash)).toBe(true);
    await store.delete(first.hash);
    expect(await store.has(first.hash)).toBe(false);
    expect(await store.get(first.hash)).toBeNull();
    expect(await store.read('0'.repeat(64))).toBeNull();
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(tempFiles(tempDir)).toEqual([]);
  });

  it('refuses a file past maxBytes, or one its first bytes rule out, and keeps nothing of it', async () => {
    const store = stores[kind]();
    const big = crypto.randomBytes(200_000);
    expect(codeOf(await store.put(streamOf(big), { maxBytes: 100_000 }).catch((e) => e))).toBe('PAYLOAD_TOO_LARGE');
    expect(await store.has(sha256(big))).toBe(false);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), crypto.randomBytes(5_000)]);
    const refused = await store
      .put(streamOf(exe), {
        maxBytes: 1 << 20,
        inspect: (head) => {
          if (!sniffContentType(head)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'not a document');
        },
      })
      .catch((e) => e);
    expect(codeOf(refused)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await store.has(sha256(exe))).toBe(false);
    expect(tempFiles(tempDir)).toEqual([]);
  });

  it('leaves no blob when the sender breaks off half way', async () => {
    const store = stores[kind]();
    const bytes = crypto.randomBytes(100_000);
    const broken = new Readable({ read() {} });
    broken.push(bytes.subarray(0, 50_000));
    setTimeout(() => broken.destroy(new Error('connection reset')), 20);
    await expect(store.put(broken, { maxBytes: 1 << 20 })).rejects.toThrow('connection reset');
    expect(await store.has(sha256(bytes))).toBe(false);
    expect(await store.has(sha256(bytes.subarray(0, 50_000)))).toBe(false);
    expect(tempFiles(tempDir)).toEqual([]);
  });
});

describe('local layout', () => {
  it('keeps blobs at <root>/<ab>/<cd>/<hash>, moved into place whole', async () => {
    const store = stores.local() as LocalBlobStore;
    const bytes = Buffer.from('%PDF-1.7\n...');
    const { hash } = await store.put(streamOf(bytes), { maxBytes: 1024 });
    expect(store.pathOf(hash)).toBe(path.join(dataDir, 'blobs', hash.slice(0, 2), hash.slice(2, 4), hash));
    expect(fs.readFileSync(store.pathOf(hash))).toEqual(bytes);
  });
});

describe('sniffContentType', () => {
  it('tells PDF, PNG, JPEG and TIFF by their bytes, and nothing else', () => {
    expect(sniffContentType(Buffer.from('%PDF-1.4\n'))).toBe('application/pdf');
    expect(sniffContentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('II*\0'))).toBe('image/tiff');
    expect(sniffContentType(Buffer.from('MM\0*'))).toBe('image/tiff');
    for (const other of ['MZ\x90\x00', 'GIF89a', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'PK\x03\x04', '']) expect(sniffContentType(Buffer.from(other, 'latin1')), other).toBeNull();
  });
});
