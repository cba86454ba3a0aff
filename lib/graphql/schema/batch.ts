import { createBatchSealJob, MAX_BATCH_DOCUMENTS } from '../../batch/create-job.ts';
import { cancelBatchJob, countBatchJobs, getBatchJob, isBatchJobListed, listBatchJobs } from '../../batch/jobs.ts';
import { progressPercent, remaining } from '../../batch/progress.ts';
import { canReadDocument, DOCUMENT_ACCESS_FACTS } from '../../documents/access.ts';
import type { BatchSealStatus as BatchSealStatusValue } from '../../generated/prisma/enums.ts';
import { AppError } from '../../errors.ts';
import { builder } from '../builder.ts';
import { CredentialRef } from './credentials.ts';
import { DocumentRef } from './documents.ts';
import { checkLimit, listConnection, MAX_PAGE_SIZE } from './pagination.ts';
import { FooterPosition, PageMode, SigningCertificateRef } from './seals.ts';

const BatchSealStatus = builder.enumType('BatchSealStatus', {
  values: {
    PENDING: { description: 'Queued; no item has started.' },
    PROCESSING: { description: 'Items are being sealed.' },
    COMPLETED: { description: 'Every document was sealed.' },
    PARTIALLY_COMPLETED: { description: 'Some documents were sealed, some failed.' },
    FAILED: { description: 'No document was sealed.' },
    CANCELLED: { description: 'Cancelled: the items not started were not sealed.' },
  } as const,
});

const BatchSealItemStatus = builder.enumType('BatchSealItemStatus', { values: ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const });

type StatusArgs = { status?: BatchSealStatusValue | null };

/** BatchSealJob.items' page as Prisma takes it: BAD_USER_INPUT outside the bounds, never a silent cut. */
function itemsPage({ first, offset }: { first?: number | null; offset?: number | null }): { take: number; skip: number } {
  const take = checkLimit(first ?? MAX_BATCH_DOCUMENTS, MAX_BATCH_DOCUMENTS, 'first');
  const skip = offset ?? 0;
  if (!Number.isInteger(skip) || skip < 0 || skip >= MAX_BATCH_DOCUMENTS) throw new AppError('BAD_USER_INPUT', `offset must be between 0 and ${MAX_BATCH_DOCUMENTS - 1}; got ${skip}`);
  return { take, skip };
}

const COUNTS = { totalDocuments: true, completedDocuments: true, failedDocuments: true, cancelledDocuments: true } as const;

builder.prismaObject('BatchSealItem', {
  description: 'One document of a batch job.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    status: t.expose('status', { type: BatchSealItemStatus }),
    errorMessage: t.exposeString('errorMessage', { nullable: true, description: 'Why the document was not sealed (FAILED).' }),
    processingStartedAt: t.expose('processingStartedAt', { type: 'DateTime', nullable: true }),
    processingCompletedAt: t.expose('processingCompletedAt', { type: 'DateTime', nullable: true }),
    document: t.field({
      type: DocumentRef,
      nullable: true,
      description: 'The document, while you may see it (null once deleted).',
      select: (_args, _ctx, nested) => ({ document: nested({ select: DOCUMENT_ACCESS_FACTS }) }),
      resolve: (item, _args, ctx) => (item.document && canReadDocument(ctx.actor, item.document) ? item.document : null) as never,
    }),
    seal: t.relation('seal', { nullable: true, description: 'The seal made for this item (COMPLETED).' }),
  }),
});

builder.prismaObject('BatchSealJob', {
  description: 'Many documents sealed with one credential and one placement, worked in the background. Progress is exact at every moment.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    status: t.expose('status', { type: BatchSealStatus }),
    totalDocuments: t.exposeInt('totalDocuments'),
    completedDocuments: t.exposeInt('completedDocuments', { description: 'Sealed.' }),
    failedDocuments: t.exposeInt('failedDocuments', { description: 'Not sealed, with an errorMessage on the item.' }),
    cancelledDocuments: t.exposeInt('cancelledDocuments', { description: 'Not started when the job was cancelled.' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true, description: 'When the first item started.' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true, description: 'When the last item was settled (or the job was cancelled with none under way).' }),
    insertedAt: t.expose('insertedAt', { type: 'DateTime' }),
    pageMode: t.expose('pageMode', { type: PageMode }),
    positionX: t.exposeFloat('positionX'),
    positionY: t.exposeFloat('positionY'),
    size: t.exposeFloat('size', { description: 'The stamp diameter in PDF points.' }),
    footerPosition: t.expose('footerPosition', { type: FooterPosition }),
    credential: t.field({
      type: CredentialRef,
      nullable: true,
      description: 'The credential sealing (null once deleted).',
      select: (_args, _ctx, nested) => ({ credential: nested(true) }),
      resolve: (job) => job.credential,
    }),
    signingCertificate: t.field({
      type: SigningCertificateRef,
      nullable: true,
      description: 'The certificate PKI-signing each seal, when one was given.',
      select: (_args, _ctx, nested) => ({ signingCertificate: nested(true) }),
      resolve: (job) => job.signingCertificate as never,
    }),
    items: t.relation('items', {
      description: `One per document, in the order given: \`first\` of them (1 to ${MAX_BATCH_DOCUMENTS}; every item when omitted) after skipping \`offset\`, only those in \`status\` when given. The query's cost counts \`first\` items (20 when omitted, as for any list): page a large job.`,
      args: {
        // No declared default: the contract's `items` (no arguments) answers every item and keeps
        // the cost rule's estimate of 20, so clients of the contract are not refused; a page asked
        // for with `first` is counted at its size.
        first: t.arg.int({ description: `1 to ${MAX_BATCH_DOCUMENTS}; every item when omitted.` }),
        offset: t.arg.int({ defaultValue: 0, description: `Items to skip (of those in \`status\`), 0 to ${MAX_BATCH_DOCUMENTS - 1}.` }),
        status: t.arg({ type: BatchSealItemStatus, description: 'Only the items in this status.' }),
      },
      validateArgs: (args) => itemsPage(args),
      query: (args) => ({ where: args.status ? { status: args.status } : {}, orderBy: { position: 'asc' }, ...itemsPage(args) }),
    }),
    progressPercent: t.int({ description: 'Settled items (sealed, failed or cancelled) as a whole percentage, rounded down.', select: COUNTS, resolve: (job) => progressPercent(job) }),
    remaining: t.int({ description: 'Items not settled yet.', select: COUNTS, resolve: (job) => remaining(job) }),
  }),
});

