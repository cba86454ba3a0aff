/**
 * What the dashboard's documents list asks of the API: search by name, the orders, the status
 * filter and first-page thumbnails (documentsConnection, Document.thumbnailUrl), and folder
 * counts that include subfolders (DocumentFolder.totalDocumentCount). Real GraphQL requests,
 * the real thumbnail route, a real PDF pool.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as thumbnail, DELETE as thumbnailDelete } from '../../app/v1/thumbnails/[versionId]/route.ts';
import { seedSealOn, seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, sha256, uploaded } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';
import { db } from '../db/index.ts';

const LIST = `query($search: String, $orderBy: DocumentOrder, $status: DocumentStatus, $first: Int, $after: String, $folderId: UUID) {
  documentsConnection(search: $search, orderBy: $orderBy, status: $status, first: $first, after: $after, folderId: $folderId) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { id name status thumbnailUrl } }
  }
}`;

async function list(user: SeededUser, variables: Record<string, unknown>) {
  const res = await gql(LIST, { token: user.accessToken, variables });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  const c = res.body.data!.documentsConnection;
  return { ...c, names: c.edges.map((e: { node: { name: string } }) => e.node.name) as string[] };
}

const fetchThumbnail = (url: string, headers: Record<string, string> = {}) => {
  const u = new URL(url);
  return thumbnail(new Request(url, { headers }), { params: Promise.resolve({ versionId: u.pathname.split('/').pop()! }) });
};

describe('the documents list', () => {
  let user: SeededUser;
  beforeAll(async () => {
    user = await seedUser({ planLevel: 'TEAM' });
    for (const name of ['bridge deck', 'Site plan', 'Bridge Piers', 'site PLAN revision', 'Zoning', 'apron']) await createDocumentVia(user.accessToken, { name });
  });

  it('finds documents by a part of their name, ignoring case, and counts only those', async () => {
    const found = await list(user, { search: '  PLAN ' });
    expect(found.names).toEqual(['site PLAN revision', 'Site plan']);
    expect(found.totalCount).toBe(2);
    expect((await list(user, { search: 'bridge' })).names.sort()).toEqual(['Bridge Piers', 'bridge deck']);
    // LIKE's wildcards match only themselves.
    expect((await list(user, { search: '%' })).totalCount).toBe(0);
    const other = await seedUser();
    for (const name of ['100% done_final', 'done final', 'a\\b']) await createDocumentVia(other.accessToken, { name });
    expect((await list(other, { search: '%' })).names).toEqual(['100% done_final']);
    expect((await list(other, { search: 'done_' })).names).toEqual(['100% done_final']);
    expect((await list(other, { search: '\\' })).names).toEqual(['a\\b']);
    expect((await list(user, { search: '' })).totalCount).toBe(6);
    const long = await gql(LIST, { token: user.accessToken, variables: { search: 'x'.repeat(256) } });
    expect(long.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('sorts by name ignoring case, either way, by age and by the latest change, and pages each order stably', async () => {
    expect((await list(user, { orderBy: 'NAME' })).names).toEqual(['apron', 'bridge deck', 'Bridge Piers', 'Site plan', 'site PLAN revision', 'Zoning']);
    expect((await list(user, { orderBy: 'NAME_DESC' })).names).toEqual(['Zoning', 'site PLAN revision', 'Site plan', 'Bridge Piers', 'bridge deck', 'apron']);
    expect((await list(user, { orderBy: 'OLDEST' })).names).toEqual(['bridge deck', 'Site plan', 'Bridge Piers', 'site PLAN revision', 'Zoning', 'apron']);
    expect((await list(user, {})).names).toEqual(['apron', 'Zoning', 'site PLAN revision', 'Bridge Piers', 'Site plan', 'bridge deck']);
    // A rename sorts anew by name (the database keeps the lower-case key) and leads RECENTLY_UPDATED.
    const apron = (await list(user, { search: 'apron' })).edges[0].node.id;
    const renamed = await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { name: "Yard apron" }) { name } }', { token: user.accessToken, variables: { id: apron } });
    expect(renamed.body.errors).toBeUndefined();
    expect((await list(user, { orderBy: 'NAME' })).names.slice(-2)).toEqual(['Yard apron', 'Zoning']);
    expect((await list(user, { orderBy: 'RECENTLY_UPDATED' })).names[0]).toBe('Yard apron');
    // Two pages of three by name: together the whole list, in order.
    const first = await list(user, { orderBy: 'NAME', first: 3 });
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await list(user, { orderBy: 'NAME', first: 3, after: first.pageInfo.endCursor });
    expect([...first.names, ...second.names]).toEqual((await list(user, { orderBy: 'NAME' })).names);
    const bad = await gql(LIST, { token: user.accessToken, variables: { orderBy: 'SIZE' } });
    expect(bad.status).toBe(400);
  });

  it('filters by status together with a search', async () => {
    const other = await seedUser({ planLevel: 'TEAM' });
    const sealed = await createDocumentVia(other.accessToken, { name: 'Sealed plan', fileHash: await uploaded(await samplePdf(), 's.pdf', other.accessToken) });
    await createDocumentVia(other.accessToken, { name: 'Draft plan', fileHash: await uploaded(await samplePdf(), 'd.pdf', other.accessToken) });
    await seedSealOn(sealed.currentVersion.id);
    expect((await list(other, { search: 'plan', status: 'SEALED' })).names).toEqual(['Sealed plan']);
    expect((await list(other, { search: 'plan', status: 'DRAFT' })).names).toEqual(['Draft plan']);
    expect((await list(other, { search: 'plan', status: 'ARCHIVED' })).names).toEqual([]);
  });

  it('counts the documents of a folder and of every folder below it', async () => {
    const owner = await seedUser({ planLevel: 'TEAM' });
    const folder = async (name: string, parentId: string | null = null) =>
      (await gql('mutation($input: CreateFolderInput!) { createFolder(input: $input) { id } }', { token: owner.accessToken, variables: { input: { name, parentId } } })).body.data!.createFolder
        .id as string;
    const projects = await folder('Projects');
    const bridge = await folder('Bridge', projects);
    const piers = await folder('Piers', bridge);
    const empty = await folder('Empty');
    for (const [name, folderId] of [
      ['P1', projects],
      ['B1', bridge],
      ['B2', bridge],
      ['X1', piers],
    ] as const)
      await createDocumentVia(owner.accessToken, { name, folderId });
    const res = await gql('{ folders { name documentCount totalDocumentCount children { name documentCount totalDocumentCount children { name totalDocumentCount } } } }', {
      token: owner.accessToken,
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.folders).toEqual([
      { name: 'Empty', documentCount: 0, totalDocumentCount: 0, children: [] },
      { name: 'Projects', documentCount: 1, totalDocumentCount: 4, children: [{ name: 'Bridge', documentCount: 2, totalDocumentCount: 3, children: [{ name: 'Piers', totalDocumentCount: 1 }] }] },
    ]);
    expect(empty).toBeTruthy();
  });

  it('serves a first-page thumbnail, drawn once per file and kept, to holders of the signed URL only', async () => {
    const owner = await seedUser({ planLevel: 'TEAM' });
    // A landscape sheet, a black box in its lower-left quarter.
    const pdf = await PDFDocument.create();
    pdf.addPage([792, 612]).drawRectangle({ x: 0, y: 0, width: 396, height: 306, color: rgb(0, 0, 0) });
    const bytes = await pdf.save();
    const doc = await createDocumentVia(owner.accessToken, { name: 'Thumb', fileHash: await uploaded(bytes, 't.pdf', owner.accessToken) }, 'id thumbnailUrl currentVersion { id thumbnailUrl }');
    expect(doc.thumbnailUrl).toMatch(/^http:\/\/localhost:3000\/v1\/thumbnails\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/);
    expect(doc.currentVersion.thumbnailUrl).toBe(doc.thumbnailUrl);
    const res = await fetchThumbnail(doc.thumbnailUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const etag = res.headers.get('etag');
    expect(etag).toBe(`"${sha256(bytes)}-240"`);
    const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    expect([png.width, png.height]).toEqual([240, 185]);
    const grey = (x: number, y: number) => png.data[(y * png.width + x) * 4]!;
    expect(grey(20, png.height - 20)).toBeLessThan(40); // the box, lower left
    expect(grey(png.width - 20, 20)).toBeGreaterThan(215); // white, upper right
    // Kept under the file's hash: the cached file is what the next answer serves; If-None-Match answers 304.
    const dataDir = process.env.DATA_DIR ?? './data';
    const cacheRoot = dataDir.startsWith('memory://') ? path.join(os.tmpdir(), `sealwright-thumbnails-${process.pid}`) : path.resolve(dataDir, 'cache', 'thumbnails');
    const cached = path.join(cacheRoot, `${sha256(bytes)}-240.png`);
    expect(fs.existsSync(cached)).toBe(true);
    const again = await fetchThumbnail(doc.thumbnailUrl);
    expect(Buffer.compare(Buffer.from(await again.arrayBuffer()), fs.readFileSync(cached))).toBe(0);
    expect((await fetchThumbnail(doc.thumbnailUrl, { 'if-none-match': etag! })).status).toBe(304);
    // A tampered signature is 403; a deleted document 404; a stranger gets no URL at all.
    const tampered = new URL(doc.thumbnailUrl);
    const signature = tampered.searchParams.get('signature')!;
    tampered.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    expect((await fetchThumbnail(String(tampered))).status).toBe(403);
    const wrongMethod = thumbnailDelete();
    expect([wrongMethod.status, wrongMethod.headers.get('allow'), (await wrongMethod.json()).error]).toEqual([405, 'GET', 'method_not_allowed']);
    const stranger = await seedUser();
    const seen = await gql('query($id: UUID!) { document(id: $id) { thumbnailUrl } }', { token: stranger.accessToken, variables: { id: doc.id } });
    expect(seen.body.data!.document).toBeNull();
    await gql('mutation($id: UUID!) { deleteDocument(id: $id) { id } }', { token: owner.accessToken, variables: { id: doc.id } });
    expect((await fetchThumbnail(doc.thumbnailUrl)).status).toBe(404);
    expect(await db().document.count({ where: { id: doc.id, deletedAt: { not: null } } })).toBe(1);
    // poppler agrees the PDF is what was drawn (a sanity check of the fixture, not of pdf.js).
    expect(execFileSync('pdfinfo', ['-'], { input: bytes, encoding: 'utf8' })).toMatch(/Page size:\s+792 x 612/);
  });
});
