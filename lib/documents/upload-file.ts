import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { logger } from '../log.ts';
import type { ReceivedUpload } from '../storage/received-upload.ts';
import type { Actor } from '../orgs/actor.ts';
import { blobStore } from '../storage/index.ts';
import type { BlobStore } from '../storage/index.ts';
import type { DocumentContentType } from '../storage/sniff.ts';
import { inspectFile } from '../pdf/inspect-file.ts';
import type { FileFacts } from '../pdf/inspect-file.ts';

export interface UploadedFile {
  filename: string;
  fileHash: string;
  size: number;
  contentType: DocumentContentType;
  encrypted: boolean;
  pageCount: number | null;
  /** What a PDF would run or launch, in words (see lib/pdf/inspect-file.ts); not part of the GraphQL type. */
  activeContent: string[];
}

/**
 * Record a file the actor sent (typed by its bytes, waiting in a temporary file): it must read
 * as what it is (a PDF that parses within the limits, an image that decodes), else
 * BAD_USER_INPUT and its temporary file is removed. Only then is it kept in the blob store
 * under its hash. The record lets the actor's organization name the file by its hash afterwards
 * (createDocument, uploadDocumentVersion).
 */
export async function uploadFile({ actor, file, store = blobStore() }: { actor: Actor; file: ReceivedUpload; store?: BlobStore }): Promise<UploadedFile> {
  const { filename, hash, size, contentType } = file.accepted();
  const staged = file.stored?.staged;
  const load = async () => {
    const bytes = staged ? await staged.read() : await store.read(hash);
    if (!bytes) throw new AppError('INTERNAL_SERVER_ERROR', 'The uploaded file is missing from storage');
    return bytes;
  };
  let facts: FileFacts;
  try {
    facts = await inspectFile(load, contentType, filename);
  } catch (err) {
    if (err instanceof AppError && err.code === 'BAD_USER_INPUT') await file.reject(err);
    throw err;
  }
  // Accepted (it may become a document), but sealing will refuse it: worth knowing early.
  if (facts.activeContent.length > 0) logger.warn('upload: active content', { fileHash: hash, organizationId: actor.organizationId, activeContent: facts.activeContent });
  await staged?.keep();
  await db().fileUpload.create({
    data: { organizationId: actor.organizationId, userId: actor.userId, fileHash: hash, filename, size, contentType, encrypted: facts.encrypted, pageCount: facts.pageCount },
  });
  return { filename, fileHash: hash, size, contentType, ...facts };
}
