/**
 * The seal log as seals use it: every seal appends its entry in its own transaction, and a
 * verification carries the entry's inclusion proof in a signed tree head.
 */
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { sealLogEntry } from './entry.ts';
import type { SealLogFacts } from './entry.ts';
import { treeHeadCovering } from './heads.ts';
import type { SignedTreeHead } from './heads.ts';
import { appendLeaf, inclusionProof } from './tree.ts';

/** Append a seal's entry inside the seal's transaction; it commits or rolls back with the seal. Returns its index. */
export async function appendSealToLog(tx: Prisma.TransactionClient, facts: SealLogFacts): Promise<number> {
  return (await appendLeaf(tx, { entry: sealLogEntry(facts), code: facts.code })).index;
}

/** Where a seal stands in the log: what a verifier needs to check it is there, under a signed head. */
export interface SealLogRecord {
  leafIndex: number;
  /** The canonical JSON entry, whose leaf hash is SHA-256(0x00 ‖ entry). */
  entry: string;
  leafHash: Uint8Array;
  /** The size of the tree the proof is in: the signed head's. */
  treeSize: number;
  rootHash: Uint8Array;
  /** From the leaf's sibling up (RFC 9162 §2.1.3.1). */
  inclusionProof: Uint8Array[];
  signedTreeHead: SignedTreeHead;
}

/** A seal's entry with its inclusion proof in the newest signed head (signing one when none covers it); null when the seal has no entry. */
export async function sealLogRecord({ code }: { code: string }): Promise<SealLogRecord | null> {
  const row = await db().sealLogEntry.findUnique({ where: { verificationCode: code }, select: { leafIndex: true, entry: true, leafHash: true } });
  if (!row) return null;
  const head = await treeHeadCovering(row.leafIndex);
  const proof = await inclusionProof(db(), row.leafIndex, head.treeSize);
  return {
    leafIndex: row.leafIndex,
    entry: row.entry,
    leafHash: new Uint8Array(row.leafHash),
    treeSize: head.treeSize,
    rootHash: head.rootHash,
    inclusionProof: proof,
    signedTreeHead: head,
  };
}

/**
 * Seals made before the log existed (or on a database restored without it), appended in the
 * order they were made, each in a transaction of its own; run once at start. Another instance
 * doing the same at once makes one of the two appends fail on the code's uniqueness, and that
 * transaction rolls back whole, its index included: no gap. Returns how many it appended.
 */
export async function appendUnloggedSeals({ batch = 500 }: { batch?: number } = {}): Promise<number> {
  let appended = 0;
  for (;;) {
    const seals = await db().$queryRaw<{ verificationCode: string }[]>`
      SELECT s."verificationCode" FROM "Seal" s
      WHERE NOT EXISTS (SELECT 1 FROM "SealLogEntry" e WHERE e."verificationCode" = s."verificationCode")
      ORDER BY s."sealedAt", s."insertedAt", s."id" LIMIT ${batch}`;
    if (seals.length === 0) return appended;
    let progressed = false;
    for (const { verificationCode } of seals) {
      const seal = await db().seal.findUniqueOrThrow({
        where: { verificationCode },
        select: { documentHash: true, sealedAt: true, holderName: true, licenseType: true, licenseNumber: true, regionCode: true, signingCertificate: { select: { fingerprintSha256: true } } },
      });
      try {
        await db().$transaction((tx) =>
          appendSealToLog(tx, {
            code: verificationCode,
            documentHash: seal.documentHash,
            sealedAt: seal.sealedAt,
            holderName: seal.holderName,
            licenseType: seal.licenseType,
            licenseNumber: seal.licenseNumber,
            regionCode: seal.regionCode,
            signingCertificateSha256: seal.signingCertificate?.fingerprintSha256 ?? null,
          }),
        );
        appended += 1;
        progressed = true;
      } catch (err) {
        // Appended meanwhile by another instance: nothing to do.
        if (!(await db().sealLogEntry.findUnique({ where: { verificationCode }, select: { leafIndex: true } }))) throw err;
      }
    }
    if (!progressed && seals.length < batch) return appended;
  }
}
