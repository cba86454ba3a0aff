/**
 * Signed tree heads of the seal log: the size, root and time of the tree, signed with the log's
 * Ed25519 key over RFC 6962's TreeHeadSignature bytes. A new head is signed at most once per
 * HEAD_INTERVAL_MS by the periodic job while entries arrive, and on demand when a reader needs
 * a head that covers an entry the last one does not. One signer at a time across instances
 * (an advisory lock), so heads grow in size and time.
 */
import crypto from 'node:crypto';
import { db } from '../db/index.ts';
import { logKey } from './log-key.ts';
import { treeHeadMessage } from './merkle.ts';
import { logSize, rootAt } from './tree.ts';

/** How often the periodic job may sign a head while there are new entries. */
export const HEAD_INTERVAL_MS = 10_000;
/** The advisory lock that makes signing one at a time across instances. */
const SIGNER_LOCK = 0x5ea1_1069;

export interface SignedTreeHead {
  treeSize: number;
  timestamp: Date;
  rootHash: Uint8Array;
  signature: Uint8Array;
  keyId: string;
}

const HEAD_SELECT = { treeSize: true, timestamp: true, rootHash: true, signature: true, keyId: true } as const;

const asHead = (row: { treeSize: number; timestamp: Date; rootHash: Uint8Array; signature: Uint8Array; keyId: string }): SignedTreeHead => ({
  ...row,
  rootHash: new Uint8Array(row.rootHash),
  signature: new Uint8Array(row.signature),
});

/** The newest signed head, or null before the first. */
export async function latestTreeHead(): Promise<SignedTreeHead | null> {
  const row = await db().sealLogHead.findFirst({ orderBy: { treeSize: 'desc' }, select: HEAD_SELECT });
  return row ? asHead(row) : null;
}

/**
 * Sign a head of the log as it stands, unless the newest head already covers every entry (or,
 * with `minIntervalMs`, is younger than that): then the newest head. The first head of an
 * empty log has size 0 and the empty tree's root.
 */
export async function signTreeHead({ minIntervalMs = 0, now = () => new Date() }: { minIntervalMs?: number; now?: () => Date } = {}): Promise<SignedTreeHead> {
  const key = logKey();
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SIGNER_LOCK})`;
    const size = await logSize(tx);
    const row = await tx.sealLogHead.findFirst({ orderBy: { treeSize: 'desc' }, select: HEAD_SELECT });
    const latest = row ? asHead(row) : null;
    const at = now();
    if (latest && latest.treeSize >= size) return latest;
    if (latest && minIntervalMs > 0 && at.getTime() - latest.timestamp.getTime() < minIntervalMs) return latest;
    const rootHash = await rootAt(tx, size);
    // Heads never go back in time, whatever this instance's clock says.
    const timestamp = new Date(Math.max(at.getTime(), latest ? latest.timestamp.getTime() + 1 : 0));
    const signature = new Uint8Array(crypto.sign(null, treeHeadMessage({ treeSize: size, timestamp: timestamp.getTime(), rootHash }), key.privateKey));
    const head = { treeSize: size, timestamp, rootHash, signature, keyId: key.keyId };
    await tx.sealLogHead.create({ data: { ...head, rootHash: Buffer.from(rootHash), signature: Buffer.from(signature) }, select: { treeSize: true } });
    return head;
  });
}

/** The newest head, signing one first when there is none yet. */
export async function currentTreeHead(): Promise<SignedTreeHead> {
  return (await latestTreeHead()) ?? signTreeHead();
}

/** A head that covers entry `index`: the newest, or a new one when the newest predates the entry. */
export async function treeHeadCovering(index: number): Promise<SignedTreeHead> {
  const latest = await latestTreeHead();
  if (latest && latest.treeSize > index) return latest;
  const head = await signTreeHead();
  if (head.treeSize <= index) throw new Error(`The seal log has no entry ${index} yet`);
  return head;
}

/** Whether a head's signature is the log key's over its TreeHeadSignature bytes. */
export function verifyTreeHeadSignature(head: SignedTreeHead, publicKey: crypto.KeyObject = logKey().publicKey): boolean {
  const message = treeHeadMessage({ treeSize: head.treeSize, timestamp: head.timestamp.getTime(), rootHash: head.rootHash });
  return crypto.verify(null, message, publicKey, head.signature);
}

/** The periodic job's step: a new head when there are entries the newest head lacks and it is HEAD_INTERVAL_MS old. */
export async function signTreeHeadIfDue(now = new Date()): Promise<SignedTreeHead | null> {
  const [latest, size] = await Promise.all([latestTreeHead(), logSize(db())]);
  if (latest && (latest.treeSize >= size || now.getTime() - latest.timestamp.getTime() < HEAD_INTERVAL_MS)) return null;
  return signTreeHead({ minIntervalMs: HEAD_INTERVAL_MS });
}
