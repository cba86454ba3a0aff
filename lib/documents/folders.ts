import { db, Prisma } from '../db/index.ts';
import { AppError, quote } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { lockOrganization } from '../orgs/lock.ts';
import { memberDocumentsWhere } from './access.ts';
import { cleanName, cleanText } from './fields.ts';

/** `folders` without a limit answers up to this many (decisions.md "Limits"). */
export const MAX_FOLDERS = 1000;

/**
 * Folders by position, then name (decisions.md "Limits"), ignoring case (nameKey: the same
 * order on PGlite's C collation and PostgreSQL's locale), then id so ties page stably.
 */
export const FOLDER_ORDER = [{ position: 'asc' }, { nameKey: 'asc' }, { name: 'asc' }, { id: 'asc' }] as const satisfies ReadonlyArray<Prisma.DocumentFolderOrderByWithRelationInput>;

export interface FolderInput {
  name?: string | null;
  description?: string | null;
  color?: string | null;
  icon?: string | null;
  position?: number | null;
  /** undefined: unchanged; null: the root. */
  parentId?: string | null;
}

const ROOT = 'root';
const siblingKeyOf = (parentId: string | null) => parentId ?? ROOT;
const nameKeyOf = (name: string) => name.toLocaleLowerCase('en-US');

/** One of the organization's folders, or null (unknown, or another organization's). */
export function findFolder({ actor, id }: { actor: Actor; id: string }) {
  return db().documentFolder.findFirst({ where: { id, organizationId: actor.organizationId }, select: { id: true, parentId: true, name: true } });
}

/** The organization's folders under a parent (the root folders without one), by position then name. */
export function listFolders<Q extends Omit<Prisma.DocumentFolderFindManyArgs, 'where' | 'orderBy'>>({ actor, parentId, query }: { actor: Actor; parentId?: string | null; query: Q }) {
  return db().documentFolder.findMany({ ...query, where: { organizationId: actor.organizationId, parentId: parentId ?? null }, orderBy: [...FOLDER_ORDER] });
}

/** Whether a folder is in the list listFolders gives for this parent (a connection's cursor must be). */
export async function isFolderListed({ actor, parentId, id }: { actor: Actor; parentId?: string | null; id: string }): Promise<boolean> {
  return (await db().documentFolder.count({ where: { id, organizationId: actor.organizationId, parentId: parentId ?? null } })) > 0;
}

export function countFolders({ actor, parentId }: { actor: Actor; parentId?: string | null }): Promise<number> {
  return db().documentFolder.count({ where: { organizationId: actor.organizationId, parentId: parentId ?? null } });
}

function cleanColor(raw: string | null | undefined): string | null | undefined {
  if (raw === undefined || raw === null || raw === '') return raw === '' ? null : raw;
  if (!/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(raw.trim())) throw new AppError('BAD_USER_INPUT', `color must be #rrggbb; got ${quote(raw)}`);
  return raw.trim().toLowerCase();
}

function cleanIcon(raw: string | null | undefined): string | null | undefined {
  if (raw === undefined || raw === null) return raw;
  const icon = raw.trim();
  if (icon.length > 64 || /[\p{Cc}\p{Cf}]/u.test(icon)) throw new AppError('BAD_USER_INPUT', `icon must be a name of at most 64 printable characters; got ${quote(raw)}`);
  return icon || null;
}

function cleanPosition(raw: number | null | undefined): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Number.isInteger(raw) || raw < 0 || raw > 1_000_000) throw new AppError('BAD_USER_INPUT', `position must be an integer from 0 to 1000000; got ${raw}`);
  return raw;
}

const conflict = (name: string) => new AppError('CONFLICT', `A folder named ${quote(name)} is already there`);

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';
}

/** Folder moves and deletions of one organization run one at a time, so two moves can never close a cycle between them. */
const lockFolders = (tx: Prisma.TransactionClient, actor: Actor) => lockOrganization(tx, actor.organizationId);

