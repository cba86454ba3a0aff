/**
 * The seal log's hashing with Node's crypto, synchronous: appends, roots and proofs on the
 * server, and the auditor's recomputation of a whole tree. lib/transparency/merkle.ts holds the
 * same rules for any SHA-256, WebCrypto's included.
 */
import crypto from 'node:crypto';

/** SHA-256 of bytes. */
export const sha256 = (data: Uint8Array): Uint8Array => new Uint8Array(crypto.createHash('sha256').update(data).digest());

/** SHA-256(0x00 ‖ entry): a leaf. */
export function leafHash(entry: Uint8Array | string): Uint8Array {
  const bytes = typeof entry === 'string' ? Buffer.from(entry, 'utf8') : entry;
  return new Uint8Array(crypto.createHash('sha256').update(Buffer.of(0)).update(bytes).digest());
}

/** SHA-256(0x01 ‖ left ‖ right): an interior node. */
export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return new Uint8Array(crypto.createHash('sha256').update(Buffer.of(1)).update(left).update(right).digest());
}

/** A range's hash from its complete subtrees' hashes, left to right (their right fold). */
export function foldHashes(hashes: Uint8Array[]): Uint8Array {
  let h = hashes[hashes.length - 1];
  for (let i = hashes.length - 2; i >= 0; i--) h = nodeHash(hashes[i], h);
  return h;
}

/** The hash of an empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT = sha256(new Uint8Array());

/**
 * A tree built leaf by leaf in memory, keeping only its right edge (one complete subtree per
 * set bit of its size): the auditor's recomputation and the benchmark's fill. `onNode` sees
 * every complete subtree as it completes (level 0 for the leaf itself).
 */
export class MerkleBuilder {
  size = 0;
  /** The complete subtrees of the right edge, largest (leftmost) first. */
  private readonly edge: { level: number; hash: Uint8Array }[] = [];

  constructor(private readonly onNode?: (level: number, position: number, hash: Uint8Array) => void) {}

  /** Append a leaf hash. */
  push(leaf: Uint8Array): void {
    const index = this.size;
    this.onNode?.(0, index, leaf);
    let node = { level: 0, hash: leaf };
    while (this.edge.length > 0 && this.edge[this.edge.length - 1].level === node.level) {
      const left = this.edge.pop()!;
      const level = node.level + 1;
      node = { level, hash: nodeHash(left.hash, node.hash) };
      this.onNode?.(level, Math.floor(index / 2 ** level), node.hash);
    }
    this.edge.push(node);
    this.size += 1;
  }

  /** The Merkle tree hash of the leaves pushed so far. */
  root(): Uint8Array {
    return this.edge.length === 0 ? EMPTY_ROOT : foldHashes(this.edge.map((n) => n.hash));
  }
}
