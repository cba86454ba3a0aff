import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors.ts';

/** A blob's name: the hex SHA-256 of its bytes. */
export const BLOB_HASH = /^[0-9a-f]{64}$/;

export interface PutOptions {
  /** More bytes than this: PAYLOAD_TOO_LARGE, and nothing is stored. */
  maxBytes: number;
  /** Sees the first bytes (up to `headBytes`) before anything is kept; throw to refuse the file. */
  inspect?: (head: Uint8Array) => void;
  headBytes?: number;
}

export interface PutResult {
  hash: string;
  size: number;
  /** The first bytes, as inspect saw them. */
  head: Uint8Array;
  /** False when the same bytes were there already (stored once). */
  created: boolean;
}

/**
 * A file written to a temporary file and hashed, not yet a blob: `keep` makes it one, `discard`
 * (or a refusal) removes it, so a file that is refused never reaches the store.
 */
export interface StagedBlob {
  readonly hash: string;
  readonly size: number;
  /** The first bytes, as inspect saw them. */
  readonly head: Uint8Array;
  /** The whole file in memory (from the temporary file, or the blob once kept). */
  read(): Promise<Buffer>;
  /** Store it under its hash (once, however often it is called); the temporary file goes. */
  keep(): Promise<PutResult>;
  /** Remove the temporary file, unless it was kept; kept afterwards, it throws. */
  discard(): Promise<void>;
}

/**
 * Content-addressed blob storage: bytes are kept under their SHA-256, once. A put streams
 * (never holding the file in memory), and a blob appears under its name whole or not at all.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Write a file to a temporary file while hashing it: a blob only once kept. */
  stage(source: Readable, options: PutOptions): Promise<StagedBlob>;
  /** Stage and keep at once. */
  put(source: Readable, options: PutOptions): Promise<PutResult>;
  /** The bytes, streamed; null when there is no such blob. */
  get(hash: string): Promise<Readable | null>;
  /** The whole blob in memory (for the PDF work that needs it), or null. */
  read(hash: string): Promise<Buffer | null>;
  has(hash: string): Promise<boolean>;
  delete(hash: string): Promise<void>;
  /** Every blob's hash, with when it was last put (for the collector). */
  list(): AsyncIterable<{ hash: string; storedAt: Date }>;
  /**
   * Remove temporary files of puts that will never finish: those of an earlier run of the
   * server on this machine (its process is gone), and any last written before `before`; how many went.
   */
  removeStaleTemp(before: Date): Promise<number>;
}

/** The pid namespace (Linux), so that two containers with one host name never read each other's pids. */
function pidNamespace(): string {
  try {
    return /\[(\d+)\]/.exec(fs.readlinkSync('/proc/self/ns/pid'))?.[1] ?? '0';
  } catch {
    return '0';
  }
}

/**
 * Whose a temporary file is: this machine (host name and pid namespace), this process and this
 * run of it. A temporary file is named `<host>.<pid>.<run>.<uuid>.part`, so a later run can tell
 * one left by a process that is gone (a crash) from one a live process is still writing.
 */
export const TEMP_OWNER = {
  host: `${os
    .hostname()
    .replace(/[^A-Za-z0-9-]/g, '-')
    .slice(0, 64)}-${pidNamespace()}`,
  pid: process.pid,
  run: crypto.randomBytes(6).toString('hex'),
};
const TEMP_NAME = /^([A-Za-z0-9-]+)\.(\d+)\.([0-9a-f]{12})\.[0-9a-f-]{36}\.part$/;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a temporary file's process is known to be gone: named by this machine, and its pid is dead or is now this process's. */
function ownerGone(name: string): boolean {
  const match = TEMP_NAME.exec(name);
  if (!match || match[1] !== TEMP_OWNER.host) return false;
  const pid = Number(match[2]);
  if (pid === TEMP_OWNER.pid) return match[3] !== TEMP_OWNER.run;
  return !processAlive(pid);
}

