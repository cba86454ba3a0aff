/**
 * The seal log's Merkle tree as RFC 9162 (Certificate Transparency 2.0) defines it, with no
 * imports, so the server, the auditor and the browser (the /verify page, through WebCrypto)
 * run the same code: which subtrees make up a proof, how a proof is checked, and the bytes a
 * tree head's signature covers.
 *
 * A leaf hash is SHA-256(0x00 ‖ entry), a node SHA-256(0x01 ‖ left ‖ right); the tree of n
 * leaves splits at the largest power of two below n. A range [start, end) of leaves is always
 * one of that recursion's subtrees, so it is made of complete, aligned subtrees of
 * descending sizes: (level, position) covers leaves position·2^level … (position+1)·2^level − 1.
 * The log stores every complete subtree's hash, so any root or proof reads O(log n) of them.
 */

/** The hash the log uses; async so WebCrypto's digest fits. */
export type Sha256 = (data: Uint8Array) => Promise<Uint8Array> | Uint8Array;

/** Leaves [start, end) of the tree. */
export type Range = readonly [start: number, end: number];

/** A complete subtree: 2^level leaves from position·2^level. */
export interface NodeKey {
  level: number;
  position: number;
}

/** The largest power of two strictly below n (n ≥ 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The complete subtrees a range of the RFC's recursion is made of, left to right (largest
 * first). Its Merkle tree hash is their right fold: H(0x01 ‖ s1 ‖ H(0x01 ‖ s2 ‖ …)).
 */
export function rangeNodes([start, end]: Range): NodeKey[] {
  if (!(start >= 0 && end > start)) throw new RangeError(`Not a non-empty range of leaves: [${start}, ${end})`);
  const nodes: NodeKey[] = [];
  let cursor = start;
  let left = end - start;
  while (left > 0) {
    let size = 1;
    let level = 0;
    while (size * 2 <= left) {
      size *= 2;
      level += 1;
    }
    if (cursor % size !== 0) throw new RangeError(`[${start}, ${end}) is not a subtree of the log's tree`);
    nodes.push({ level, position: cursor / size });
    cursor += size;
    left -= size;
  }
  return nodes;
}

/**
 * The ranges whose hashes make the inclusion proof of leaf m in the tree of n leaves
 * (RFC 9162 §2.1.3.1 PATH), from the leaf's sibling up to the root's other child.
 */
export function inclusionRanges(m: number, n: number): Range[] {
  if (!(Number.isInteger(m) && Number.isInteger(n) && m >= 0 && m < n)) throw new RangeError(`Leaf ${m} is not in a tree of ${n}`);
  const topDown: Range[] = [];
  let start = 0;
  let end = n;
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (m < start + k) {
      topDown.push([start + k, end]);
      end = start + k;
    } else {
      topDown.push([start, start + k]);
      start += k;
    }
  }
  return topDown.reverse();
}

/**
 * The ranges whose hashes make the consistency proof from the tree of m leaves to the tree of
 * n (RFC 9162 §2.1.4.1 PROOF and SUBPROOF); empty when m = n.
 */
export function consistencyRanges(m: number, n: number): Range[] {
  if (!(Number.isInteger(m) && Number.isInteger(n) && m > 0 && m <= n)) throw new RangeError(`No consistency proof from ${m} to ${n} leaves`);
  const topDown: Range[] = [];
  let start = 0;
  let end = n;
  let first = m;
  let whole = true;
  for (;;) {
    if (first === end - start) {
      if (!whole) topDown.push([start, end]);
      break;
    }
    const k = splitPoint(end - start);
    if (first <= k) {
      topDown.push([start + k, end]);
      end = start + k;
    } else {
      topDown.push([start, start + k]);
      start += k;
      first -= k;
      whole = false;
    }
  }
  return topDown.reverse();
}

function concat(prefix: number, ...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(1 + parts.reduce((n, p) => n + p.length, 0));
  out[0] = prefix;
  let offset = 1;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** SHA-256(0x00 ‖ entry). */
export async function hashLeaf(sha256: Sha256, entry: Uint8Array): Promise<Uint8Array> {
  return sha256(concat(0x00, entry));
}

/** SHA-256(0x01 ‖ left ‖ right). */
export async function hashChildren(sha256: Sha256, left: Uint8Array, right: Uint8Array): Promise<Uint8Array> {
  return sha256(concat(0x01, left, right));
}

/** A range's hash from its complete subtrees' hashes, left to right. */
export async function foldRange(sha256: Sha256, hashes: Uint8Array[]): Promise<Uint8Array> {
  let h = hashes[hashes.length - 1];
  for (let i = hashes.length - 2; i >= 0; i--) h = await hashChildren(sha256, hashes[i], h);
  return h;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

const isHash = (h: unknown): h is Uint8Array => h instanceof Uint8Array && h.length === 32;
const half = (x: number) => Math.floor(x / 2);
const odd = (x: number) => x % 2 === 1;

/** RFC 9162 §2.1.3.2: whether `proof` shows `leaf` at `index` in the tree of `size` leaves whose root is `root`. */
export async function verifyInclusion(sha256: Sha256, { leaf, index, size, proof, root }: { leaf: Uint8Array; index: number; size: number; proof: Uint8Array[]; root: Uint8Array }): Promise<boolean> {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) return false;
  if (!isHash(leaf) || !isHash(root) || !Array.isArray(proof) || !proof.every(isHash)) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = await hashChildren(sha256, p, r);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = await hashChildren(sha256, r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(r, root);
}

/** RFC 9162 §2.1.4.2: whether `proof` shows the tree of `first` leaves (root `firstRoot`) is a prefix of the tree of `second` (root `secondRoot`). */
export async function verifyConsistency(
  sha256: Sha256,
  { first, second, firstRoot, secondRoot, proof }: { first: number; second: number; firstRoot: Uint8Array; secondRoot: Uint8Array; proof: Uint8Array[] },
): Promise<boolean> {
  if (!Number.isInteger(first) || !Number.isInteger(second) || first < 1 || first > second) return false;
  if (!isHash(firstRoot) || !isHash(secondRoot) || !Array.isArray(proof) || !proof.every(isHash)) return false;
  if (first === second) return proof.length === 0 && equalBytes(firstRoot, secondRoot);
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : proof;
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = await hashChildren(sha256, c, fr);
      sr = await hashChildren(sha256, c, sr);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = await hashChildren(sha256, sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(fr, firstRoot) && equalBytes(sr, secondRoot);
}

function isPowerOfTwo(n: number): boolean {
  let k = 1;
  while (k < n) k *= 2;
  return k === n;
}

/**
 * The bytes a signed tree head's Ed25519 signature covers: RFC 6962 §3.5's TreeHeadSignature,
 * version v1 (0), signature_type tree_hash (1), timestamp (ms since the epoch, uint64),
 * tree_size (uint64), the SHA-256 root; 50 bytes, big-endian.
 */
export function treeHeadMessage({ treeSize, timestamp, rootHash }: { treeSize: number; timestamp: number; rootHash: Uint8Array }): Uint8Array {
  if (!isHash(rootHash)) throw new TypeError('The root hash must be 32 bytes');
  const out = new Uint8Array(50);
  const view = new DataView(out.buffer);
  out[0] = 0;
  out[1] = 1;
  view.setBigUint64(2, BigInt(timestamp));
  view.setBigUint64(10, BigInt(treeSize));
  out.set(rootHash, 18);
  return out;
}

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** Lowercase or uppercase hex to bytes; null for anything else. */
export function fromHex(hex: string): Uint8Array | null {
  if (typeof hex !== 'string' || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
