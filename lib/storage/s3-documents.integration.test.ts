/**
 * Documents on an S3-compatible store, end to end over real HTTP: the API's route handlers run
 * in a server process of their own with S3_BUCKET pointing at s3rver; files are uploaded as
 * multipart requests, made into documents and downloaded again, and the bucket is looked at.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../../test/api-server.ts';
import type { ApiServer } from '../../test/api-server.ts';
import { samplePdf, sha256, UPLOAD_FILE } from '../../test/documents.ts';
import { startS3StandIn } from '../../test/s3-standin.ts';
import { createBlobStore } from './index.ts';

let s3: Awaited<ReturnType<typeof startS3StandIn>>;
let api: ApiServer;
let token: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-s3-api-'));

async function graphql(query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${api.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function upload(bytes: Uint8Array, filename: string): Promise<{ fileHash: string; contentType: string }> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: UPLOAD_FILE, variables: { file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new File([bytes as Uint8Array<ArrayBuffer>], filename));
  const res = await fetch(`${api.url}/v1/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { data?: any; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.uploadFile;
}

/** Every object key in the bucket. */
async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const { hash } of createBlobStore({ DATA_DIR: dataDir, ...s3.env }).list()) keys.push(hash);
  return keys;
}

beforeAll(async () => {
  s3 = await startS3StandIn();
  api = await startApiServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ...Object.fromEntries(Object.entries(s3.env).map(([k, v]) => [k, String(v)])),
    BLOB_COLLECT_INTERVAL_MS: '0',
    CREDENTIAL_RECHECK_INTERVAL_MS: '0',
  });
  const registered = await graphql('mutation($e: String!) { register(input: { email: $e, password: "s3-documents-test", displayName: "Sam Store" }) { accessToken } }', {
    e: `s3-${Date.now()}@example.test`,
  });
  token = registered.register.accessToken;
}, 120_000);

afterAll(async () => {
  await api?.close();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('documents on an S3-compatible store, over HTTP', () => {
  it('keeps uploads (once), converted images and versions in the bucket, and serves them back from it', async () => {
    const pdf = await samplePdf(2);
    const first = await upload(pdf, 'plan.pdf');
    const again = await upload(pdf, 'plan-copy.pdf');
    expect(first).toMatchObject({ fileHash: sha256(pdf), contentType: 'application/pdf', size: pdf.length });
    expect(again.fileHash).toBe(first.fileHash);
    const png = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#3a7' } })
      .png()
      .withMetadata({ density: 150 })
      .toBuffer();
    const image = await upload(png, 'site.png');

    const fromPdf = await graphql('mutation($h: String!) { createDocument(input: { name: "Plan", fileHash: $h }) { id downloadUrl currentVersion { fileHash } } }', { h: first.fileHash });
    const fromImage = await graphql('mutation($h: String!) { createDocument(input: { name: "Site photo", fileHash: $h }) { id downloadUrl currentVersion { fileHash } } }', { h: image.fileHash });
    const converted = fromImage.createDocument.currentVersion.fileHash;
    const v2 = await upload(await samplePdf(1), 'plan-rev.pdf');
    await graphql('mutation($i: UploadDocumentVersionInput!) { uploadDocumentVersion(input: $i) { versionNumber } }', { i: { documentId: fromPdf.createDocument.id, fileHash: v2.fileHash } });

    const keys = await bucketKeys();
    for (const hash of [first.fileHash, image.fileHash, converted, v2.fileHash]) expect(keys, hash).toContain(hash);
    expect(keys.filter((k) => k === first.fileHash)).toHaveLength(1);
    // Nothing landed under DATA_DIR/blobs but the temporary directory of puts (emptied).
    const local = path.join(dataDir, 'blobs');
    const leftovers = fs.existsSync(local) ? fs.readdirSync(local).filter((d) => d !== 'tmp') : [];
    expect(leftovers).toEqual([]);

    for (const [url, hash] of [
      [fromPdf.createDocument.downloadUrl, first.fileHash],
      [fromImage.createDocument.downloadUrl, converted],
    ] as const) {
      const link = new URL(url);
      const res = await fetch(`${api.url}${link.pathname}${link.search}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('etag')).toBe(`"${hash}"`);
      expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(hash);
    }
    const page = await graphql('{ documentsConnection { totalCount edges { node { name versionCount } } } }');
    expect(page.documentsConnection).toEqual({ totalCount: 2, edges: [{ node: { name: 'Site photo', versionCount: 1 } }, { node: { name: 'Plan', versionCount: 2 } }] });
  });
});
