import crypto from 'node:crypto';
/** Who reads and changes documents and folders (organizations, visibility, PUBLIC without a token), and the SQL a page costs. */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, uploaded } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';
import { db, sqlStatements } from '../db/index.ts';
import { createDocument, uploadDocumentVersion } from '../documents/create-document.ts';
import { createFolder } from '../documents/folders.ts';
import { loadActor } from '../orgs/actor.ts';

let alice: SeededUser; // OWNER of her organization
let mallory: SeededUser; // another organization
let doc: { id: string; currentVersion: { id: string } };
let folderId: string;
let aliceHash: string;

beforeAll(async () => {
  alice = await seedUser({ planLevel: 'TEAM' });
  mallory = await seedUser({ planLevel: 'TEAM' });
  folderId = (await gql('mutation { createFolder(input: { name: "Private work" }) { id } }', { token: alice.accessToken })).body.data!.createFolder.id;
  aliceHash = await uploaded(await samplePdf(), 'alice.pdf', alice.accessToken);
  doc = await createDocumentVia(alice.accessToken, { name: 'Alice plan', folderId, fileHash: aliceHash, visibility: 'ORGANIZATION' });
});

const errorCode = (res: { body: { errors?: Array<{ extensions: { code: string } }> } }) => res.body.errors?.[0].extensions.code;

