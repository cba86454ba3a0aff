import { queryFromInfo } from '@pothos/plugin-prisma';
import { db } from '../../db/index.ts';
import type { PdfBox, PdfInfo, PdfMetadata, PdfPageDetail, PdfPageSize, PdfSignatureInfo, PdfValidation } from '../../pdf/pdf-tools.ts';
import * as edit from '../../pdf-tools/edit.ts';
import type { PdfOperationOutcome } from '../../pdf-tools/edit.ts';
import { DRAW_TYPES, PAGE_SIZE_NAMES } from '../../pdf-tools/inputs.ts';
import { getPdfDetailedPageInfo, getPdfInfo, getPdfMetadata, getPdfPageInfo, getPdfSignatures, getPdfText, validatePdf } from '../../pdf-tools/inspect.ts';
import { builder } from '../builder.ts';
import { DocumentRef } from './documents.ts';

// The PDF tools (graphql-interface.md, decisions.md "PDF inputs"): every operation reads the
// document's current version and counts against the user's "PDF operations" limit.

const pageSizeFields = (t: { exposeInt: any; exposeFloat: any }) => ({
  page: t.exposeInt('page', { description: '1-based.' }),
  width: t.exposeFloat('width', { description: 'Points, as the page is seen (its /Rotate applied).' }),
  height: t.exposeFloat('height', { description: 'Points, as the page is seen (its /Rotate applied).' }),
  rotation: t.exposeInt('rotation', { description: 'The page\u2019s /Rotate: 0, 90, 180 or 270 degrees clockwise.' }),
});

const PdfPageSizeRef = builder.objectRef<PdfPageSize>('PdfPageSize').implement({ fields: (t) => pageSizeFields(t) });
const PdfPageInfoBasic = builder.objectRef<PdfPageSize>('PdfPageInfoBasic').implement({ fields: (t) => pageSizeFields(t) });

const PdfBoxRef = builder.objectRef<PdfBox>('PdfBox').implement({
  description: 'A page box in the page\u2019s own coordinates (points, lower-left corner and size), before rotation.',
  fields: (t) => ({ x: t.exposeFloat('x'), y: t.exposeFloat('y'), width: t.exposeFloat('width'), height: t.exposeFloat('height') }),
});

const PdfPageInfoDetail = builder.objectRef<PdfPageDetail>('PdfPageInfoDetail').implement({
  fields: (t) => ({
    ...pageSizeFields(t),
    isLandscape: t.exposeBoolean('isLandscape', { description: 'Wider than tall as the page is seen.' }),
    mediaBox: t.expose('mediaBox', { type: PdfBoxRef, description: 'Inherited through the page tree when the page has none of its own.' }),
    cropBox: t.expose('cropBox', { type: PdfBoxRef, description: 'Inherited like mediaBox; the mediaBox when absent; the visible page.' }),
    bleedBox: t.expose('bleedBox', { type: PdfBoxRef, description: 'The cropBox when absent.' }),
    trimBox: t.expose('trimBox', { type: PdfBoxRef, description: 'The cropBox when absent.' }),
    artBox: t.expose('artBox', { type: PdfBoxRef, description: 'The cropBox when absent.' }),
  }),
});

const PdfInfoRef = builder.objectRef<PdfInfo>('PdfInfo').implement({
  fields: (t) => ({
    pageCount: t.exposeInt('pageCount'),
    fileSize: t.exposeInt('fileSize', { description: 'Bytes.' }),
    isEncrypted: t.exposeBoolean('isEncrypted'),
    isLinearized: t.exposeBoolean('isLinearized', { description: 'From the linearization dictionary: present, and its length is the file\u2019s.' }),
    version: t.exposeString('version', { nullable: true, description: 'The header\u2019s, or the catalog\u2019s /Version when that is higher.' }),
    pageSizes: t.expose('pageSizes', { type: [PdfPageSizeRef] }),
  }),
});

