/** uploadFile over real multipart HTTP requests through the route handler. */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { samplePdf, sha256, uploadBytes, UPLOAD_FILE } from '../../test/documents.ts';
import { GRAPHQL_URL, nextClientIp, POST } from '../../test/graphql.ts';
import { seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { db } from '../db/index.ts';
import { blobStore } from '../storage/index.ts';
import { readPdf } from '../pdf/read-pdf.ts';
import { pdfOf } from '../../test/hostile-pdfs.ts';

let user: SeededUser;
beforeAll(async () => {
  user = await seedUser({ planLevel: 'PROFESSIONAL' });
});

describe('uploadFile', () => {
  it('accepts PDF, PNG, JPEG and TIFF, typed by their bytes whatever their names, and keeps them under their SHA-256', async () => {
    const image = sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } });
    const files: Array<[Uint8Array, string, string]> = [
      [await samplePdf(2), 'plans.pdf', 'application/pdf'],
      [await image.clone().png().toBuffer(), 'site.jpg', 'image/png'],
      [await image.clone().jpeg().toBuffer(), 'photo', 'image/jpeg'],
      [await image.clone().tiff().toBuffer(), 'scan.tiff', 'image/tiff'],
    ];
    for (const [bytes, filename, contentType] of files) {
      const res = await uploadBytes(bytes, filename, user.accessToken);
      expect(res.body.errors, filename).toBeUndefined();
      expect(res.body.data.uploadFile).toEqual({ filename, fileHash: sha256(bytes), size: bytes.length, contentType });
      expect(Buffer.compare((await blobStore().read(sha256(bytes)))!, Buffer.from(bytes))).toBe(0);
    }
    const recorded = await db().fileUpload.findMany({ where: { userId: user.id }, select: { contentType: true, pageCount: true, encrypted: true } });
    expect(recorded).toHaveLength(4);
    expect(recorded.find((r) => r.contentType === 'application/pdf')).toEqual({ contentType: 'application/pdf', pageCount: 2, encrypted: false });
  });

  it('refuses an executable renamed .pdf with UNSUPPORTED_MEDIA_TYPE, and keeps nothing of it', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), crypto.randomBytes(20_000)]);
    const res = await uploadBytes(exe, 'invoice.pdf', user.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ uploadFile: null });
    expect(res.body.errors[0].extensions).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', status_code: 415 });
    expect(res.body.errors[0].message).toContain('invoice.pdf is not a PDF, PNG, JPEG or TIFF file');
    expect(await blobStore().has(sha256(exe))).toBe(false);
  });

  it('refuses a PDF that does not parse, and an image that does not decode, with BAD_USER_INPUT', async () => {
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(5_000)]);
    const res = await uploadBytes(corrupt, 'broken.pdf', user.accessToken);
    expect(res.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    expect(res.body.errors[0].message).toMatch(/^broken\.pdf is not a readable PDF\b/);
    expect(res.body.errors[0].message).not.toMatch(/undefined|reading '/);
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const truncated = png.subarray(0, 60);
    const bad = await uploadBytes(truncated, 'cut.png', user.accessToken);
    expect(bad.body.errors[0].message).toMatch(/^cut\.png is not a readable image: /);
    expect(await db().fileUpload.count({ where: { fileHash: { in: [sha256(corrupt), sha256(truncated)] } } })).toBe(0);
  });

  it('refuses, at once, a tiny PDF whose page tree claims 2^30 pages, one of 10,001 pages, and a stream that inflates past 64 MB', async () => {
    const cases: Array<[string, Uint8Array, RegExp]> = [
      ['laughs.pdf', pdfOf(pageTreeBomb(30)), /lists a page or node more than once/],
      ['tome.pdf', pdfOf(flatPages(10_001)), /more than 10000 pages/],
      ['bomb.pdf', pdfOf(inflateBomb(100 * 1024 * 1024)), /decodes to more than 64 MB/],
    ];
    for (const [name, bytes, reason] of cases) {
      const started = Date.now();
      const res = await uploadBytes(bytes, name, user.accessToken);
      expect(res.body.errors?.[0].extensions.code, name).toBe('BAD_USER_INPUT');
      expect(res.body.errors?.[0].message, name).toMatch(reason);
      expect(Date.now() - started, name).toBeLessThan(5_000);
      expect(await db().fileUpload.count({ where: { fileHash: sha256(bytes) } })).toBe(0);
    }
  });

  it('refuses a PDF whose streams stay under 64 MB each but inflate past 128 MB together', async () => {
    const objects = inflateBomb(0);
    objects.delete(4);
    for (let i = 0; i < 5; i++) {
      // A valid object stream: one object (null), then 40 MB of white space.
      const header = `${100 + i} 0 `;
      const payload = zlib.deflateSync(Buffer.concat([Buffer.from(`${header}null`), Buffer.alloc(40 * 1024 * 1024, 0x20)]), { level: 9 });
      objects.set(
        10 + i,
        Buffer.concat([Buffer.from(`<< /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${payload.length} >>\nstream\n`), payload, Buffer.from('\nendstream')]),
      );
    }
    const res = await uploadBytes(pdfOf(objects), 'many.pdf', user.accessToken);
    expect(res.body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors?.[0].message).toMatch(/streams decode to more than 128 MB/);
  });

  it('reads a PDF that costs seconds of parsing off the main thread: other requests are not held meanwhile', async () => {
    // One object of two million numbers: seconds of synchronous work inside pdf-lib.
    const objects = inflateBomb(0);
    objects.set(4, Buffer.from(`[${'0 '.repeat(2_000_000)}]`));
    const bytes = pdfOf(objects);
    let worstLag = 0;
    let last = performance.now();
    const monitor = setInterval(() => {
      const now = performance.now();
      worstLag = Math.max(worstLag, now - last - 10);
      last = now;
    }, 10);
    const started = performance.now();
    const res = await uploadBytes(bytes, 'dense.pdf', user.accessToken);
    const took = performance.now() - started;
    clearInterval(monitor);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.uploadFile.size).toBe(bytes.length);
    expect(took).toBeGreaterThan(300); // real parsing work happened...
    expect(worstLag).toBeLessThan(Math.max(150, took / 4)); // ...but not on this thread
    // And past its time limit a PDF is refused, and the reader replaced for the next one.
    const slow = await readPdf(bytes, 50);
    expect(slow).toEqual({ ok: false, unsafe: true, message: 'reading it took longer than 0.05 s' });
    expect(await readPdf(await samplePdf(3))).toEqual({ ok: true, encrypted: false, pageCount: 3, activeContent: [] });
  });

  it('accepts a file of exactly 16 MiB, the limit itself', async () => {
    const pdf = Buffer.from(await samplePdf(1));
    // The filler goes after the last object, before startxref: no object moves, so the
    // cross-reference offsets stay true (a file whose offsets are wrong is refused).
    const tail = pdf.lastIndexOf('startxref');
    const padding = 16 * 1024 * 1024 - pdf.length - 2; // a comment line: "%" + filler + "\n"
    const exact = Buffer.concat([pdf.subarray(0, tail), Buffer.from(`%${'x'.repeat(padding)}\n`), pdf.subarray(tail)]);
    expect(exact.length).toBe(16 * 1024 * 1024);
    const res = await uploadBytes(exact, 'exact.pdf', user.accessToken);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.uploadFile).toMatchObject({ size: 16 * 1024 * 1024, fileHash: sha256(exact) });
  });

  it('says only "an uploaded file" when a file is mapped onto a variable that takes no file', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: 'mutation($n: String!) { createDocument(input: { name: $n }) { id } }', variables: { n: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.n'] }));
    form.set('0', new File([(await samplePdf()) as Uint8Array<ArrayBuffer>], 'x.pdf'));
    const res = await POST(new Request(GRAPHQL_URL, { method: 'POST', headers: { authorization: `Bearer ${user.accessToken}`, 'x-forwarded-for': nextClientIp() }, body: form }));
    const body = await res.json();
    expect(body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(body)).not.toMatch(/stored|refusal|hash/);
  });

  it('accepts an encrypted PDF and records it as encrypted', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-'));
    fs.writeFileSync(path.join(dir, 'in.pdf'), await samplePdf(1));
    execFileSync('qpdf', ['--encrypt', 'reader', 'owner', '256', '--', path.join(dir, 'in.pdf'), path.join(dir, 'out.pdf')]);
    const encrypted = fs.readFileSync(path.join(dir, 'out.pdf'));
    fs.rmSync(dir, { recursive: true });
    const res = await uploadBytes(encrypted, 'locked.pdf', user.accessToken);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    expect(await db().fileUpload.findFirst({ where: { fileHash: sha256(encrypted) }, select: { encrypted: true } })).toEqual({ encrypted: true });
  });

  it('stores the same bytes once, however often and by whomever they are sent', async () => {
    const bytes = await samplePdf(1);
    const other = await seedUser();
    const [a, b] = await Promise.all([uploadBytes(bytes, 'a.pdf', user.accessToken), uploadBytes(bytes, 'b.pdf', other.accessToken)]);
    expect(a.body.data.uploadFile.fileHash).toBe(b.body.data.uploadFile.fileHash);
    const listed: string[] = [];
    for await (const blob of blobStore().list()) if (blob.hash === sha256(bytes)) listed.push(blob.hash);
    expect(listed).toHaveLength(1);
  });

  it('needs a token, and keeps nothing sent without one', async () => {
    const bytes = await samplePdf(1);
    const res = await uploadBytes(bytes, 'anon.pdf');
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await blobStore().has(sha256(bytes))).toBe(false);
  });

  it('refuses a 17 MB file with 413 PAYLOAD_TOO_LARGE before reading the whole body, and stores nothing', async () => {
    const boundary = `----sealwright${crypto.randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify({ query: UPLOAD_FILE, variables: { file: null } })}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const total = 17 * 1024 * 1024;
    let sent = head.length;
    const chunk = crypto.randomBytes(64 * 1024);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent >= total) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await POST(
      new Request(GRAPHQL_URL, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-forwarded-for': nextClientIp() },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    const answer = await res.json();
    expect([res.status, answer.errors[0].message]).toEqual([413, 'The file exceeds the 16 MB limit']);
    expect(answer.errors[0].extensions).toEqual({ code: 'PAYLOAD_TOO_LARGE', status_code: 413 });
    expect(sent).toBeLessThan(total); // the rest was never asked for
    expect(await db().fileUpload.count({ where: { filename: 'huge.pdf' } })).toBe(0);
  });
});

/** Pages nodes each listing the next one twice: `depth` levels claim 2^depth pages in a few KB. */
function pageTreeBomb(depth: number): Map<number, Buffer> {
  const objects = new Map([[1, Buffer.from('<< /Type /Catalog /Pages 2 0 R >>')]]);
  for (let k = 0; k < depth; k++) objects.set(2 + k, Buffer.from(`<< /Type /Pages /Kids [${3 + k} 0 R ${3 + k} 0 R] /Count 1 >>`));
  objects.set(2 + depth, Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'));
  return objects;
}

/** An honest page tree of `pages` pages. */
function flatPages(pages: number): Map<number, Buffer> {
  const objects = new Map([[1, Buffer.from('<< /Type /Catalog /Pages 2 0 R >>')]]);
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ');
  objects.set(2, Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`));
  for (let i = 0; i < pages; i++) objects.set(3 + i, Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'));
  return objects;
}

/** A one-page PDF with an object stream whose contents inflate to `bytes` bytes. */
function inflateBomb(bytes: number): Map<number, Buffer> {
  const objects = pageTreeBomb(0);
  objects.set(2, Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'));
  objects.set(3, Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'));
  const payload = zlib.deflateSync(Buffer.alloc(bytes, 0x20), { level: 9 });
  objects.set(4, Buffer.concat([Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${payload.length} >>\nstream\n`), payload, Buffer.from('\nendstream')]));
  return objects;
}