const CreateBatchSealInput = builder.inputType('CreateBatchSealInput', {
  fields: (t) => ({
    documentIds: t.field({ type: ['UUID'], required: true, description: `1 to ${MAX_BATCH_DOCUMENTS} distinct documents of yours, each a PDF neither sealed nor deleted.` }),
    credentialId: t.field({ type: 'UUID', required: true, description: 'One of your credentials that canSeal.' }),
    signingCertificateId: t.field({ type: 'UUID', description: 'PKI-sign every seal (PAdES) with this certificate of yours.' }),
    pageMode: t.field({ type: PageMode, description: 'FIRST when omitted.' }),
    positionX: t.float({ description: "The stamp's centre as a fraction of the page's width from its left edge (0.85 when omitted)." }),
    positionY: t.float({ description: "The stamp's centre as a fraction of the page's height from its top edge (0.85 when omitted)." }),
    size: t.float({ description: 'The stamp diameter in PDF points, 36 to 288 (108 when omitted).' }),
    footerPosition: t.field({ type: FooterPosition, description: 'Where the verification line and QR code go (BELOW_STAMP when omitted).' }),
  }),
});

builder.queryFields((t) => ({
  batchSealJob: t.prismaField({
    type: 'BatchSealJob',
    nullable: true,
    description: 'A batch job of yours (OWNER and ADMIN: of the organization), or null.',
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (query, _root, { id }, ctx) => getBatchJob({ actor: ctx.actor!, id, query }),
  }),
  batchSealJobs: t.prismaField({
    type: ['BatchSealJob'],
    deprecationReason: 'Use batchSealJobsConnection.',
    description: 'Your batch jobs, newest first (limit: 20 when omitted, at most 100).',
    args: { status: t.arg({ type: BatchSealStatus }), limit: t.arg.int() },
    authScopes: { authenticated: true },
    validateArgs: (args) => checkLimit(args.limit, MAX_PAGE_SIZE),
    resolve: (query, _root, args, ctx) => listBatchJobs({ actor: ctx.actor!, status: args.status, query: { ...query, take: checkLimit(args.limit, MAX_PAGE_SIZE) } }),
  }),
  batchSealJobsConnection: t.prismaConnection(
    {
      type: 'BatchSealJob',
      args: { status: t.arg({ type: BatchSealStatus }) },
      ...listConnection({
        count: (actor, args: StatusArgs) => countBatchJobs({ actor, status: args.status }),
        isListed: (actor, args: StatusArgs, id) => isBatchJobListed({ actor, status: args.status, id }),
        list: (actor, args: StatusArgs, query) => listBatchJobs({ actor, status: args.status, query }),
      }),
    },
    { name: 'BatchSealJobConnection' },
    { name: 'BatchSealJobEdge' },
  ),
}));

builder.mutationFields((t) => ({
  createBatchSealJob: t.prismaField({
    type: 'BatchSealJob',
    nullable: true,
    description:
      'Seal many documents with one credential and one placement, in the background. Everything is checked first, with the error codes of sealDocument naming the first offending document; then a PENDING job with one PENDING item per document, in the order given.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: CreateBatchSealInput, required: true }) },
    resolve: (query, _root, { input }, ctx) => createBatchSealJob({ actor: ctx.actor!, input, query }),
  }),
  cancelBatchSealJob: t.prismaField({
    type: 'BatchSealJob',
    nullable: true,
    description: 'Cancel a job: items not started become CANCELLED at once; one being sealed finishes; the job then ends CANCELLED. A finished job is answered unchanged.',
    authScopes: { authenticated: true },
    args: { id: t.arg({ type: 'UUID', required: true }) },
    resolve: (query, _root, { id }, ctx) => cancelBatchJob({ actor: ctx.actor!, id, query }),
  }),
}));
