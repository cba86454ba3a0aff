/**
 * First-page thumbnails of document versions: drawn once per file on the PDF pool (pdf.js on a
 * Skia canvas, lib/pdf/worker/render-thumbnail.mjs), kept under the file's SHA-256 in
 * DATA_DIR/cache/thumbnails (the same bytes make the same picture, so versions and documents
 * sharing a file share it), and served behind a signed URL that, like a download URL, is
 * minted only for someone who may read the version (Document.thumbnailUrl,
 * DocumentVersion.thumbnailUrl: shapeForReader, lib/documents/access.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jwtKey } from '../auth/secret.ts';
import { db } from '../db/index.ts';
import { env, appUrl } from '../env.ts';
import { AppError } from '../errors.ts';
import { UUID_RE } from '../ids.ts';
import { logger } from '../log.ts';
import { PdfTaskTimeout, runPdfTask } from '../pdf/pool.ts';
import { blobStore } from '../storage/index.ts';

/** The thumbnail's longer side, in pixels (shown at about a third of it, sharp on a 2× screen). */
export const THUMBNAIL_MAX_SIDE = 240;
/** The path thumbnail URLs live under. */
export const THUMBNAIL_PATH = '/v1/thumbnails';
/** A URL stays the same for an hour (so the browser's cache serves a list shown again) and works for one to two hours. */
const URL_PERIOD_SECONDS = 3600;
const RENDER_TIMEOUT_MS = 20_000;

// A key of its own, derived from the token key: a thumbnail URL's signature never passes as a download URL's or a token's.
function urlKey(): Buffer {
  return crypto.createHmac('sha256', jwtKey()).update('sealwright/thumbnail-url/v1').digest();
}

function signatureOf(versionId: string, expires: number): string {
  return crypto.createHmac('sha256', urlKey()).update(`${versionId.toLowerCase()}:${expires}`).digest('base64url');
}

/** A signed URL of a version's first-page thumbnail: call it only for a reader of the version. */
export function thumbnailUrl(versionId: string, now = Date.now()): string {
  const expires = (Math.floor(now / 1000 / URL_PERIOD_SECONDS) + 2) * URL_PERIOD_SECONDS;
  return appUrl(`${THUMBNAIL_PATH}/${versionId.toLowerCase()}?expires=${expires}&signature=${signatureOf(versionId, expires)}`);
}

/** Where thumbnails are kept: DATA_DIR/cache/thumbnails, or a directory of this process's for an in-memory DATA_DIR. */
function cacheDir(): string {
  const dataDir = env().DATA_DIR;
  return dataDir.startsWith('memory://') ? path.join(os.tmpdir(), `sealwright-thumbnails-${process.pid}`) : path.resolve(dataDir, 'cache', 'thumbnails');
}

// One drawing per file at a time: a list of twenty documents asking at once draws each once.
const drawing = new Map<string, Promise<Buffer>>();

/**
 * The PNG of a file's first page: from the cache, else drawn on the PDF pool and kept.
 * UNSUPPORTED_MEDIA_TYPE when pdf.js cannot draw it (the file stays downloadable).
 */
export async function thumbnailOf(fileHash: string): Promise<Buffer> {
  const file = path.join(cacheDir(), `${fileHash}-${THUMBNAIL_MAX_SIDE}.png`);
  try {
    return await fs.promises.readFile(file);
  } catch {
    // Not drawn yet.
  }
  let pending = drawing.get(fileHash);
  if (!pending) {
    pending = draw(fileHash, file).finally(() => drawing.delete(fileHash));
    drawing.set(fileHash, pending);
  }
  return pending;
}

async function draw(fileHash: string, file: string): Promise<Buffer> {
  let answer: { png: Uint8Array };
  try {
    answer = await runPdfTask<{ png: Uint8Array }>(
      async () => {
        const bytes = await blobStore().read(fileHash);
        if (!bytes) throw new AppError('NOT_FOUND', 'The file is no longer there');
        return { op: 'thumbnail', bytes, maxSide: THUMBNAIL_MAX_SIDE };
      },
      { timeoutMs: RENDER_TIMEOUT_MS },
    );
  } catch (err) {
    if (err instanceof AppError) throw err;
    logger.warn('thumbnail: the first page could not be drawn', { fileHash, error: err instanceof PdfTaskTimeout ? 'timeout' : String(err) });
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'No preview could be drawn of this file');
  }
  const png = Buffer.from(answer.png);
  // Written whole or not at all: another process reading meanwhile never sees half a file.
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fs.promises.writeFile(temp, png);
  await fs.promises.rename(temp, file);
  return png;
}

export interface ThumbnailFile {
  png: Buffer;
  fileHash: string;
  /** Seconds the URL has left: what a cache may keep the answer for. */
  secondsLeft: number;
}

/**
 * The thumbnail behind a signed URL: FORBIDDEN when the signature is not ours or has expired
 * (nothing is looked up then), NOT_FOUND when the document has been deleted since.
 */
export async function openThumbnail({
  versionId,
  expires,
  signature,
  now = Date.now(),
}: {
  versionId: string;
  expires: string | null;
  signature: string | null;
  now?: number;
}): Promise<ThumbnailFile> {
  const forbidden = (why: string) => new AppError('FORBIDDEN', why);
  versionId = versionId.toLowerCase();
  if (!UUID_RE.test(versionId) || !expires || !/^\d{1,12}$/.test(expires) || !signature) throw forbidden('This thumbnail link is not valid');
  const expected = Buffer.from(signatureOf(versionId, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw forbidden('This thumbnail link is not valid');
  const secondsLeft = Number(expires) - Math.floor(now / 1000);
  if (secondsLeft <= 0) throw forbidden('This thumbnail link has expired: ask for a new one');
  const version = await db().documentVersion.findUnique({ where: { id: versionId }, select: { fileHash: true, document: { select: { deletedAt: true } } } });
  if (!version || version.document.deletedAt) throw new AppError('NOT_FOUND', 'The document is no longer there');
  return { png: await thumbnailOf(version.fileHash), fileHash: version.fileHash, secondsLeft };
}
