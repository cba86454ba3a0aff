/**
 * A document's audit trail over the real doors: GraphQL mutations (upload, new version, a PDF
 * edit, seal, delete) and the signed download route each write their event, with the actor,
 * the client address the request came from and a few facts; `Document.auditTrail` answers them
 * oldest first to members only; the public sealing certificate prints them without addresses.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as downloadGet, HEAD as downloadHead } from '../../app/v1/downloads/[versionId]/route.ts';
import { GET as certificatePdf } from '../../app/v1/verify/[code]/certificate.pdf/route.ts';
import { seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { samplePdf, uploaded } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';
import { professional, sealAs } from '../../test/sealing.ts';
import type { Professional } from '../../test/sealing.ts';
import { db } from '../db/index.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-audit-'));
afterAll(() => {
  if (!process.env.KEEP_AUDIT) fs.rmSync(tmp, { recursive: true, force: true });
});

const TRAIL = 'query($id: UUID!) { document(id: $id) { id auditTrail { type occurredAt actorId actorName clientAddress details } } }';
const from = (address: string) => ({ 'x-forwarded-for': address });

/** GET (or HEAD) a download URL through its route, from an address. */
async function fetchDownload(url: string, address: string, method: 'GET' | 'HEAD' = 'GET') {
  const { pathname, search } = new URL(url);
  const versionId = pathname.split('/').pop()!;
  const request = new Request(`http://localhost${pathname}${search}`, { method, headers: from(address) });
  const res = await (method === 'GET' ? downloadGet : downloadHead)(request, { params: Promise.resolve({ versionId }) });
  if (method === 'GET' && res.ok) await res.arrayBuffer();
  return res;
}

