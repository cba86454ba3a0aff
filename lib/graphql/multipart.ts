/**
 * Multipart GraphQL requests (graphql-multipart-request-spec), streamed: `operations` and
 * `map` come first, then each file part flows from the request into a temporary file of the
 * blob store while it is hashed and its type is told from its first bytes. No file is held in
 * memory, and a body past the limit is refused as soon as the limit is passed, without reading
 * the rest. A file becomes a blob only when its resolver keeps it (uploadFile, once the file is
 * inspected); the temporary files of a refused, cut-off or finished request are removed.
 */
import { PassThrough, Readable } from 'node:stream';
import busboy from 'busboy';
import { AppError } from '../errors.ts';
import type { BlobStore } from '../storage/index.ts';
import { ReceivedUpload } from '../storage/received-upload.ts';
import { SNIFF_BYTES, sniffContentType } from '../storage/sniff.ts';
import type { DocumentContentType } from '../storage/sniff.ts';
import { printableText } from '../text.ts';

/** Parts a multipart request may have: operations, map and the files (an operation takes a handful of uploads). */
export const MAX_MULTIPART_PARTS = 32;
/** The largest file (decisions.md: uploads of at most 16 MB). */
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;
/** Files up to this size are also kept in memory, whatever their type (uploadSigningCertificate's PKCS#12). */
export const SMALL_FILE_BYTES = 64 * 1024;
/** The operations field's largest size. */
const MAX_FIELD_BYTES = 1024 * 1024;

