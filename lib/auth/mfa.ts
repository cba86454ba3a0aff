import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { decryptSecret, encryptSecret } from '../keys/encryption.ts';
import { claimOnce, clearFailures, guardedCheck } from '../ratelimit/index.ts';
import type { LockoutName } from '../ratelimit/index.ts';
import type { Actor } from '../orgs/actor.ts';
import { issueTokens, payload, revokeOtherSessions, tooManyAttempts } from './accounts.ts';
import type { SignedIn } from './accounts.ts';
import { verifyMfaPendingToken } from './tokens.ts';

/**
 * Multi-factor sign-in: TOTP (RFC 6238: 30 s steps, 6 digits, one step either side accepted)
 * and 10 single-use backup codes. The secret is stored AES-GCM encrypted (lib/keys); backup
 * codes as their SHA-256 only. Each accepted TOTP step is recorded, so a code cannot be used
 * twice, nor an older one after it.
 */

const ISSUER = 'Sealwright';
const BACKUP_CODES = 10;
/** Lowercase letters and digits without the look-alikes (0/o, 1/l/i). */
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const secretContext = (userId: string) => `mfa-secret:${userId}`;

export interface MfaSetup {
  secret: string;
  otpauthUrl: string;
  qrCodeSvg: string;
}

/** Start MFA set-up: a new secret (pending until enableMfa checks a code from it). */
export async function setupMfa({ actor }: { actor: Actor }): Promise<MfaSetup> {
  const user = await db().user.findUnique({ where: { id: actor.userId }, select: { email: true, mfaEnabled: true } });
  if (!user) throw new AppError('UNAUTHENTICATED', 'Account no longer exists');
  if (user.mfaEnabled) throw new AppError('CONFLICT', 'MFA is already enabled: disable it first to set up a new authenticator');
  const secret = generateSecret();
  await db().user.update({
    where: { id: actor.userId },
    data: { mfaSecret: encryptSecret(Buffer.from(secret), secretContext(actor.userId)), mfaLastTimeStep: null },
    select: { id: true },
  });
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrCodeSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCodeSvg };
}

async function mfaState(userId: string) {
  const user = await db().user.findUnique({ where: { id: userId }, select: { mfaEnabled: true, mfaSecret: true, mfaLastTimeStep: true } });
  if (!user) throw new AppError('UNAUTHENTICATED', 'Account no longer exists');
  return { ...user, secret: user.mfaSecret ? decryptSecret(user.mfaSecret, secretContext(userId)).toString() : null };
}

/**
 * Accept a TOTP code once: valid in the current step or one either side, and of a later step
 * than the last one accepted. The step is claimed atomically, so two uses of one code (even
 * concurrent) succeed once.
 */
async function acceptTotp(userId: string, secret: string, code: string, lastStep: number | null): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const result = await verify({ secret, token: code, epochTolerance: 30, ...(lastStep !== null ? { afterTimeStep: lastStep } : {}) });
  if (!result.valid) return false;
  // A TOTP result carries its time step; the functional API types it as HOTP's too.
  const step = (result as { timeStep?: number }).timeStep ?? Math.floor(Date.now() / 30_000) + result.delta;
  const claimed = await db().user.updateMany({
    where: { id: userId, OR: [{ mfaLastTimeStep: null }, { mfaLastTimeStep: { lt: step } }] },
    data: { mfaLastTimeStep: step },
  });
  return claimed.count === 1;
}

const CURRENT_CODE_REFUSAL = 'The code is not valid: enter the current 6-digit code from your authenticator';

/**
 * The one code check under the MFA lockout (DEFAULT_LOCKOUTS mfa, and mfaAddress with a client
 * address): TOO_MANY_ATTEMPTS while locked, before the code is even read; then `accept` checks
 * the code, and a wrong one counts towards the lock and is INVALID_MFA_CODE (`refusal`). The
 * caller clears the count once everything the step needs has held.
 */
async function checkCodeUnderLockout({ userId, clientIp = null, accept, refusal }: { userId: string; clientIp?: string | null; accept: () => Promise<boolean>; refusal: string }): Promise<void> {
  // Checked under the lock (guardedCheck), so concurrent codes get no more checks than the lock allows.
  const right = await guardedCheck([['mfa', userId], ...(clientIp ? ([['mfaAddress', clientIp]] as [LockoutName, string][]) : [])], tooManyAttempts, accept);
  if (!right) throw new AppError('INVALID_MFA_CODE', refusal);
}

const hashBackupCode = (code: string) =>
  crypto
    .createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');

