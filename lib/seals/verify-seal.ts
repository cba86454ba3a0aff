/**
 * Verification, one rule behind every door (REST /v1/verify/*, GraphQL verifySeal and the
 * public page): a seal is found by its code; every verification counts once; a file's hash is
 * compared in constant time with the hash of the sealed PDF.
 */
import crypto from 'node:crypto';
import { isExpired } from '../credentials/lifecycle.ts';
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import type { IdentityAssurance } from '../identity/assurance.ts';
import { logger } from '../log.ts';
import { sealLogRecord } from '../transparency/seal-log.ts';
import type { SealLogRecord } from '../transparency/seal-log.ts';
import { VERIFICATION_CODE, verificationUrl } from './code.ts';
import { certificateRevocation } from './crl.ts';

const VERIFY_SELECT = {
  verificationCode: true,
  documentHash: true,
  documentId: true,
  sealedAt: true,
  pkiSigned: true,
  documentName: true,
  holderName: true,
  licenseType: true,
  licenseNumber: true,
  regionCode: true,
  licenseExpiresOn: true,
  identityAssurance: true,
  disputedAt: true,
  credentialEndStatus: true,
  signerName: true,
  issuerName: true,
  verificationCount: true,
  credential: { select: { status: true, verifiedAt: true, expirationDate: true, disputedAt: true } },
  version: { select: { fileHash: true } },
  signingCertificateId: true,
  signingCertificate: { select: { expiresAt: true } },
} as const satisfies Prisma.SealSelect;

/** The seal's row, with its signing certificate's revocation when it has one. */
type VerifyRow = Prisma.SealGetPayload<{ select: typeof VERIFY_SELECT }> & { revocation?: { revokedAt: Date; reason: string } | null };

/**
 * A PKI seal's certificate as a verifier reads it: `valid`; `signed_while_valid_since_revoked`
 * or `signed_while_valid_since_expired` (the seal stands: it was signed while the certificate
 * was good); `revoked_when_signed` should never be (a revoked certificate cannot sign).
 */
export type SignatureStatus = 'valid' | 'signed_while_valid_since_revoked' | 'signed_while_valid_since_expired' | 'revoked_when_signed';

/** The status in words, for the page and the API's summaries. */
export function signatureSummary(status: SignatureStatus, revokedAt: Date | null): string {
  const day = revokedAt?.toISOString().slice(0, 10);
  switch (status) {
    case 'valid':
      return 'Signed with a certificate that is valid today';
    case 'signed_while_valid_since_revoked':
      return `Signed while valid, since revoked (${day})`;
    case 'signed_while_valid_since_expired':
      return 'Signed while valid, since expired';
    case 'revoked_when_signed':
      return `Signed with a certificate already revoked (${day})`;
  }
}

/** What a verifier is told about a seal. */
export interface SealVerification {
  verificationCode: string;
  verificationUrl: string;
  /** The seal's record is intact: the stored sealed version is the one whose hash was recorded. */
  valid: boolean;
  documentName: string;
  documentHash: string;
  sealedAt: Date;
  holderName: string;
  licenseType: string;
  licenseNumber: string;
  regionCode: string;
  /** decisions.md words: active, expired, revoked, rejected, pending; `disputed` once the license was proven to be someone else's. */
  credentialStatus: 'active' | 'expired' | 'revoked' | 'rejected' | 'pending' | 'disputed';
  /** The sealer's identity assurance when sealing (it never changes). */
  identityAssurance: IdentityAssurance;
  pkiSigned: boolean;
  signerName: string | null;
  issuerName: string | null;
  verificationCount: number;
  /** For a PKI-signed seal, its certificate's standing (null otherwise, or when the certificate is gone). */
  signatureStatus: SignatureStatus | null;
  /** When the seal's certificate was revoked (deleted, or its credential revoked), if it was. */
  certificateRevokedAt: Date | null;
  /**
   * The seal's entry in the public seal log, with its inclusion proof under a signed tree head
   * (null while a seal made before the log is not yet appended). Only verifySeal fills it.
   */
  transparencyLog?: SealLogRecord | null;
}

/**
 * The credential's standing now, in verifiers' words: `disputed` once its license was proven to
 * belong to someone else (the seal says so for good). A deleted credential keeps its status
 * when it was deleted (credentialEndStatus): revoked, rejected or expired stay so, since
 * deleting it must not clear a board's verdict; deleted in good standing, its license reads
 * active until the expiration date it had when sealed, expired after.
 */
