import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BLOB_HASH, removeStaleParts, stageAndKeep, stageFile } from './blob-store.ts';
import type { BlobStore, PutOptions, PutResult, StagedBlob, StagedFile } from './blob-store.ts';

/**
 * Blobs as files under `<root>/<ab>/<cd>/<hash>`. A file is staged as `<root>/tmp/…part` and,
 * once kept, renamed into place: the rename is atomic, so a crash leaves at most a stray
 * temporary file (removed at the next start, or by the collector), never a partial blob under a real hash.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  pathOf(hash: string): string {
    if (!BLOB_HASH.test(hash)) throw new Error(`not a blob hash: ${hash}`);
    return path.join(this.root, hash.slice(0, 2), hash.slice(2, 4), hash);
  }

  get tempDir(): string {
    return path.join(this.root, 'tmp');
  }

  stage(source: Readable, options: PutOptions): Promise<StagedBlob> {
    return stageFile(
      source,
      this.tempDir,
      options,
      (staged) => this.keep(staged),
      (h) => this.read(h),
    );
  }

  put(source: Readable, options: PutOptions): Promise<PutResult> {
    return stageAndKeep(this, source, options);
  }

  private async keep({ tempPath, hash, size, head }: StagedFile): Promise<PutResult> {
    const target = this.pathOf(hash);
    if (await this.has(hash)) {
      await fs.promises.rm(tempPath, { force: true });
      // Put again: the blob counts as new for the collector, which spares recent blobs (the
      // upload that names it may not be recorded yet).
      const now = new Date();
      await fs.promises.utimes(target, now, now).catch(() => {});
      return { hash, size, head, created: false };
    }
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(tempPath, target);
    return { hash, size, head, created: true };
  }

  async get(hash: string): Promise<Readable | null> {
    if (!BLOB_HASH.test(hash)) return null;
    try {
      const handle = await fs.promises.open(this.pathOf(hash), 'r');
      return handle.createReadStream();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async read(hash: string): Promise<Buffer | null> {
    if (!BLOB_HASH.test(hash)) return null;
    try {
      return await fs.promises.readFile(this.pathOf(hash));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async has(hash: string): Promise<boolean> {
    if (!BLOB_HASH.test(hash)) return false;
    return fs.promises.access(this.pathOf(hash)).then(
      () => true,
      () => false,
    );
  }

  async delete(hash: string): Promise<void> {
    if (BLOB_HASH.test(hash)) await fs.promises.rm(this.pathOf(hash), { force: true });
  }

  async *list(): AsyncIterable<{ hash: string; storedAt: Date }> {
    const dirs = async (dir: string) => (await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [])).filter((d) => d.isDirectory() && /^[0-9a-f]{2}$/.test(d.name));
    for (const a of await dirs(this.root)) {
      for (const b of await dirs(path.join(this.root, a.name))) {
        const dir = path.join(this.root, a.name, b.name);
        for (const name of await fs.promises.readdir(dir)) {
          if (!BLOB_HASH.test(name)) continue;
          const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
          if (stat) yield { hash: name, storedAt: stat.mtime };
        }
      }
    }
  }

  removeStaleTemp(before: Date): Promise<number> {
    return removeStaleParts(this.tempDir, before);
  }
}
