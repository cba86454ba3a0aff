/**
 * The PDF editing mutations. Each edit of a document stores one new DocumentVersion of it
 * (appendVersion under lockDocument); createPdf, extractPages and mergePdfs make a new document
 * in the actor's organization, within the plan's document limit. The work runs on the PDF
 * pool (lib/pdf/pdf-tools.ts); its result is stored in the blob store like an upload, and
 * removed again when the edit does not commit. A SEALED document answers DOCUMENT_SEALED and
 * changes nothing; an archived or deleted one NOT_FOUND. Each call counts against the actor's
 * "PDF operations" limit, and its pool work waits for the actor's previous PDF operation
 * (user-lane.ts).
 */
import { Readable } from 'node:stream';
import { db } from '../db/index.ts';
import { appendVersion, lockDocument } from '../documents/append-version.ts';
import { recordDocumentEvent } from '../documents/events.ts';
import { checkDocumentLimit, createDocument } from '../documents/create-document.ts';
import { cleanFileHash, cleanName } from '../documents/fields.ts';
import { findFolder } from '../documents/folders.ts';
import { AppError } from '../errors.ts';
import { logger } from '../log.ts';
import type { Actor } from '../orgs/actor.ts';
import { editPdf } from '../pdf/pdf-tools.ts';
import type { PdfEditFacts } from '../pdf/pdf-tools.ts';
import { limitOperation } from '../ratelimit/index.ts';
import { nudgeIngest, prepareIngest } from '../search/ingest-queue.ts';
import type { LimitedOperation } from '../ratelimit/index.ts';
import { blobStore } from '../storage/index.ts';
import type { BlobStore } from '../storage/index.ts';
import { documentToEdit, documentToRead, fileBytes } from './document-file.ts';
import { inUserLane } from './user-lane.ts';
import type { DocumentWithFile } from './document-file.ts';
import * as inputs from './inputs.ts';
import type { DrawOperationInput, PageSizeName } from './inputs.ts';

/** What an edit answers: the document it changed or made, and what it did. */
export interface PdfOperationOutcome extends PdfEditFacts {
  documentId: string;
}

/** The largest PDF an edit may store (four times the upload limit: a merge adds files up). */
const MAX_RESULT_BYTES = 64 * 1024 * 1024;

interface EditArgs {
  actor: Actor;
  store?: BlobStore;
  /** The request's: aborted, an edit still waiting for the user's previous PDF operation gives up (TIMEOUT). */
  signal?: AbortSignal;
}

type EditTool = Parameters<typeof editPdf>[0];

