/**
 * The log's tree in the database, past the few levels a handful of seals reach: 300 appends,
 * four at a time, give dense indexes, and every root and a sample of proofs read from the
 * stored subtrees equal what the RFC's hashing gives over the leaves.
 */
import { describe, expect, it } from 'vitest';
import { db } from '../db/index.ts';
import { leafHash, MerkleBuilder, sha256 } from './hash.ts';
import { toHex, verifyConsistency, verifyInclusion } from './merkle.ts';
import { appendLeaf, consistencyProof, inclusionProof, logSize, rootAt } from './tree.ts';

describe('the log tree in the database', () => {
  it('appends 300 leaves four at a time with dense indexes, and reads the same roots and proofs as the leaves give', async () => {
    const N = 300;
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < N) {
          const i = next++;
          await db().$transaction((tx) => appendLeaf(tx, { entry: `{"code":"t${String(i).padStart(11, '0')}"}`, code: `t${String(i).padStart(11, '0')}` }));
        }
      }),
    );
    expect(await logSize(db())).toBe(N);
    const rows = await db().sealLogEntry.findMany({ orderBy: { leafIndex: 'asc' }, select: { leafIndex: true, entry: true } });
    expect(rows.map((r) => r.leafIndex)).toEqual([...Array(N).keys()]);
    // Every subtree the appends stored: one per complete aligned block.
    let expected = 0;
    for (let level = 0; 2 ** level <= N; level++) expected += Math.floor(N / 2 ** level);
    expect(await db().sealLogNode.count()).toBe(expected);

    const builder = new MerkleBuilder();
    const roots: Uint8Array[] = [];
    for (const row of rows) {
      builder.push(leafHash(row.entry));
      roots.push(builder.root());
    }
    for (const size of [1, 2, 3, 64, 127, 128, 129, 255, 256, 299, 300]) expect(toHex(await rootAt(db(), size)), `size ${size}`).toBe(toHex(roots[size - 1]));
    for (const [index, size] of [
      [0, 300],
      [255, 300],
      [256, 300],
      [299, 300],
      [100, 129],
      [128, 129],
    ]) {
      const proof = await inclusionProof(db(), index, size);
      expect(await verifyInclusion(sha256, { leaf: leafHash(rows[index].entry), index, size, proof, root: roots[size - 1] })).toBe(true);
    }
    for (const [first, second] of [
      [1, 300],
      [128, 300],
      [129, 300],
      [200, 257],
      [300, 300],
    ]) {
      const proof = await consistencyProof(db(), first, second);
      expect(await verifyConsistency(sha256, { first, second, firstRoot: roots[first - 1], secondRoot: roots[second - 1], proof })).toBe(true);
    }
  });
});
