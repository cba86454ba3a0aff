import { db } from '../db/index.ts';
import { logger } from '../log.ts';
import type { BlobStore } from './blob-store.ts';
import { blobStore } from './index.ts';

/** An upload keeps its blob this long, waiting for createDocument or uploadDocumentVersion to name it. */
export const UPLOAD_KEEP_MS = 24 * 3600 * 1000;
/** A blob put this recently is never collected: the row that names it may still be on its way. */
export const RECENT_BLOB_MS = 3600 * 1000;
/** A temporary file of a put this old belongs to a put that died. */
export const STALE_TEMP_MS = 3600 * 1000;

const BATCH = 500;

export interface CollectResult {
  examined: number;
  collected: string[];
  staleTempFiles: number;
}

/**
 * The hashes among `hashes` something still needs: any document version (a deleted
 * document's too: its seals stay verifiable), or an upload younger than a day.
 */
async function referenced(hashes: string[], now: Date): Promise<Set<string>> {
  const [versions, uploads] = await Promise.all([
    db().documentVersion.findMany({ where: { fileHash: { in: hashes } }, select: { fileHash: true }, distinct: ['fileHash'] }),
    db().fileUpload.findMany({ where: { fileHash: { in: hashes }, insertedAt: { gt: new Date(now.getTime() - UPLOAD_KEEP_MS) } }, select: { fileHash: true }, distinct: ['fileHash'] }),
  ]);
  return new Set([...versions, ...uploads].map((r) => r.fileHash));
}

/**
 * Remove the blobs nothing references: not a document version, not an upload of the last
 * day, not put in the last hour. A blob is looked up again just before it goes, so one named
 * meanwhile is kept. Also removes the temporary files of puts that died.
 */
export async function collectBlobs({ store = blobStore(), now = new Date() }: { store?: BlobStore; now?: Date } = {}): Promise<CollectResult> {
  const result: CollectResult = { examined: 0, collected: [], staleTempFiles: 0 };
  const settled = now.getTime() - RECENT_BLOB_MS;
  let batch: string[] = [];
  const sweep = async () => {
    const keep = await referenced(batch, now);
    for (const hash of batch) {
      if (keep.has(hash)) continue;
      if ((await referenced([hash], now)).size > 0) continue;
      await store.delete(hash);
      result.collected.push(hash);
    }
    batch = [];
  };
  for await (const { hash, storedAt } of store.list()) {
    result.examined += 1;
    if (storedAt.getTime() > settled) continue;
    batch.push(hash);
    if (batch.length >= BATCH) await sweep();
  }
  if (batch.length) await sweep();
  result.staleTempFiles = await store.removeStaleTemp(new Date(now.getTime() - STALE_TEMP_MS));
  if (result.collected.length || result.staleTempFiles) {
    logger.info('blob collector: removed unreferenced blobs', { collected: result.collected.length, examined: result.examined, staleTempFiles: result.staleTempFiles });
  }
  return result;
}

/**
 * At start: remove the temporary files an earlier run of the server left (a crash, a kill in
 * the middle of an upload), and any not written for STALE_TEMP_MS. Files of a live process
 * (another instance sharing the directory) stay.
 */
export async function removeTemporariesOfEarlierRuns({ store = blobStore(), now = new Date() }: { store?: BlobStore; now?: Date } = {}): Promise<number> {
  const removed = await store.removeStaleTemp(new Date(now.getTime() - STALE_TEMP_MS));
  if (removed) logger.info('blob store: removed temporary files of earlier runs', { removed });
  return removed;
}