/** Store a PDF the pool made, like an upload; `discard` removes it again unless a version holds it. */
async function storeResult(store: BlobStore, pdf: Uint8Array) {
  if (pdf.byteLength > MAX_RESULT_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', `The result would be ${Math.ceil(pdf.byteLength / 1024 / 1024)} MB; a document's file holds at most ${MAX_RESULT_BYTES / 1024 / 1024} MB`);
  const put = await store.put(Readable.from([Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)]), { maxBytes: MAX_RESULT_BYTES });
  const discard = async () => {
    if (!put.created) return;
    const used = await db().documentVersion.count({ where: { fileHash: put.hash } });
    if (used === 0) await store.delete(put.hash).catch((e: unknown) => logger.error('pdf tools: could not remove the blob of a failed edit', { hash: put.hash, error: String(e) }));
  };
  return { fileHash: put.hash, size: put.size, discard };
}

/**
 * Edit a document's current file with a tool, and store the result as its next version. The
 * document is checked before the work and again, locked, before the version is written.
 */
async function editDocument({
  actor,
  store = blobStore(),
  signal,
  operation,
  documentId,
  tool,
  args,
  notes,
  extraFile,
}: EditArgs & {
  operation: LimitedOperation;
  documentId: string;
  tool: EditTool;
  args: Record<string, unknown>;
  notes: (facts: PdfEditFacts) => string;
  extraFile?: (document: DocumentWithFile) => Promise<Uint8Array>;
}): Promise<PdfOperationOutcome> {
  await limitOperation(operation, actor.userId);
  const document = await documentToEdit(db(), { actor, documentId });
  const { pdf, facts } = await inUserLane(
    actor.userId,
    () => editPdf(tool, async () => [await fileBytes(store, document.currentVersion.fileHash), ...(extraFile ? [await extraFile(document)] : [])], { args, fileCount: 1 }),
    signal,
  );
  const stored = await storeResult(store, pdf);
  await prepareIngest();
  try {
    await db().$transaction(async (tx) => {
      await lockDocument(tx, document.id);
      await documentToEdit(tx, { actor, documentId: document.id, versionId: document.currentVersion.id });
      const edited = await appendVersion(tx, {
        documentId: document.id,
        createdById: actor.userId,
        file: { fileHash: stored.fileHash, size: stored.size, encrypted: false, pageCount: facts.pageCount },
        notes: notes(facts),
      });
      await recordDocumentEvent(tx, {
        documentId: document.id,
        organizationId: actor.organizationId,
        type: 'PDF_EDITED',
        actor,
        details: { operation, versionNumber: edited.versionNumber, fileHash: stored.fileHash, pageCount: facts.pageCount },
      });
    });
  } catch (err) {
    await stored.discard();
    throw err;
  }
  nudgeIngest();
  return { documentId: document.id, ...facts };
}

/** Make a new document of the actor's organization from a tool's result (the plan's limit checked before the work and again when it is created). */
async function newDocument({
  actor,
  store = blobStore(),
  signal,
  operation,
  name,
  folderId,
  tool,
  files,
  fileCount,
  names,
  args,
  notes,
  before,
}: EditArgs & {
  operation: LimitedOperation;
  /** The new document's name, asked once `before` has run. */
  name: () => string;
  folderId?: string | null;
  tool: EditTool;
  files: () => Promise<Uint8Array[]>;
  fileCount: number;
  /** The sources' names for refusals, asked once `before` has run. */
  names?: () => string[];
  args: Record<string, unknown>;
  notes: string;
  before?: () => Promise<void>;
}): Promise<PdfOperationOutcome> {
  await limitOperation(operation, actor.userId);
  await before?.();
  const cleanedName = cleanName(name());
  if (folderId && !(await findFolder({ actor, id: folderId }))) throw new AppError('NOT_FOUND', 'Folder not found');
  await checkDocumentLimit(db(), actor);
  const { pdf, facts } = await inUserLane(actor.userId, () => editPdf(tool, files, { args: { ...args, title: cleanedName }, names: names?.(), fileCount }), signal);
  const stored = await storeResult(store, pdf);
  try {
    const created = await createDocument({
      actor,
      input: { name: cleanedName, folderId: folderId ?? null },
      store,
      version: { file: { fileHash: stored.fileHash, size: stored.size, encrypted: false, pageCount: facts.pageCount }, notes },
    });
    return { documentId: created.id, ...facts };
  } catch (err) {
    await stored.discard();
    throw err;
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** createPdf: a new document of blank pages (LETTER by default), in a folder or at the root. */
export function createPdf({ input, ...rest }: EditArgs & { input: { name: string; pageCount?: number | null; pageSize?: PageSizeName | null; folderId?: string | null } }) {
  const pageCount = input.pageCount ?? 1;
  if (!Number.isInteger(pageCount) || pageCount < 1 || pageCount > inputs.MAX_CREATED_PAGES) {
    throw new AppError('BAD_USER_INPUT', `pageCount must be from 1 to ${inputs.MAX_CREATED_PAGES}; got ${pageCount}`);
  }
  const pageSize = input.pageSize ?? 'LETTER';
  return newDocument({
    ...rest,
    operation: 'createPdf',
    name: () => input.name,
    folderId: input.folderId,
    tool: 'create',
    files: async () => [],
    fileCount: 1,
    args: { pageCount, pageSize },
    notes: `Created blank: ${plural(pageCount, 'page')}, ${pageSize}`,
  });
}

/** addPdfPage: a blank page that becomes page `index` (the end when omitted), of pageSize or its neighbour's size. */
export function addPdfPage({ input, ...rest }: EditArgs & { input: { documentId: string; index?: number | null; pageSize?: PageSizeName | null } }) {
  const index = input.index === null || input.index === undefined ? null : inputs.pageIndex(input.index, 'index');
  return editDocument({
    ...rest,
    operation: 'addPdfPage',
    documentId: input.documentId,
    tool: 'addPage',
    args: { index, pageSize: input.pageSize ?? null },
    notes: (f) => `Added a blank page (page ${index === null ? f.pageCount : index + 1})`,
  });
}

/** addPdfWatermark: text across the chosen pages (all by default), diagonal and centred as each page is seen. */
export function addPdfWatermark({
  input,
  ...rest
}: EditArgs & {
  input: { documentId: string; text: string; pages?: number[] | null; fontSize?: number | null; color?: string | null; opacity?: number | null; rotation?: number | null };
}) {
  const text = inputs.drawnText(input.text, 'text', inputs.MAX_WATERMARK_LENGTH);
  const args = {
    text,
    pages: input.pages ? inputs.pageIndexes(input.pages, 'pages', 10_000) : null,
    fontSize: inputs.numberIn(input.fontSize, 'fontSize', 1, 500),
    color: inputs.color(input.color, 'color') ?? [0.5, 0.5, 0.5],
    opacity: inputs.numberIn(input.opacity, 'opacity', 0, 1, 0.3),
    rotation: inputs.numberIn(input.rotation, 'rotation', -360, 360),
  };
  return editDocument({
    ...rest,
    operation: 'addPdfWatermark',
    documentId: input.documentId,
    tool: 'watermark',
    args,
    notes: (f) => `Watermark "${text.slice(0, 80)}" on ${plural(f.pagesWatermarked, 'page')}`,
  });
}

/** drawOnPdf: rectangles, ellipses, lines and text on one page. */
export function drawOnPdf({ input, ...rest }: EditArgs & { input: { documentId: string; page: number; operations: DrawOperationInput[] } }) {
  const args = { page: inputs.pageIndex(input.page), operations: inputs.drawOperations(input.operations) };
  return editDocument({ ...rest, operation: 'drawOnPdf', documentId: input.documentId, tool: 'draw', args, notes: (f) => `Drew ${plural(f.operationsApplied, 'shape')} on page ${input.page}` });
}

/** drawPdfImage: an uploaded PNG or JPEG (by its hash) on one page, at (x, y) its lower-left corner. */
export async function drawPdfImage({
  input,
  ...rest
}: EditArgs & { input: { documentId: string; page: number; fileHash: string; x: number; y: number; width?: number | null; height?: number | null; opacity?: number | null } }) {
  const hash = cleanFileHash(input.fileHash);
  const width = inputs.numberIn(input.width, 'width', 0.01, 100_000);
  const height = inputs.numberIn(input.height, 'height', 0.01, 100_000);
  const args = {
    page: inputs.pageIndex(input.page),
    x: inputs.coordinate(input.x, 'x'),
    y: inputs.coordinate(input.y, 'y'),
    width,
    height,
    opacity: inputs.numberIn(input.opacity, 'opacity', 0, 1, 1),
  };
  const actor = rest.actor;
  const upload = await db().fileUpload.findFirst({ where: { organizationId: actor.organizationId, fileHash: hash }, orderBy: { insertedAt: 'desc' }, select: { contentType: true } });
  if (!upload) throw new AppError('NOT_FOUND', `No file with hash ${hash} was uploaded to this organization: send the image with uploadFile`);
  if (upload.contentType !== 'image/png' && upload.contentType !== 'image/jpeg')
    throw new AppError('BAD_USER_INPUT', `The file ${hash} is ${upload.contentType}; drawPdfImage draws a PNG or JPEG image`);
  const store = rest.store ?? blobStore();
  return editDocument({
    ...rest,
    store,
    operation: 'drawPdfImage',
    documentId: input.documentId,
    tool: 'image',
    args: { ...args, contentType: upload.contentType },
    extraFile: () => fileBytes(store, hash),
    notes: () => `Drew an image on page ${input.page}`,
  });
}

/** extractPages: the chosen pages, in the order given, as a new document. */
export async function extractPages({ input, ...rest }: EditArgs & { input: { documentId: string; pages: number[]; name?: string | null } }) {
  const pages = inputs.pageIndexes(input.pages, 'pages', 10_000);
  const store = rest.store ?? blobStore();
  let source: DocumentWithFile | null = null;
  const shown = input.pages.length > 10 ? `${input.pages.slice(0, 10).join(', ')}, …` : input.pages.join(', ');
  return newDocument({
    ...rest,
    store,
    operation: 'extractPages',
    // By default the name says where the pages came from.
    name: () => input.name ?? `${source!.name} (pages ${shown})`.slice(0, 255),
    folderId: null,
    tool: 'extract',
    before: async () => {
      source = await documentToRead({ actor: rest.actor, documentId: input.documentId });
      if (!source) throw new AppError('NOT_FOUND', 'Document not found');
    },
    files: async () => [await fileBytes(store, source!.currentVersion.fileHash)],
    fileCount: 1,
    args: { pages },
    notes: `Pages ${shown} of another document`,
  });
}

/** mergePdfs: the documents' pages one after another (2 or more documents) as a new document. */
export async function mergePdfs({ input, ...rest }: EditArgs & { input: { documentIds: string[]; name: string } }) {
  if (input.documentIds.length < 2) throw new AppError('BAD_USER_INPUT', 'documentIds must name at least 2 documents to merge');
  if (input.documentIds.length > inputs.MAX_MERGED_DOCUMENTS)
    throw new AppError('BAD_USER_INPUT', `documentIds names at most ${inputs.MAX_MERGED_DOCUMENTS} documents; got ${input.documentIds.length}`);
  const store = rest.store ?? blobStore();
  const sources: DocumentWithFile[] = [];
  return newDocument({
    ...rest,
    store,
    operation: 'mergePdfs',
    name: () => input.name,
    tool: 'merge',
    before: async () => {
      for (const id of input.documentIds) {
        const found = await documentToRead({ actor: rest.actor, documentId: id });
        if (!found) throw new AppError('NOT_FOUND', `Document ${id} not found`, { documentId: id });
        sources.push(found);
      }
      // Checked before any file is read: the pool holds every source and its copy at once (a
      // 14 MB file merged 100 times took the server past 12 GB), and a result past the limit
      // would be refused anyway once made.
      const total = sources.reduce((n, s) => n + s.currentVersion.size, 0);
      if (total > MAX_RESULT_BYTES) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The documents' files add up to ${Math.ceil(total / 1024 / 1024)} MB; a merge takes at most ${MAX_RESULT_BYTES / 1024 / 1024} MB of files, the most a document's file holds`,
        );
      }
      // So are pages, which each version counts when it is stored: a 10,000-page file merged with
      // itself 100 times (20 MB) ran 30 s on a PDF thread before the worker refused the result.
      const pages = sources.reduce((n, s) => n + (s.currentVersion.pageCount ?? 0), 0);
      if (pages > inputs.MAX_DOCUMENT_PAGES) {
        throw new AppError('BAD_USER_INPUT', `The result would have ${pages} pages; a document has at most ${inputs.MAX_DOCUMENT_PAGES}`);
      }
    },
    files: () => Promise.all(sources.map((s) => fileBytes(store, s.currentVersion.fileHash))),
    fileCount: input.documentIds.length,
    names: () => sources.map((s) => s.name),
    args: {},
    notes: `Merged from ${plural(input.documentIds.length, 'document')}`,
  });
}

