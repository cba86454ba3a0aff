import { builder } from '../builder.ts';
import { DOCUMENT_READER_FACTS, documentStatus, shapeForReader, VERSION_READER_FACTS } from '../../documents/access.ts';
import { createDocument, uploadDocumentVersion } from '../../documents/create-document.ts';
import { downloadUrl } from '../../documents/download.ts';
import { AUDIT_TRAIL_LIMIT, AUDIT_TRAIL_ORDER } from '../../documents/events.ts';
import type { Actor } from '../../orgs/actor.ts';
import { thumbnailUrl } from '../../documents/thumbnail.ts';
import { countDocuments, getDocument, isDocumentListed, listDocuments } from '../../documents/list-documents.ts';
import type { DocumentFilter } from '../../documents/list-documents.ts';
import { deleteDocument, moveDocument, updateDocument } from '../../documents/update-document.ts';
import { uploadFile } from '../../documents/upload-file.ts';
import type { UploadedFile } from '../../documents/upload-file.ts';
import { DeleteResult } from './credentials.ts';
import { DocumentFolder } from './folders.ts';
import { checkLimit, listConnection, MAX_PAGE_SIZE } from './pagination.ts';
import { User } from './users.ts';

const DocumentStatus = builder.enumType('DocumentStatus', { values: ['DRAFT', 'SEALED', 'ARCHIVED'] as const });
const DocumentOrder = builder.enumType('DocumentOrder', {
  description: 'The order of documentsConnection.',
  values: {
    NEWEST: { description: 'Newest first (the default).' },
    OLDEST: { description: 'Oldest first.' },
    NAME: { description: 'By name, A to Z, ignoring case.' },
    NAME_DESC: { description: 'By name, Z to A, ignoring case.' },
    RECENTLY_UPDATED: { description: 'Most recently changed first (renamed, moved, a new version, sealed).' },
  } as const,
});
const DocumentVisibility = builder.enumType('DocumentVisibility', {
  values: {
    PRIVATE: { description: 'Its creator and the organization\u2019s OWNER and ADMIN members.' },
    ORGANIZATION: { description: 'Every member of the organization.' },
    PUBLIC: { description: 'Anyone with its id, without a token: the document and its current version.' },
  } as const,
});

/** The actor's id when it is a member of the organization (a download through its URL is then recorded under its name). */
const memberId = (actor: Actor | null, organizationId: string) => (actor && actor.organizationId === organizationId ? actor.userId : null);

const DocumentEventTypeEnum = builder.enumType('DocumentEventType', {
  description: 'What happened to a document, in its audit trail.',
  values: {
    UPLOADED: { description: 'The document was created (with its first file, when it had one).' },
    VERSION_ADDED: { description: 'A new version was uploaded.' },
    SEALED: { description: 'It was sealed; details name the verification code.' },
    PDF_EDITED: { description: 'A PDF tool changed it (a new version); details name the operation.' },
    DOWNLOADED: { description: 'Its file was fetched through a download URL.' },
    DELETED: { description: 'It was deleted.' },
  } as const,
});

export const DocumentEvent = builder.prismaObject('DocumentEvent', {
  description: 'One entry of a document\u2019s audit trail.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    type: t.expose('type', { type: DocumentEventTypeEnum }),
    occurredAt: t.expose('occurredAt', { type: 'DateTime' }),
    actorId: t.expose('actorId', { type: 'UUID', nullable: true, description: 'Null for someone outside the organization (a PUBLIC document\u2019s download link), or once the account is gone.' }),
    actorName: t.exposeString('actorName', { nullable: true, description: 'The actor\u2019s name when it happened.' }),
    clientAddress: t.exposeString('clientAddress', { nullable: true, description: 'The client\u2019s IP address; null for background work (batch sealing).' }),
    details: t.string({
      description: 'A JSON object of the event\u2019s facts: versionNumber and fileHash, verificationCode for SEALED, operation for PDF_EDITED.',
      select: { details: true },
      resolve: (e) => JSON.stringify(e.details ?? {}),
    }),
  }),
});

// A PUBLIC document is read by people outside its organization: each field below selects the
// facts shapeForReader needs beside its own, and answers what the shaped row holds.

