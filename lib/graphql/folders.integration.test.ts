/** Folders over real GraphQL requests: nesting, sibling names, order, moves and cycles, deletion that keeps the contents. */
import crypto from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { createDocumentVia } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';

let user: SeededUser;
beforeEach(async () => {
  user = await seedUser({ planLevel: 'PROFESSIONAL' });
});

async function folder(input: Record<string, unknown>): Promise<{ id: string; name: string }> {
  const res = await gql('mutation($input: CreateFolderInput!) { createFolder(input: $input) { id name } }', { token: user.accessToken, variables: { input } });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data!.createFolder;
}

const UPDATE = 'mutation($id: UUID!, $input: UpdateFolderInput!) { updateFolder(id: $id, input: $input) { id name parentId } }';
const update = (id: string, input: Record<string, unknown>) => gql(UPDATE, { token: user.accessToken, variables: { id, input } });
const names = async (parentId?: string) =>
  (await gql('query($p: UUID) { folders(parentId: $p) { name } }', { token: user.accessToken, variables: { p: parentId ?? null } })).body.data!.folders.map((f: { name: string }) => f.name);

describe('folders', () => {
  it('nest, with parent, children, documents and documentCount', async () => {
    const projects = await folder({ name: 'Projects', color: '#1F6FEB', icon: 'briefcase', description: 'All jobs' });
    const bridge = await folder({ name: 'Bridge', parentId: projects.id });
    await folder({ name: 'Permits', parentId: bridge.id });
    await createDocumentVia(user.accessToken, { name: 'Deck plan', folderId: bridge.id });
    await createDocumentVia(user.accessToken, { name: 'Pier detail', folderId: bridge.id });
    const res = await gql(`query($id: UUID!) { folders(parentId: $id) { name color parentId parent { name color icon description } children { name } documents { name } documentCount } }`, {
      token: user.accessToken,
      variables: { id: projects.id },
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.folders).toEqual([
      {
        name: 'Bridge',
        color: null,
        parentId: projects.id,
        parent: { name: 'Projects', color: '#1f6feb', icon: 'briefcase', description: 'All jobs' },
        children: [{ name: 'Permits' }],
        documents: [{ name: 'Pier detail' }, { name: 'Deck plan' }],
        documentCount: 2,
      },
    ]);
    expect(await names()).toEqual(['Projects']);
  });

  it('keeps names unique among siblings, ignoring case (CONFLICT), and allows the same name elsewhere', async () => {
    const a = await folder({ name: 'Civil' });
    const clash = await gql('mutation { createFolder(input: { name: "civil" }) { id } }', { token: user.accessToken });
    expect(clash.body.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', status_code: 409 });
    await folder({ name: 'Civil', parentId: a.id });
    const b = await folder({ name: 'Structural' });
    const renamed = await update(b.id, { name: 'CIVIL' });
    expect(renamed.body.errors?.[0].extensions.code).toBe('CONFLICT');
    // Moving a folder next to one of its name is the same clash.
    const inner = (await gql('query($id: UUID!) { folders(parentId: $id) { id } }', { token: user.accessToken, variables: { id: a.id } })).body.data!.folders[0];
    const moved = await update(inner.id, { parentId: null });
    expect(moved.body.errors?.[0].extensions.code).toBe('CONFLICT');
    expect(await names()).toEqual(['Civil', 'Structural']);
  });

  it('lists by position, then name; foldersConnection pages them', async () => {
    await folder({ name: 'Zoning', position: 0 });
    await folder({ name: 'Archive', position: 9 });
    await folder({ name: 'Bids', position: 0 });
    await folder({ name: 'As-built', position: 1 });
    expect(await names()).toEqual(['Bids', 'Zoning', 'As-built', 'Archive']);
    const page1 = await gql('{ foldersConnection(first: 3) { totalCount pageInfo { hasNextPage endCursor } edges { node { name } } } }', { token: user.accessToken });
    expect(page1.body.data!.foldersConnection).toMatchObject({ totalCount: 4, pageInfo: { hasNextPage: true } });
    const after = page1.body.data!.foldersConnection.pageInfo.endCursor;
    const page2 = await gql('query($a: String) { foldersConnection(first: 3, after: $a) { pageInfo { hasNextPage } edges { node { name } } } }', { token: user.accessToken, variables: { a: after } });
    expect(page2.body.data!.foldersConnection.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['Archive']);
    const reordered = await update((await gql('{ folders { id name } }', { token: user.accessToken })).body.data!.folders.find((f: { name: string }) => f.name === 'Archive').id, { position: 0 });
    expect(reordered.body.errors).toBeUndefined();
    expect(await names()).toEqual(['Archive', 'Bids', 'Zoning', 'As-built']);
    const bad = await gql('mutation { createFolder(input: { name: "x", color: "red" }) { id } }', { token: user.accessToken });
    expect(bad.body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('moves folders, and refuses a move into itself or below itself (BAD_USER_INPUT), changing nothing', async () => {
    const a = await folder({ name: 'A' });
    const b = await folder({ name: 'B', parentId: a.id });
    const c = await folder({ name: 'C', parentId: b.id });
    for (const target of [a.id, b.id, c.id]) {
      const res = await update(a.id, { parentId: target });
      expect(res.body.errors?.[0].extensions.code, target).toBe('BAD_USER_INPUT');
    }
    expect((await update(b.id, { parentId: b.id })).body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    // Two moves at once that would close a loop between them: one wins, the other is refused.
    const x = await folder({ name: 'X' });
    const y = await folder({ name: 'Y' });
    const [xy, yx] = await Promise.all([update(x.id, { parentId: y.id }), update(y.id, { parentId: x.id })]);
    expect([xy, yx].filter((r) => r.body.errors?.[0].extensions.code === 'BAD_USER_INPUT')).toHaveLength(1);
    // C to the root, then A under C: fine now.
    expect((await update(c.id, { parentId: null })).body.data?.updateFolder).toMatchObject({ parentId: null });
    expect((await update(a.id, { parentId: c.id })).body.data?.updateFolder).toMatchObject({ parentId: c.id });
    expect(await names(c.id)).toEqual(['A']);
    expect(await names(a.id)).toEqual(['B']);
  });

  it('deleteFolder moves its documents and folders to its parent, renaming a clash', async () => {
    const top = await folder({ name: 'Top' });
    const doomed = await folder({ name: 'Doomed', parentId: top.id });
    await folder({ name: 'Details', parentId: doomed.id });
    await folder({ name: 'Sections', parentId: doomed.id });
    await folder({ name: 'details', parentId: top.id });
    const doc = await createDocumentVia(user.accessToken, { name: 'Section A-A', folderId: doomed.id });
    const res = await gql('mutation($id: UUID!) { deleteFolder(id: $id) { id } }', { token: user.accessToken, variables: { id: doomed.id } });
    expect(res.body.data?.deleteFolder).toEqual({ id: doomed.id });
    expect(await names(top.id)).toEqual(['details', 'Details (2)', 'Sections']);
    const moved = await gql('query($id: UUID!) { document(id: $id) { folderId folder { name } } }', { token: user.accessToken, variables: { id: doc.id } });
    expect(moved.body.data?.document).toEqual({ folderId: top.id, folder: { name: 'Top' } });
    // Deleting a root folder moves its contents to the root.
    await gql('mutation($id: UUID!) { deleteFolder(id: $id) { id } }', { token: user.accessToken, variables: { id: top.id } });
    expect(await names()).toEqual(['details', 'Details (2)', 'Sections']);
    const atRoot = await gql('query($id: UUID!) { document(id: $id) { folderId } }', { token: user.accessToken, variables: { id: doc.id } });
    expect(atRoot.body.data?.document).toEqual({ folderId: null });
    const again = await gql('mutation($id: UUID!) { deleteFolder(id: $id) { id } }', { token: user.accessToken, variables: { id: top.id } });
    expect(again.body.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });

  it('moveDocument moves a document into a folder and back to the root', async () => {
    const f = await folder({ name: 'Inbox' });
    const doc = await createDocumentVia(user.accessToken, { name: 'Loose sheet' });
    const MOVE = 'mutation($id: UUID!, $f: UUID) { moveDocument(id: $id, folderId: $f) { folderId folder { name } } }';
    expect((await gql(MOVE, { token: user.accessToken, variables: { id: doc.id, f: f.id } })).body.data?.moveDocument).toEqual({ folderId: f.id, folder: { name: 'Inbox' } });
    expect((await gql(MOVE, { token: user.accessToken, variables: { id: doc.id, f: null } })).body.data?.moveDocument).toEqual({ folderId: null, folder: null });
    const unknown = await gql(MOVE, { token: user.accessToken, variables: { id: doc.id, f: crypto.randomUUID() } });
    expect(unknown.body.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});