function newBackupCode(): string {
  const chars = Array.from({ length: 10 }, () => BACKUP_ALPHABET[crypto.randomInt(BACKUP_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Spend an unused backup code (once, atomically). */
async function acceptBackupCode(userId: string, code: string): Promise<boolean> {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (normalized.length !== 10) return false;
  const used = await db().mfaBackupCode.updateMany({ where: { userId, codeHash: hashBackupCode(normalized), usedAt: null }, data: { usedAt: new Date() } });
  return used.count === 1;
}

function codeOf(input: unknown): string {
  if (typeof input !== 'string' || input.length > 64) throw new AppError('BAD_USER_INPUT', 'code must be a 6-digit code or a backup code');
  return input.trim().replace(/\s+/g, '');
}

/** Check a code from the pending secret, turn MFA on, and hand out 10 backup codes (shown once); every other session is signed out. */
export async function enableMfa({ actor, code }: { actor: Actor; code: string }): Promise<{ backupCodes: string[]; enabledAt: Date }> {
  const value = codeOf(code);
  const state = await mfaState(actor.userId);
  if (state.mfaEnabled) throw new AppError('CONFLICT', 'MFA is already enabled');
  if (!state.secret) throw new AppError('BAD_USER_INPUT', 'Call setupMfa first, then enable MFA with a code from your authenticator');
  const secret = state.secret;
  await checkCodeUnderLockout({ userId: actor.userId, accept: () => acceptTotp(actor.userId, secret, value, state.mfaLastTimeStep), refusal: CURRENT_CODE_REFUSAL });
  await clearFailures('mfa', actor.userId);
  const backupCodes = Array.from({ length: BACKUP_CODES }, newBackupCode);
  const enabledAt = new Date();
  await db().$transaction(async (tx) => {
    await tx.mfaBackupCode.deleteMany({ where: { userId: actor.userId } });
    await tx.mfaBackupCode.createMany({ data: backupCodes.map((c) => ({ userId: actor.userId, codeHash: hashBackupCode(c) })) });
    await tx.user.update({ where: { id: actor.userId }, data: { mfaEnabled: true, mfaEnabledAt: enabledAt }, select: { id: true } });
    // Sessions opened without the second factor end here, as after a password change.
    await revokeOtherSessions(tx, actor);
  });
  return { backupCodes, enabledAt };
}

/**
 * The second step of a sign-in: the pending token from `login` and a TOTP code or an unused
 * backup code. Wrong codes count towards a lockout per account and per address. The pending
 * token works once.
 */
export async function verifyMfaLogin({ input, clientIp, signal }: { input: { mfaPendingToken: string; code: string }; clientIp?: string | null; signal?: AbortSignal }): Promise<SignedIn> {
  const pending = await verifyMfaPendingToken(String(input.mfaPendingToken ?? ''));
  const value = codeOf(input.code);
  await checkCodeUnderLockout({
    userId: pending.userId,
    clientIp,
    accept: async () => {
      const state = await mfaState(pending.userId);
      if (!state.mfaEnabled || !state.secret) throw new AppError('UNAUTHENTICATED', 'MFA is no longer enabled on this account: sign in again');
      return /^\d{6}$/.test(value) ? acceptTotp(pending.userId, state.secret, value, state.mfaLastTimeStep) : acceptBackupCode(pending.userId, value);
    },
    refusal: 'The code is not valid, or has been used already',
  });
  if (!(await claimOnce(`mfa-pending:${pending.tokenId}`, Math.max(1000, pending.expiresAt - Date.now() + 60_000)))) {
    throw new AppError('UNAUTHENTICATED', 'This sign-in step has been completed already: sign in again');
  }
  await clearFailures('mfa', pending.userId);
  signal?.throwIfAborted();
  const tokens = await db().$transaction((tx) => issueTokens(tx, pending.userId));
  return payload(pending.userId, tokens);
}

/** Turn MFA off: a current TOTP code is required (a backup code is not enough); every other session is signed out. */
export async function disableMfa({ actor, code }: { actor: Actor; code: string }): Promise<boolean> {
  const value = codeOf(code);
  const state = await mfaState(actor.userId);
  if (!state.mfaEnabled || !state.secret) throw new AppError('BAD_USER_INPUT', 'MFA is not enabled');
  const secret = state.secret;
  await checkCodeUnderLockout({ userId: actor.userId, accept: () => acceptTotp(actor.userId, secret, value, state.mfaLastTimeStep), refusal: CURRENT_CODE_REFUSAL });
  await clearFailures('mfa', actor.userId);
  await db().$transaction(async (tx) => {
    await tx.mfaBackupCode.deleteMany({ where: { userId: actor.userId } });
    await tx.user.update({ where: { id: actor.userId }, data: { mfaEnabled: false, mfaEnabledAt: null, mfaSecret: null, mfaLastTimeStep: null }, select: { id: true } });
    await revokeOtherSessions(tx, actor);
  });
  return true;
}
