import fs from 'node:fs';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { BLOB_HASH, removeStaleParts, stageAndKeep, stageFile } from './blob-store.ts';
import type { BlobStore, PutOptions, PutResult, StagedBlob, StagedFile } from './blob-store.ts';

export interface S3StoreOptions {
  bucket: string;
  /** Key prefix of the blobs (default `blobs/`). */
  prefix?: string;
  /** Where a put spools the file while hashing it, before the upload under its hash. */
  tempDir: string;
  client: S3ClientConfig;
}

const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Blobs in any S3-compatible bucket, as `<prefix><hash>`. The hash is known only once the
 * whole file has been read, so a file is staged in a local temporary file while hashing, then,
 * once kept, uploaded under that name (an S3 PUT is atomic: the object appears whole or not at all).
 * The same bytes are one object: putting them again rewrites that object, refreshing its date.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;

  constructor(private readonly options: S3StoreOptions) {
    this.client = new S3Client(options.client);
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? 'blobs/';
  }

  private key(hash: string): string {
    if (!BLOB_HASH.test(hash)) throw new Error(`not a blob hash: ${hash}`);
    return `${this.prefix}${hash}`;
  }

  stage(source: Readable, options: PutOptions): Promise<StagedBlob> {
    return stageFile(
      source,
      this.options.tempDir,
      options,
      (staged) => this.keep(staged),
      (h) => this.read(h),
    );
  }

  put(source: Readable, options: PutOptions): Promise<PutResult> {
    return stageAndKeep(this, source, options);
  }

  /** Upload a staged file under its hash (StagedFile removes the temporary file afterwards). */
  private async keep({ tempPath, hash, size, head }: StagedFile): Promise<PutResult> {
    const existed = await this.has(hash);
    // Put again even when the bucket has it: the same key with the same bytes, but a fresh
    // LastModified, which the collector reads to spare recent blobs.
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key(hash), Body: fs.createReadStream(tempPath), ContentLength: size, ContentType: 'application/octet-stream' }));
    return { hash, size, head, created: !existed };
  }

  async get(hash: string): Promise<Readable | null> {
    if (!BLOB_HASH.test(hash)) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(hash) }));
      return out.Body instanceof Readable ? out.Body : Readable.fromWeb(out.Body!.transformToWebStream() as never);
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async read(hash: string): Promise<Buffer | null> {
    const stream = await this.get(hash);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async has(hash: string): Promise<boolean> {
    if (!BLOB_HASH.test(hash)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(hash) }));
      return true;
    } catch (err) {
      if (missing(err)) return false;
      throw err;
    }
  }

  async delete(hash: string): Promise<void> {
    if (BLOB_HASH.test(hash)) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(hash) }));
  }

  async *list(): AsyncIterable<{ hash: string; storedAt: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const hash = object.Key!.slice(this.prefix.length);
        if (BLOB_HASH.test(hash)) yield { hash, storedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  removeStaleTemp(before: Date): Promise<number> {
    return removeStaleParts(this.options.tempDir, before);
  }
}
