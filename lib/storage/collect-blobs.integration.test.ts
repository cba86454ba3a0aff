/** The blob collector, on a local directory and on an S3-compatible server (s3rver), against the real database. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { createDocumentVia, sha256, uploaded } from '../../test/documents.ts';
import { startS3StandIn } from '../../test/s3-standin.ts';
import { GET as download } from '../../app/v1/downloads/[versionId]/route.ts';
import { db } from '../db/index.ts';
import type { BlobStore } from './blob-store.ts';
import { collectBlobs, RECENT_BLOB_MS } from './collect-blobs.ts';
import { blobStore, createBlobStore } from './index.ts';
import type { LocalBlobStore } from './local-store.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-collect-'));
let s3: Awaited<ReturnType<typeof startS3StandIn>>;
let user: SeededUser;
const stores: Record<string, () => BlobStore> = {
  local: () => createBlobStore({ DATA_DIR: dataDir, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false, S3_PREFIX: 'blobs/' }),
  s3: () => createBlobStore({ DATA_DIR: dataDir, ...s3.env }),
};

beforeAll(async () => {
  s3 = await startS3StandIn();
  user = await seedUser({ planLevel: 'PROFESSIONAL' });
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const put = async (store: BlobStore, label: string) => (await store.put(Readable.from([Buffer.from(`${label} ${crypto.randomUUID()}`)]), { maxBytes: 1024 })).hash;
const DAY = 24 * 3600 * 1000;

/** A document with a version holding `hash` (the row only: these blobs live in the test's own store). */
async function versionOf(hash: string, deleted = false): Promise<void> {
  await db().document.create({
    data: {
      organizationId: user.organizationId,
      name: `holds ${hash.slice(0, 8)}`,
      deletedAt: deleted ? new Date() : null,
      versions: { create: { versionNumber: 1, fileHash: hash, size: 10 } },
    },
  });
}

async function uploadOf(hash: string, insertedAt: Date): Promise<void> {
  await db().fileUpload.create({ data: { organizationId: user.organizationId, userId: user.id, fileHash: hash, filename: 'x.pdf', size: 10, contentType: 'application/pdf', insertedAt } });
}

describe.each(Object.keys(stores))('collectBlobs on the %s store', (kind) => {
  it('removes what nothing references, and keeps versions\u2019 blobs (a deleted document\u2019s too), recent uploads and recent blobs', async () => {
    const store = stores[kind]();
    const version = await put(store, 'version');
    const deletedDocs = await put(store, 'deleted document');
    const freshUpload = await put(store, 'fresh upload');
    const staleUpload = await put(store, 'stale upload');
    const orphan = await put(store, 'orphan');
    await versionOf(version);
    await versionOf(deletedDocs, true);
    await uploadOf(freshUpload, new Date());
    await uploadOf(staleUpload, new Date(Date.now() - 2 * DAY));

    // Right now every blob is younger than an hour: none goes, referenced or not.
    expect((await collectBlobs({ store })).collected).toEqual([]);

    // Two hours on: the orphan and the upload nobody used for a day go.
    const later = new Date(Date.now() + 2 * RECENT_BLOB_MS);
    const result = await collectBlobs({ store, now: later });
    expect(result.collected.sort()).toEqual([orphan, staleUpload].sort());
    for (const hash of [version, deletedDocs, freshUpload]) expect(await store.has(hash), hash).toBe(true);
    for (const hash of [orphan, staleUpload]) expect(await store.has(hash), hash).toBe(false);
  });

  it('removes temporary files of puts that died an hour ago, and keeps a put under way', async () => {
    const store = stores[kind]();
    const tempDir = path.join(dataDir, 'blobs', 'tmp');
    fs.mkdirSync(tempDir, { recursive: true });
    const dead = path.join(tempDir, `${crypto.randomUUID()}.part`);
    const live = path.join(tempDir, `${crypto.randomUUID()}.part`);
    fs.writeFileSync(dead, 'half a file');
    fs.writeFileSync(live, 'a file on its way');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    fs.utimesSync(dead, twoHoursAgo, twoHoursAgo);
    const result = await collectBlobs({ store });
    expect(result.staleTempFiles).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    fs.rmSync(live);
  });
});

describe('collectBlobs and a put of bytes already stored', () => {
  it('spares the blob: putting it again makes it recent, so the upload recorded next still finds it', async () => {
    const store = stores.local() as LocalBlobStore;
    const bytes = Buffer.from(`reput ${crypto.randomUUID()}`);
    const { hash } = await store.put(Readable.from([bytes]), { maxBytes: 1024 });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    fs.utimesSync(store.pathOf(hash), twoHoursAgo, twoHoursAgo);
    const again = await store.put(Readable.from([bytes]), { maxBytes: 1024 });
    expect(again).toMatchObject({ hash, created: false });
    expect((await collectBlobs({ store })).collected).not.toContain(hash);
    expect(await store.has(hash)).toBe(true);
  });
});

describe('collectBlobs after createDocument from an image', () => {
  it('drops the image once its upload is a day old, and keeps the PDF made from it, which still downloads', async () => {
    const image = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const imageHash = await uploaded(image, 'photo.png', user.accessToken);
    const doc = await createDocumentVia(user.accessToken, { name: 'Photo sheet', fileHash: imageHash });
    await db().fileUpload.updateMany({ where: { fileHash: imageHash }, data: { insertedAt: new Date(Date.now() - 2 * DAY) } });
    const result = await collectBlobs({ store: blobStore(), now: new Date(Date.now() + 2 * RECENT_BLOB_MS) });
    expect(result.collected).toContain(imageHash);
    expect(result.collected).not.toContain(doc.currentVersion.fileHash);
    expect(await blobStore().has(imageHash)).toBe(false);
    const res = await download(new Request(doc.downloadUrl), { params: Promise.resolve({ versionId: doc.currentVersion.id }) });
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(doc.currentVersion.fileHash);
    // A later createDocument from the collected image says what to do.
    const again = await createDocumentVia(user.accessToken, { name: 'Again', fileHash: imageHash }).catch((err: Error) => err.message);
    expect(again).toMatch(/send it with uploadFile.*NOT_FOUND/);
  });
});
