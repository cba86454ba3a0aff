import crypto from 'node:crypto';
import fs from 'node:fs';
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
 * Content-addressed blob storage: bytes are kept under their SHA-256, once. A put streams
 * (never holding the file in memory), and a blob appears under its name whole or not at all.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  put(source: Readable, options: PutOptions): Promise<PutResult>;
  /** The bytes, streamed; null when there is no such blob. */
  get(hash: string): Promise<Readable | null>;
  /** The whole blob in memory (for the PDF work that needs it), or null. */
  read(hash: string): Promise<Buffer | null>;
  has(hash: string): Promise<boolean>;
  delete(hash: string): Promise<void>;
  /** Every blob's hash, with when it was last put (for the collector). */
  list(): AsyncIterable<{ hash: string; storedAt: Date }>;
  /** Remove temporary files of puts that never finished (a crash), older than `before`; how many went. */
  removeStaleTemp(before: Date): Promise<number>;
}

/** Remove the `*.part` files in a temporary directory last written before `before`. */
export async function removeStaleParts(tempDir: string, before: Date): Promise<number> {
  let removed = 0;
  for (const name of await fs.promises.readdir(tempDir).catch(() => [] as string[])) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(tempDir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && stat.mtime < before) {
      await fs.promises.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Write a stream to a new temporary file while hashing it, refusing it past maxBytes or when
 * `inspect` throws on its first bytes. The temporary file is removed on any failure.
 */
export async function spool(source: Readable, tempDir: string, options: PutOptions): Promise<{ tempPath: string; hash: string; size: number; head: Uint8Array }> {
  await fs.promises.mkdir(tempDir, { recursive: true });
  const tempPath = path.join(tempDir, `${crypto.randomUUID()}.part`);
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
