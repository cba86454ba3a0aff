/**
 * The seal log in the database: seals append their entries in their own transactions (dense
 * indexes, even when sealing at once), the stored subtrees give the same roots and proofs as
 * the RFC's definitions over the leaves, a failed seal leaves no entry and no gap, heads are
 * signed and the tables refuse changes.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { draftDocuments, professional, sealAs } from '../../test/sealing.ts';
import type { Professional } from '../../test/sealing.ts';
import { db } from '../db/index.ts';
import { parseSealLogEntry, sealLogEntry } from './entry.ts';
import { leafHash, MerkleBuilder, sha256 } from './hash.ts';
import { signTreeHead, treeHeadCovering, verifyTreeHeadSignature } from './heads.ts';
import { toHex, verifyConsistency, verifyInclusion } from './merkle.ts';
import { appendUnloggedSeals, sealLogRecord } from './seal-log.ts';
import { consistencyProof, inclusionProof, logSize, rootAt } from './tree.ts';

async function entries() {
  return db().sealLogEntry.findMany({ orderBy: { leafIndex: 'asc' }, select: { leafIndex: true, verificationCode: true, entry: true, leafHash: true } });
}

describe('the seal log', () => {
  let pro: Professional;
  const codes: string[] = [];

  beforeAll(async () => {
    pro = await professional('Jordan Ellis');
  });

  it('gets one entry per seal, in the seal’s transaction, with dense indexes when seals run at once', async () => {
    const ids = await draftDocuments(pro, 8);
    const seals = await Promise.all(ids.map((id) => sealAs(pro, id)));
    codes.push(...seals.map((s) => s.verificationCode));
    const rows = await entries();
    expect(rows.map((r) => r.leafIndex)).toEqual([...Array(8).keys()]);
    expect(new Set(rows.map((r) => r.verificationCode))).toEqual(new Set(codes));
    expect(await logSize(db())).toBe(8);
    for (const row of rows) {
      const seal = seals.find((s) => s.verificationCode === row.verificationCode)!;
      const credential = await db().credential.findUniqueOrThrow({ where: { id: pro.credentialId } });
      expect(row.entry).toBe(
        sealLogEntry({
          code: seal.verificationCode,
          documentHash: seal.documentHash,
          sealedAt: seal.sealedAt,
          holderName: 'Jordan Ellis',
          licenseType: credential.licenseType,
          licenseNumber: credential.licenseNumber,
          regionCode: credential.regionCode,
          signingCertificateSha256: null,
        }),
      );
      const parsed = parseSealLogEntry(row.entry);
      expect(parsed.ok && parsed.entry).toMatchObject({ code: seal.verificationCode, document_hash: seal.documentHash, holder_name: 'Jordan Ellis', sealed_at: seal.sealedAt.toISOString() });
      expect(toHex(new Uint8Array(row.leafHash))).toBe(toHex(leafHash(row.entry)));
    }
  });

  it('reads roots and proofs from the stored subtrees that match the leaves recomputed', async () => {
    const rows = await entries();
    const builder = new MerkleBuilder();
    const roots: Uint8Array[] = [];
    for (const row of rows) {
      builder.push(leafHash(row.entry));
      roots.push(builder.root());
      expect(toHex(await rootAt(db(), builder.size))).toBe(toHex(builder.root()));
    }
    const n = rows.length;
    for (const row of rows) {
      const proof = await inclusionProof(db(), row.leafIndex, n);
      expect(await verifyInclusion(sha256, { leaf: leafHash(row.entry), index: row.leafIndex, size: n, proof, root: roots[n - 1] })).toBe(true);
    }
    for (let m = 1; m <= n; m++) {
      const proof = await consistencyProof(db(), m, n);
      expect(await verifyConsistency(sha256, { first: m, second: n, firstRoot: roots[m - 1], secondRoot: roots[n - 1], proof })).toBe(true);
    }
  });

  it('leaves no entry and no gap when a seal fails in its transaction', async () => {
    const [failing, next] = await draftDocuments(pro, 2);
    const before = await logSize(db());
    await expect(sealAs(pro, failing, {}, { faults: { beforeCommit: () => Promise.reject(new Error('crash before commit')) } })).rejects.toThrow('crash before commit');
    expect(await logSize(db())).toBe(before);
    const seal = await sealAs(pro, next);
    const row = await db().sealLogEntry.findUniqueOrThrow({ where: { verificationCode: seal.verificationCode } });
    expect(row.leafIndex).toBe(before);
    codes.push(seal.verificationCode);
  });

  it('signs heads over the TreeHeadSignature bytes, a new one only for new entries, and at most once per interval when asked', async () => {
    const head = await signTreeHead();
    const size = await logSize(db());
    expect(head.treeSize).toBe(size);
    expect(toHex(head.rootHash)).toBe(toHex(await rootAt(db(), size)));
    expect(verifyTreeHeadSignature(head)).toBe(true);
    expect(verifyTreeHeadSignature({ ...head, treeSize: head.treeSize - 1 })).toBe(false);
    // Nothing new: the same head.
    expect((await signTreeHead()).timestamp.getTime()).toBe(head.timestamp.getTime());
    const [doc] = await draftDocuments(pro, 1);
    const seal = await sealAs(pro, doc);
    // The periodic job waits out the interval; a reader who needs the new entry gets a head at once.
    expect((await signTreeHead({ minIntervalMs: 60_000 })).treeSize).toBe(size);
    const record = await sealLogRecord({ code: seal.verificationCode });
    expect(record).not.toBeNull();
    expect(record!.treeSize).toBe(size + 1);
    expect(record!.signedTreeHead.timestamp.getTime()).toBeGreaterThan(head.timestamp.getTime());
    expect(await verifyInclusion(sha256, { leaf: leafHash(record!.entry), index: record!.leafIndex, size: record!.treeSize, proof: record!.inclusionProof, root: record!.rootHash })).toBe(true);
    expect((await treeHeadCovering(record!.leafIndex)).treeSize).toBe(size + 1);
    expect(await sealLogRecord({ code: 'zzzzzzzzzzzz' })).toBeNull();
  });

  it('appends seals made before the log existed, once, in the order they were made', async () => {
    const { seedSealOn } = await import('../../prisma/factories.ts');
    const [a, b] = await draftDocuments(pro, 2);
    const versionOf = async (id: string) => (await db().document.findUniqueOrThrow({ where: { id }, select: { currentVersionId: true } })).currentVersionId!;
    const first = await seedSealOn(await versionOf(a));
    const second = await seedSealOn(await versionOf(b));
    const before = await logSize(db());
    expect(await appendUnloggedSeals()).toBe(2);
    expect(await appendUnloggedSeals()).toBe(0);
    const rows = await db().sealLogEntry.findMany({ where: { leafIndex: { gte: before } }, orderBy: { leafIndex: 'asc' }, select: { verificationCode: true } });
    expect(rows.map((r) => r.verificationCode)).toEqual([first.verificationCode, second.verificationCode]);
  });

  it('refuses to change or delete an entry, a subtree or a head', async () => {
    await expect(db().$executeRawUnsafe(`UPDATE "SealLogEntry" SET "entry" = '{}' WHERE "leafIndex" = 0`)).rejects.toThrow(/append-only/);
    await expect(db().$executeRawUnsafe(`DELETE FROM "SealLogNode" WHERE "level" = 0 AND "position" = 0`)).rejects.toThrow(/append-only/);
    await expect(db().$executeRawUnsafe(`DELETE FROM "SealLogHead"`)).rejects.toThrow(/append-only/);
    expect(await db().sealLogEntry.count()).toBe(await logSize(db()));
  });

  it('records the signing certificate’s fingerprint of a PKI seal', async () => {
    const { requestSigningCertificate } = await import('../seals/certificates.ts');
    const cert = await requestSigningCertificate({ actor: pro.actor, input: { name: 'Log test', credentialId: pro.credentialId }, query: { select: { id: true, fingerprintSha256: true } } });
    const [doc] = await draftDocuments(pro, 1);
    const seal = await sealAs(pro, doc, { signingCertificateId: cert.id });
    const row = await db().sealLogEntry.findUniqueOrThrow({ where: { verificationCode: seal.verificationCode } });
    const parsed = parseSealLogEntry(row.entry);
    expect(parsed.ok && parsed.entry.signing_certificate_sha256).toBe(cert.fingerprintSha256);
    expect(cert.fingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(
      crypto
        .createHash('sha256')
        .update(Buffer.concat([Buffer.of(0), Buffer.from(row.entry)]))
        .digest('hex'),
    ).toBe(toHex(new Uint8Array(row.leafHash)));
  });
});
