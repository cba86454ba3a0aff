import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { canSealDocuments } from '../orgs/plans.ts';
import type { PlanState } from '../orgs/plans.ts';
import { exportStamp, STAMP_EXPORT_SIZES } from '../stamps/export.ts';
import type { StampExport, StampExportFormat, StampExportSize } from '../stamps/export.ts';
import { parseStampRequest, renderStampSvg } from '../stamps/render.ts';
import { escapeXml } from '../stamps/svg.ts';
import { printableText } from '../text.ts';
import { findOwnCredential } from './holder-only.ts';
import { isExpired } from './lifecycle.ts';

/** What a credential's stamp and seal rules read of it. */
export interface CredentialFacts {
  licenseNumber: string;
  regionCode: string;
  licenseType: string;
  displayName: string;
  status: string;
  verifiedAt: Date | null;
  expirationDate: Date | null;
  /** Suspended by an OWNER or ADMIN of its organization. */
  suspendedAt?: Date | null;
  /** Taken back by the license's proven holder (a dispute). */
  disputedAt?: Date | null;
}

const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** decisions.md: verifiedAt set and status CLAIMED or VERIFIED. */
export function isVerified(c: Pick<CredentialFacts, 'verifiedAt' | 'status'>): boolean {
  return c.verifiedAt !== null && (c.status === 'CLAIMED' || c.status === 'VERIFIED');
}

/** decisions.md: verified, not expired, in good standing, and the organization's plan seals; and its seal can be printed (sealTextRefusal). */
export function canSeal(c: CredentialFacts, org: PlanState, now = new Date()): boolean {
  return sealRefusal(c, org, now) === null;
}

/** Why a credential cannot seal (decisions.md canSeal), in words for CREDENTIAL_CANNOT_SEAL; null when it can. */
export function sealRefusal(c: CredentialFacts, org: PlanState, now = new Date()): string | null {
  const license = `${c.licenseType} license ${c.licenseNumber} (${c.regionCode})`;
  if (c.disputedAt) return `The ${license} was later proven to belong to someone else: this credential holds it no more`;
  if (c.suspendedAt) return `The ${license} is suspended in this organization by an OWNER or ADMIN`;
  if (c.status === 'REVOKED') return `The ${license} is revoked or suspended by its board`;
  if (c.status === 'REJECTED') return `The ${license} was rejected: the board does not confirm it`;
  if (c.status === 'EXPIRED' || isExpired(c, now)) return `The ${license} has expired`;
  if (!isVerified(c)) return `The ${license} is not verified yet (status ${c.status})`;
  if (!canSealDocuments(org, now)) return "The organization's plan does not include sealing (the FREE trial has ended)";
  // A credential stored before its text was checked may hold a name or number its seal cannot
  // print: it could never place a seal, so canSeal says so (about 10 µs, no database).
  return sealTextRefusal(c);
}

/** The stamp request of a credential: its holder, number, state and profession, the expiration in the seal's slot. */
function stampRequestOf(c: Pick<CredentialFacts, 'displayName' | 'licenseNumber' | 'regionCode' | 'licenseType' | 'expirationDate'>) {
  const request = parseStampRequest({ name: c.displayName, license: c.licenseNumber, state: c.regionCode, profession: c.licenseType, format: 'svg' });
  const expiration = isoDate(c.expirationDate);
  return { ...request, values: { ...request.values, ...(expiration ? { expiration } : {}) } };
}

/**
 * Why a credential with these facts could not print its seal (a name or license number longer
 * than the seal's fields hold, characters the stamp fonts cannot draw), in words for
 * BAD_USER_INPUT; null when it can. Asked before a credential is stored: one that cannot print
 * its seal could never seal, and its stamp fields would answer errors.
 */
