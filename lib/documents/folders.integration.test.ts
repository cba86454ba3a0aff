/**
 * The folder rules of lib/documents/folders.ts on a real database: a folder never moves into
 * itself or below itself (however deep), another organization's folders are not found,
 * sibling names are unique ignoring case, and a deleted folder hands its folders to its parent.
 */
import { describe, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { loadActor } from '../orgs/actor.ts';
import type { Actor } from '../orgs/actor.ts';
import { createFolder, deleteFolder, findFolder, updateFolder } from './folders.ts';

const actorOf = async () => (await loadActor({ userId: (await seedUser()).id }))!;
const folder = (actor: Actor, name: string, parentId: string | null = null) => createFolder({ actor, input: { name, parentId } });

/** The AppError a call throws, as code and message. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return { code: err.code, message: err.message };
}

const parentOf = async (id: string) => (await db().documentFolder.findUniqueOrThrow({ where: { id }, select: { parentId: true } })).parentId;

describe('moving a folder', () => {
  it('refuses itself and every folder below it, four levels down, and leaves the tree as it was', async () => {
    const actor = await actorOf();
    const a = await folder(actor, 'Projects');
    const b = await folder(actor, 'Bridge', a.id);
    const c = await folder(actor, 'Drawings', b.id);
    const d = await folder(actor, 'Sheets', c.id);
    for (const target of [a, b, c, d]) {
      expect(await refusal(updateFolder({ actor, id: a.id, input: { parentId: target.id } }))).toEqual({
        code: 'BAD_USER_INPUT',
        message: 'A folder cannot move into itself or into a folder inside it',
      });
    }
    expect(await parentOf(a.id)).toBeNull();
    // Sideways and up are fine: d to the root, then b under d.
    await updateFolder({ actor, id: d.id, input: { parentId: null } });
    await updateFolder({ actor, id: b.id, input: { parentId: d.id } });
    expect([await parentOf(d.id), await parentOf(b.id), await parentOf(c.id)]).toEqual([null, d.id, b.id]);
  });

  it("finds no other organization's folder, as the one moved or as its new parent", async () => {
    const mine = await actorOf();
    const theirs = await actorOf();
    const own = await folder(mine, 'Mine');
    const other = await folder(theirs, 'Theirs');
    expect(await refusal(updateFolder({ actor: mine, id: own.id, input: { parentId: other.id } }))).toEqual({ code: 'NOT_FOUND', message: 'Parent folder not found' });
    expect(await refusal(updateFolder({ actor: mine, id: other.id, input: { name: 'Taken over' } }))).toEqual({ code: 'NOT_FOUND', message: 'Folder not found' });
    expect(await refusal(folder(mine, 'Inside theirs', other.id))).toEqual({ code: 'NOT_FOUND', message: 'Parent folder not found' });
    expect(await refusal(deleteFolder({ actor: mine, id: other.id }))).toEqual({ code: 'NOT_FOUND', message: 'Folder not found' });
    expect(await findFolder({ actor: mine, id: other.id })).toBeNull();
  });
});

describe('names and deletion', () => {
  it('keeps sibling names unique ignoring case, on create, rename and move', async () => {
    const actor = await actorOf();
    const root = await folder(actor, 'Structural');
    const inner = await folder(actor, 'structural', root.id); // another parent: fine
    expect(await refusal(folder(actor, 'STRUCTURAL'))).toEqual({ code: 'CONFLICT', message: 'A folder named "STRUCTURAL" is already there' });
    const other = await folder(actor, 'Civil');
    expect((await refusal(updateFolder({ actor, id: other.id, input: { name: 'structural' } }))).code).toBe('CONFLICT');
    expect((await refusal(updateFolder({ actor, id: inner.id, input: { parentId: null } }))).code).toBe('CONFLICT');
  });

  it("moves a deleted folder's folders to its parent, renaming a clash 'name (2)'", async () => {
    const actor = await actorOf();
    const top = await folder(actor, 'Top');
    await folder(actor, 'Specs', top.id);
    const doomed = await folder(actor, 'Old', top.id);
    const child = await folder(actor, 'specs', doomed.id);
    await deleteFolder({ actor, id: doomed.id });
    expect(await db().documentFolder.findUnique({ where: { id: doomed.id } })).toBeNull();
    expect(await db().documentFolder.findUniqueOrThrow({ where: { id: child.id }, select: { parentId: true, name: true } })).toEqual({ parentId: top.id, name: 'specs (2)' });
  });
});
