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

function signatureOf(versionId: string, expires: number): string {
  return crypto.createHmac('sha256', urlKey()).update(`${versionId.toLowerCase()}:${expires}`).digest('base64url');
}

/** The path download URLs live under. */
export const DOWNLOAD_PATH = '/v1/downloads';

/**
 * A signed URL that serves a document version's file for 15 minutes, to whoever holds it
 * (a browser link, curl): minted only for someone who may read that version.
 */
export function downloadUrl(versionId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + DOWNLOAD_TTL_SECONDS;
  return appUrl(`${DOWNLOAD_PATH}/${versionId}?expires=${expires}&signature=${signatureOf(versionId, expires)}`);
}

export interface DownloadFile {
  fileHash: string;
  size: number;
  /** The name the file is saved as: the document's, with .pdf (and the version for an older one). */
  filename: string;
  /** Seconds the URL has left: what a cache may keep it for. */
  secondsLeft: number;
}

/**
 * The file behind a download URL: FORBIDDEN when the signature is not ours or has expired
 * (nothing is looked up then), NOT_FOUND when the document has been deleted since.
 */
export async function openDownload({ versionId, expires, signature, now = Date.now() }: { versionId: string; expires: string | null; signature: string | null; now?: number }): Promise<DownloadFile> {
  const forbidden = (why: string) => new AppError('FORBIDDEN', why);
  versionId = versionId.toLowerCase();
  if (!UUID_RE.test(versionId) || !expires || !/^\d{1,12}$/.test(expires) || !signature) throw forbidden('This download link is not valid');
  const expected = Buffer.from(signatureOf(versionId, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw forbidden('This download link is not valid');
  const secondsLeft = Number(expires) - Math.floor(now / 1000);
  if (secondsLeft <= 0) throw forbidden('This download link has expired: ask for a new one');
  const version = await db().documentVersion.findUnique({
    where: { id: versionId },
    select: { fileHash: true, size: true, versionNumber: true, sealId: true, document: { select: { name: true, deletedAt: true, currentVersionId: true } } },
  });
  if (!version || version.document.deletedAt) throw new AppError('NOT_FOUND', 'The document is no longer there');
  const base = version.document.name.replace(/\.pdf$/i, '');
  const current = version.document.currentVersionId === versionId;
  // A sealed version says so in its name: "Plan (sealed).pdf" beside the unsealed "Plan.pdf" a user may also hold.
  const suffix = [version.sealId ? ' (sealed)' : '', current ? '' : ` (version ${version.versionNumber})`].join('');
  return { fileHash: version.fileHash, size: version.size, filename: `${base}${suffix}.pdf`, secondsLeft };
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