describe('another organization', () => {
  it('reads none of it: document(id) is null, lists and folders are its own', async () => {
    const t = mallory.accessToken;
    expect((await gql('query($id: UUID!) { document(id: $id) { id } }', { token: t, variables: { id: doc.id } })).body.data?.document).toBeNull();
    const list = await gql('{ documentsConnection { totalCount edges { node { id } } } documents { id } folders { id } foldersConnection { totalCount } }', { token: t });
    expect(list.body.data).toEqual({ documentsConnection: { totalCount: 0, edges: [] }, documents: [], folders: [], foldersConnection: { totalCount: 0 } });
    const byFolder = await gql('query($f: UUID!) { documentsConnection(folderId: $f) { totalCount } folders(parentId: $f) { id } }', { token: t, variables: { f: folderId } });
    expect(byFolder.body.data).toEqual({ documentsConnection: { totalCount: 0 }, folders: [] });
  });

  it('changes none of it: every mutation answers NOT_FOUND and nothing moves', async () => {
    const t = mallory.accessToken;
    const own = await createDocumentVia(t, { name: 'Mallory doc' });
    const ownFolder = (await gql('mutation { createFolder(input: { name: "Mine" }) { id } }', { token: t })).body.data!.createFolder.id;
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['mutation($id: UUID!) { updateDocument(id: $id, input: { name: "pwned", visibility: PUBLIC }) { id } }', { id: doc.id }],
      ['mutation($id: UUID!, $f: UUID) { moveDocument(id: $id, folderId: $f) { id } }', { id: doc.id, f: ownFolder }],
      ['mutation($id: UUID!, $f: UUID) { moveDocument(id: $id, folderId: $f) { id } }', { id: own.id, f: folderId }],
      ['mutation($id: UUID!) { deleteDocument(id: $id) { id } }', { id: doc.id }],
      ['mutation($i: UploadDocumentVersionInput!) { uploadDocumentVersion(input: $i) { id } }', { i: { documentId: doc.id, fileHash: aliceHash } }],
      ['mutation($i: CreateDocumentInput!) { createDocument(input: $i) { id } }', { i: { name: 'steal', fileHash: aliceHash } }],
      ['mutation($i: CreateDocumentInput!) { createDocument(input: $i) { id } }', { i: { name: 'in yours', folderId } }],
      ['mutation($id: UUID!) { updateFolder(id: $id, input: { name: "pwned" }) { id } }', { id: folderId }],
      ['mutation($id: UUID!, $p: UUID) { updateFolder(id: $id, input: { parentId: $p }) { id } }', { id: ownFolder, p: folderId }],
      ['mutation($id: UUID!) { deleteFolder(id: $id) { id } }', { id: folderId }],
      ['mutation($p: UUID) { createFolder(input: { name: "x", parentId: $p }) { id } }', { p: folderId }],
    ];
    for (const [query, variables] of attempts) {
      const res = await gql(query, { token: t, variables });
      expect(errorCode(res), query).toBe('NOT_FOUND');
      expect(res.body.errors?.[0].message).not.toMatch(/Alice|Private work/);
    }
    const still = await db().document.findUniqueOrThrow({ where: { id: doc.id }, include: { versions: true, folder: true } });
    expect(still).toMatchObject({ name: 'Alice plan', visibility: 'ORGANIZATION', deletedAt: null, folderId });
    expect(still.versions).toHaveLength(1);
    expect(still.folder?.name).toBe('Private work');
    expect(await db().document.count({ where: { organizationId: mallory.organizationId } })).toBe(1);
  });

  it('cannot page around its rows: a cursor made from another organization\u2019s id is BAD_USER_INPUT, not a page placed next to it', async () => {
    const t = mallory.accessToken;
    for (const name of ['aaa', 'zzz']) await gql(`mutation { createFolder(input: { name: "${name}" }) { id } }`, { token: t });
    await createDocumentVia(t, { name: 'Mallory sheet' });
    const cursorOf = (id: string) => Buffer.from(`GPC:S:${id}`).toString('base64');
    const credential = await db().credential.create({
      data: { organizationId: alice.organizationId, userId: alice.id, licenseNumber: 'C-1', regionCode: 'TX', licenseType: 'engineer', displayName: 'Alice' },
    });
    const probes: Array<[string, string]> = [
      ['query($c: String) { documentsConnection(last: 10, before: $c) { edges { node { id } } } }', doc.id],
      ['query($c: String) { documentsConnection(first: 10, after: $c) { edges { node { id } } } }', doc.id],
      ['query($c: String) { foldersConnection(first: 10, after: $c) { edges { node { name } } } }', folderId],
      ['query($c: String) { foldersConnection(last: 10, before: $c) { edges { node { name } } } }', folderId],
      ['query($c: String) { credentialsConnection(first: 10, after: $c) { edges { node { id } } } }', credential.id],
      // An id nobody has reads the same.
      ['query($c: String) { foldersConnection(first: 10, after: $c) { edges { node { name } } } }', crypto.randomUUID()],
    ];
    for (const [query, id] of probes) {
      const res = await gql(query, { token: t, variables: { c: cursorOf(id) } });
      expect(errorCode(res), query).toBe('BAD_USER_INPUT');
      expect(res.body.data ?? null).toBeNull();
    }
    // A cursor of its own list still pages.
    const first = await gql('{ foldersConnection(first: 1) { pageInfo { endCursor } edges { node { name } } } }', { token: t });
    const next = await gql('query($c: String) { foldersConnection(first: 5, after: $c) { edges { node { name } } } }', {
      token: t,
      variables: { c: first.body.data!.foldersConnection.pageInfo.endCursor },
    });
    expect(next.body.data!.foldersConnection.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['Mine', 'zzz']);
  });

  it('reads a PUBLIC document with or without a token: the document and its current version, nothing of its organization\u2019s inside', async () => {
    const v2 = await uploaded(await samplePdf(), 'v2.pdf', alice.accessToken);
    const pub = await createDocumentVia(alice.accessToken, { name: 'Public notice', folderId, visibility: 'PUBLIC', fileHash: aliceHash });
    await gql('mutation($i: UploadDocumentVersionInput!) { uploadDocumentVersion(input: $i) { id } }', {
      token: alice.accessToken,
      variables: { i: { documentId: pub.id, fileHash: v2, notes: 'internal: fee dispute' } },
    });
    const Q =
      'query($id: UUID!) { document(id: $id) { name visibility organizationId folderId folder { name } versionCount hasVersions downloadUrl currentVersion { versionNumber notes createdBy { email } downloadUrl } versions { versionNumber } } }';
    for (const token of [undefined, mallory.accessToken]) {
      const res = await gql(Q, { token, variables: { id: pub.id } });
      expect(res.body.errors, String(token)).toBeUndefined();
      const d = res.body.data!.document;
      // Not which organization published it, either.
      expect(d).toMatchObject({
        name: 'Public notice',
        visibility: 'PUBLIC',
        organizationId: null,
        folderId: null,
        folder: null,
        versionCount: 1,
        hasVersions: true,
        versions: [{ versionNumber: 2 }],
      });
      expect(JSON.stringify(res.body)).not.toContain(alice.organizationId);
      expect(d.currentVersion).toMatchObject({ versionNumber: 2, notes: null, createdBy: null });
      expect(d.downloadUrl).toContain('/v1/downloads/');
      expect(d.currentVersion.downloadUrl).toContain('/v1/downloads/');
    }
    const member = await gql(Q, { token: alice.accessToken, variables: { id: pub.id } });
    expect(member.body.data!.document).toMatchObject({
      organizationId: alice.organizationId,
      folderId,
      folder: { name: 'Private work' },
      versionCount: 2,
      currentVersion: { notes: 'internal: fee dispute', createdBy: { email: alice.email } },
    });
    // Not PUBLIC any more: gone for outsiders.
    await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { visibility: ORGANIZATION }) { id } }', { token: alice.accessToken, variables: { id: pub.id } });
    expect((await gql(Q, { variables: { id: pub.id } })).body.data?.document).toBeNull();
    // Without a token nothing else is open.
    for (const q of ['{ documentsConnection { totalCount } }', '{ folders { id } }', 'mutation { createFolder(input: { name: "x" }) { id } }']) {
      expect(errorCode(await gql(q)), q).toBe('UNAUTHENTICATED');
    }
  });
});