export const DocumentVersion = builder.prismaObject('DocumentVersion', {
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    versionNumber: t.exposeInt('versionNumber'),
    fileHash: t.exposeString('fileHash', { description: 'SHA-256 of the PDF, lowercase hex.' }),
    notes: t.string({ nullable: true, select: { notes: true, ...VERSION_READER_FACTS }, resolve: (v, _args, ctx) => shapeForReader('DocumentVersion', v, ctx.actor)?.notes ?? null }),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
    createdBy: t.field({
      type: User,
      nullable: true,
      description: 'Who made this version (seen by members of its organization).',
      select: (_args, _ctx, nestedSelection) => ({ ...VERSION_READER_FACTS, createdBy: nestedSelection(true) }),
      resolve: (v, _args, ctx) => shapeForReader('DocumentVersion', v, ctx.actor)?.createdBy ?? null,
    }),
    downloadUrl: t.string({
      nullable: true,
      description: 'A signed URL of the PDF, valid for 15 minutes.',
      select: VERSION_READER_FACTS,
      resolve: (v, _args, ctx) => (shapeForReader('DocumentVersion', v, ctx.actor) ? downloadUrl(v.id, Date.now(), memberId(ctx.actor, v.document.organizationId)) : null),
    }),
    thumbnailUrl: t.string({
      nullable: true,
      description: 'A signed URL of a PNG of the first page (240 px on its longer side), drawn once per file; it works for one to two hours.',
      select: VERSION_READER_FACTS,
      resolve: (v, _args, ctx) => (shapeForReader('DocumentVersion', v, ctx.actor) ? thumbnailUrl(v.id) : null),
    }),
  }),
});

export const DocumentRef = builder.prismaObject('Document', {
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    status: t.field({
      type: DocumentStatus,
      description: 'ARCHIVED when archived, else SEALED when its current version carries a seal, else DRAFT.',
      select: { archived: true, currentVersion: { select: { sealId: true } } },
      resolve: (d) => documentStatus(d),
    }),
    visibility: t.expose('visibility', { type: DocumentVisibility }),
    folderId: t.field({ type: 'UUID', nullable: true, select: { ...DOCUMENT_READER_FACTS, folderId: true }, resolve: (d, _args, ctx) => shapeForReader('Document', d, ctx.actor).folderId }),
    organizationId: t.field({
      type: 'UUID',
      nullable: true,
      description: 'Null for a reader outside the document\u2019s organization (a PUBLIC document read by anyone): who published it is not told.',
      select: DOCUMENT_READER_FACTS,
      resolve: (d, _args, ctx) => shapeForReader('Document', d, ctx.actor).organizationId,
    }),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    folder: t.field({
      type: DocumentFolder,
      nullable: true,
      select: (_args, _ctx, nestedSelection) => ({ ...DOCUMENT_READER_FACTS, folder: nestedSelection(true) }),
      resolve: (d, _args, ctx) => shapeForReader('Document', d, ctx.actor).folder,
    }),
    versions: t.field({
      type: [DocumentVersion],
      description: 'Newest first (outside the organization: the current version only).',
      select: (_args, _ctx, nestedSelection) => ({ ...DOCUMENT_READER_FACTS, versions: nestedSelection({ orderBy: { versionNumber: 'desc' } }) }),
      resolve: (d, _args, ctx) => shapeForReader('Document', d, ctx.actor).versions,
    }),
    currentVersion: t.relation('currentVersion', { nullable: true }),
    versionCount: t.int({
      select: { ...DOCUMENT_READER_FACTS, _count: { select: { versions: true } } },
      resolve: (d, _args, ctx) => shapeForReader('Document', d, ctx.actor)._count.versions,
    }),
    hasVersions: t.boolean({ select: { currentVersionId: true }, resolve: (d) => d.currentVersionId !== null }),
    auditTrail: t.field({
      type: [DocumentEvent],
      nullable: true,
      description: `What happened to the document, oldest first: uploaded, versions added, sealed, PDF edits, downloads, deleted, with who, when and from which address (the newest ${AUDIT_TRAIL_LIMIT}). Members of the document\u2019s organization who can read it see it; null for a reader outside the organization (a PUBLIC document).`,
      select: (_args, _ctx, nestedSelection) => ({ ...DOCUMENT_READER_FACTS, events: nestedSelection(AUDIT_TRAIL_ORDER) }),
      resolve: (d, _args, ctx) => (memberId(ctx.actor, d.organizationId) ? [...d.events].reverse() : null),
    }),
    downloadUrl: t.string({
      nullable: true,
      description: 'A signed URL of the current version\u2019s PDF, valid for 15 minutes; null without a version.',
      select: DOCUMENT_READER_FACTS,
      resolve: (d, _args, ctx) => (d.currentVersionId ? downloadUrl(d.currentVersionId, Date.now(), memberId(ctx.actor, d.organizationId)) : null),
    }),
    thumbnailUrl: t.string({
      nullable: true,
      description: 'A signed URL of a PNG of the current version\u2019s first page (240 px on its longer side); null without a version.',
      select: { currentVersionId: true },
      resolve: (d) => (d.currentVersionId ? thumbnailUrl(d.currentVersionId) : null),
    }),
  }),
});

const UploadedFileRef = builder.objectRef<UploadedFile>('UploadedFile').implement({
  description: 'A file received by uploadFile and kept under its SHA-256: name it by fileHash in createDocument or uploadDocumentVersion.',
  fields: (t) => ({
    filename: t.exposeString('filename'),
    fileHash: t.exposeString('fileHash', { description: 'SHA-256 of the bytes, lowercase hex.' }),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    contentType: t.exposeString('contentType', { description: 'Told from the bytes: application/pdf, image/png, image/jpeg or image/tiff.' }),
  }),
});

