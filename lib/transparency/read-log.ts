/**
 * The seal log as the public reads it (GET /v1/log/*): the newest signed head, entries by
 * index, inclusion and consistency proofs, the key. Read-only; bad parameters are
 * BAD_USER_INPUT in words that say what is accepted.
 */
import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { currentTreeHead, treeHeadCovering } from './heads.ts';
import type { SignedTreeHead } from './heads.ts';
import { logKey } from './log-key.ts';
import { fromHex } from './merkle.ts';
import { consistencyProof, inclusionProof, logSize, rootAt } from './tree.ts';

/** Entries one call returns at most. */
export const MAX_ENTRIES = 1000;
const MAX_INDEX = 2 ** 31 - 1;

/** A whole number from a query parameter; BAD_USER_INPUT naming it otherwise. Null when absent and optional. */
export function wholeNumber(value: string | null, name: string, { required = true, min = 0 } = {}): number | null {
  if (value === null || value === '') {
    if (required) throw new AppError('BAD_USER_INPUT', `${name} is required: a whole number of at least ${min}`);
    return null;
  }
  if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_INDEX || Number(value) < min)
    throw new AppError('BAD_USER_INPUT', `${name} must be a whole number of at least ${min}; got "${value.slice(0, 40)}"`);
  return Number(value);
}

/** The newest signed tree head (the first is signed now when there is none). */
export function getSignedTreeHead(): Promise<SignedTreeHead> {
  return currentTreeHead();
}

/** Entries start…end (inclusive, 0-based), at most MAX_ENTRIES of them, fewer at the log's end. */
export async function getEntries({ start, end }: { start: number; end: number }) {
  if (end < start) throw new AppError('BAD_USER_INPUT', `end (${end}) must not be before start (${start})`);
  const size = await logSize(db());
  if (start >= size) throw new AppError('BAD_USER_INPUT', `start (${start}) is past the log's last entry: it holds ${size} ${size === 1 ? 'entry' : 'entries'}, indexes 0 to ${size - 1}`);
  const last = Math.min(end, size - 1, start + MAX_ENTRIES - 1);
  const entries = await db().sealLogEntry.findMany({
    where: { leafIndex: { gte: start, lte: last } },
    orderBy: { leafIndex: 'asc' },
    select: { leafIndex: true, entry: true, leafHash: true },
  });
  return { treeSize: size, entries: entries.map((e) => ({ leafIndex: e.leafIndex, entry: e.entry, leafHash: new Uint8Array(e.leafHash) })) };
}

/**
 * The inclusion proof of the entry of a seal's code, or of a leaf hash, in the tree of
 * `treeSize` entries (default: the newest signed head, signed now when it predates the entry).
 */
export async function getInclusionProof({ code, leafHash, treeSize }: { code?: string | null; leafHash?: string | null; treeSize: number | null }) {
  if (Boolean(code) === Boolean(leafHash)) throw new AppError('BAD_USER_INPUT', 'Give either code (a verification code) or leaf_hash (64 hex characters), not both');
  let where: { verificationCode: string } | { leafHash: Uint8Array<ArrayBuffer> };
  if (code) {
    if (!/^[a-z0-9]{12}$/.test(code)) throw new AppError('BAD_USER_INPUT', 'code must be a verification code: 12 lowercase letters and digits');
    where = { verificationCode: code };
  } else {
    const bytes = fromHex(leafHash!);
    if (!bytes || bytes.length !== 32) throw new AppError('BAD_USER_INPUT', 'leaf_hash must be a SHA-256: 64 hex characters');
    where = { leafHash: new Uint8Array(bytes) };
  }
  const row = await db().sealLogEntry.findUnique({ where, select: { leafIndex: true, entry: true, leafHash: true } });
  if (!row) throw new AppError('NOT_FOUND', code ? 'No entry of the seal log has this verification code' : 'No entry of the seal log has this leaf hash');
  let head: SignedTreeHead | null = null;
  let size: number;
  if (treeSize === null) {
    head = await treeHeadCovering(row.leafIndex);
    size = head.treeSize;
  } else {
    const current = await logSize(db());
    if (treeSize > current) throw new AppError('BAD_USER_INPUT', `tree_size (${treeSize}) is larger than the log: it holds ${current} entries`);
    if (row.leafIndex >= treeSize) throw new AppError('BAD_USER_INPUT', `Entry ${row.leafIndex} is not in the tree of ${treeSize} entries: ask with a tree_size above ${row.leafIndex}`);
    size = treeSize;
    const signed = await db().sealLogHead.findUnique({ where: { treeSize }, select: { treeSize: true, timestamp: true, rootHash: true, signature: true, keyId: true } });
    head = signed ? { ...signed, rootHash: new Uint8Array(signed.rootHash), signature: new Uint8Array(signed.signature) } : null;
  }
  const [proof, root] = await Promise.all([inclusionProof(db(), row.leafIndex, size), head ? head.rootHash : rootAt(db(), size)]);
  return { leafIndex: row.leafIndex, treeSize: size, entry: row.entry, leafHash: new Uint8Array(row.leafHash), rootHash: root, inclusionProof: proof, signedTreeHead: head };
}

/** The consistency proof from the tree of `first` entries to that of `second`. */
export async function getConsistencyProof({ first, second }: { first: number; second: number }) {
  if (first > second) throw new AppError('BAD_USER_INPUT', `first (${first}) must not be larger than second (${second})`);
  const size = await logSize(db());
  if (second > size) throw new AppError('BAD_USER_INPUT', `second (${second}) is larger than the log: it holds ${size} entries`);
  return { first, second, proof: await consistencyProof(db(), first, second) };
}

/** The public half of the log's signing key. */
export function getLogKey() {
  const key = logKey();
  return { keyId: key.keyId, publicKeyRaw: key.publicKeyRaw, publicKeyPem: key.publicKeyPem };
}