const PdfMetadataRef = builder.objectRef<PdfMetadata>('PdfMetadata').implement({
  description: 'The document information dictionary (null entries when absent, or when the file is encrypted) and facts of the file.',
  fields: (t) => ({
    title: t.exposeString('title', { nullable: true }),
    author: t.exposeString('author', { nullable: true }),
    subject: t.exposeString('subject', { nullable: true }),
    keywords: t.exposeString('keywords', { nullable: true }),
    creator: t.exposeString('creator', { nullable: true }),
    producer: t.exposeString('producer', { nullable: true }),
    creationDate: t.exposeString('creationDate', { nullable: true, description: 'ISO 8601 with the offset the file gives (Z for UT; none when the file gives none).' }),
    modificationDate: t.exposeString('modificationDate', { nullable: true, description: 'ISO 8601, as creationDate.' }),
    pageCount: t.exposeInt('pageCount'),
    pdfVersion: t.exposeString('pdfVersion', { nullable: true }),
    fileSize: t.exposeInt('fileSize', { description: 'Bytes.' }),
    isEncrypted: t.exposeBoolean('isEncrypted'),
    hasForms: t.exposeBoolean('hasForms', { description: 'The form (AcroForm) has fields.' }),
  }),
});

const PdfSignatureRef = builder.objectRef<PdfSignatureInfo['signatures'][number]>('PdfSignature').implement({
  fields: (t) => ({
    signerName: t.exposeString('signerName', { nullable: true, description: 'The common name of the signing certificate (else the signature\u2019s /Name).' }),
    signingDate: t.exposeString('signingDate', {
      nullable: true,
      description: 'ISO 8601: the timestamp token\u2019s time when there is one, else the CMS signing-time, else the signature dictionary\u2019s /M.',
    }),
    signatureType: t.exposeString('signatureType', { nullable: true, description: 'The /SubFilter, e.g. ETSI.CAdES.detached or adbe.pkcs7.detached.' }),
  }),
});

const PdfSignatureInfoRef = builder.objectRef<PdfSignatureInfo>('PdfSignatureInfo').implement({
  fields: (t) => ({
    isSigned: t.exposeBoolean('isSigned'),
    signatureCount: t.exposeInt('signatureCount'),
    signatures: t.expose('signatures', { type: [PdfSignatureRef] }),
  }),
});

const PdfTextResult = builder.objectRef<{ text: string; pageCount: number }>('PdfTextResult').implement({
  fields: (t) => ({
    text: t.exposeString('text', { description: 'Each page\u2019s text in reading order, each followed by a form feed (\\f), as pdftotext writes it.' }),
    pageCount: t.exposeInt('pageCount'),
  }),
});

const PdfValidationResult = builder.objectRef<PdfValidation>('PdfValidationResult').implement({
  fields: (t) => ({
    isValid: t.exposeBoolean('isValid', { description: 'True when no issue was found.' }),
    issues: t.exposeStringList('issues', {
      description:
        'Structural problems in words: a broken cross-reference table, a missing page object, an unembedded font, a signature that does not cover the file, encryption, JavaScript or launch actions.',
    }),
  }),
});

const PdfOperationResult = builder.objectRef<PdfOperationOutcome>('PdfOperationResult').implement({
  fields: (t) => ({
    document: t.field({
      type: DocumentRef,
      nullable: true,
      description: 'The document edited (its new version is the current one), or the new document.',
      resolve: (r, _args, ctx, info) => db().document.findUnique({ ...queryFromInfo({ context: ctx, info }), where: { id: r.documentId } }) as never,
    }),
    pageCount: t.exposeInt('pageCount', { description: 'Pages of the resulting PDF.' }),
    operationsApplied: t.exposeInt('operationsApplied', { description: 'Shapes drawn, pages extracted, documents merged, fields flattened; 1 for the other edits.' }),
    fieldsFilled: t.exposeInt('fieldsFilled', { description: 'Form fields filled (fillPdfForm); else 0.' }),
    pagesWatermarked: t.exposeInt('pagesWatermarked', { description: 'Pages watermarked (addPdfWatermark); else 0.' }),
  }),
});

