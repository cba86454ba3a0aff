/** uploadFile over real multipart HTTP requests through the route handler. */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_URL, nextClientIp, POST } from '../../test/graphql.ts';
import { seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { db } from '../db/index.ts';
import { blobStore } from '../storage/index.ts';

const UPLOAD = 'mutation($file: Upload!) { uploadFile(file: $file) { filename fileHash size contentType } }';
const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

async function upload(bytes: Uint8Array, filename: string, token?: string) {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: UPLOAD, variables: { file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new File([bytes as Uint8Array<ArrayBuffer>], filename, { type: 'application/octet-stream' }));
  const headers: Record<string, string> = { 'x-forwarded-for': nextClientIp() };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await POST(new Request(GRAPHQL_URL, { method: 'POST', headers, body: form }));
  return { status: res.status, body: await res.json() };
}

async function samplePdf(pages = 2): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([612, 792]).drawText(`Sheet ${i + 1} ${crypto.randomUUID()}`, { x: 72, y: 700 });
  return pdf.save();
}

let user: SeededUser;
beforeAll(async () => {
  user = await seedUser({ planLevel: 'PROFESSIONAL' });
});

describe('uploadFile', () => {
  it('accepts PDF, PNG, JPEG and TIFF, typed by their bytes whatever their names, and keeps them under their SHA-256', async () => {
    const image = sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } });
    const files: Array<[Uint8Array, string, string]> = [
      [await samplePdf(), 'plans.pdf', 'application/pdf'],
      [await image.clone().png().toBuffer(), 'site.jpg', 'image/png'],
      [await image.clone().jpeg().toBuffer(), 'photo', 'image/jpeg'],
      [await image.clone().tiff().toBuffer(), 'scan.tiff', 'image/tiff'],
    ];
    for (const [bytes, filename, contentType] of files) {
      const res = await upload(bytes, filename, user.accessToken);
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
    const res = await upload(exe, 'invoice.pdf', user.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ uploadFile: null });
    expect(res.body.errors[0].extensions).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', status_code: 415 });
    expect(res.body.errors[0].message).toContain('invoice.pdf is not a PDF, PNG, JPEG or TIFF file');
    expect(await blobStore().has(sha256(exe))).toBe(false);
  });

  it('refuses a PDF that does not parse, and an image that does not decode, with BAD_USER_INPUT', async () => {
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(5_000)]);
    const res = await upload(corrupt, 'broken.pdf', user.accessToken);
    expect(res.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    expect(res.body.errors[0].message).toMatch(/^broken\.pdf is not a readable PDF: /);
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } }).png().toBuffer();
    const truncated = png.subarray(0, 60);
    const bad = await upload(truncated, 'cut.png', user.accessToken);
    expect(bad.body.errors[0].message).toMatch(/^cut\.png is not a readable image: /);
    expect(await db().fileUpload.count({ where: { fileHash: { in: [sha256(corrupt), sha256(truncated)] } } })).toBe(0);
  });

  it('accepts an encrypted PDF and records it as encrypted', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-'));
    fs.writeFileSync(path.join(dir, 'in.pdf'), await samplePdf(1));
    execFileSync('qpdf', ['--encrypt', 'reader', 'owner', '256', '--', path.join(dir, 'in.pdf'), path.join(dir, 'out.pdf')]);
    const encrypted = fs.readFileSync(path.join(dir, 'out.pdf'));
    fs.rmSync(dir, { recursive: true });
    const res = await upload(encrypted, 'locked.pdf', user.accessToken);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    expect(await db().fileUpload.findFirst({ where: { fileHash: sha256(encrypted) }, select: { encrypted: true } })).toEqual({ encrypted: true });
  });

  it('stores the same bytes once, however often and by whomever they are sent', async () => {
    const bytes = await samplePdf(1);
    const other = await seedUser();
    const [a, b] = await Promise.all([upload(bytes, 'a.pdf', user.accessToken), upload(bytes, 'b.pdf', other.accessToken)]);
    expect(a.body.data.uploadFile.fileHash).toBe(b.body.data.uploadFile.fileHash);
    const listed: string[] = [];
    for await (const blob of blobStore().list()) if (blob.hash === sha256(bytes)) listed.push(blob.hash);
    expect(listed).toHaveLength(1);
  });

  it('needs a token, and keeps nothing sent without one', async () => {
    const bytes = await samplePdf(1);
    const res = await upload(bytes, 'anon.pdf');
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await blobStore().has(sha256(bytes))).toBe(false);
  });

  it('refuses a 17 MB file with 413 PAYLOAD_TOO_LARGE before reading the whole body, and stores nothing', async () => {
    const boundary = `----sealwright${crypto.randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify({ query: UPLOAD, variables: { file: null } })}\r\n` +
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
    const res = await POST(new Request(GRAPHQL_URL, { method: 'POST', headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-forwarded-for': nextClientIp() }, body, duplex: 'half' } as RequestInit));
    const answer = await res.json();
    expect([res.status, answer.errors[0].message]).toEqual([413, 'The file exceeds the 16 MB limit']);
    expect(answer.errors[0].extensions).toEqual({ code: 'PAYLOAD_TOO_LARGE', status_code: 413 });
    expect(sent).toBeLessThan(total); // the rest was never asked for
    expect(await db().fileUpload.count({ where: { filename: 'huge.pdf' } })).toBe(0);
  });
});
