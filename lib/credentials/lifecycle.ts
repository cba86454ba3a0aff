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

/** A name's words as compared: searchKey's (case and accents aside, hyphens as spaces), punctuation gone. */
function nameWords(s: string): string[] {
  return searchKey(s)
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * Whether two written names are the same person's: case, accents, punctuation, middle names
 * and anything after a comma (", P.E.") aside, the first and last names must agree.
 */
export function namesMatch(a: string, b: string): boolean {
  const [x, y] = [nameWords(a.split(',')[0]), nameWords(b.split(',')[0])];
  if (x.length === 0 || y.length === 0) return false;
  return x[0] === y[0] && x[x.length - 1] === y[y.length - 1];
}

/**
 * What may follow a printed name's comma: a generational suffix ("Jr.", "III") or a professional
 * designation ("P.E.", "AIA", "Ph.D.", "LEED AP"), word by word once punctuation is gone; a
 * single letter always (the pieces of "P.E."). Nothing else: no phrase.
 */
const NAME_SUFFIXES = new Set(
  'jr sr ii iii iv vi vii ph phd pe se ra aia faia ncarb pls rls ps la rla asla fasla cla leed ap bd ga esq mba ms msc bs bsc ma ba march meng beng cfm ptoe pmp'.split(' '),
);

/**
 * Whether a name a seal prints (`printed`) says nothing its sources do not: its first and last
 * names are theirs (namesMatch), each middle word is an initial or a middle name one of the
 * sources carries (the board's record, a verified legal name, the account's name), and after a
 * comma comes only a suffix or a designation (NAME_SUFFIXES). namesMatch alone let any words stand between the
 * first and last names, or after a comma: "Anthony Identity Verified By Government ID White" on
 * a stamp, the verification page and the certificate.
 */
export function spellsName(printed: string, ...sources: string[]): boolean {
  const [main, ...rest] = printed.split(',');
  if (!nameWords(rest.join(' ')).every((w) => w.length === 1 || NAME_SUFFIXES.has(w))) return false;
  const known = sources.filter((source) => namesMatch(printed, source));
  if (known.length === 0) return false;
  const middles = new Set(known.flatMap((source) => nameWords(source.split(',')[0]).slice(1, -1)));
  return nameWords(main)
    .slice(1, -1)
    .every((w) => w.length === 1 || middles.has(w));
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
 * REJECTED; a printed name (the credential's) with words neither the board's record nor
 * `printed.alsoFrom` (the holder's verified legal name) carries → REJECTED; revoked or suspended → REVOKED; expired (by status or date) → EXPIRED; not active
 * otherwise → REJECTED; else VERIFIED by board lookup.
 */
export function judgeLicense(
  license: BoardLicense | null,
  claimant: string,
  key: { stateCode: string; licenseType: string; licenseNumber: string },
  now = new Date(),
  printed: { name: string; alsoFrom?: string | null } = { name: claimant },
): BoardVerdict {
  const rejected = (rejectionReason: string, expirationDate: string | null = null): BoardVerdict => ({ status: 'REJECTED', verified: false, expirationDate, rejectionReason });
  if (!license) return rejected(`The ${key.stateCode} board has no ${key.licenseType} license ${key.licenseNumber}`);
  if (!namesMatch(license.fullName, claimant)) return rejected(`The board's record of this license is in another name than ${claimant}`, license.expirationDate);
  // What the seal prints must be the board's name, give or take middle names and initials.
  if (!spellsName(printed.name, license.fullName, ...(printed.alsoFrom ? [printed.alsoFrom] : []))) {
    return rejected(`The board lists this license as ${license.fullName}; ${printed.name} adds words the board's record does not carry`, license.expirationDate);
  }
  if (license.licenseStatus === 'revoked' || license.licenseStatus === 'suspended') {
    return { status: 'REVOKED', verified: false, expirationDate: license.expirationDate, rejectionReason: `The board reports this license ${license.licenseStatus}` };
  }
  if (license.licenseStatus === 'expired' || (license.expirationDate !== null && license.expirationDate < todayUtc(now))) {
    return { status: 'EXPIRED', verified: false, expirationDate: license.expirationDate, rejectionReason: null };
  }
  if (license.licenseStatus !== 'active') return rejected(`The board reports this license ${license.licenseStatus}`, license.expirationDate);
  return { status: 'VERIFIED', verificationMethod: 'BOARD_LOOKUP', verified: true, expirationDate: license.expirationDate, rejectionReason: null };
}