/** Remove the `*.part` files in a temporary directory whose process is gone, or last written before `before`. */
export async function removeStaleParts(tempDir: string, before: Date): Promise<number> {
  let removed = 0;
  for (const name of await fs.promises.readdir(tempDir).catch(() => [] as string[])) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(tempDir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && (ownerGone(name) || stat.mtime < before)) {
      await fs.promises.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** A temporary file waiting to be kept (`keepFile` moves it into the store) or discarded. */
export class StagedFile implements StagedBlob {
  private state: 'staged' | 'discarded' = 'staged';
  private keeping: Promise<PutResult> | null = null;

  constructor(
    readonly tempPath: string,
    readonly hash: string,
    readonly size: number,
    readonly head: Uint8Array,
    private readonly keepFile: (staged: StagedFile) => Promise<PutResult>,
    private readonly readKept: (hash: string) => Promise<Buffer | null>,
  ) {}

  async read(): Promise<Buffer> {
    if (this.state === 'discarded') throw new Error('The staged file was discarded');
    if (this.keeping) {
      await this.keeping;
      const bytes = await this.readKept(this.hash);
      if (!bytes) throw new Error(`The blob ${this.hash} is missing`);
      return bytes;
    }
    return fs.promises.readFile(this.tempPath);
  }

  keep(): Promise<PutResult> {
    if (this.state === 'discarded') return Promise.reject(new Error('The staged file was discarded'));
    this.keeping ??= this.keepFile(this).finally(() => fs.promises.rm(this.tempPath, { force: true }));
    return this.keeping;
  }

  async discard(): Promise<void> {
    if (this.keeping) {
      await this.keeping.catch(() => {});
      return;
    }
    if (this.state === 'discarded') return;
    this.state = 'discarded';
    await fs.promises.rm(this.tempPath, { force: true });
  }
}

/** Spool a stream into `tempDir` as a StagedFile that `keepFile` moves into its store (each store's `stage`). */
export async function stageFile(
  source: Readable,
  tempDir: string,
  options: PutOptions,
  keepFile: (staged: StagedFile) => Promise<PutResult>,
  readKept: (hash: string) => Promise<Buffer | null>,
): Promise<StagedFile> {
  const { tempPath, hash, size, head } = await spool(source, tempDir, options);
  return new StagedFile(tempPath, hash, size, head, keepFile, readKept);
}

/** Stage, then keep; the temporary file goes whatever happens. */
export async function stageAndKeep(store: BlobStore, source: Readable, options: PutOptions): Promise<PutResult> {
  const staged = await store.stage(source, options);
  try {
    return await staged.keep();
  } finally {
    await staged.discard();
  }
}

/**
 * Write a stream to a new temporary file while hashing it, refusing it past maxBytes or when
 * `inspect` throws on its first bytes. The temporary file is removed on any failure.
 */
export async function spool(source: Readable, tempDir: string, options: PutOptions): Promise<{ tempPath: string; hash: string; size: number; head: Uint8Array }> {
  await fs.promises.mkdir(tempDir, { recursive: true });
  const tempPath = path.join(tempDir, `${TEMP_OWNER.host}.${TEMP_OWNER.pid}.${TEMP_OWNER.run}.${crypto.randomUUID()}.part`);
  const hasher = crypto.createHash('sha256');
  const headBytes = options.headBytes ?? 1024;
  let head = Buffer.alloc(0);
  let inspected = !options.inspect;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > options.maxBytes) return done(new AppError('PAYLOAD_TOO_LARGE', `The file exceeds the ${Math.floor(options.maxBytes / 1024 / 1024)} MB limit`));
      if (!inspected) {
        head = Buffer.concat([head, chunk.subarray(0, headBytes - head.length)]);
        if (head.length >= headBytes) {
          inspected = true;
          try {
            options.inspect!(head);
          } catch (err) {
            return done(err as Error);
          }
        }
      }
      hasher.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      if (!inspected) {
        inspected = true;
        try {
          options.inspect!(head);
        } catch (err) {
          return done(err as Error);
        }
      }
      done();
    },
  });
  const file = fs.createWriteStream(tempPath, { flags: 'wx' });
  try {
    await pipeline(source, meter, file);
  } catch (err) {
    // The file may still be opening when the pipeline fails (an early refusal on a busy
    // machine): removed before its open completes, it would reappear. Wait until it is closed.
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    await fs.promises.rm(tempPath, { force: true });
    throw err;
  }
  return { tempPath, hash: hasher.digest('hex'), size, head: new Uint8Array(head) };
}

export function requireBlobHash(hash: string): string {
  if (!BLOB_HASH.test(hash)) throw new AppError('BAD_USER_INPUT', 'A file hash is 64 lowercase hex characters (SHA-256)');
  return hash;
}