const PageSize = builder.enumType('PdfPaperSize', { description: 'Paper sizes, portrait: LETTER 612×792 pt, LEGAL 612×1008, TABLOID 792×1224, A4 595×842, A3 842×1191.', values: PAGE_SIZE_NAMES });
const DrawOperationType = builder.enumType('DrawOperationType', { values: DRAW_TYPES });

const CreatePdfInput = builder.inputType('CreatePdfInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    pageCount: t.int({ description: 'Blank pages, 1 to 1,000; 1 when omitted.' }),
    pageSize: t.field({ type: PageSize, description: 'LETTER when omitted.' }),
    folderId: t.field({ type: 'UUID' }),
  }),
});

const AddPageInput = builder.inputType('AddPageInput', {
  fields: (t) => ({
    documentId: t.field({ type: 'UUID', required: true }),
    index: t.int({ description: 'The new page\u2019s number (1 makes it the first page); after the last page when omitted.' }),
    pageSize: t.field({ type: PageSize, description: 'When omitted, the size of the page before it (of the first page, for a new first page), as that page is seen.' }),
  }),
});

const WatermarkInput = builder.inputType('WatermarkInput', {
  fields: (t) => ({
    documentId: t.field({ type: 'UUID', required: true }),
    text: t.string({ required: true, description: 'At most 200 characters; Latin, Greek and Cyrillic (the bundled Liberation Sans, embedded).' }),
    pages: t.intList({ description: '1-based; every page when omitted.' }),
    fontSize: t.float({ description: 'Points; when omitted, the largest that fits the page along the angle.' }),
    color: t.string({ description: '#rrggbb; #808080 when omitted.' }),
    opacity: t.float({ description: '0 to 1; 0.3 when omitted.' }),
    rotation: t.float({ description: 'Degrees counter-clockwise as the page is seen; the page\u2019s diagonal (lower-left to upper-right) when omitted.' }),
  }),
});

const DrawOperationInput = builder.inputType('DrawOperationInput', {
  description:
    'One shape in points from the lower-left corner of the page as it is seen. RECTANGLE and ELLIPSE: x, y (lower-left of the shape or of the ellipse\u2019s bounding box), width, height, filled with color and outlined with borderColor and borderWidth (neither color: a black 1 pt outline). LINE: x, y to x2, y2 in color (or borderColor, else black), borderWidth thick (1 pt). TEXT: text with its baseline starting at x, y, fontSize (12), color (black).',
  fields: (t) => ({
    type: t.field({ type: DrawOperationType, required: true }),
    x: t.float(),
    y: t.float(),
    width: t.float(),
    height: t.float(),
    x2: t.float(),
    y2: t.float(),
    text: t.string(),
    fontSize: t.float(),
    color: t.string({ description: '#rrggbb.' }),
    borderColor: t.string({ description: '#rrggbb.' }),
    borderWidth: t.float(),
    opacity: t.float({ description: '0 to 1; 1 when omitted.' }),
  }),
});

const DrawOperationsInput = builder.inputType('DrawOperationsInput', {
  fields: (t) => ({
    documentId: t.field({ type: 'UUID', required: true }),
    page: t.int({ required: true, description: '1-based.' }),
    operations: t.field({ type: [DrawOperationInput], required: true, description: '1 to 500 shapes, drawn in order.' }),
  }),
});

const DrawImageInput = builder.inputType('DrawImageInput', {
  fields: (t) => ({
    documentId: t.field({ type: 'UUID', required: true }),
    page: t.int({ required: true, description: '1-based.' }),
    fileHash: t.string({ required: true, description: 'A PNG or JPEG sent with uploadFile.' }),
    x: t.float({ required: true, description: 'The image\u2019s lower-left corner, in points from the lower-left corner of the page as seen.' }),
    y: t.float({ required: true }),
    width: t.float({ description: 'Points; from height keeping the proportions, or the image\u2019s pixels as points, when omitted.' }),
    height: t.float({ description: 'Points; as width.' }),
    opacity: t.float({ description: '0 to 1; 1 when omitted.' }),
  }),
});

