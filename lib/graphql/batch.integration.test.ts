/**
 * Batch sealing over real GraphQL requests through the route handler, worked by the real
 * pg-boss queue (on PGlite, or on PostgreSQL with DATABASE_URL): up-front refusals that queue
 * nothing, success, mixed failures, cancel in the middle, paging, and the cron route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as cronBatch, POST as cronBatchPost } from '../../app/v1/cron/batch/route.ts';
import { seedCredential, seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, uploaded } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';
import { batchQueue } from '../batch/queue.ts';
import { drainBatchQueue } from '../batch/workers.ts';
import { workBatchItem } from '../batch/work-item.ts';
import { db } from '../db/index.ts';
import { queueSize, stopQueue } from '../queue/index.ts';

const JOB_FIELDS =
  'id status totalDocuments completedDocuments failedDocuments cancelledDocuments progressPercent remaining startedAt completedAt insertedAt pageMode positionX positionY size credential { id } items(first: 20) { id status errorMessage processingStartedAt processingCompletedAt document { id status } seal { id verificationCode } }';
const CREATE = `mutation($input: CreateBatchSealInput!) { createBatchSealJob(input: $input) { ${JOB_FIELDS} } }`;
const CANCEL = `mutation($id: UUID!) { cancelBatchSealJob(id: $id) { ${JOB_FIELDS} } }`;
const JOB = `query($id: UUID!) { batchSealJob(id: $id) { ${JOB_FIELDS} } }`;

interface Professional extends SeededUser {
  credentialId: string;
}

async function professional(name = 'Jordan Ellis'): Promise<Professional> {
  const user = await seedUser({ planLevel: 'TEAM', displayName: name });
  const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId, displayName: name });
  return { ...user, credentialId: credential.id };
}

async function documents(owner: SeededUser, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const doc = await createDocumentVia(owner.accessToken, { name: `Sheet S-${i + 1}`, fileHash: await uploaded(await samplePdf(1, `S-${i + 1}`), `s${i + 1}.pdf`, owner.accessToken) });
    ids.push(doc.id);
  }
  return ids;
}

async function create(owner: Professional, input: Record<string, unknown>, headers?: Record<string, string>) {
  return gql(CREATE, { token: owner.accessToken, headers, variables: { input: { credentialId: owner.credentialId, ...input } } });
}

async function job(owner: SeededUser, id: string) {
  const res = await gql(JOB, { token: owner.accessToken, variables: { id } });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.batchSealJob;
}

/** What the database holds for these documents: seals and versions, per document. */
async function sealsAndVersions(documentIds: string[]) {
  const seals = await db().seal.groupBy({ by: ['documentId'], where: { documentId: { in: documentIds } }, _count: true });
  const versions = await db().documentVersion.groupBy({ by: ['documentId'], where: { documentId: { in: documentIds } }, _count: true });
  return {
    seals: Object.fromEntries(seals.map((s) => [s.documentId, s._count])),
    versions: Object.fromEntries(versions.map((v) => [v.documentId, v._count])),
  };
}

const drain = () => drainBatchQueue({ budgetMs: 60_000, concurrency: 2 });

afterAll(() => stopQueue());

