import crypto from 'node:crypto';
import { jwtKey } from '../auth/secret.ts';
import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { appUrl } from '../env.ts';
import { UUID_RE } from '../ids.ts';

/** How long a download URL works. */
export const DOWNLOAD_TTL_SECONDS = 15 * 60;

// A key of its own for download URLs, derived from the token key: a URL's signature can never
// pass as a token's, nor the other way round.
function urlKey(): Buffer {
  return crypto.createHmac('sha256', jwtKey()).update('sealwright/download-url/v1').digest();
}

function signatureOf(versionId: string, expires: number, by: string | null): string {
  return crypto
    .createHmac('sha256', urlKey())
    .update(`${versionId.toLowerCase()}:${expires}${by ? `:${by.toLowerCase()}` : ''}`)
    .digest('base64url');
}

/** The path download URLs live under. */
export const DOWNLOAD_PATH = '/v1/downloads';

/**
 * A signed URL that serves a document version's file for 15 minutes, to whoever holds it
 * (a browser link, curl): minted only for someone who may read that version. `by`, the member
 * it was minted for, is signed into it: a download through it goes into the document's audit
 * trail under that member's name (without `by`: someone outside the organization).
 */
export function downloadUrl(versionId: string, now = Date.now(), by: string | null = null): string {
  const expires = Math.floor(now / 1000) + DOWNLOAD_TTL_SECONDS;
  const byParam = by ? `&by=${by}` : '';
  return appUrl(`${DOWNLOAD_PATH}/${versionId}?expires=${expires}${byParam}&signature=${signatureOf(versionId, expires, by)}`);
}

export interface DownloadFile {
  fileHash: string;
  size: number;
  /** The name the file is saved as: the document's, with .pdf (and the version for an older one). */
  filename: string;
  /** Seconds the URL has left: what a cache may keep it for. */
  secondsLeft: number;
  documentId: string;
  organizationId: string;
  versionNumber: number;
  /** The member the URL was minted for, or null. */
  by: string | null;
}

/**
 * The file behind a download URL: FORBIDDEN when the signature is not ours or has expired
 * (nothing is looked up then), NOT_FOUND when the document has been deleted since.
 */
export async function openDownload({
  versionId,
  expires,
  signature,
  by = null,
  now = Date.now(),
}: {
  versionId: string;
  expires: string | null;
  signature: string | null;
  by?: string | null;
  now?: number;
}): Promise<DownloadFile> {
  const forbidden = (why: string) => new AppError('FORBIDDEN', why);
  versionId = versionId.toLowerCase();
  if (!UUID_RE.test(versionId) || !expires || !/^\d{1,12}$/.test(expires) || !signature || (by !== null && !UUID_RE.test(by))) throw forbidden('This download link is not valid');
  const expected = Buffer.from(signatureOf(versionId, Number(expires), by));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw forbidden('This download link is not valid');
  const secondsLeft = Number(expires) - Math.floor(now / 1000);
  if (secondsLeft <= 0) throw forbidden('This download link has expired: ask for a new one');
  const version = await db().documentVersion.findUnique({
    where: { id: versionId },
    select: { fileHash: true, size: true, versionNumber: true, sealId: true, document: { select: { id: true, organizationId: true, name: true, deletedAt: true, currentVersionId: true } } },
  });
  if (!version || version.document.deletedAt) throw new AppError('NOT_FOUND', 'The document is no longer there');
  const base = version.document.name.replace(/\.pdf$/i, '');
  const current = version.document.currentVersionId === versionId;
  // A sealed version says so in its name: "Plan (sealed).pdf" beside the unsealed "Plan.pdf" a user may also hold.
  const suffix = [version.sealId ? ' (sealed)' : '', current ? '' : ` (version ${version.versionNumber})`].join('');
  return {
    fileHash: version.fileHash,
    size: version.size,
    filename: `${base}${suffix}.pdf`,
    secondsLeft,
    documentId: version.document.id,
    organizationId: version.document.organizationId,
    versionNumber: version.versionNumber,
    by: by?.toLowerCase() ?? null,
  };
}

/** A Content-Disposition naming the file: an ASCII fallback, and the exact name in RFC 5987 form. */
export function contentDisposition(filename: string): string {
  const ascii =
    filename
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\%;]/g, '_')
      .replace(/\s+/g, ' ')
      .trim() || 'document.pdf';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