const ExtractPagesInput = builder.inputType('ExtractPagesInput', {
  fields: (t) => ({
    documentId: t.field({ type: 'UUID', required: true }),
    pages: t.intList({ required: true, description: '1-based, in the order the new document has them.' }),
    name: t.string({ description: '"<document> (pages …)" when omitted.' }),
  }),
});

const FormFieldInput = builder.inputType('FormFieldInput', {
  fields: (t) => ({
    name: t.string({ required: true, description: 'The field\u2019s full name (parent.child).' }),
    value: t.string({ required: true, description: 'Text; a checkbox: true or false; a radio group or dropdown: one of its options.' }),
  }),
});

const FillFormInput = builder.inputType('FillFormInput', {
  fields: (t) => ({
    documentId: t.field({ type: 'UUID', required: true }),
    fields: t.field({ type: [FormFieldInput], required: true }),
    flatten: t.boolean({ description: 'Make every field static afterwards; false when omitted.' }),
  }),
});

const MergePdfsInput = builder.inputType('MergePdfsInput', {
  fields: (t) => ({
    documentIds: t.field({ type: ['UUID'], required: true, description: '2 to 100 documents, merged in this order.' }),
    name: t.string({ required: true }),
  }),
});

const MovePdfPageInput = builder.inputType('MovePdfPageInput', {
  fields: (t) => ({
    documentId: t.field({ type: 'UUID', required: true }),
    fromPage: t.int({ required: true }),
    toPage: t.int({ required: true, description: 'The page\u2019s number once moved.' }),
  }),
});

builder.queryFields((t) => ({
  pdfInfo: t.field({
    type: PdfInfoRef,
    nullable: true,
    description: 'Facts of the current version\u2019s PDF; null for a document you do not see.',
    authScopes: { authenticated: true },
    args: { documentId: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, { documentId }, ctx) => getPdfInfo({ actor: ctx.actor!, signal: ctx.signal, documentId }),
  }),
  pdfMetadata: t.field({
    type: PdfMetadataRef,
    nullable: true,
    authScopes: { authenticated: true },
    args: { documentId: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, { documentId }, ctx) => getPdfMetadata({ actor: ctx.actor!, signal: ctx.signal, documentId }),
  }),
  pdfPageInfo: t.field({
    type: [PdfPageInfoBasic],
    description: 'Every page\u2019s size and rotation. NOT_FOUND for a document you do not see.',
    authScopes: { authenticated: true },
    args: { documentId: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, { documentId }, ctx) => getPdfPageInfo({ actor: ctx.actor!, signal: ctx.signal, documentId }),
  }),
  pdfDetailedPageInfo: t.field({
    type: PdfPageInfoDetail,
    nullable: true,
    authScopes: { authenticated: true },
    args: { documentId: t.arg({ type: 'UUID', required: true }), page: t.arg.int({ required: true, description: '1-based.' }) },
    resolve: (_root, { documentId, page }, ctx) => getPdfDetailedPageInfo({ actor: ctx.actor!, signal: ctx.signal, documentId, page }),
  }),
  pdfSignatures: t.field({
    type: PdfSignatureInfoRef,
    nullable: true,
    authScopes: { authenticated: true },
    args: { documentId: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, { documentId }, ctx) => getPdfSignatures({ actor: ctx.actor!, signal: ctx.signal, documentId }),
  }),
  pdfText: t.field({
    type: PdfTextResult,
    nullable: true,
    authScopes: { authenticated: true },
    args: { documentId: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, { documentId }, ctx) => getPdfText({ actor: ctx.actor!, signal: ctx.signal, documentId }),
  }),
  pdfValidate: t.field({
    type: PdfValidationResult,
    nullable: true,
    authScopes: { authenticated: true },
    args: { documentId: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, { documentId }, ctx) => validatePdf({ actor: ctx.actor!, signal: ctx.signal, documentId }),
  }),
}));