describe('createBatchSealJob, worked by the queue', () => {
  let pro: Professional;
  beforeAll(async () => {
    pro = await professional();
  });

  it('answers a PENDING job with one PENDING item per document in the order given, and seals each once', async () => {
    const ids = await documents(pro, 4);
    const order = [ids[2], ids[0], ids[3], ids[1]];
    const res = await create(pro, { documentIds: order, pageMode: 'LAST', positionX: 0.8, positionY: 0.9, size: 96 }, { 'x-forwarded-for': '198.51.100.42' });
    expect(res.body.errors).toBeUndefined();
    const created = res.body.data!.createBatchSealJob;
    expect(created).toMatchObject({
      status: 'PENDING',
      totalDocuments: 4,
      completedDocuments: 0,
      failedDocuments: 0,
      progressPercent: 0,
      remaining: 4,
      startedAt: null,
      completedAt: null,
      pageMode: 'LAST',
      positionX: 0.8,
      positionY: 0.9,
      size: 96,
    });
    expect(created.credential.id).toBe(pro.credentialId);
    expect(created.items.map((i: any) => i.document.id)).toEqual(order);
    expect(created.items.every((i: any) => i.status === 'PENDING' && i.seal === null)).toBe(true);
    expect(await queueSize(batchQueue())).toBeGreaterThanOrEqual(4);

    await drain();
    const done = await job(pro, created.id);
    expect(done).toMatchObject({ status: 'COMPLETED', completedDocuments: 4, failedDocuments: 0, progressPercent: 100, remaining: 0 });
    expect(new Date(done.startedAt).getTime()).toBeLessThanOrEqual(new Date(done.completedAt).getTime());
    for (const item of done.items) {
      expect(item.status).toBe('COMPLETED');
      expect(item.document.status).toBe('SEALED');
      expect(item.seal.verificationCode).toMatch(/^[a-z0-9]{12}$/);
      expect(new Date(item.processingStartedAt).getTime()).toBeLessThanOrEqual(new Date(item.processingCompletedAt).getTime());
    }
    const counts = await sealsAndVersions(ids);
    for (const id of ids) {
      expect(counts.seals[id]).toBe(1);
      expect(counts.versions[id]).toBe(2);
    }
    // The seal is sealDocument's: placed on the last page with the job's placement.
    const seal = await db().seal.findFirstOrThrow({ where: { documentId: ids[0] }, select: { pages: true, positionX: true, positionY: true, size: true, createdById: true } });
    expect(seal).toMatchObject({ pages: [1], positionX: 0.8, positionY: 0.9, size: 96, createdById: pro.id });

    // Each document's audit trail has its SEALED event under the member and the address that queued the job.
    const sealedEvents = await db().documentEvent.findMany({ where: { documentId: { in: ids }, type: 'SEALED' }, select: { documentId: true, actorId: true, clientAddress: true } });
    expect(sealedEvents.map((e) => e.documentId).sort()).toEqual([...ids].sort());
    expect(sealedEvents.every((e) => e.actorId === pro.id && e.clientAddress === '198.51.100.42')).toBe(true);

    // Working an item again (a retry after a crash) changes nothing.
    expect(await workBatchItem(done.items[0].id)).toBe('settled');
    expect((await sealsAndVersions(ids)).seals[ids[0]]).toBe(1);
  });

  it('keeps going past failed items: a document deleted after queueing, then a credential revoked', async () => {
    const ids = await documents(pro, 3);
    const res = await create(pro, { documentIds: ids });
    const created = res.body.data!.createBatchSealJob;
    const deleted = await gql('mutation($id: UUID!) { deleteDocument(id: $id) { id } }', { token: pro.accessToken, variables: { id: ids[1] } });
    expect(deleted.body.errors).toBeUndefined();
    await drain();
    const mixed = await job(pro, created.id);
    expect(mixed).toMatchObject({ status: 'PARTIALLY_COMPLETED', completedDocuments: 2, failedDocuments: 1, progressPercent: 100, remaining: 0 });
    expect(mixed.items.map((i: any) => i.status)).toEqual(['COMPLETED', 'FAILED', 'COMPLETED']);
    expect(mixed.items[1].errorMessage).toMatch(/Document not found/);
    expect(mixed.items[1].document).toBeNull();

    // The credential is revoked after queueing: every item fails in words, and the job is FAILED.
    const more = await documents(pro, 2);
    const second = (await create(pro, { documentIds: more })).body.data!.createBatchSealJob;
    await db().credential.update({ where: { id: pro.credentialId }, data: { status: 'REVOKED' } });
    try {
      await drain();
      const failed = await job(pro, second.id);
      expect(failed).toMatchObject({ status: 'FAILED', completedDocuments: 0, failedDocuments: 2 });
      for (const item of failed.items) {
        expect(item.status).toBe('FAILED');
        expect(item.errorMessage).toMatch(/revoked/i);
        expect(item.document.status).toBe('DRAFT');
      }
      expect(Object.keys((await sealsAndVersions(more)).seals)).toHaveLength(0);
    } finally {
      await db().credential.update({ where: { id: pro.credentialId }, data: { status: 'VERIFIED' } });
    }
  });

  it('cancels in the middle: waiting items at once, the one being sealed finishes, then the job is CANCELLED', async () => {
    const ids = await documents(pro, 5);
    const created = (await create(pro, { documentIds: ids })).body.data!.createBatchSealJob;
    const [first, second] = created.items;
    expect(await workBatchItem(first.id)).toBe('sealed');
    // A worker has claimed the second item and is sealing it when the cancel comes.
    await db().batchSealItem.update({ where: { id: second.id }, data: { status: 'PROCESSING', processingStartedAt: new Date() } });
    await db().batchSealJob.update({ where: { id: created.id }, data: { status: 'PROCESSING' } });

    const cancelled = (await gql(CANCEL, { token: pro.accessToken, variables: { id: created.id } })).body.data!.cancelBatchSealJob;
    expect(cancelled).toMatchObject({ status: 'PROCESSING', completedDocuments: 1, cancelledDocuments: 3, remaining: 1, progressPercent: 80, completedAt: null });
    expect(cancelled.items.map((i: any) => i.status)).toEqual(['COMPLETED', 'PROCESSING', 'CANCELLED', 'CANCELLED', 'CANCELLED']);

    expect(await workBatchItem(second.id)).toBe('sealed');
    await drain();
    const ended = await job(pro, created.id);
    expect(ended).toMatchObject({ status: 'CANCELLED', completedDocuments: 2, cancelledDocuments: 3, remaining: 0, progressPercent: 100 });
    expect(ended.completedAt).not.toBeNull();
    expect(Object.keys((await sealsAndVersions(ids)).seals).sort()).toEqual([ids[0], ids[1]].sort());

    // Cancelling a finished job answers it unchanged.
    const again = (await gql(CANCEL, { token: pro.accessToken, variables: { id: created.id } })).body.data!.cancelBatchSealJob;
    expect(again).toEqual(ended);
  });

  it('cancels a job no item has started: CANCELLED at once, nothing sealed', async () => {
    const ids = await documents(pro, 2);
    const created = (await create(pro, { documentIds: ids })).body.data!.createBatchSealJob;
    const cancelled = (await gql(CANCEL, { token: pro.accessToken, variables: { id: created.id } })).body.data!.cancelBatchSealJob;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelledDocuments: 2, completedDocuments: 0, remaining: 0 });
    await drain();
    expect(Object.keys((await sealsAndVersions(ids)).seals)).toHaveLength(0);
    expect((await job(pro, created.id)).status).toBe('CANCELLED');
  });
});