/** A folder as a caller selects it (Pothos's query), else its id. */
type FolderQuery = Prisma.DocumentFolderDefaultArgs;
const FOLDER_ID = { select: { id: true } } as const;

/** A new folder of the actor's organization, at the root or in one of its folders. Names are unique among siblings (CONFLICT), ignoring case. */
export async function createFolder<Q extends FolderQuery = typeof FOLDER_ID>({ actor, input, query }: { actor: Actor; input: FolderInput & { name: string }; query?: Q }) {
  const name = cleanName(input.name);
  const data = {
    name,
    nameKey: nameKeyOf(name),
    description: cleanText(input.description, 'description'),
    color: cleanColor(input.color) ?? null,
    icon: cleanIcon(input.icon) ?? null,
    position: cleanPosition(input.position) ?? 0,
  };
  const parentId = input.parentId ?? null;
  if (parentId && !(await findFolder({ actor, id: parentId }))) throw new AppError('NOT_FOUND', 'Parent folder not found');
  try {
    return await db().$transaction(async (tx) => {
      await lockFolders(tx, actor); // the parent cannot be deleted under us
      if (parentId && !(await tx.documentFolder.findFirst({ where: { id: parentId, organizationId: actor.organizationId }, select: { id: true } }))) {
        throw new AppError('NOT_FOUND', 'Parent folder not found');
      }
      return tx.documentFolder.create({
        ...(query ?? FOLDER_ID),
        data: { ...data, organizationId: actor.organizationId, createdById: actor.userId, parentId, siblingKey: siblingKeyOf(parentId) },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(name);
    throw err;
  }
}

/** Whether `ancestorId` is `folderId` itself or one of the folders above it. */
async function isSelfOrAncestor(tx: Prisma.TransactionClient, ancestorId: string, folderId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<Array<{ found: boolean }>>`
    WITH RECURSIVE up(id, "parentId", depth) AS (
      SELECT id, "parentId", 0 FROM "DocumentFolder" WHERE id = ${folderId}::uuid
      UNION ALL
      SELECT f.id, f."parentId", up.depth + 1 FROM "DocumentFolder" f JOIN up ON f.id = up."parentId" WHERE up.depth < 10000
    )
    SELECT EXISTS (SELECT 1 FROM up WHERE id = ${ancestorId}::uuid) AS found`;
  return rows[0]?.found === true;
}

/**
 * Change a folder: rename (CONFLICT when a sibling has the name), describe, recolour,
 * reorder, or move under another of the organization's folders (null: to the root). Moving a
 * folder into itself or below itself is BAD_USER_INPUT.
 */
export async function updateFolder<Q extends FolderQuery = typeof FOLDER_ID>({ actor, id, input, query }: { actor: Actor; id: string; input: FolderInput; query?: Q }) {
  const data: Prisma.DocumentFolderUpdateInput = {};
  if (input.name !== undefined) {
    if (input.name === null) throw new AppError('BAD_USER_INPUT', 'name cannot be null');
    data.name = cleanName(input.name);
    data.nameKey = nameKeyOf(data.name);
  }
  if (input.description !== undefined) data.description = cleanText(input.description, 'description');
  if (input.color !== undefined) data.color = cleanColor(input.color);
  if (input.icon !== undefined) data.icon = cleanIcon(input.icon);
  if (input.position !== undefined) {
    if (input.position === null) throw new AppError('BAD_USER_INPUT', 'position cannot be null');
    data.position = cleanPosition(input.position);
  }
  try {
    return await db().$transaction(async (tx) => {
      await lockFolders(tx, actor);
      const folder = await tx.documentFolder.findFirst({ where: { id, organizationId: actor.organizationId }, select: { id: true, name: true } });
      if (!folder) throw new AppError('NOT_FOUND', 'Folder not found');
      if (input.parentId !== undefined) {
        const parentId = input.parentId;
        if (parentId !== null) {
          const parent = await tx.documentFolder.findFirst({ where: { id: parentId, organizationId: actor.organizationId }, select: { id: true } });
          if (!parent) throw new AppError('NOT_FOUND', 'Parent folder not found');
          if (await isSelfOrAncestor(tx, id, parentId)) throw new AppError('BAD_USER_INPUT', 'A folder cannot move into itself or into a folder inside it');
        }
        data.parent = parentId === null ? { disconnect: true } : { connect: { id: parentId } };
        data.siblingKey = siblingKeyOf(parentId);
      }
      return tx.documentFolder.update({ ...(query ?? FOLDER_ID), where: { id }, data });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict((data.name as string | undefined) ?? 'this');
    throw err;
  }
}

/** A name not taken among `taken` (lower-cased): the name itself, else "name (2)", "name (3)", … */
function freeName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(nameKeyOf(candidate)); n++) candidate = `${name.slice(0, 240)} (${n})`;
  return candidate;
}

/**
 * Delete a folder: its documents and child folders move to its parent (decisions.md
 * "Deletion"); nothing in it is lost. A child whose name a sibling there already has is
 * renamed "name (2)".
 */
export async function deleteFolder({ actor, id }: { actor: Actor; id: string }): Promise<{ id: string }> {
  return db().$transaction(async (tx) => {
    await lockFolders(tx, actor);
    const folder = await tx.documentFolder.findFirst({ where: { id, organizationId: actor.organizationId }, select: { id: true, parentId: true } });
    if (!folder) throw new AppError('NOT_FOUND', 'Folder not found');
    const siblingKey = siblingKeyOf(folder.parentId);
    const siblings = await tx.documentFolder.findMany({ where: { organizationId: actor.organizationId, siblingKey, id: { not: id } }, select: { nameKey: true } });
    const taken = new Set(siblings.map((s) => s.nameKey));
    const children = await tx.documentFolder.findMany({ where: { parentId: id }, select: { id: true, name: true }, orderBy: [...FOLDER_ORDER] });
    for (const child of children) {
      const name = freeName(child.name, taken);
      taken.add(nameKeyOf(name));
      await tx.documentFolder.update({ where: { id: child.id }, data: { parentId: folder.parentId, siblingKey, name, nameKey: nameKeyOf(name) }, select: { id: true } });
    }
    await tx.document.updateMany({ where: { folderId: id }, data: { folderId: folder.parentId } });
    await tx.documentFolder.delete({ where: { id }, select: { id: true } });
    return { id };
  });
}

/**
 * How many documents the actor sees in each of the organization's folders counting every
 * folder below it (a folder's own documents plus its subfolders'): two queries for the whole
 * tree, whatever its size, so a page showing many folders asks once.
 */
export async function countDocumentsInTrees({ actor }: { actor: Actor }): Promise<Map<string, number>> {
  const [folders, direct] = await Promise.all([
    db().documentFolder.findMany({ where: { organizationId: actor.organizationId }, select: { id: true, parentId: true } }),
    db().document.groupBy({ by: ['folderId'], where: { AND: [memberDocumentsWhere(actor), { folderId: { not: null } }] }, _count: { _all: true } }),
  ]);
  const own = new Map(direct.map((d) => [d.folderId!, d._count._all]));
  const children = new Map<string, string[]>();
  for (const f of folders) if (f.parentId) children.set(f.parentId, [...(children.get(f.parentId) ?? []), f.id]);
  const totals = new Map<string, number>();
  // Iteratively, children before parents (a deep tree must not overflow the stack).
  const order: string[] = [];
  const ids = new Set(folders.map((f) => f.id));
  const stack = folders.filter((f) => !f.parentId || !ids.has(f.parentId)).map((f) => f.id);
  while (stack.length) {
    const id = stack.pop()!;
    order.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  for (const id of order.reverse()) totals.set(id, (own.get(id) ?? 0) + (children.get(id) ?? []).reduce((sum, c) => sum + (totals.get(c) ?? 0), 0));
  return totals;
}
