/** Documents over real GraphQL requests: create (PDFs and images), versions, updates, soft delete, plan limits, downloads. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import type { PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as download } from '../../app/v1/downloads/[versionId]/route.ts';
import { seedSealOn, seedUser, setPlan } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, sha256, uploaded } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';
import { db } from '../db/index.ts';
import { createDocument } from '../documents/create-document.ts';
import { downloadUrl } from '../documents/download.ts';
import { loadActor } from '../orgs/actor.ts';
import { blobStore } from '../storage/index.ts';

/** GET a download URL through the route handler. */
async function fetchDownload(url: string, headers: Record<string, string> = {}) {
  const versionId = new URL(url).pathname.split('/').pop()!;
  return download(new Request(url, { headers }), { params: Promise.resolve({ versionId }) });
}

/** `qpdf --check` on bytes: its exit status and what it said. */
function qpdfCheck(bytes: Uint8Array): { ok: boolean; output: string } {
  const file = path.join(os.tmpdir(), `qpdf-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return { ok: true, output: execFileSync('qpdf', ['--check', file], { encoding: 'utf8' }) };
  } catch (err) {
    return { ok: false, output: String((err as { stdout?: string }).stdout ?? err) };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

let user: SeededUser;
beforeAll(async () => {
  user = await seedUser({ planLevel: 'PROFESSIONAL' });
});

describe('createDocument', () => {
  it('makes an uploaded PDF version 1 of a new PRIVATE draft, in the caller\u2019s organization', async () => {
    const bytes = await samplePdf(3);
    const fileHash = await uploaded(bytes, 'site plan.pdf', user.accessToken);
    const doc = await createDocumentVia(user.accessToken, { name: '  Site plan  ', description: 'Sheet A-1', fileHash: fileHash.toUpperCase() });
    expect(doc).toMatchObject({
      name: 'Site plan',
      description: 'Sheet A-1',
      status: 'DRAFT',
      visibility: 'PRIVATE',
      folderId: null,
      organizationId: user.organizationId,
      versionCount: 1,
      hasVersions: true,
    });
    expect(doc.currentVersion).toMatchObject({ versionNumber: 1, fileHash: sha256(bytes) });
    const stored = await db().documentVersion.findUniqueOrThrow({ where: { id: doc.currentVersion.id } });
    expect(stored).toMatchObject({ size: bytes.length, pageCount: 3, encrypted: false, createdById: user.id });
  });

  it('turns a PNG, a JPEG and a TIFF into a one-page PDF at the image\u2019s natural size, which qpdf --check accepts', async () => {
    const pixels = sharp({ create: { width: 600, height: 450, channels: 3, background: '#2a6f97' } });
    const cases: Array<[string, Uint8Array, number]> = [
      // 300 dpi: 600 × 450 px is 2 × 1.5 in, 144 × 108 pt.
      ['scan.png', await pixels.clone().png().withMetadata({ density: 300 }).toBuffer(), 300],
      ['photo.jpg', await pixels.clone().jpeg().withMetadata({ density: 150 }).toBuffer(), 150],
      ['fax.tiff', await pixels.clone().tiff().withMetadata({ density: 200 }).toBuffer(), 200],
    ];
    for (const [filename, bytes, dpi] of cases) {
      const fileHash = await uploaded(bytes, filename, user.accessToken);
      const doc = await createDocumentVia(user.accessToken, { name: filename, fileHash });
      const pdfHash = doc.currentVersion.fileHash;
      expect(pdfHash, filename).not.toBe(fileHash);
      const pdfBytes = (await blobStore().read(pdfHash))!;
      expect(sha256(pdfBytes)).toBe(pdfHash);
      const check = qpdfCheck(pdfBytes);
      expect(check.ok, `${filename}: ${check.output}`).toBe(true);
      expect(check.output).toContain('No syntax or stream encoding errors found');
      const pdf = await PDFDocument.load(pdfBytes);
      expect(pdf.getPageCount()).toBe(1);
      const { width, height } = pdf.getPage(0).getSize();
      expect(width, filename).toBeCloseTo((600 * 72) / dpi, 3);
      expect(height, filename).toBeCloseTo((450 * 72) / dpi, 3);
    }
  });

  it('draws an image that declares no resolution at 72 per inch, one point a pixel', async () => {
    const bytes = await sharp({ create: { width: 320, height: 200, channels: 4, background: '#ffffff80' } })
      .png()
      .toBuffer();
    const doc = await createDocumentVia(user.accessToken, { name: 'logo', fileHash: await uploaded(bytes, 'logo.png', user.accessToken) });
    const pdf = await PDFDocument.load((await blobStore().read(doc.currentVersion.fileHash))!);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 320, height: 200 });
  });

  it('keeps a black-and-white scan grey (DeviceGray) and prints transparency over white', async () => {
    const fax = await sharp({ create: { width: 1700, height: 2200, channels: 3, background: '#000000' } })
      .toColourspace('b-w')
      .tiff({ bitdepth: 1, compression: 'ccittfax4', xres: 200 / 25.4, yres: 200 / 25.4 })
      .toBuffer();
    const faxDoc = await createDocumentVia(user.accessToken, { name: 'fax', fileHash: await uploaded(fax, 'fax.tif', user.accessToken) });
    const faxPdf = await PDFDocument.load((await blobStore().read(faxDoc.currentVersion.fileHash))!);
    expect(faxPdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 }); // 1700 × 2200 at 200 dpi: a letter page
    const images = faxPdf.getPage(0).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const image = faxPdf.context.lookup(images.get(images.keys()[0])) as PDFRawStream;
    expect(String(image.dict.get(PDFName.of('ColorSpace')))).toBe('/DeviceGray');

    const clear = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const clearDoc = await createDocumentVia(user.accessToken, { name: 'clear', fileHash: await uploaded(clear, 'clear.png', user.accessToken) });
    const file = path.join(os.tmpdir(), `clear-${process.pid}.pdf`);
    fs.writeFileSync(file, (await blobStore().read(clearDoc.currentVersion.fileHash))!);
    execFileSync('pdftoppm', ['-r', '72', '-png', '-singlefile', file, file]);
    const rendered = fs.readFileSync(`${file}.png`);
    fs.rmSync(file);
    fs.rmSync(`${file}.png`);
    const { data } = await sharp(rendered).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(250); // white, not black
  });

  it('makes a document without a file, and refuses bad input with BAD_USER_INPUT, storing nothing', async () => {
    const empty = await createDocumentVia(user.accessToken, { name: 'Specs to come' });
    expect(empty).toMatchObject({ versionCount: 0, hasVersions: false, currentVersion: null, downloadUrl: null, status: 'DRAFT' });
    const before = await db().document.count({ where: { organizationId: user.organizationId } });
    for (const input of [{ name: '   ' }, { name: 'x'.repeat(256) }, { name: 'ok', fileHash: 'not-a-hash' }, { name: 'ok', description: 'd'.repeat(2001) }]) {
      const res = await gql('mutation($input: CreateDocumentInput!) { createDocument(input: $input) { id } }', { token: user.accessToken, variables: { input } });
      expect(res.body.errors?.[0].extensions.code, JSON.stringify(input).slice(0, 60)).toBe('BAD_USER_INPUT');
    }
    const unknown = await gql('mutation($input: CreateDocumentInput!) { createDocument(input: $input) { id } }', {
      token: user.accessToken,
      variables: { input: { name: 'ok', fileHash: 'ab'.repeat(32) } },
    });
    expect(unknown.body.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect(await db().document.count({ where: { organizationId: user.organizationId } })).toBe(before);
    const anonymous = await gql('mutation { createDocument(input: { name: "x" }) { id } }');
    expect(anonymous.body.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('holds the plan\u2019s maxDocuments, also when documents are created at once; deleted ones do not count', async () => {
    const free = await seedUser(); // FREE: 25 documents
    const actor = (await loadActor({ userId: free.id }))!;
    for (let i = 0; i < 22; i++) await createDocument({ actor, input: { name: `Sheet ${i}` } });
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => createDocument({ actor, input: { name: `Race ${i}` } })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await db().document.count({ where: { organizationId: free.organizationId } })).toBe(25);
    const over = await gql('mutation { createDocument(input: { name: "One too many" }) { id } }', { token: free.accessToken });
    expect(over.body.errors?.[0].extensions).toMatchObject({ code: 'PLAN_LIMIT_EXCEEDED', status_code: 402 });
    const one = await db().document.findFirstOrThrow({ where: { organizationId: free.organizationId } });
    await gql('mutation($id: UUID!) { deleteDocument(id: $id) { id } }', { token: free.accessToken, variables: { id: one.id } });
    const again = await gql('mutation { createDocument(input: { name: "Fits again" }) { name } }', { token: free.accessToken });
    expect(again.body.data?.createDocument).toEqual({ name: 'Fits again' });
    await setPlan(free.organizationId, 'ENTERPRISE');
  });
});

describe('versions', () => {
  const VERSION = 'mutation($input: UploadDocumentVersionInput!) { uploadDocumentVersion(input: $input) { id versionNumber fileHash notes createdBy { email } } }';

  it('adds versions that become current, numbered in order, listed newest first', async () => {
    const first = await samplePdf(1, 'rev A');
    const doc = await createDocumentVia(user.accessToken, { name: 'Foundation plan', fileHash: await uploaded(first, 'a.pdf', user.accessToken) });
    const second = await samplePdf(2, 'rev B');
    const v2 = await gql(VERSION, { token: user.accessToken, variables: { input: { documentId: doc.id, fileHash: await uploaded(second, 'b.pdf', user.accessToken), notes: 'Per city comments' } } });
    expect(v2.body.data?.uploadDocumentVersion).toMatchObject({ versionNumber: 2, fileHash: sha256(second), notes: 'Per city comments', createdBy: { email: user.email } });
    // Two versions at once get numbers of their own.
    const [a, b] = await Promise.all([samplePdf(1, 'rev C'), samplePdf(1, 'rev D')]);
    const [ha, hb] = [await uploaded(a, 'c.pdf', user.accessToken), await uploaded(b, 'd.pdf', user.accessToken)];
    const both = await Promise.all([ha, hb].map((fileHash) => gql(VERSION, { token: user.accessToken, variables: { input: { documentId: doc.id, fileHash } } })));
    expect(both.map((r) => r.body.data?.uploadDocumentVersion.versionNumber).sort()).toEqual([3, 4]);
    const res = await gql(`query($id: UUID!) { document(id: $id) { versionCount hasVersions currentVersion { versionNumber } versions { versionNumber fileHash } } }`, {
      token: user.accessToken,
      variables: { id: doc.id },
    });
    expect(res.body.data?.document).toMatchObject({ versionCount: 4, hasVersions: true, currentVersion: { versionNumber: 4 } });
    expect(res.body.data?.document.versions.map((v: { versionNumber: number }) => v.versionNumber)).toEqual([4, 3, 2, 1]);
    expect(res.body.data?.document.versions[3].fileHash).toBe(sha256(first));
  });

  it('refuses a version for a SEALED document (DOCUMENT_SEALED) and for an archived one (BAD_USER_INPUT), changing nothing', async () => {
    const doc = await createDocumentVia(user.accessToken, { name: 'Sealed sheet', fileHash: await uploaded(await samplePdf(), 's.pdf', user.accessToken) });
    const next = await uploaded(await samplePdf(), 'next.pdf', user.accessToken);
    // The sealing issue's sealDocument sets the current version's seal; here the row says so directly.
    await seedSealOn(doc.currentVersion.id);
    const statusOf = async () => (await gql('query($id: UUID!) { document(id: $id) { status versionCount } }', { token: user.accessToken, variables: { id: doc.id } })).body.data?.document;
    expect(await statusOf()).toEqual({ status: 'SEALED', versionCount: 1 });
    const sealed = await gql(VERSION, { token: user.accessToken, variables: { input: { documentId: doc.id, fileHash: next } } });
    expect(sealed.body.errors?.[0].extensions).toMatchObject({ code: 'DOCUMENT_SEALED', status_code: 409 });
    expect(await statusOf()).toEqual({ status: 'SEALED', versionCount: 1 });

    const draft = await createDocumentVia(user.accessToken, { name: 'Old sheet' });
    await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { archived: true }) { status } }', { token: user.accessToken, variables: { id: draft.id } });
    const archived = await gql(VERSION, { token: user.accessToken, variables: { input: { documentId: draft.id, fileHash: next } } });
    expect(archived.body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(archived.body.errors?.[0].message).toMatch(/archived/);
    const unarchived = await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { archived: false }) { status } }', { token: user.accessToken, variables: { id: draft.id } });
    expect(unarchived.body.data?.updateDocument).toEqual({ status: 'DRAFT' });
    const added = await gql(VERSION, { token: user.accessToken, variables: { input: { documentId: draft.id, fileHash: next } } });
    expect(added.body.data?.uploadDocumentVersion.versionNumber).toBe(1);
  });
});

describe('updateDocument, status filters and soft delete', () => {
  it('renames, describes, changes visibility and archives; omitted fields stay', async () => {
    const doc = await createDocumentVia(user.accessToken, { name: 'Draft', description: 'keep me' });
    const res = await gql('mutation($id: UUID!, $input: UpdateDocumentInput!) { updateDocument(id: $id, input: $input) { name description visibility status updatedAt } }', {
      token: user.accessToken,
      variables: { id: doc.id, input: { name: 'Final', visibility: 'ORGANIZATION', archived: true } },
    });
    expect(res.body.data?.updateDocument).toMatchObject({ name: 'Final', description: 'keep me', visibility: 'ORGANIZATION', status: 'ARCHIVED' });
    const unchanged = await gql('mutation($id: UUID!) { updateDocument(id: $id, input: {}) { name description } }', { token: user.accessToken, variables: { id: doc.id } });
    expect(unchanged.body.data?.updateDocument).toEqual({ name: 'Final', description: 'keep me' });
    const bad = await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { name: null }) { name } }', { token: user.accessToken, variables: { id: doc.id } });
    expect(bad.body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('filters documentsConnection and documents by status and folder, newest first', async () => {
    const owner = await seedUser({ planLevel: 'PROFESSIONAL' });
    const t = owner.accessToken;
    const folder = (await gql('mutation { createFolder(input: { name: "Permits" }) { id } }', { token: t })).body.data!.createFolder;
    const draft = await createDocumentVia(t, { name: 'Draft one' });
    const inFolder = await createDocumentVia(t, { name: 'In folder', folderId: folder.id });
    const archived = await createDocumentVia(t, { name: 'Archived one' });
    await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { archived: true }) { id } }', { token: t, variables: { id: archived.id } });
    const sealed = await createDocumentVia(t, { name: 'Sealed one', fileHash: await uploaded(await samplePdf(), 'x.pdf', t) });
    await seedSealOn(sealed.currentVersion.id);
    const names = async (args: string) => {
      const res = await gql(`{ documentsConnection(${args}) { totalCount edges { node { name } } } }`, { token: t });
      expect(res.body.errors).toBeUndefined();
      return { total: res.body.data!.documentsConnection.totalCount, names: res.body.data!.documentsConnection.edges.map((e: { node: { name: string } }) => e.node.name) };
    };
    expect(await names('first: 10')).toEqual({ total: 4, names: ['Sealed one', 'Archived one', 'In folder', 'Draft one'] });
    expect(await names('status: DRAFT')).toEqual({ total: 2, names: ['In folder', 'Draft one'] });
    expect(await names('status: SEALED')).toEqual({ total: 1, names: ['Sealed one'] });
    expect(await names('status: ARCHIVED')).toEqual({ total: 1, names: ['Archived one'] });
    expect(await names(`folderId: "${folder.id}"`)).toEqual({ total: 1, names: ['In folder'] });
    const old = await gql('{ documents(limit: 2) { name } }', { token: t });
    expect(old.body.data?.documents.map((d: { name: string }) => d.name)).toEqual(['Sealed one', 'Archived one']);
    const tooMany = await gql('{ documents(limit: 101) { name } }', { token: t });
    expect(tooMany.body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(draft.id).toBeTruthy();
    // Paging with cursors, both ways.
    const page1 = await gql('{ documentsConnection(first: 2) { pageInfo { hasNextPage endCursor } edges { node { name } } } }', { token: t });
    const after = page1.body.data!.documentsConnection.pageInfo.endCursor;
    const page2 = await gql('query($after: String) { documentsConnection(first: 2, after: $after) { pageInfo { hasNextPage } edges { node { name } } } }', { token: t, variables: { after } });
    expect(page2.body.data!.documentsConnection.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['In folder', 'Draft one']);
    expect(inFolder.folderId).toBe(folder.id);
  });

  it('soft-deletes: the document leaves lists and document(id) answers null, while its versions and blobs stay', async () => {
    const bytes = await samplePdf();
    const doc = await createDocumentVia(user.accessToken, { name: 'To delete', fileHash: await uploaded(bytes, 'del.pdf', user.accessToken) });
    const url = doc.downloadUrl;
    const deleted = await gql('mutation($id: UUID!) { deleteDocument(id: $id) { id } }', { token: user.accessToken, variables: { id: doc.id } });
    expect(deleted.body.data?.deleteDocument).toEqual({ id: doc.id });
    expect((await gql('query($id: UUID!) { document(id: $id) { id } }', { token: user.accessToken, variables: { id: doc.id } })).body.data?.document).toBeNull();
    const list = await gql('{ documentsConnection(first: 100) { edges { node { id } } } }', { token: user.accessToken });
    expect(list.body.data!.documentsConnection.edges.map((e: { node: { id: string } }) => e.node.id)).not.toContain(doc.id);
    const row = await db().document.findUniqueOrThrow({ where: { id: doc.id }, include: { versions: true } });
    expect(row.deletedAt).not.toBeNull();
    expect(row.versions).toHaveLength(1);
    expect(await blobStore().has(sha256(bytes))).toBe(true);
    // Deleting twice, updating or downloading it: as if it were not there.
    const twice = await gql('mutation($id: UUID!) { deleteDocument(id: $id) { id } }', { token: user.accessToken, variables: { id: doc.id } });
    expect(twice.body.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect((await fetchDownload(url)).status).toBe(404);
  });
});

describe('downloadUrl', () => {
  it('names a sealed version "<name> (sealed).pdf"', async () => {
    const doc = await createDocumentVia(user.accessToken, { name: 'Foundation plan.pdf', fileHash: await uploaded(await samplePdf(1), 'p.pdf', user.accessToken) });
    await seedSealOn(doc.currentVersion.id);
    const res = await fetchDownload(doc.downloadUrl);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Foundation plan (sealed).pdf"; filename*=UTF-8''Foundation%20plan%20%28sealed%29.pdf`);
  });

  it('serves the PDF with its type, a Content-Disposition with the document\u2019s name, and an ETag (304 on a match)', async () => {
    const bytes = await samplePdf(2);
    const doc = await createDocumentVia(user.accessToken, { name: 'Plan général — A1', fileHash: await uploaded(bytes, 'p.pdf', user.accessToken) });
    // The member it was minted for is signed into it (the download goes into the audit trail under their name).
    expect(doc.downloadUrl).toMatch(new RegExp(`^http://localhost:3000/v1/downloads/[0-9a-f-]{36}\\?expires=\\d+&by=${user.id}&signature=[\\w-]+$`));
    const res = await fetchDownload(doc.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Plan general A1.pdf"; filename*=UTF-8''${encodeURIComponent('Plan général — A1.pdf')}`);
    expect(res.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), Buffer.from(bytes))).toBe(0);
    const cached = await fetchDownload(doc.downloadUrl, { 'if-none-match': `"${sha256(bytes)}"` });
    expect(cached.status).toBe(304);
    expect((await fetchDownload(doc.downloadUrl, { 'if-none-match': '*' })).status).toBe(304);
    // The id in upper case is the same version, named as the current one.
    const upper = await fetchDownload(doc.downloadUrl.replace(doc.currentVersion.id, doc.currentVersion.id.toUpperCase()));
    expect(upper.headers.get('content-disposition')).toContain('filename="Plan general A1.pdf"');
    // An older version downloads under its number.
    await gql('mutation($input: UploadDocumentVersionInput!) { uploadDocumentVersion(input: $input) { id } }', {
      token: user.accessToken,
      variables: { input: { documentId: doc.id, fileHash: await uploaded(await samplePdf(), 'p2.pdf', user.accessToken) } },
    });
    const versions = await gql('query($id: UUID!) { document(id: $id) { versions { versionNumber downloadUrl } } }', { token: user.accessToken, variables: { id: doc.id } });
    const v1 = versions.body.data!.document.versions.find((v: { versionNumber: number }) => v.versionNumber === 1);
    const old = await fetchDownload(v1.downloadUrl);
    expect(old.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Plan général — A1 ')}%28version%201%29.pdf`);
    expect(Buffer.compare(Buffer.from(await old.arrayBuffer()), Buffer.from(bytes))).toBe(0);
  });

  it('answers 403 for a tampered or expired signature, and for a link to another version', async () => {
    const doc = await createDocumentVia(user.accessToken, { name: 'Guarded', fileHash: await uploaded(await samplePdf(), 'g.pdf', user.accessToken) });
    const url = new URL(doc.downloadUrl);
    const forbidden = async (u: URL | string) => {
      const res = await fetchDownload(String(u));
      expect(res.status, String(u)).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'forbidden' });
    };
    const sig = url.searchParams.get('signature')!;
    const flipped = new URL(url);
    flipped.searchParams.set('signature', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    await forbidden(flipped);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    await forbidden(later);
    const noSig = new URL(url);
    noSig.searchParams.delete('signature');
    await forbidden(noSig);
    const other = await createDocumentVia(user.accessToken, { name: 'Other', fileHash: await uploaded(await samplePdf(), 'o.pdf', user.accessToken) });
    await forbidden(String(url).replace(doc.currentVersion.id, other.currentVersion.id));
    // Minted 16 minutes ago: expired a minute ago.
    await forbidden(downloadUrl(doc.currentVersion.id, Date.now() - 16 * 60 * 1000));
    // Minted 14 minutes ago: still good.
    expect((await fetchDownload(downloadUrl(doc.currentVersion.id, Date.now() - 14 * 60 * 1000))).status).toBe(200);
  });
});
