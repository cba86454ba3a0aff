import { describe, expect, it } from 'vitest';
import { EMPTY_ROOT, foldHashes, leafHash, MerkleBuilder, nodeHash, sha256 } from './hash.ts';
import { consistencyRanges, fromHex, inclusionRanges, rangeNodes, toHex, treeHeadMessage, verifyConsistency, verifyInclusion } from './merkle.ts';
import type { Range } from './merkle.ts';

// The Certificate Transparency reference leaves and the root of each prefix (RFC 6962's test vectors, as published with the CT and transparency-dev code).
const CT_LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map((h) => leafHash(fromHex(h)!));
const CT_ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const CT_INCLUSION = [
  {
    index: 0,
    size: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    size: 8,
    proof: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];
const CT_CONSISTENCY = [
  { first: 2, second: 8, proof: ['5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4'] },
  {
    first: 6,
    second: 8,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  { first: 2, second: 5, proof: ['5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', 'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b'] },
];

// RFC 9162 §2.1.1, §2.1.3.1 and §2.1.4.1, written as the RFC states them (recursive, over the leaves).
function mth(leaves: Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return EMPTY_ROOT;
  if (leaves.length === 1) return leaves[0];
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return nodeHash(mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}
function path(m: number, leaves: Uint8Array[]): Uint8Array[] {
  if (leaves.length <= 1) return [];
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return m < k ? [...path(m, leaves.slice(0, k)), mth(leaves.slice(k))] : [...path(m - k, leaves.slice(k)), mth(leaves.slice(0, k))];
}
function subproof(m: number, leaves: Uint8Array[], b: boolean): Uint8Array[] {
  const n = leaves.length;
  if (m === n) return b ? [] : [mth(leaves)];
  let k = 1;
  while (k * 2 < n) k *= 2;
  return m <= k ? [...subproof(m, leaves.slice(0, k), b), mth(leaves.slice(k))] : [...subproof(m - k, leaves.slice(k), false), mth(leaves.slice(0, k))];
}

/** Every complete subtree's hash of a tree, as the log stores them. */
function nodeStore(leaves: Uint8Array[]) {
  const nodes = new Map<string, Uint8Array>();
  const builder = new MerkleBuilder((level, position, hash) => nodes.set(`${level}:${position}`, hash));
  for (const leaf of leaves) builder.push(leaf);
  const rangeHash = (range: Range) => foldHashes(rangeNodes(range).map(({ level, position }) => nodes.get(`${level}:${position}`)!));
  return { builder, rangeHash };
}

const hex = (hashes: Uint8Array[]) => hashes.map(toHex);
const unhex = (hashes: string[]) => hashes.map((h) => fromHex(h)!);
const many = Array.from({ length: 70 }, (_, i) => leafHash(`entry ${i}`));

describe('the seal log tree (RFC 9162 hashing)', () => {
  it('gives the reference roots for every size 0 to 8, built leaf by leaf and from stored subtrees', () => {
    expect(toHex(EMPTY_ROOT)).toBe(CT_ROOTS[0]);
    const builder = new MerkleBuilder();
    expect(toHex(builder.root())).toBe(CT_ROOTS[0]);
    const { rangeHash } = nodeStore(CT_LEAVES);
    for (let n = 1; n <= 8; n++) {
      builder.push(CT_LEAVES[n - 1]);
      expect(toHex(builder.root()), `size ${n}`).toBe(CT_ROOTS[n]);
      expect(toHex(rangeHash([0, n])), `size ${n} from stored subtrees`).toBe(CT_ROOTS[n]);
      expect(toHex(mth(CT_LEAVES.slice(0, n)))).toBe(CT_ROOTS[n]);
    }
  });

  it('makes and checks the reference inclusion and consistency proofs', async () => {
    const { rangeHash } = nodeStore(CT_LEAVES);
    for (const v of CT_INCLUSION) {
      expect(hex(inclusionRanges(v.index, v.size).map(rangeHash))).toEqual(v.proof);
      expect(await verifyInclusion(sha256, { leaf: CT_LEAVES[v.index], index: v.index, size: v.size, proof: unhex(v.proof), root: fromHex(CT_ROOTS[v.size])! })).toBe(true);
    }
    for (const v of CT_CONSISTENCY) {
      expect(hex(consistencyRanges(v.first, v.second).map(rangeHash))).toEqual(v.proof);
      const ok = await verifyConsistency(sha256, { first: v.first, second: v.second, firstRoot: fromHex(CT_ROOTS[v.first])!, secondRoot: fromHex(CT_ROOTS[v.second])!, proof: unhex(v.proof) });
      expect(ok).toBe(true);
    }
  });

  it('makes the proofs of RFC 9162 §2.1.5 for its 7-leaf tree', () => {
    // a…f are the leaves d0…d5, j the leaf d6; g, h, i their parents; k = H(g, h); l = H(i, j).
    const leaves = CT_LEAVES.slice(0, 7);
    const [a, b, c, d, e, f, j] = leaves;
    const g = nodeHash(a, b);
    const h = nodeHash(c, d);
    const i = nodeHash(e, f);
    const k = nodeHash(g, h);
    const l = nodeHash(i, j);
    const { rangeHash } = nodeStore(leaves);
    const inclusion = (m: number) => hex(inclusionRanges(m, 7).map(rangeHash));
    expect(inclusion(0)).toEqual(hex([b, h, l]));
    expect(inclusion(3)).toEqual(hex([c, g, l]));
    expect(inclusion(4)).toEqual(hex([f, j, k]));
    expect(inclusion(6)).toEqual(hex([i, k]));
    const consistency = (m: number) => hex(consistencyRanges(m, 7).map(rangeHash));
    expect(consistency(3)).toEqual(hex([c, d, g, l]));
    expect(consistency(4)).toEqual(hex([l]));
    expect(consistency(6)).toEqual(hex([i, j, k]));
    expect(toHex(rangeHash([0, 7]))).toBe(toHex(nodeHash(k, l)));
    expect(toHex(nodeHash(k, l))).toBe(CT_ROOTS[7]);
  });

  it("agrees with the RFC's recursive definitions for every leaf and size up to 70, reading O(log n) subtrees", async () => {
    const { rangeHash } = nodeStore(many);
    for (let n = 1; n <= many.length; n++) {
      const prefix = many.slice(0, n);
      const root = rangeHash([0, n]);
      expect(toHex(root)).toBe(toHex(mth(prefix)));
      for (let m = 0; m < n; m++) {
        const ranges = inclusionRanges(m, n);
        const proof = ranges.map(rangeHash);
        expect(hex(proof)).toEqual(hex(path(m, prefix)));
        expect(ranges.flatMap(rangeNodes).length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(n)) + 1);
        expect(await verifyInclusion(sha256, { leaf: many[m], index: m, size: n, proof, root })).toBe(true);
      }
      for (let m = 1; m <= n; m++) {
        const proof = consistencyRanges(m, n).map(rangeHash);
        expect(hex(proof)).toEqual(hex(subproof(m, prefix, true)));
        expect(await verifyConsistency(sha256, { first: m, second: n, firstRoot: rangeHash([0, m]), secondRoot: root, proof })).toBe(true);
      }
    }
  });

  it('refuses an altered proof, leaf, index, size or root', async () => {
    const { rangeHash } = nodeStore(many);
    const n = 37;
    const root = rangeHash([0, n]);
    for (const m of [0, 5, 31, 32, 36]) {
      const proof = inclusionRanges(m, n).map(rangeHash);
      const check = (o: Partial<{ leaf: Uint8Array; index: number; size: number; proof: Uint8Array[]; root: Uint8Array }>) =>
        verifyInclusion(sha256, { leaf: many[m], index: m, size: n, proof, root, ...o });
      const flipped = proof.map((p) => p.slice());
      flipped[0][3] ^= 1;
      expect(await check({ proof: flipped })).toBe(false);
      expect(await check({ proof: proof.slice(0, -1) })).toBe(false);
      expect(await check({ proof: [...proof, proof[0]] })).toBe(false);
      expect(await check({ leaf: many[m + 1] })).toBe(false);
      expect(await check({ index: m === 0 ? 1 : m - 1 })).toBe(false);
      // The size is bound by the signed head, not the proof: only a size that changes the path's shape is caught here.
      if (m === 36) expect(await check({ size: n + 1 })).toBe(false);
      expect(await check({ index: n })).toBe(false);
      expect(await check({ root: rangeHash([0, n - 1]) })).toBe(false);
    }
    const proof = consistencyRanges(10, n).map(rangeHash);
    const ok = (o: Partial<{ first: number; second: number; firstRoot: Uint8Array; secondRoot: Uint8Array; proof: Uint8Array[] }>) =>
      verifyConsistency(sha256, { first: 10, second: n, firstRoot: rangeHash([0, 10]), secondRoot: root, proof, ...o });
    expect(await ok({})).toBe(true);
    expect(await ok({ firstRoot: rangeHash([0, 9]) })).toBe(false);
    expect(await ok({ proof: proof.slice(1) })).toBe(false);
    expect(await ok({ first: 11 })).toBe(false);
    expect(await ok({ first: n, second: n, proof: [], firstRoot: root })).toBe(true);
    expect(await ok({ first: n, second: n, proof: [], firstRoot: rangeHash([0, 9]) })).toBe(false);
  });

  it('refuses a range that is not one of the tree’s subtrees', () => {
    expect(() => rangeNodes([1, 3])).toThrow(RangeError);
    expect(rangeNodes([4, 7])).toEqual([
      { level: 1, position: 2 },
      { level: 0, position: 6 },
    ]);
    expect(rangeNodes([0, 1_000_000]).length).toBe(7);
    expect(() => inclusionRanges(5, 5)).toThrow(RangeError);
    expect(() => consistencyRanges(0, 5)).toThrow(RangeError);
  });

  it('signs RFC 6962 TreeHeadSignature bytes: v1, tree_hash, timestamp, size, root', () => {
    const root = fromHex(CT_ROOTS[8])!;
    const message = treeHeadMessage({ treeSize: 8, timestamp: 1_764_000_000_123, rootHash: root });
    expect(message.length).toBe(50);
    expect(toHex(message.slice(0, 18))).toBe('0001' + (1_764_000_000_123).toString(16).padStart(16, '0') + '0000000000000008');
    expect(toHex(message.slice(18))).toBe(CT_ROOTS[8]);
  });
});