describe('Document.auditTrail', () => {
  let pro: Professional;
  let outsider: SeededUser;
  let documentId: string;
  let code: string;

  beforeAll(async () => {
    pro = await professional('Avery Quinn');
    outsider = await seedUser({ displayName: 'Olly Outsider' });
    const token = pro.accessToken;
    const first = await uploaded(await samplePdf(1, 'Audit'), 'audit.pdf', token);
    const created = await gql('mutation($i: CreateDocumentInput!) { createDocument(input: $i) { id } }', {
      token,
      variables: { i: { name: 'Audit plan', fileHash: first, visibility: 'PUBLIC' } },
      headers: from('198.51.100.1'),
    });
    documentId = created.body.data!.createDocument.id;
    const second = await uploaded(await samplePdf(1, 'Audit v2'), 'audit-2.pdf', token);
    const version = await gql('mutation($i: UploadDocumentVersionInput!) { uploadDocumentVersion(input: $i) { versionNumber } }', {
      token,
      variables: { i: { documentId, fileHash: second } },
      headers: from('198.51.100.2'),
    });
    expect(version.body.errors).toBeUndefined();
    const edited = await gql('mutation($i: AddPageInput!) { addPdfPage(input: $i) { pageCount } }', { token, variables: { i: { documentId } }, headers: from('198.51.100.3') });
    expect(edited.body.errors).toBeUndefined();
    // Downloads: the member's URL (under their name), a HEAD (sends no file: not a download), and an outsider's URL of the PUBLIC document.
    const mine = (await gql(`query($id: UUID!) { document(id: $id) { downloadUrl } }`, { token, variables: { id: documentId } })).body.data!.document.downloadUrl as string;
    expect(mine).toContain(`by=${pro.id}`);
    expect((await fetchDownload(mine, '198.51.100.4')).status).toBe(200);
    expect((await fetchDownload(mine, '198.51.100.4', 'HEAD')).status).toBe(200);
    const theirs = (await gql(`query($id: UUID!) { document(id: $id) { downloadUrl } }`, { token: outsider.accessToken, variables: { id: documentId } })).body.data!.document.downloadUrl as string;
    expect(theirs).not.toContain('by=');
    expect((await fetchDownload(theirs, '198.51.100.5')).status).toBe(200);
    // A URL whose signer was swapped for someone else is refused, and records nothing.
    expect((await fetchDownload(mine.replace(`by=${pro.id}`, `by=${outsider.id}`), '198.51.100.6')).status).toBe(403);
    // A seal that fails before its commit leaves no SEALED event (one transaction).
    await expect(
      sealAs(
        pro,
        documentId,
        {},
        {
          faults: {
            beforeCommit: () => {
              throw new Error('fault before commit');
            },
          },
        },
      ),
    ).rejects.toThrow('fault before commit');
    const sealed = await gql('mutation($i: SealDocumentInput!) { sealDocument(input: $i) { verificationCode } }', {
      token,
      variables: { i: { documentId, credentialId: pro.credentialId } },
      headers: from('198.51.100.7'),
    });
    expect(sealed.body.errors).toBeUndefined();
    code = sealed.body.data!.sealDocument.verificationCode;
  });

  it('records each kind of event with actor, time, client address and details, oldest first', async () => {
    const res = await gql(TRAIL, { token: pro.accessToken, variables: { id: documentId } });
    expect(res.body.errors).toBeUndefined();
    const trail = res.body.data!.document.auditTrail as Array<{ type: string; occurredAt: string; actorId: string | null; actorName: string | null; clientAddress: string | null; details: string }>;
    expect(trail.map((e) => [e.type, e.actorName, e.clientAddress])).toEqual([
      ['UPLOADED', 'Avery Quinn', '198.51.100.1'],
      ['VERSION_ADDED', 'Avery Quinn', '198.51.100.2'],
      ['PDF_EDITED', 'Avery Quinn', '198.51.100.3'],
      ['DOWNLOADED', 'Avery Quinn', '198.51.100.4'],
      ['DOWNLOADED', null, '198.51.100.5'],
      ['SEALED', 'Avery Quinn', '198.51.100.7'],
    ]);
    const times = trail.map((e) => Date.parse(e.occurredAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(trail[0].actorId).toBe(pro.id);
    expect(trail[4].actorId).toBeNull();
    const details = trail.map((e) => JSON.parse(e.details));
    expect(details[0]).toMatchObject({ name: 'Audit plan', versionNumber: 1 });
    expect(details[1]).toMatchObject({ versionNumber: 2 });
    expect(details[2]).toMatchObject({ operation: 'addPdfPage', versionNumber: 3, pageCount: 2 });
    expect(details[3]).toMatchObject({ versionNumber: 3 });
    expect(details[5]).toMatchObject({ verificationCode: code, pkiSigned: false });

    const deleted = await gql('mutation($id: UUID!) { deleteDocument(id: $id) { id } }', { token: pro.accessToken, variables: { id: documentId }, headers: from('198.51.100.8') });
    expect(deleted.body.errors).toBeUndefined();
    const last = await db().documentEvent.findFirstOrThrow({ where: { documentId }, orderBy: [{ occurredAt: 'desc' }, { id: 'desc' }] });
    expect(last).toMatchObject({ type: 'DELETED', actorId: pro.id, actorName: 'Avery Quinn', clientAddress: '198.51.100.8' });
  });

  it('is read only by members: another organization gets null (PUBLIC document) or no document at all', async () => {
    const doc = (await gql('mutation($i: CreateDocumentInput!) { createDocument(input: $i) { id } }', { token: pro.accessToken, variables: { i: { name: 'Shared plan', visibility: 'PUBLIC' } } })).body
      .data!.createDocument.id;
    const hidden = (await gql('mutation($i: CreateDocumentInput!) { createDocument(input: $i) { id } }', { token: pro.accessToken, variables: { i: { name: 'Private plan' } } })).body.data!
      .createDocument.id;
    expect((await gql(TRAIL, { token: pro.accessToken, variables: { id: doc } })).body.data!.document.auditTrail).toHaveLength(1);
    const outside = await gql(TRAIL, { token: outsider.accessToken, variables: { id: doc } });
    expect(outside.body.errors).toBeUndefined();
    expect(outside.body.data!.document).toEqual({ id: doc, auditTrail: null });
    expect((await gql(TRAIL, { variables: { id: doc } })).body.data!.document).toEqual({ id: doc, auditTrail: null });
    expect((await gql(TRAIL, { token: outsider.accessToken, variables: { id: hidden } })).body.data!.document).toBeNull();
  });

  it('goes into the public sealing certificate up to the seal, with names and times but no client address', async () => {
    const res = await certificatePdf(new Request(`http://localhost/v1/verify/${code}/certificate.pdf`, { headers: from('192.0.2.9') }), { params: Promise.resolve({ code }) });
    expect(res.status).toBe(200);
    const file = path.join(tmp, 'certificate.pdf');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const flat = text.replace(/\s+/g, ' ');
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    expect(flat).toContain('Document history up to the seal');
    for (const words of [
      'Uploaded by Avery Quinn',
      'New version added by Avery Quinn',
      'PDF edited by Avery Quinn',
      'Downloaded by Avery Quinn',
      'Downloaded by someone outside the organization',
      'Sealed by Avery Quinn',
    ])
      expect(flat).toContain(words);
    // The deletion came after the seal; no address of any event is printed.
    expect(flat).not.toContain('Deleted by');
    expect(text).not.toMatch(/198\.51\.100\.\d+/);
  });
});