describe('createBatchSealJob refuses a bad input whole, and queues nothing', () => {
  let pro: Professional;
  let stranger: Professional;
  let ids: string[];
  let queuedBefore: number;

  beforeAll(async () => {
    pro = await professional('Morgan Hale');
    stranger = await professional('Casey Brooks');
    ids = await documents(pro, 2);
  });

  async function refused(input: Record<string, unknown>, code: string, message?: RegExp, owner: Professional = pro) {
    queuedBefore = await db().batchSealJob.count();
    const res = await create(owner, input);
    expect(res.body.data?.createBatchSealJob ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toBe(code);
    if (message) expect(res.body.errors![0]!.message).toMatch(message);
    expect(await db().batchSealJob.count()).toBe(queuedBefore);
    return res.body.errors![0]!;
  }

  it('another organization’s document, credential or certificate', async () => {
    const [theirs] = await documents(stranger, 1);
    await refused({ documentIds: [ids[0], theirs] }, 'NOT_FOUND', new RegExp(`Document ${theirs}`));
    await refused({ documentIds: ids, credentialId: stranger.credentialId }, 'NOT_FOUND', /Credential not found/);
    const strangersCert = await db().signingCertificate.create({
      data: {
        organizationId: stranger.organizationId,
        userId: stranger.id,
        name: 'Casey’s',
        commonName: 'Casey Brooks',
        issuerCn: 'Sealwright CA',
        serialNumber: '01',
        notBefore: new Date(Date.now() - 86_400_000),
        expiresAt: new Date(Date.now() + 86_400_000 * 300),
        fingerprintSha256: 'ab'.repeat(32),
        certificateChain: '',
      },
    });
    await refused({ documentIds: ids, signingCertificateId: strangersCert.id }, 'NOT_FOUND', /Signing certificate not found/);
  });

  it('501 ids, none, and a duplicate', async () => {
    const many = Array.from({ length: 501 }, () => crypto.randomUUID());
    await refused({ documentIds: many }, 'BAD_USER_INPUT', /1 to 500/);
    await refused({ documentIds: [] }, 'BAD_USER_INPUT', /1 to 500/);
    await refused({ documentIds: [ids[0], ids[1], ids[0]] }, 'BAD_USER_INPUT', new RegExp(`Document ${ids[0]} is listed twice`));
  });

  it('a sealed, archived or deleted document, a bad placement, a credential that cannot seal: sealDocument’s codes', async () => {
    const [sealedOne, archivedOne, deletedOne] = await documents(pro, 3);
    const sealRes = await gql('mutation($input: SealDocumentInput!) { sealDocument(input: $input) { id } }', {
      token: pro.accessToken,
      variables: { input: { documentId: sealedOne, credentialId: pro.credentialId } },
    });
    expect(sealRes.body.errors).toBeUndefined();
    const sealedError = await refused({ documentIds: [ids[0], sealedOne] }, 'DOCUMENT_SEALED', new RegExp(`Document ${sealedOne}`));
    expect(sealedError.extensions?.documentId).toBe(sealedOne);
    await db().document.update({ where: { id: archivedOne }, data: { archived: true } });
    await refused({ documentIds: [archivedOne] }, 'BAD_USER_INPUT', /archived/);
    await db().document.update({ where: { id: deletedOne }, data: { deletedAt: new Date() } });
    await refused({ documentIds: [ids[0], deletedOne] }, 'NOT_FOUND', new RegExp(`Document ${deletedOne}`));
    await refused({ documentIds: ids, positionX: 1.5 }, 'BAD_USER_INPUT', /positionX/);
    await refused({ documentIds: ids, size: 5 }, 'BAD_USER_INPUT', /size/);
    const expired = await seedCredential({ userId: pro.id, organizationId: pro.organizationId, displayName: 'Morgan Hale', expirationDate: '2020-01-01', status: 'EXPIRED' });
    await refused({ documentIds: ids, credentialId: expired.id }, 'CREDENTIAL_CANNOT_SEAL');
  });

  it('a document waiting in an unfinished job: CONFLICT, even when asked at once; once that job is cancelled it can be queued again', async () => {
    const [waiting] = await documents(pro, 1);
    const attempts = await Promise.all([0, 1, 2].map(() => create(pro, { documentIds: [waiting] })));
    const made = attempts.filter((res) => res.body.data?.createBatchSealJob);
    expect(made).toHaveLength(1);
    for (const res of attempts.filter((r) => !r.body.data?.createBatchSealJob)) expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', status_code: 409 });
    const conflict = await refused({ documentIds: [ids[1], waiting] }, 'CONFLICT', new RegExp(`Document ${waiting} is waiting in a batch job`));
    expect(conflict.extensions?.documentId).toBe(waiting);
    expect(await db().batchSealItem.count({ where: { documentId: waiting } })).toBe(1);
    await gql(CANCEL, { token: pro.accessToken, variables: { id: made[0]!.body.data!.createBatchSealJob.id } });
    const again = await create(pro, { documentIds: [waiting] });
    expect(again.body.errors).toBeUndefined();
    await gql(CANCEL, { token: pro.accessToken, variables: { id: again.body.data!.createBatchSealJob.id } });
  });

  it('a colleague’s credential, and a colleague’s job: theirs alone', async () => {
    const colleague = await seedUser({ displayName: 'Riley Shaw' });
    await db().organizationMembership.create({ data: { userId: colleague.id, organizationId: pro.organizationId, role: 'MEMBER' } });
    const inFirm = { 'x-organization-id': pro.organizationId };
    const asColleague = (query: string, variables: Record<string, unknown>) => gql(query, { token: colleague.accessToken, headers: inFirm, variables });
    const before = await db().batchSealJob.count();
    // A PRIVATE document of a colleague is not found; one shared with the firm is, but the credential is its holder's alone.
    const hidden = await asColleague(CREATE, { input: { documentIds: [ids[0]], credentialId: pro.credentialId } });
    expect(hidden.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await db().document.update({ where: { id: ids[0] }, data: { visibility: 'ORGANIZATION' } });
    const theirs = await asColleague(CREATE, { input: { documentIds: [ids[0]], credentialId: pro.credentialId } });
    expect(theirs.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await db().batchSealJob.count()).toBe(before);
    const mine = (await create(pro, { documentIds: [ids[0]] })).body.data!.createBatchSealJob;
    expect((await asColleague(JOB, { id: mine.id })).body.data!.batchSealJob).toBeNull();
    const cancel = await asColleague(CANCEL, { id: mine.id });
    expect(cancel.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await job(pro, mine.id)).status).toBe('PENDING');
    await gql(CANCEL, { token: pro.accessToken, variables: { id: mine.id } });
  });
});

describe('batchSealJobsConnection', () => {
  it('pages newest first, filters by status, and counts', async () => {
    const pro = await professional('Avery Quinn');
    const ids = await documents(pro, 3);
    const made: string[] = [];
    for (const id of ids) made.push((await create(pro, { documentIds: [id] })).body.data!.createBatchSealJob.id);
    await gql(CANCEL, { token: pro.accessToken, variables: { id: made[1] } });
    const page = (after?: string, status?: string) =>
      gql(
        'query($after: String, $status: BatchSealStatus) { batchSealJobsConnection(first: 2, after: $after, status: $status) { totalCount pageInfo { hasNextPage endCursor } edges { node { id status } } } }',
        {
          token: pro.accessToken,
          variables: { after, status },
        },
      );
    const first = (await page()).body.data!.batchSealJobsConnection;
    expect(first.totalCount).toBe(3);
    expect(first.edges.map((e: any) => e.node.id)).toEqual([made[2], made[1]]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await page(first.pageInfo.endCursor)).body.data!.batchSealJobsConnection;
    expect(second.edges.map((e: any) => e.node.id)).toEqual([made[0]]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const cancelledOnly = (await page(undefined, 'CANCELLED')).body.data!.batchSealJobsConnection;
    expect(cancelledOnly).toMatchObject({ totalCount: 1, edges: [{ node: { id: made[1], status: 'CANCELLED' } }] });
    const pendingOnly = (await page(undefined, 'PENDING')).body.data!.batchSealJobsConnection;
    expect(pendingOnly.edges.map((e: any) => e.node.id)).toEqual([made[2], made[0]]);
    const tooMany = await gql('{ batchSealJobsConnection(first: 101) { totalCount } }', { token: pro.accessToken });
    expect(tooMany.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const deprecated = await gql('{ batchSealJobs(status: PENDING, limit: 1) { id } }', { token: pro.accessToken });
    expect(deprecated.body.data!.batchSealJobs).toEqual([{ id: made[2] }]);
    await drain();
  });
});

describe('BatchSealJob.items', () => {
  it('pages with first and offset, filters by status, refuses a page out of bounds, and costs what first asks', async () => {
    const pro = await professional('Rowan Hale');
    const ids = await documents(pro, 3);
    const made = (await create(pro, { documentIds: ids })).body.data!.createBatchSealJob.id;
    const items = async (args: string, selection = 'status document { id }') => {
      const res = await gql(`query($id: UUID!) { batchSealJob(id: $id) { items${args} { ${selection} } } }`, { token: pro.accessToken, variables: { id: made } });
      return res.body.errors ? res.body.errors[0] : res.body.data!.batchSealJob.items.map((i: any) => i.document.id);
    };
    expect(await items('(first: 100)')).toEqual(ids);
    expect(await items('(first: 2)')).toEqual(ids.slice(0, 2));
    expect(await items('(first: 2, offset: 2)')).toEqual(ids.slice(2));
    expect(await items('(first: 100, status: PENDING)')).toEqual(ids);
    expect(await items('(first: 100, status: FAILED)')).toEqual([]);
    for (const [args, message] of [
      ['(first: 0)', /first must be between 1 and 500; got 0/],
      ['(first: 501)', /first must be between 1 and 500; got 501/],
      ['(first: 10, offset: -1)', /offset must be between 0 and 499; got -1/],
      ['(first: 10, offset: 500)', /offset must be between 0 and 499; got 500/],
    ] as const) {
      const refused = await items(args, 'status');
      expect(refused.extensions?.code, args).toBe('BAD_USER_INPUT');
      expect(refused.message).toMatch(message);
    }
    // Without first, the contract's items answers every item, and the cost rule counts it as
    // any list (20): contract-shaped queries keep working. With first, the cost counts first
    // items, so a heavy page through the list of jobs is refused.
    expect(await items('')).toEqual(ids);
    const nested = await gql('{ batchSealJobsConnection(first: 100) { edges { node { items(first: 500) { document { id } seal { id verificationCode } } } } } }', { token: pro.accessToken });
    expect(nested.status).toBe(400);
    expect(nested.body.errors?.[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', queryComplexity: { max: 500, actual: 1 + 100 * (1 + 500 * 2) } });
    expect(nested.body.data).toBeUndefined();
    await gql(CANCEL, { token: pro.accessToken, variables: { id: made } });
  });
});

describe('GET /v1/cron/batch', () => {
  const call = (authorization?: string) => cronBatch(new Request('http://localhost/v1/cron/batch', { headers: authorization ? { authorization } : {} }));

  it('answers 401 without the bearer CRON_SECRET, and drains the queue with it', async () => {
    const pro = await professional('Drew Parker');
    const ids = await documents(pro, 2);
    const created = (await create(pro, { documentIds: ids })).body.data!.createBatchSealJob;
    const secret = 'cron-secret-for-the-test-0123456789';
    const before = process.env.CRON_SECRET;
    const { env } = await import('../env.ts');
    (env() as { CRON_SECRET?: string }).CRON_SECRET = secret;
    try {
      expect((await call()).status).toBe(401);
      expect((await call(`Bearer ${secret}x`)).status).toBe(401);
      expect((await call('Basic abc')).status).toBe(401);
      const wrongMethod = cronBatchPost();
      expect([wrongMethod.status, wrongMethod.headers.get('allow'), await wrongMethod.json()]).toEqual([405, 'GET', { error: 'method_not_allowed', message: 'Use GET on this endpoint.' }]);
      expect((await job(pro, created.id)).status).toBe('PENDING');
      const ok = await call(`Bearer ${secret}`);
      expect(ok.status).toBe(200);
      const body = await ok.json();
      expect(body.processed).toBeGreaterThanOrEqual(2);
      expect(body.stopped_at_budget).toBe(false);
      expect((await job(pro, created.id)).status).toBe('COMPLETED');
    } finally {
      (env() as { CRON_SECRET?: string }).CRON_SECRET = before;
    }
  });
});