export function credentialStatusWord(row: Pick<VerifyRow, 'credential' | 'licenseExpiresOn' | 'disputedAt' | 'credentialEndStatus'>, now = new Date()): SealVerification['credentialStatus'] {
  const c = row.credential;
  if (row.disputedAt || c?.disputedAt) return 'disputed';
  if (!c) {
    if (row.credentialEndStatus === 'REVOKED') return 'revoked';
    if (row.credentialEndStatus === 'REJECTED') return 'rejected';
    if (row.credentialEndStatus === 'EXPIRED') return 'expired';
    return isExpired({ expirationDate: row.licenseExpiresOn }, now) ? 'expired' : 'active';
  }
  if (c.status === 'REVOKED') return 'revoked';
  if (c.status === 'REJECTED') return 'rejected';
  if (c.status === 'EXPIRED' || isExpired(c, now)) return 'expired';
  if ((c.status === 'CLAIMED' || c.status === 'VERIFIED') && c.verifiedAt) return 'active';
  return 'pending';
}

function signatureOf(row: VerifyRow, now = new Date()): Pick<SealVerification, 'signatureStatus' | 'certificateRevokedAt'> {
  if (!row.pkiSigned || !row.signingCertificate) return { signatureStatus: null, certificateRevokedAt: null };
  const revokedAt = row.revocation?.revokedAt ?? null;
  if (revokedAt) return { signatureStatus: revokedAt > row.sealedAt ? 'signed_while_valid_since_revoked' : 'revoked_when_signed', certificateRevokedAt: revokedAt };
  return { signatureStatus: row.signingCertificate.expiresAt <= now ? 'signed_while_valid_since_expired' : 'valid', certificateRevokedAt: null };
}

function toVerification(row: VerifyRow): SealVerification {
  return {
    ...signatureOf(row),
    verificationCode: row.verificationCode,
    verificationUrl: verificationUrl(row.verificationCode),
    // The stored sealed version is the one recorded; once the document left with its
    // organization (its last member deleted their account), the record's hash is the witness.
    valid: row.version ? row.version.fileHash === row.documentHash : row.documentId === null,
    documentName: row.documentName,
    documentHash: row.documentHash,
    sealedAt: row.sealedAt,
    holderName: row.holderName,
    licenseType: row.licenseType,
    licenseNumber: row.licenseNumber,
    regionCode: row.regionCode,
    credentialStatus: credentialStatusWord(row),
    identityAssurance: row.identityAssurance,
    pkiSigned: row.pkiSigned,
    signerName: row.signerName,
    issuerName: row.issuerName,
    verificationCount: row.verificationCount,
  };
}

/** The code when it is one (12 lowercase alphanumeric characters, decisions.md), else null: it can name no seal. */
export function normalizeCode(code: unknown): string | null {
  return typeof code === 'string' && VERIFICATION_CODE.test(code) ? code : null;
}

// Verification is public and hot: one seal may be checked by a whole building department at
// once. A seal's record is read at most once per CACHE_MS per process (a revoked credential shows
// within that time), and counts are added up in memory and written once per FLUSH_MS per seal,
// so a burst is not a queue of writes to one row. What is not written yet is added to what stats
// reads; a crash loses at most FLUSH_MS of counts.
const CACHE_MS = 5_000;
const FLUSH_MS = 1_000;
const CACHE_ENTRIES = 10_000;
/**
 * A seal's record as read, and the verifications this process counted that the read does not
 * hold (those pending when it was read, and every one since): the count a verifier is shown
 * is their sum, this visit included, as /stats counts it.
 */
interface CacheEntry {
  row: VerifyRow | null;
  at: number;
  counted: number;
}

// One state per process, on globalThis: Next may bundle this module into several route chunks
// (the /verify page and the REST routes), and each copy must see the same pending counts.
const STATE = Symbol.for('sealwright.verify-seal.state');
const shared = ((globalThis as Record<symbol, unknown>)[STATE] ??= {
  cache: new Map<string, CacheEntry>(),
  pending: new Map<string, number>(),
  flushTimer: null as NodeJS.Timeout | null,
  logCache: new Map<string, { record: SealLogRecord; at: number }>(),
}) as { cache: Map<string, CacheEntry>; pending: Map<string, number>; flushTimer: NodeJS.Timeout | null; logCache?: Map<string, { record: SealLogRecord; at: number }> };
const { cache, pending } = shared;
// A process whose state an older copy of this module made (next dev's reloads) gets it here.
const logCache = (shared.logCache ??= new Map());

function scheduleFlush() {
  if (shared.flushTimer) return;
  shared.flushTimer = setTimeout(() => void flushVerificationCounts(), FLUSH_MS);
  shared.flushTimer.unref();
}

