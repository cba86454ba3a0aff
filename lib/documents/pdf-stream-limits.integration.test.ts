/**
 * The README's stream limits (64 MB decoded per stream, 128 MB in all) hold for every stream of
 * an uploaded PDF, decoded through its whole filter chain, not only for the object streams
 * pdf-lib unpacks while parsing. The hostile files are made here, a few hundred KB each.
 */
import zlib from 'node:zlib';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { deflatedZeros, pageWithContents } from '../../test/hostile-pdfs.ts';
import { sha256, uploadBytes } from '../../test/documents.ts';
import { db } from '../db/index.ts';
import { blobStore } from '../storage/index.ts';

const MiB = 1024 * 1024;
let user: SeededUser;
beforeAll(async () => {
  user = await seedUser({ planLevel: 'PROFESSIONAL' });
});

/** The page count pdf.js (an independent reader) finds: the file is a well-formed PDF. */
async function pdfjsPages(bytes: Uint8Array): Promise<number> {
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, stopAtErrors: true }).promise;
  try {
    return pdf.numPages;
  } finally {
    await pdf.destroy();
  }
}

async function expectRefused(bytes: Uint8Array, name: string, reason: RegExp) {
  const started = Date.now();
  const res = await uploadBytes(bytes, name, user.accessToken);
  expect(res.body.errors?.[0].extensions.code, name).toBe('BAD_USER_INPUT');
  expect(res.body.errors?.[0].message, name).toMatch(reason);
  expect(res.body.data?.uploadFile ?? null, name).toBeNull();
  expect(Date.now() - started, name).toBeLessThan(10_000);
  expect(await db().fileUpload.count({ where: { fileHash: sha256(bytes) } }), name).toBe(0);
  expect(await blobStore().has(sha256(bytes)), name).toBe(false);
}

describe('decoded stream limits of an uploaded PDF', () => {
  it('refuses a page content stream that inflates to 100 MiB, naming the 64 MB limit', async () => {
    const bytes = pageWithContents([{ dict: '/Filter /FlateDecode', bytes: await deflatedZeros(100 * MiB) }]);
    expect(bytes.byteLength).toBeLessThan(200_000);
    expect(await pdfjsPages(bytes)).toBe(1);
    await expectRefused(bytes, 'one-big-stream.pdf', /a stream decodes to more than 64 MB/);
  });

  it('refuses 20 content streams of 10 MiB each (each under 64 MB), naming the 128 MB limit', async () => {
    const ten = await deflatedZeros(10 * MiB);
    // Each stream its own bytes (a different trailing comment), so none is a copy of another.
    const contents = Array.from({ length: 20 }, (_, i) => ({ dict: '/Filter /FlateDecode', bytes: Buffer.concat([ten, Buffer.from(`\n% ${i}`)]) }));
    const bytes = pageWithContents(contents);
    expect(await pdfjsPages(bytes)).toBe(1);
    await expectRefused(bytes, 'twenty-streams.pdf', /streams decode to more than 128 MB/);
  });

  it('refuses a stream filtered twice, /Filter [/FlateDecode /FlateDecode], that decodes to 200 MB', async () => {
    const inner = await deflatedZeros(200 * 1000 * 1000);
    const bytes = pageWithContents([{ dict: '/Filter [/FlateDecode /FlateDecode]', bytes: zlib.deflateSync(inner, { level: 9 }) }]);
    expect(bytes.byteLength).toBeLessThan(50_000);
    expect(await pdfjsPages(bytes)).toBe(1);
    await expectRefused(bytes, 'double-flate.pdf', /a stream decodes to more than 64 MB/);
  });

  it('still accepts a page drawn through two Flate filters and 8 MiB of decoded streams', async () => {
    const drawing = Buffer.from('BT /F1 24 Tf 72 700 Td (Deck plan) Tj ET\n0 0 1 rg 72 72 200 100 re f\n');
    const bytes = pageWithContents([
      { dict: '/Filter [/FlateDecode /FlateDecode]', bytes: zlib.deflateSync(zlib.deflateSync(drawing)) },
      { dict: '/Filter /FlateDecode', bytes: zlib.deflateSync(Buffer.alloc(8 * MiB, 0x20)) },
    ]);
    expect(await pdfjsPages(bytes)).toBe(1);
    const res = await uploadBytes(bytes, 'fine.pdf', user.accessToken);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.uploadFile).toMatchObject({ fileHash: sha256(bytes), contentType: 'application/pdf' });
    expect(await blobStore().has(sha256(bytes))).toBe(true);
  });
});
