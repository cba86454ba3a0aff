/**
 * A file becomes a blob only once it is accepted: the temporary files of refused, failed and
 * cut-off multipart requests are removed when the request ends, and those an earlier run left
 * are removed when a server starts. In-process against the local store, then over real HTTP
 * against servers of their own (local, and S3 on s3rver).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { startApiServer } from '../../test/api-server.ts';
import { samplePdf, sha256, uploadBytes, UPLOAD_FILE } from '../../test/documents.ts';
import { GRAPHQL_URL, nextClientIp, POST } from '../../test/graphql.ts';
import { startS3StandIn } from '../../test/s3-standin.ts';
import { db } from '../db/index.ts';
import { createBlobStore, blobStore } from '../storage/index.ts';
import { LocalBlobStore } from '../storage/local-store.ts';

const CRLF = '\r\n';
const part = (boundary: string, name: string, value: string) => `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`;
const filePart = (boundary: string, name: string, filename: string, bytes: Uint8Array) =>
  Buffer.concat([
    Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"; filename="${filename}"${CRLF}Content-Type: application/pdf${CRLF}${CRLF}`),
    bytes,
    Buffer.from(CRLF),
  ]);

/** A multipart body: operations, map, then the files as parts "0", "1", …; `mapped` files are named in the map. */
function multipart(query: string, variables: Record<string, unknown>, files: Uint8Array[], mapped: Record<string, string[]>) {
  const boundary = `----sealwright${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(part(boundary, 'operations', JSON.stringify({ query, variables })) + part(boundary, 'map', JSON.stringify(mapped))),
    ...files.map((bytes, i) => filePart(boundary, String(i), `f${i}.pdf`, bytes)),
    Buffer.from(`--${boundary}--${CRLF}`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The temporary files of this process's puts, in a store's temporary directory (other test files may share the directory). */
const ownTemporaries = (tempDir: string) => (fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : []).filter((name) => name.endsWith('.part') && !name.startsWith('earlier-'));

/** A garbled PDF: typed as a PDF by its first bytes, refused by the reader. */
const garbled = () => Buffer.from(`%PDF-1.7\n${crypto.randomBytes(2000).toString('base64')}\n%%EOF\n`);

describe('temporary files of uploads, in process (local store)', () => {
  let user: SeededUser;
  let tempDir: string;
  beforeAll(async () => {
    user = await seedUser({ planLevel: 'PROFESSIONAL' });
    tempDir = (blobStore() as LocalBlobStore).tempDir;
  });
  const send = (body: Buffer | ReadableStream<Uint8Array>, contentType: string) =>
    POST(
      new Request(GRAPHQL_URL, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': contentType, 'x-forwarded-for': nextClientIp() },
        body,
        duplex: 'half',
      } as RequestInit),
    );

  it('a file refused by its inspection leaves no blob and no temporary file; an accepted one is a blob', async () => {
    const bad = garbled();
    const res = await uploadBytes(bad, 'garbled.pdf', user.accessToken);
    expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors[0].message).toMatch(/^garbled\.pdf is not a readable PDF/);
    expect(await blobStore().has(sha256(bad))).toBe(false);
    expect(ownTemporaries(tempDir)).toEqual([]);
    const good = await samplePdf(1, 'Kept');
    const ok = await uploadBytes(good, 'kept.pdf', user.accessToken);
    expect(ok.body.data.uploadFile.fileHash).toBe(sha256(good));
    expect(await blobStore().has(sha256(good))).toBe(true);
    expect(ownTemporaries(tempDir)).toEqual([]);
  });

  it('a request of 31 files refused with 400 for its parts leaves none of them, neither as blobs nor as temporary files', async () => {
    const files = await Promise.all(Array.from({ length: 31 }, (_, i) => samplePdf(1, `Part ${i}`)));
    const variables = Object.fromEntries(files.map((_, i) => [`f${i}`, null]));
    const query = `mutation(${files.map((_, i) => `$f${i}: Upload!`).join(', ')}) { ${files.map((_, i) => `u${i}: uploadFile(file: $f${i}) { fileHash }`).join(' ')} }`;
    const { body, contentType } = multipart(query, variables, files, Object.fromEntries(files.map((_, i) => [String(i), [`variables.f${i}`]])));
    const res = await send(body, contentType);
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].message).toBe('A multipart request may have at most 32 parts');
    for (const bytes of files) expect(await blobStore().has(sha256(bytes))).toBe(false);
    expect(await db().fileUpload.count({ where: { fileHash: { in: files.map(sha256) } } })).toBe(0);
    expect(ownTemporaries(tempDir)).toEqual([]);
  });

  it('a request of 30 parts (28 files) whose operation is refused with 400 (no such field) keeps none of them', async () => {
    const files = await Promise.all(Array.from({ length: 28 }, (_, i) => samplePdf(1, `Invalid ${i}`)));
    const variables = Object.fromEntries(files.map((_, i) => [`f${i}`, null]));
    const query = `mutation(${files.map((_, i) => `$f${i}: Upload!`).join(', ')}) { ${files.map((_, i) => `u${i}: uploadFile(file: $f${i}) { noSuchField }`).join(' ')} }`;
    const { body, contentType } = multipart(query, variables, files, Object.fromEntries(files.map((_, i) => [String(i), [`variables.f${i}`]])));
    const res = await send(body, contentType);
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(answer.errors[0].message).toMatch(/noSuchField/);
    for (const bytes of files) expect(await blobStore().has(sha256(bytes))).toBe(false);
    expect(ownTemporaries(tempDir)).toEqual([]);
  });

  it('a request cut off in the middle of a file leaves no temporary file once it has been answered', async () => {
    const boundary = `----sealwright${crypto.randomBytes(8).toString('hex')}`;
    const head = Buffer.from(part(boundary, 'operations', JSON.stringify({ query: UPLOAD_FILE, variables: { file: null } })) + part(boundary, 'map', '{"0":["variables.file"]}'));
    const fileHead = Buffer.concat([Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="0"; filename="cut.pdf"${CRLF}${CRLF}%PDF-1.7\n`), crypto.randomBytes(256 * 1024)]);
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
        controller.enqueue(fileHead);
      },
      async pull(controller) {
        pulls += 1;
        if (pulls < 4) return controller.enqueue(crypto.randomBytes(64 * 1024));
        // The temporary file is there while the part flows in; then the client goes away.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(ownTemporaries(tempDir)).toHaveLength(1);
        controller.error(new Error('connection reset'));
      },
    });
    const res = await send(body, `multipart/form-data; boundary=${boundary}`);
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].message).toBe('The request body ended early');
    expect(ownTemporaries(tempDir)).toEqual([]);
  });
});