describe('visibility inside an organization', () => {
  it('a MEMBER sees ORGANIZATION and PUBLIC documents and their own PRIVATE ones; OWNER sees all; only creator or OWNER/ADMIN delete', async () => {
    const owner = await seedUser({ planLevel: 'TEAM' });
    const bob = await seedUser(); // his own organization is primary; he joins the owner's as a MEMBER
    const org = await db().organization.findUniqueOrThrow({ where: { id: owner.organizationId } });
    await db().organizationMembership.create({ data: { userId: bob.id, organizationId: org.id, role: 'MEMBER' } });
    const ownerActor = (await loadActor({ userId: owner.id }))!;
    const bobActor = (await loadActor({ userId: bob.id, requestedOrganizationId: org.id }))!;
    const ownersPrivate = await createDocument({ actor: ownerActor, input: { name: 'Owner private' } });
    const shared = await createDocument({ actor: ownerActor, input: { name: 'Shared', visibility: 'ORGANIZATION' } });
    const bobsPrivate = await createDocument({ actor: bobActor, input: { name: 'Bob private' } });
    const asBob = { token: bob.accessToken, headers: { 'x-organization-id': org.id } };
    const bobList = await gql('{ documentsConnection { totalCount edges { node { name } } } }', asBob);
    expect(bobList.body.data!.documentsConnection.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['Bob private', 'Shared']);
    expect((await gql('query($id: UUID!) { document(id: $id) { id } }', { ...asBob, variables: { id: ownersPrivate.id } })).body.data?.document).toBeNull();
    expect(errorCode(await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { name: "x" }) { id } }', { ...asBob, variables: { id: ownersPrivate.id } }))).toBe('NOT_FOUND');
    // Bob may edit what he sees, but not delete a colleague's document.
    expect(
      (await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { description: "checked" }) { description } }', { ...asBob, variables: { id: shared.id } })).body.data?.updateDocument,
    ).toEqual({ description: 'checked' });
    expect(errorCode(await gql('mutation($id: UUID!) { deleteDocument(id: $id) { id } }', { ...asBob, variables: { id: shared.id } }))).toBe('FORBIDDEN');
    // Nor publish it: who sees a document is its creator's call, or an owner's.
    const publish = await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { visibility: PUBLIC }) { id } }', { ...asBob, variables: { id: shared.id } });
    expect(errorCode(publish)).toBe('FORBIDDEN');
    expect((await db().document.findUniqueOrThrow({ where: { id: shared.id } })).visibility).toBe('ORGANIZATION');
    // Nor archive it out of use (an archived document can be neither sealed nor edited), even with a rename beside it.
    const archive = await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { name: "Void", archived: true }) { id } }', { ...asBob, variables: { id: shared.id } });
    expect(errorCode(archive)).toBe('FORBIDDEN');
    expect(archive.body.errors![0].message).toBe('Only its creator or an OWNER or ADMIN of the organization may archive this document');
    expect(await db().document.findUniqueOrThrow({ where: { id: shared.id }, select: { name: true, archived: true } })).toEqual({ name: 'Shared', archived: false });
    // Its creator may; then Bob may not unarchive it either.
    expect(
      (await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { archived: true }) { status } }', { token: owner.accessToken, variables: { id: shared.id } })).body.data?.updateDocument,
    ).toEqual({
      status: 'ARCHIVED',
    });
    expect(errorCode(await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { archived: false }) { id } }', { ...asBob, variables: { id: shared.id } }))).toBe('FORBIDDEN');
    // Bob archives his own document.
    expect((await gql('mutation($id: UUID!) { updateDocument(id: $id, input: { archived: true }) { status } }', { ...asBob, variables: { id: bobsPrivate.id } })).body.data?.updateDocument).toEqual({
      status: 'ARCHIVED',
    });
    const ownerList = await gql('{ documentsConnection { totalCount } }', { token: owner.accessToken });
    expect(ownerList.body.data!.documentsConnection.totalCount).toBe(3);
    expect((await gql('mutation($id: UUID!) { deleteDocument(id: $id) { id } }', { token: owner.accessToken, variables: { id: bobsPrivate.id } })).body.data?.deleteDocument).toEqual({
      id: bobsPrivate.id,
    });
    // A folder's documentCount counts what the reader sees.
    const f = await createFolder({ actor: ownerActor, input: { name: 'Mixed' } });
    await db().document.updateMany({ where: { id: { in: [ownersPrivate.id, shared.id] } }, data: { folderId: f.id } });
    const count = async (opts: object) => (await gql('{ folders { name documentCount documents { name } } }', opts)).body.data!.folders.find((x: { name: string }) => x.name === 'Mixed');
    expect(await count(asBob)).toEqual({ name: 'Mixed', documentCount: 1, documents: [{ name: 'Shared' }] });
    expect((await count({ token: owner.accessToken })).documentCount).toBe(2);
  });
});