/** Write the counts added up in memory (every FLUSH_MS; also on shutdown). */
export async function flushVerificationCounts(): Promise<void> {
  if (shared.flushTimer) clearTimeout(shared.flushTimer);
  shared.flushTimer = null;
  const counts = [...pending];
  pending.clear();
  for (const [code, n] of counts) {
    try {
      await db().seal.updateMany({ where: { verificationCode: code }, data: { verificationCount: { increment: n } } });
    } catch (err) {
      pending.set(code, (pending.get(code) ?? 0) + n);
      logger.error('verify: could not write verification counts; retrying', { error: String(err) });
      scheduleFlush();
    }
  }
}

/** A seal's row as verifiers are told of it, with its certificate's revocation. */
async function readRow(code: string): Promise<VerifyRow | null> {
  const found = await db().seal.findUnique({ where: { verificationCode: code }, select: VERIFY_SELECT });
  return found?.signingCertificateId ? { ...found, revocation: await certificateRevocation(found.signingCertificateId) } : found;
}

/** Count one verification of a seal and read it, its count including this one; null for an unknown code. */
async function countVerification(code: string): Promise<VerifyRow | null> {
  const c = normalizeCode(code);
  if (!c) return null;
  let entry = cache.get(c);
  if (!entry || Date.now() - entry.at > CACHE_MS) {
    const row = await readRow(c);
    entry = { row, at: Date.now(), counted: pending.get(c) ?? 0 };
    cache.delete(c);
    cache.set(c, entry);
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  if (!entry.row) return null;
  pending.set(c, (pending.get(c) ?? 0) + 1);
  entry.counted += 1;
  scheduleFlush();
  return { ...entry.row, verificationCount: entry.row.verificationCount + entry.counted };
}

/**
 * A seal's log record, read at most once per CACHE_MS per process like its row: a proof stays
 * valid in the head it names, and a head at most that old is as good to a verifier.
 */
async function logRecordOf(code: string): Promise<SealLogRecord | null> {
  const cached = logCache.get(code);
  if (cached && Date.now() - cached.at <= CACHE_MS) return cached.record;
  const record = await sealLogRecord({ code });
  logCache.delete(code);
  // A seal not yet logged is asked again next time.
  if (record) logCache.set(code, { record, at: Date.now() });
  if (logCache.size > CACHE_ENTRIES) logCache.delete(logCache.keys().next().value!);
  return record;
}

/** GET /v1/verify/:code, verifySeal and the public page: the seal, counted once, with its place in the seal log; null when there is none. */
export async function verifySeal({ code }: { code: string }): Promise<SealVerification | null> {
  const row = await countVerification(code);
  return row ? { ...toVerification(row), transparencyLog: await logRecordOf(row.verificationCode) } : null;
}

/** A seal as verifiers see it, read now and not counted (the sealing certificate); null when there is none. */
export async function describeSeal({ code }: { code: string }): Promise<SealVerification | null> {
  const c = normalizeCode(code);
  const row = c ? await readRow(c) : null;
  return row ? { ...toVerification({ ...row, verificationCount: row.verificationCount + (pending.get(row.verificationCode) ?? 0) }), transparencyLog: await logRecordOf(row.verificationCode) } : null;
}

/** Constant-time equality of two lowercase hex SHA-256 values. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === 32 && y.length === 32 && crypto.timingSafeEqual(x, y);
}

/** POST /v1/verify/:code/match: whether a file's hash is the sealed PDF's, counted once; null for an unknown code. */
export async function matchSeal({ code, hash }: { code: string; hash: string }): Promise<{ match: boolean; seal: SealVerification } | null> {
  const row = await countVerification(code);
  if (!row) return null;
  return { match: sameHash(hash, row.documentHash), seal: toVerification(row) };
}

/** POST /v1/verify/pdf: valid, tampered or not_found for a file's hash and the code it carries. */
export async function verifyPdf({ code, hash }: { code: string; hash: string }): Promise<{ status: 'valid'; seal: SealVerification } | { status: 'tampered' } | { status: 'not_found' }> {
  const result = await matchSeal({ code, hash });
  if (!result) return { status: 'not_found' };
  return result.match ? { status: 'valid', seal: result.seal } : { status: 'tampered' };
}

/** GET /v1/verify/:code/stats: how often it was verified (not counted itself); null for an unknown code. */
export async function sealStats({ code }: { code: string }): Promise<{ verificationCode: string; verificationCount: number; sealedAt: Date } | null> {
  const c = normalizeCode(code);
  if (!c) return null;
  const row = await db().seal.findUnique({ where: { verificationCode: c }, select: { verificationCode: true, verificationCount: true, sealedAt: true } });
  return row ? { ...row, verificationCount: row.verificationCount + (pending.get(c) ?? 0) } : null;
}