describe('temporary files over real HTTP, and at a server start', () => {
  const dirs: string[] = [];
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The pid of a process that has exited. */
  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    return child.pid!;
  }

  /**
   * Temporary files as an earlier run of a server on this machine left them (its process gone),
   * one not written for two hours (an older naming), and one of a live process (this one), in
   * the temporary directory of DATA_DIR's store.
   */
  async function leaveTemporaries(tempDir: string) {
    const { TEMP_OWNER } = await import('../storage/blob-store.ts');
    fs.mkdirSync(tempDir, { recursive: true });
    const earlier = path.join(tempDir, `${TEMP_OWNER.host}.${await deadPid()}.${'a'.repeat(12)}.${crypto.randomUUID()}.part`);
    const old = path.join(tempDir, `${crypto.randomUUID()}.part`);
    const live = path.join(tempDir, `${TEMP_OWNER.host}.${process.pid}.${TEMP_OWNER.run}.${crypto.randomUUID()}.part`);
    for (const file of [earlier, old, live]) fs.writeFileSync(file, '%PDF-1.7\npartial');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    return { earlier, old, live };
  }

  async function serve(env: Record<string, string>) {
    const api = await startApiServer({ DATABASE_URL: '', BLOB_COLLECT_INTERVAL_MS: '0', CREDENTIAL_RECHECK_INTERVAL_MS: '0', ...env });
    closers.push(() => api.close());
    const res = await fetch(`${api.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation($e: String!) { register(input: { email: $e, password: "temporaries-test", displayName: "Tam Temp" }) { accessToken } }',
        variables: { e: `tmp-${crypto.randomUUID()}@example.test` },
      }),
    });
    const token = ((await res.json()) as { data: { register: { accessToken: string } } }).data.register.accessToken;
    const post = (body: Buffer | FormData, contentType?: string) =>
      fetch(`${api.url}/v1/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) },
        body: body instanceof FormData ? body : new Uint8Array(body),
      });
    const upload = (bytes: Uint8Array, filename: string) => {
      const form = new FormData();
      form.set('operations', JSON.stringify({ query: UPLOAD_FILE, variables: { file: null } }));
      form.set('map', JSON.stringify({ 0: ['variables.file'] }));
      form.set('0', new File([bytes as Uint8Array<ArrayBuffer>], filename));
      return post(form).then(async (r) => (await r.json()) as { data?: any; errors?: Array<{ message: string; extensions: { code: string } }> });
    };
    return { post, upload };
  }

  for (const kind of ['local', 's3'] as const) {
    it(`${kind}: a start removes the temporary files of earlier runs, not a live one's; refused files leave neither blobs nor temporary files`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sealwright-temporaries-${kind}-`));
      dirs.push(dataDir);
      let env: Record<string, string> = { DATA_DIR: dataDir };
      let s3env: Record<string, unknown> = {};
      if (kind === 's3') {
        const s3 = await startS3StandIn();
        closers.push(() => s3.close());
        s3env = s3.env;
        env = { ...env, ...Object.fromEntries(Object.entries(s3.env).map(([k, v]) => [k, String(v)])) };
      }
      const store = createBlobStore({ DATA_DIR: dataDir, ...(s3env as object) } as Parameters<typeof createBlobStore>[0]);
      const tempDir = path.join(dataDir, 'blobs', 'tmp');
      const left = await leaveTemporaries(tempDir);

      const { post, upload } = await serve(env);
      expect(fs.existsSync(left.earlier)).toBe(false);
      expect(fs.existsSync(left.old)).toBe(false);
      expect(fs.existsSync(left.live)).toBe(true);
      fs.rmSync(left.live);

      const bad = garbled();
      const refused = await upload(bad, 'garbled.pdf');
      expect(refused.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      const files = await Promise.all(Array.from({ length: 31 }, (_, i) => samplePdf(1, `Over ${i}`)));
      const query = `mutation(${files.map((_, i) => `$f${i}: Upload!`).join(', ')}) { ${files.map((_, i) => `u${i}: uploadFile(file: $f${i}) { fileHash }`).join(' ')} }`;
      const { body, contentType } = multipart(query, Object.fromEntries(files.map((_, i) => [`f${i}`, null])), files, Object.fromEntries(files.map((_, i) => [String(i), [`variables.f${i}`]])));
      expect((await post(body, contentType)).status).toBe(400);
      const good = await samplePdf(1, 'Accepted');
      expect((await upload(good, 'good.pdf')).data?.uploadFile.fileHash).toBe(sha256(good));

      const stored: string[] = [];
      for await (const { hash } of store.list()) stored.push(hash);
      expect(stored).toEqual([sha256(good)]);
      expect(fs.readdirSync(tempDir).filter((name) => name.endsWith('.part'))).toEqual([]);
    });
  }
});
