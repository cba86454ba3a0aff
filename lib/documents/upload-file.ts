import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { logger } from '../log.ts';
import type { ReceivedUpload } from '../graphql/multipart.ts';
import type { Actor } from '../orgs/actor.ts';
import { blobStore } from '../storage/index.ts';
import type { BlobStore } from '../storage/index.ts';
import type { DocumentContentType } from '../storage/sniff.ts';
import { inspectFile } from './inspect-file.ts';

export interface UploadedFile {
  filename: string;
  fileHash: string;
  size: number;
  contentType: DocumentContentType;
  encrypted: boolean;
  pageCount: number | null;
  /** What a PDF would run or launch, in words (see inspect-file.ts); not part of the GraphQL type. */
  activeContent: string[];
}

/**
 * Record a file the actor sent (already in the blob store, typed by its bytes): it must read
 * as what it is (a PDF that parses, an image that decodes), else BAD_USER_INPUT. The record
 * lets the actor's organization name the file by its hash afterwards (createDocument,
 * uploadDocumentVersion).
 */
export async function uploadFile({ actor, file, store = blobStore() }: { actor: Actor; file: ReceivedUpload; store?: BlobStore }): Promise<UploadedFile> {
  const { filename, hash, size, contentType } = file.accepted();
  const load = async () => {
    const bytes = await store.read(hash);
    if (!bytes) throw new AppError('INTERNAL_SERVER_ERROR', 'The uploaded file is missing from storage');
    return bytes;
  };
  const facts = await inspectFile(load, contentType, filename);
  // Accepted (it may become a document), but sealing will refuse it: worth knowing early.
  if (facts.activeContent.length > 0) logger.warn('upload: active content', { fileHash: hash, organizationId: actor.organizationId, activeContent: facts.activeContent });
  await db().fileUpload.create({
    data: { organizationId: actor.organizationId, userId: actor.userId, fileHash: hash, filename, size, contentType, encrypted: facts.encrypted, pageCount: facts.pageCount },
  });
  return { filename, fileHash: hash, size, contentType, ...facts };
}
