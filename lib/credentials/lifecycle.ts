import type { BoardLicense } from '../boards/index.ts';
import type { CredentialStatus, VerificationMethod } from '../generated/prisma/enums.ts';
import { searchKey } from '../text.ts';

/** Today in UTC as YYYY-MM-DD: licenses expire by calendar date (decisions.md isExpired). */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** decisions.md isExpired: the expiration date is before today (UTC). A credential, a seal's snapshot: whatever carries the date. */
export function isExpired(c: { expirationDate: Date | null }, now = new Date()): boolean {
  const date = c.expirationDate ? c.expirationDate.toISOString().slice(0, 10) : null;
  return date !== null && date < todayUtc(now);
}

/**
 * Whether two written names are the same person's: case, accents, punctuation, middle names
 * and anything after a comma (", P.E.") aside, the first and last names must agree.
 */
export function namesMatch(a: string, b: string): boolean {
  const words = (s: string) =>
    searchKey(s.split(',')[0])
      .replace(/[^a-z0-9\s-]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
  const [x, y] = [words(a), words(b)];
  if (x.length === 0 || y.length === 0) return false;
  return x[0] === y[0] && x[x.length - 1] === y[y.length - 1];
}

/** What a board's answer makes of a credential (decisions.md "Credential lifecycle"). */
export interface BoardVerdict {
  status: CredentialStatus;
  verificationMethod?: VerificationMethod;
  verified: boolean;
  expirationDate: string | null;
  rejectionReason: string | null;
}

/**
 * The verdict on a license the holder names `claimant`: no record → REJECTED; another name →
 * REJECTED; revoked or suspended → REVOKED; expired (by status or date) → EXPIRED; not active
 * otherwise → REJECTED; else VERIFIED by board lookup.
 */
export function judgeLicense(license: BoardLicense | null, claimant: string, key: { stateCode: string; licenseType: string; licenseNumber: string }, now = new Date()): BoardVerdict {
  const rejected = (rejectionReason: string, expirationDate: string | null = null): BoardVerdict => ({ status: 'REJECTED', verified: false, expirationDate, rejectionReason });
  if (!license) return rejected(`The ${key.stateCode} board has no ${key.licenseType} license ${key.licenseNumber}`);
  if (!namesMatch(license.fullName, claimant)) return rejected(`The board's record of this license is in another name than ${claimant}`, license.expirationDate);
  if (license.licenseStatus === 'revoked' || license.licenseStatus === 'suspended') {
    return { status: 'REVOKED', verified: false, expirationDate: license.expirationDate, rejectionReason: `The board reports this license ${license.licenseStatus}` };
  }
  if (license.licenseStatus === 'expired' || (license.expirationDate !== null && license.expirationDate < todayUtc(now))) {
    return { status: 'EXPIRED', verified: false, expirationDate: license.expirationDate, rejectionReason: null };
  }
  if (license.licenseStatus !== 'active') return rejected(`The board reports this license ${license.licenseStatus}`, license.expirationDate);
  return { status: 'VERIFIED', verificationMethod: 'BOARD_LOOKUP', verified: true, expirationDate: license.expirationDate, rejectionReason: null };
}