const operation = { type: PdfOperationResult, nullable: true, authScopes: { authenticated: true } } as const;

builder.mutationFields((t) => ({
  createPdf: t.field({
    ...operation,
    description: 'A new document of blank pages.',
    args: { input: t.arg({ type: CreatePdfInput, required: true }) },
    resolve: (_root, { input }, ctx) => edit.createPdf({ actor: ctx.actor!, signal: ctx.signal, input }),
  }),
  addPdfPage: t.field({
    ...operation,
    description: 'A blank page, as a new version of the document.',
    args: { input: t.arg({ type: AddPageInput, required: true }) },
    resolve: (_root, { input }, ctx) => edit.addPdfPage({ actor: ctx.actor!, signal: ctx.signal, input }),
  }),
  addPdfWatermark: t.field({
    ...operation,
    description: 'A text watermark, diagonal and centred on each page as it is seen, as a new version of the document.',
    args: { input: t.arg({ type: WatermarkInput, required: true }) },
    resolve: (_root, { input }, ctx) => edit.addPdfWatermark({ actor: ctx.actor!, signal: ctx.signal, input }),
  }),
  drawOnPdf: t.field({
    ...operation,
    description: 'Shapes and text on a page, as a new version of the document.',
    args: { input: t.arg({ type: DrawOperationsInput, required: true }) },
    resolve: (_root, { input }, ctx) => edit.drawOnPdf({ actor: ctx.actor!, signal: ctx.signal, input }),
  }),
  drawPdfImage: t.field({
    ...operation,
    description: 'An uploaded PNG or JPEG on a page, as a new version of the document.',
    args: { input: t.arg({ type: DrawImageInput, required: true }) },
    resolve: (_root, { input }, ctx) => edit.drawPdfImage({ actor: ctx.actor!, signal: ctx.signal, input }),
  }),
  extractPages: t.field({
    ...operation,
    description: 'The chosen pages as a new document.',
    args: { input: t.arg({ type: ExtractPagesInput, required: true }) },
    resolve: (_root, { input }, ctx) => edit.extractPages({ actor: ctx.actor!, signal: ctx.signal, input }),
  }),
  fillPdfForm: t.field({
    ...operation,
    description: 'Fill form fields (text, checkbox, radio, dropdown) by name, their appearances regenerated, as a new version. An unknown name: BAD_USER_INPUT naming it.',
    args: { input: t.arg({ type: FillFormInput, required: true }) },
    resolve: (_root, { input }, ctx) => edit.fillPdfForm({ actor: ctx.actor!, signal: ctx.signal, input }),
  }),
  flattenPdfForm: t.field({
    ...operation,
    description: 'Make every form field static, as a new version of the document.',
    args: { documentId: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, { documentId }, ctx) => edit.flattenPdfForm({ actor: ctx.actor!, signal: ctx.signal, documentId }),
  }),
  mergePdfs: t.field({
    ...operation,
    description: 'The documents\u2019 pages one after another, with their sizes, rotation, links and outlines, as a new document.',
    args: { input: t.arg({ type: MergePdfsInput, required: true }) },
    resolve: (_root, { input }, ctx) => edit.mergePdfs({ actor: ctx.actor!, signal: ctx.signal, input }),
  }),
  movePdfPage: t.field({
    ...operation,
    description: 'Move a page, as a new version of the document.',
    args: { input: t.arg({ type: MovePdfPageInput, required: true }) },
    resolve: (_root, { input }, ctx) => edit.movePdfPage({ actor: ctx.actor!, signal: ctx.signal, input }),
  }),
}));