const CreateDocumentInput = builder.inputType('CreateDocumentInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string(),
    folderId: t.field({ type: 'UUID' }),
    visibility: t.field({ type: DocumentVisibility, description: 'PRIVATE when omitted.' }),
    fileHash: t.string({ description: 'A file sent with uploadFile: it becomes version 1 (an image becomes a one-page PDF at its natural size).' }),
  }),
});

const UpdateDocumentInput = builder.inputType('UpdateDocumentInput', {
  fields: (t) => ({
    name: t.string(),
    description: t.string(),
    visibility: t.field({ type: DocumentVisibility }),
    archived: t.boolean({ description: 'An archived document cannot be sealed or edited until unarchived.' }),
  }),
});

const UploadDocumentVersionInput = builder.inputType('UploadDocumentVersionInput', {
  fields: (t) => ({
    documentId: t.field({ type: 'UUID', required: true }),
    fileHash: t.string({ required: true, description: 'A file sent with uploadFile.' }),
    notes: t.string(),
  }),
});

builder.queryFields((t) => ({
  document: t.prismaField({
    type: 'Document',
    nullable: true,
    description: 'A document you may see, or any PUBLIC one (no token needed); null otherwise.',
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (query, _root, args, ctx) => getDocument({ actor: ctx.actor, id: args.id, query }),
  }),
  documents: t.prismaField({
    type: ['Document'],
    deprecationReason: 'Use documentsConnection.',
    description: 'Your organization\u2019s documents you may see, newest first (limit: 20 when omitted, at most 100).',
    authScopes: { authenticated: true },
    args: { status: t.arg({ type: DocumentStatus }), folderId: t.arg({ type: 'UUID' }), limit: t.arg.int() },
    validateArgs: (args) => checkLimit(args.limit, MAX_PAGE_SIZE),
    resolve: (query, _root, args, ctx) => listDocuments({ actor: ctx.actor!, filter: args, query: { ...query, take: checkLimit(args.limit, MAX_PAGE_SIZE) } }),
  }),
  documentsConnection: t.prismaConnection(
    {
      type: 'Document',
      args: {
        status: t.arg({ type: DocumentStatus }),
        folderId: t.arg({ type: 'UUID' }),
        search: t.arg.string({ description: 'Only the documents whose name contains this, ignoring case (at most 255 characters).' }),
        orderBy: t.arg({ type: DocumentOrder, description: 'NEWEST when omitted.' }),
      },
      ...listConnection({
        count: (actor, filter: DocumentFilter) => countDocuments({ actor, filter }),
        isListed: (actor, filter: DocumentFilter, id) => isDocumentListed({ actor, filter, id }),
        list: (actor, filter: DocumentFilter, query) => listDocuments({ actor, filter, query }),
      }),
    },
    { name: 'DocumentConnection' },
    { name: 'DocumentEdge' },
  ),
}));

builder.mutationFields((t) => ({
  uploadFile: t.field({
    type: UploadedFileRef,
    nullable: true,
    description: 'Receive a PDF, PNG, JPEG or TIFF file of at most 16 MB, sent as a multipart request (graphql-multipart-request-spec).',
    authScopes: { authenticated: true },
    args: { file: t.arg({ type: 'Upload', required: true }) },
    resolve: (_root, args, ctx) => uploadFile({ actor: ctx.actor!, file: args.file }),
  }),
  createDocument: t.prismaField({
    type: 'Document',
    nullable: true,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: CreateDocumentInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => createDocument({ actor: ctx.actor!, input, query }),
  }),
  updateDocument: t.prismaField({
    type: 'Document',
    nullable: true,
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }), input: t.arg({ type: UpdateDocumentInput, required: true }) },
    resolve: (query, _root, { id, input }, ctx) => updateDocument({ actor: ctx.actor!, id, input, query }),
  }),
  moveDocument: t.prismaField({
    type: 'Document',
    nullable: true,
    description: 'Move a document into a folder, or to the root without folderId.',
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }), folderId: t.arg({ type: 'UUID' }) },
    resolve: (query, _root, { id, folderId }, ctx) => moveDocument({ actor: ctx.actor!, id, folderId, query }),
  }),
  deleteDocument: t.field({
    type: DeleteResult,
    description: 'Soft delete: the document leaves every list; its seals stay verifiable.',
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, { id }, ctx) => deleteDocument({ actor: ctx.actor!, id }),
  }),
  uploadDocumentVersion: t.prismaField({
    type: 'DocumentVersion',
    nullable: true,
    description: 'Add an uploaded file as the document\u2019s new current version. A SEALED document: DOCUMENT_SEALED.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: UploadDocumentVersionInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => uploadDocumentVersion({ actor: ctx.actor!, input, query }),
  }),
}));