/** movePdfPage: page fromPage becomes page toPage. */
export function movePdfPage({ input, ...rest }: EditArgs & { input: { documentId: string; fromPage: number; toPage: number } }) {
  const args = { from: inputs.pageIndex(input.fromPage, 'fromPage'), to: inputs.pageIndex(input.toPage, 'toPage') };
  return editDocument({ ...rest, operation: 'movePdfPage', documentId: input.documentId, tool: 'move', args, notes: () => `Moved page ${input.fromPage} to ${input.toPage}` });
}

/** fillPdfForm: text, checkbox, radio and dropdown fields by name; `flatten` makes them static after. */
export function fillPdfForm({ input, ...rest }: EditArgs & { input: { documentId: string; fields: Array<{ name: string; value: string }>; flatten?: boolean | null } }) {
  const args = { fields: inputs.formFields(input.fields), flatten: input.flatten ?? false };
  return editDocument({
    ...rest,
    operation: 'fillPdfForm',
    documentId: input.documentId,
    tool: 'fill',
    args,
    notes: (f) => `Filled ${plural(f.fieldsFilled, 'form field')}${args.flatten ? ', then flattened the form' : ''}`,
  });
}

/** flattenPdfForm: every field made static (its appearance drawn on the page). */
export function flattenPdfForm({ documentId, ...rest }: EditArgs & { documentId: string }) {
  return editDocument({ ...rest, operation: 'flattenPdfForm', documentId, tool: 'flatten', args: {}, notes: (f) => `Flattened the form (${plural(f.operationsApplied, 'field')})` });
}