export function sealTextRefusal(c: Pick<CredentialFacts, 'displayName' | 'licenseNumber' | 'regionCode' | 'licenseType'>): string | null {
  try {
    stampRequestOf({ ...c, expirationDate: null });
    return null;
  } catch (err) {
    if (err instanceof AppError) return `A credential's seal prints its holder's name and license number, and cannot print these: ${err.message}`;
    throw err;
  }
}

/**
 * Credential.stampSvg. A credential stored before its text was checked (sealTextRefusal: a name
 * longer than the seal holds, letters its fonts lack, a state or profession without a seal)
 * answers an image of the seal's size that says why it cannot be drawn, not an error: the field
 * is non-null, and one such credential would otherwise leave its holder's whole `credentials`
 * list without data. Exporting its stamp, or sealing with it, still refuses in words.
 */
export function credentialStampSvg(c: CredentialFacts): string {
  let request: ReturnType<typeof stampRequestOf>;
  try {
    request = stampRequestOf(c);
  } catch (err) {
    if (err instanceof AppError) return undrawableSealSvg(err.message);
    throw err;
  }
  return renderStampSvg(request);
}

/** A 1.75 in circle saying that the seal cannot be drawn, and why (wrapped, at most six lines). */
function undrawableSealSvg(reason: string): string {
  const words = printableText(reason).split(' ').filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= 30) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.length > 30 ? `${word.slice(0, 29)}…` : word);
  }
  if (lines.length > 6) lines.splice(5, lines.length - 5, '…');
  const all = ['This seal cannot be drawn:', ...lines];
  // Centred in the circle, 13 units a line.
  const top = 104 - (all.length - 1) * 6.5;
  const text = all.map((line, i) => `<text x="100" y="${top + i * 13}" text-anchor="middle">${escapeXml(line)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1.75in" height="1.75in" viewBox="0 0 200 200"><title>This seal cannot be drawn</title><circle cx="100" cy="100" r="97" fill="none" stroke="#000" stroke-width="2" stroke-dasharray="6 4"/><g font-family="Liberation Sans, sans-serif" font-size="10" fill="#000">${text}</g></svg>`;
}

// A stamp is drawn from its request alone, and rendering one costs about as much as loading and
// saving a 100-page PDF: keep the last ones rendered (a professional seals many documents).
// One cache per process, on globalThis: Next bundles this module into several chunks (the
// GraphQL route, the batch workers started at instrumentation), and each copy would draw again.
const stampPdfCache = ((globalThis as Record<symbol, unknown>)[Symbol.for('sealwright.stamp-pdf-cache')] ??= new Map<string, Promise<Uint8Array>>()) as Map<string, Promise<Uint8Array>>;
const STAMP_CACHE_SIZE = 200;

/** The credential's stamp as a one-page vector PDF, the size of the state's seal (what sealing places). */
export function credentialStampPdf(c: CredentialFacts): Promise<Uint8Array> {
  const request = stampRequestOf(c);
  const key = JSON.stringify(request);
  let pdf = stampPdfCache.get(key);
  if (pdf) {
    stampPdfCache.delete(key); // most recently used last
  } else {
    pdf = exportStamp(request, 'PDF', 'medium').then((stamp) => stamp.data);
    pdf.catch(() => stampPdfCache.delete(key));
  }
  stampPdfCache.set(key, pdf);
  if (stampPdfCache.size > STAMP_CACHE_SIZE) stampPdfCache.delete(stampPdfCache.keys().next().value!);
  return pdf;
}

/** exportCredentialStamp: one of the actor's own credentials as a stamp file, at the user's stampExportSize. */
export async function exportCredentialStamp({ actor, id, format }: { actor: Actor; id: string; format: StampExportFormat }): Promise<StampExport> {
  const credential = await findOwnCredential({ actor, id, act: 'export' });
  const user = await db().user.findUnique({ where: { id: actor.userId }, select: { stampExportSize: true } });
  const size = (user && user.stampExportSize in STAMP_EXPORT_SIZES ? user.stampExportSize : 'medium') as StampExportSize;
  return exportStamp(stampRequestOf(credential), format, size);
}
