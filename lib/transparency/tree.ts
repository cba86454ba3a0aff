/**
 * The seal log's tree in the database: appending a leaf (inside the seal's transaction), and
 * roots and proofs read from the stored complete subtrees, each in one statement of
 * O(log n) rows.
 */
import { Prisma } from '../db/index.ts';
import type { PrismaClient } from '../db/index.ts';
import { EMPTY_ROOT, foldHashes, leafHash, nodeHash } from './hash.ts';
import { consistencyRanges, inclusionRanges, rangeNodes } from './merkle.ts';
import type { NodeKey, Range } from './merkle.ts';

/** The client or a transaction: what a read needs. */
export type LogReader = Pick<PrismaClient, '$queryRaw'> | Pick<Prisma.TransactionClient, '$queryRaw'>;

const keyOf = (k: NodeKey) => `${k.level}:${k.position}`;

/** The hashes of these complete subtrees, in one statement; an error names one the log lacks. */
async function readNodes(q: LogReader, keys: NodeKey[]): Promise<Map<string, Uint8Array>> {
  const unique = [...new Map(keys.map((k) => [keyOf(k), k])).values()];
  const found = new Map<string, Uint8Array>();
  if (unique.length === 0) return found;
  const rows = await q.$queryRaw<{ level: number; position: number; hash: Uint8Array }[]>`
    SELECT "level", "position", "hash" FROM "SealLogNode"
    WHERE ("level", "position") IN (${Prisma.join(unique.map((k) => Prisma.sql`(${k.level}::int, ${k.position}::int)`))})`;
  for (const row of rows) found.set(`${row.level}:${row.position}`, new Uint8Array(row.hash));
  for (const k of unique) if (!found.has(keyOf(k))) throw new Error(`The seal log has no hash for the subtree at level ${k.level}, position ${k.position}`);
  return found;
}

/** The Merkle tree hash of each range (subtrees of the RFC's recursion), reading every subtree they need at once. */
export async function rangeHashes(q: LogReader, ranges: Range[]): Promise<Uint8Array[]> {
  const parts = ranges.map(rangeNodes);
  const nodes = await readNodes(q, parts.flat());
  return parts.map((keys) => foldHashes(keys.map((k) => nodes.get(keyOf(k))!)));
}

/** The root of the tree of the first `size` entries. */
export async function rootAt(q: LogReader, size: number): Promise<Uint8Array> {
  if (size === 0) return EMPTY_ROOT;
  return (await rangeHashes(q, [[0, size]]))[0];
}

/** The inclusion proof of leaf `index` in the tree of `size` entries (RFC 9162 §2.1.3.1). */
export function inclusionProof(q: LogReader, index: number, size: number): Promise<Uint8Array[]> {
  return rangeHashes(q, inclusionRanges(index, size));
}

/** The consistency proof from the tree of `first` entries to that of `second` (RFC 9162 §2.1.4.1). */
export function consistencyProof(q: LogReader, first: number, second: number): Promise<Uint8Array[]> {
  return first === second ? Promise.resolve([]) : rangeHashes(q, consistencyRanges(first, second));
}

/** How many entries the log holds (committed). */
export async function logSize(q: LogReader): Promise<number> {
  const [row] = await q.$queryRaw<{ size: number }[]>`SELECT "size" FROM "SealLogSize" WHERE "id" = 1`;
  return row?.size ?? 0;
}

/**
 * Append an entry, inside the caller's transaction: the next index (the size row, incremented
 * and locked until the transaction ends, so indexes are dense across instances); the stored
 * left siblings of every subtree the new leaf completes, in one statement; then the entry, its
 * leaf hash and those subtrees' hashes, in one more. At most three statements whatever the
 * size, so the size row is held briefly. Returns the entry's index and leaf hash.
 */
export async function appendLeaf(tx: Prisma.TransactionClient, { entry, code }: { entry: string; code: string }): Promise<{ index: number; leafHash: Uint8Array }> {
  const [row] = await tx.$queryRaw<{ index: number }[]>`UPDATE "SealLogSize" SET "size" = "size" + 1 WHERE "id" = 1 RETURNING "size" - 1 AS "index"`;
  if (!row) throw new Error('The seal log has no size row (the seal_log migration inserts it)');
  // A statement of its own: under READ COMMITTED it sees what the appends before this one committed
  // while it waited for the row (one statement with the UPDATE would read from before the wait).
  const index = row.index;
  // The leaf completes the subtree of level l exactly when 2^l divides index + 1; its left child is stored.
  const lefts: NodeKey[] = [];
  for (let level = 1; (index + 1) % 2 ** level === 0; level++) lefts.push({ level: level - 1, position: (index + 1) / 2 ** (level - 1) - 2 });
  const stored = await readNodes(tx, lefts);
  const leaf = leafHash(entry);
  const nodes: { level: number; position: number; hash: Uint8Array }[] = [{ level: 0, position: index, hash: leaf }];
  for (const left of lefts) nodes.push({ level: left.level + 1, position: left.position / 2, hash: nodeHash(stored.get(keyOf(left))!, nodes[nodes.length - 1].hash) });
  await tx.$executeRaw`
    WITH e AS (INSERT INTO "SealLogEntry" ("leafIndex", "verificationCode", "entry", "leafHash") VALUES (${index}, ${code}, ${entry}, ${Buffer.from(leaf)}))
    INSERT INTO "SealLogNode" ("level", "position", "hash") VALUES ${Prisma.join(nodes.map((n) => Prisma.sql`(${n.level}, ${n.position}, ${Buffer.from(n.hash)})`))}`;
  return { index, leafHash: leaf };
}
