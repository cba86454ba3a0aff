import os from 'node:os';
import path from 'node:path';
import { env } from '../env.ts';
import type { Env } from '../env.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-store.ts';
import { S3BlobStore } from './s3-store.ts';

export type { BlobStore, PutOptions, PutResult, StagedBlob } from './blob-store.ts';
export { BLOB_HASH, requireBlobHash } from './blob-store.ts';

type StorageEnv = Pick<Env, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'S3_PREFIX'>;

/** Where local blobs live: `<DATA_DIR>/blobs`, or a directory of this process's for an in-memory DATA_DIR. */
function localRoot(dataDir: string): string {
  return dataDir.startsWith('memory://') ? path.join(os.tmpdir(), `sealwright-blobs-${process.pid}`) : path.resolve(dataDir, 'blobs');
}

/** The store the environment names: S3_BUCKET's bucket, else files under DATA_DIR. */
export function createBlobStore(e: StorageEnv = env()): BlobStore {
  if (e.S3_BUCKET) {
    return new S3BlobStore({
      bucket: e.S3_BUCKET,
      prefix: e.S3_PREFIX,
      tempDir: path.join(localRoot(e.DATA_DIR), 'tmp'),
      client: {
        region: e.S3_REGION,
        // Checksums only where an operation requires them: the SDK's default (aws-chunked
        // bodies with trailing CRCs) is not understood by every S3-compatible store.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
        ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } } : {}),
      },
    });
  }
  return new LocalBlobStore(localRoot(e.DATA_DIR));
}

let store: BlobStore | undefined;

/** The process's blob store, made on first use. */
export function blobStore(): BlobStore {
  return (store ??= createBlobStore());
}