function setPath(target: Record<string, unknown>, dotted: string, value: unknown) {
  const keys = dotted.split('.', 18);
  if (keys[0] !== 'variables' || keys.length > 16 || keys.some((k) => k === '__proto__' || k === 'constructor' || k === 'prototype')) {
    throw new AppError('BAD_USER_INPUT', `Invalid multipart map path "${dotted}"`);
  }
  let node = target as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

/** A client's file name, as something safe to show and to put in a Content-Disposition. */
function cleanFilename(name: string | undefined): string {
  const base = printableText(name ?? '')
    .split(/[\\/]/)
    .pop()!
    .trim()
    .slice(0, 255);
  return base || 'upload';
}

/**
 * Read a multipart request. `store` null (an unauthenticated request) keeps no file: each
 * reaches its resolver refused as UNAUTHENTICATED. Throws AppError BAD_USER_INPUT for a
 * malformed or cut-off request, PAYLOAD_TOO_LARGE past `maxBodyBytes` or a file past 16 MB,
 * once every temporary file of the request is removed. Otherwise the files wait in temporary
 * files: call `discard` once the operation is over, to remove those no resolver kept.
 */
export async function readMultipart(
  request: Request,
  { store, maxBodyBytes }: { store: BlobStore | null; maxBodyBytes: number },
): Promise<{ body: Record<string, unknown>; text: string; discard: () => Promise<void> }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/boundary=/i.test(contentType)) throw new AppError('BAD_USER_INPUT', 'Multipart request needs a boundary');
  if (!request.body) throw new AppError('BAD_USER_INPUT', 'Multipart request has no body');

  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { 'content-type': contentType }, limits: { parts: MAX_MULTIPART_PARTS, fields: 2, fieldSize: MAX_FIELD_BYTES, fileSize: MAX_UPLOAD_BYTES + 1 } });
  } catch {
    throw new AppError('BAD_USER_INPUT', 'Malformed multipart body');
  }
  const source = Readable.fromWeb(request.body as never);
  let received = 0;
  let operations: Record<string, unknown> | undefined;
  let operationsText = '';
  let map: Record<string, string[]> | undefined;
  const uploads = new Map<string, Promise<ReceivedUpload>>();
  // Files still flowing into their temporary files: cut off (their temporary files removed) when the request fails.
  const flowing = new Set<PassThrough>();
  let failed = false;
  let onFailed: () => void = () => {};
  const failure = new Promise<void>((resolveFailure) => {
    onFailed = resolveFailure;
  });

  const done = new Promise<void>((resolve, reject) => {
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBodyBytes) fail(new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds the ${Math.floor(MAX_UPLOAD_BYTES / 1024 / 1024)} MB limit`));
    };
    // Stop reading, but never cancel the body: cancelling the web stream while Node's adapter
    // still pushes the request's data into it throws in that adapter ("Controller is already
    // closed"), an uncaught exception that ends the process. Paused, the body backs up into the
    // socket; the HTTP server discards the rest once the answer has gone.
    const fail = (err: AppError) => {
      failed = true;
      onFailed();
      for (const body of flowing) body.destroy(new Error('The request was refused or cut off'));
      source.unpipe(parser);
      source.off('data', count);
      source.pause();
      reject(err);
    };
    source.on('data', count);
    source.on('error', () => fail(new AppError('BAD_USER_INPUT', 'The request body ended early')));
    parser.on('partsLimit', () => fail(new AppError('BAD_USER_INPUT', `A multipart request may have at most ${MAX_MULTIPART_PARTS} parts`)));
    parser.on('filesLimit', () => fail(new AppError('BAD_USER_INPUT', `A multipart request may have at most ${MAX_MULTIPART_PARTS} parts`)));
    parser.on('fieldsLimit', () => fail(new AppError('BAD_USER_INPUT', 'A multipart request has only the "operations" and "map" fields besides its files')));
    parser.on('error', () => fail(new AppError('BAD_USER_INPUT', 'Malformed multipart body')));
    parser.on('field', (name, value, info) => {
      try {
        if (info.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE', `The "${name}" field exceeds ${MAX_FIELD_BYTES / 1024} KB`);
        if (name === 'operations') {
          operationsText = value;
          const parsed = JSON.parse(value);
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AppError('BAD_USER_INPUT', 'Batched operations are not supported');
          operations = parsed;
        } else if (name === 'map') {
          if (!operations) throw new AppError('BAD_USER_INPUT', 'The "operations" field must come before "map"');
          const parsed = JSON.parse(value);
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AppError('BAD_USER_INPUT', 'The "map" field must be a JSON object');
          let placed = 0;
          for (const [part, paths] of Object.entries(parsed)) {
            if (!Array.isArray(paths)) throw new AppError('BAD_USER_INPUT', `Multipart map entry "${part}" must be a list of paths`);
            placed += paths.length;
            if (placed > MAX_MULTIPART_PARTS) throw new AppError('BAD_USER_INPUT', `A multipart map may place files at most ${MAX_MULTIPART_PARTS} times`);
            for (const p of paths) setPath({ variables: {} }, String(p), null); // checked now, placed once the file is in
          }
          map = parsed as Record<string, string[]>;
        }
      } catch (err) {
        fail(err instanceof AppError ? err : new AppError('BAD_USER_INPUT', 'The "operations" and "map" fields must be JSON'));
      }
    });
    parser.on('file', (name, file, info) => {
      if (!map || !(name in map)) {
        // A part the map does not name is not read into anything.
        file.resume();
        if (!operations || !map) fail(new AppError('BAD_USER_INPUT', 'The "operations" and "map" fields must come before the files'));
        return;
      }
      const filename = cleanFilename(info.filename);
      if (!store) {
        file.resume();
        uploads.set(name, Promise.resolve(new ReceivedUpload(filename, null, new AppError('UNAUTHENTICATED', 'Uploading a file needs a bearer token'))));
        return;
      }
      let contentType: DocumentContentType | null = null;
      file.on('limit', () => fail(new AppError('PAYLOAD_TOO_LARGE', `The file exceeds the ${MAX_UPLOAD_BYTES / 1024 / 1024} MB limit`)));
      // A small file is also kept in memory, whatever its type: the store takes only documents,
      // and a certificate file is read by its resolver from here.
      const chunks: Buffer[] = [];
      let seen = 0;
      file.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen <= SMALL_FILE_BYTES) chunks.push(chunk);
        else chunks.length = 0;
      });
      // The part's end, or the request's failure (a cut-off part never ends).
      const ended = Promise.race([new Promise<void>((resolveEnd) => file.once('end', () => resolveEnd())), failure]);
      const small = () => (seen <= SMALL_FILE_BYTES ? new Uint8Array(Buffer.concat(chunks)) : null);
      // The store reads a pass-through: a refused file is cut off from it and drained here,
      // so the parser goes on to the next part instead of waiting on a destroyed stream.
      const body = new PassThrough();
      // Cut off by a failed request, perhaps before the store reads it: its error is the store's to see, never unhandled.
      body.on('error', () => {});
      file.pipe(body);
      if (failed) body.destroy(new Error('The request was refused or cut off'));
      flowing.add(body);
      const stored = store
        .stage(body, {
          maxBytes: MAX_UPLOAD_BYTES,
          headBytes: SNIFF_BYTES,
          inspect: (head) => {
            contentType = sniffContentType(head);
            if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${filename} is not a PDF, PNG, JPEG or TIFF file (its content says so, whatever its name)`);
          },
        })
        .then(
          async (staged) => {
            flowing.delete(body);
            await ended;
            return new ReceivedUpload(filename, { hash: staged.hash, size: staged.size, contentType: contentType!, staged }, null, small());
          },
          async (err: unknown) => {
            flowing.delete(body);
            file.unpipe(body);
            file.resume(); // drain the refused rest so the parts after it are read
            if (err instanceof AppError && err.code === 'UNSUPPORTED_MEDIA_TYPE') {
              await ended;
              return new ReceivedUpload(filename, null, err, small());
            }
            throw err;
          },
        );
      stored.catch(() => {});
      uploads.set(name, stored);
    });
    parser.on('close', resolve);
  });

  /** Remove the temporary files of every file of the request that no resolver kept. */
  const discard = async () => {
    for (const settled of await Promise.allSettled(uploads.values())) {
      if (settled.status === 'fulfilled') await settled.value.discard();
    }
  };

  source.pipe(parser);
  try {
    await done;
    if (!operations) throw new AppError('BAD_USER_INPUT', 'Multipart request needs an "operations" field');
    for (const [part, paths] of Object.entries(map ?? {})) {
      const upload = uploads.get(part);
      if (!upload) throw new AppError('BAD_USER_INPUT', `Multipart map names part "${part}", which is not a file`);
      const value = await upload;
      for (const p of paths) setPath(operations, String(p), value);
    }
  } catch (err) {
    for (const body of flowing) body.destroy(new Error('The request was refused or cut off'));
    onFailed();
    await discard();
    throw err;
  }
  return { body: operations, text: operationsText, discard };
}