describe('documentsConnection', () => {
  it('runs the same few SQL statements for a page of 100 as for a page of 5 (no N+1)', async () => {
    const owner = await seedUser({ planLevel: 'TEAM' });
    const actor = (await loadActor({ userId: owner.id }))!;
    const folders = await Promise.all(['North', 'South', 'East'].map((name) => createFolder({ actor, input: { name } })));
    const pdf = await uploaded(await samplePdf(), 'shared.pdf', owner.accessToken);
    for (let i = 0; i < 100; i++) {
      const d = await createDocument({ actor, input: { name: `Sheet ${i}`, folderId: folders[i % 3].id, fileHash: pdf } });
      if (i % 10 === 0) await uploadDocumentVersion({ actor, input: { documentId: d.id, fileHash: pdf } });
    }
    const Q = 'query($n: Int) { documentsConnection(first: $n) { edges { node { folder { name } currentVersion { fileHash createdBy { email } } } } } }';
    const statements = async (n: number) => {
      const before = sqlStatements.count;
      const res = await gql(Q, { token: owner.accessToken, variables: { n } });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data!.documentsConnection.edges).toHaveLength(n);
      expect(res.body.data!.documentsConnection.edges[n - 1].node).toMatchObject({ folder: { name: expect.any(String) }, currentVersion: { createdBy: { email: owner.email } } });
      return sqlStatements.count - before;
    };
    const small = await statements(5);
    const large = await statements(100);
    expect(large).toBe(small);
    // Signing in (user, membership) and the page with its relations: a handful, whatever the size.
    expect(large).toBeLessThanOrEqual(8);
  });
});
