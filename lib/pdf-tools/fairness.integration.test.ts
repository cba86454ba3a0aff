/**
 * The PDF pool is shared fairly: a user's PDF operations run one at a time (lib/pdf-tools/
 * user-lane.ts), so while one user's slow operations queue up, another user's operation finds
 * a thread free and answers at once, over real GraphQL requests through the route handler.
 * And a request's PDF work takes its pool turns as its client address's (lib/pdf/pool.ts shares).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, uploadBytes, uploaded } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';
import { manyPages } from '../../test/hostile-pdfs.ts';
import { plantDocument } from '../../test/pdf-tools.ts';
import { asPdfTenant, onPdfTurn, PDF_THREADS, pdfPoolShares } from '../pdf/pool.ts';
import { configureRateLimit } from '../ratelimit/index.ts';
import { laneLength } from './user-lane.ts';

let a: SeededUser;
let b: SeededUser;
beforeAll(async () => {
  configureRateLimit('pdf', { disabled: true });
  [a, b] = await Promise.all([seedUser({ planLevel: 'PROFESSIONAL' }), seedUser({ planLevel: 'PROFESSIONAL' })]);
});

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('PDF operations of two users', () => {
  it('while user A’s slow operations fill their line, user B’s answers promptly, before any of A’s', async () => {
    const slow = await plantDocument(a, manyPages(1000), 'Specification');
    const quick = (await createDocumentVia(b.accessToken, { name: 'Plan', fileHash: await uploaded(await samplePdf(1), 'plan.pdf', b.accessToken) })).id;
    const started = performance.now();
    const finished: Array<{ who: string; at: number }> = [];
    // As many text extractions of 1,000 pages as there are pool threads: unchecked, they would hold them all.
    const ofA = Array.from({ length: PDF_THREADS }, (_, i) =>
      gql('query($id: UUID!) { pdfText(documentId: $id) { pageCount } }', { token: a.accessToken, variables: { id: slow } }).then((res) => {
        finished.push({ who: `A${i + 1}`, at: performance.now() - started });
        return res;
      }),
    );
    await until(() => laneLength(a.id) === PDF_THREADS);
    const t = performance.now();
    const ofB = await gql('query($id: UUID!) { pdfInfo(documentId: $id) { pageCount } }', { token: b.accessToken, variables: { id: quick } });
    const bMs = performance.now() - t;
    finished.push({ who: 'B', at: performance.now() - started });
    expect(ofB.body.errors).toBeUndefined();
    expect(ofB.body.data?.pdfInfo.pageCount).toBe(1);
    const answers = await Promise.all(ofA);
    expect(finished[0].who).toBe('B');
    expect(bMs).toBeLessThan(finished.find((f) => f.who === 'A1')!.at - (t - started));
    // A's operations each answer, in full or TIMEOUT in words, one after another.
    for (const res of answers) {
      if (res.body.errors) {
        expect(res.body.errors[0].extensions.code).toBe('TIMEOUT');
        expect(res.body.errors[0].message).toMatch(/took longer than 15 s|did not finish within|waited for your other PDF operations/);
      } else expect(res.body.data?.pdfText.pageCount).toBe(1000);
    }
    // An operation answered TIMEOUT runs on to its own time limit, then leaves the line.
    await until(() => laneLength(a.id) === 0);
  });
});

describe('the pool tenant of a request', () => {
  it('is its client address (an IPv6 client by its /64): an upload waits under it while the pool is full', async () => {
    // Every thread's turn is held by another tenant.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const blockers = Array.from({ length: PDF_THREADS }, () => asPdfTenant('address:blocker', () => onPdfTurn(() => held)));
    await until(() => pdfPoolShares().free === 0);
    const upload = uploadBytes(await samplePdf(1), 'waits.pdf', a.accessToken, '2001:db8:fa:1:aaaa::5');
    await until(() => (pdfPoolShares().waiting['address:2001:db8:fa:1::/64'] ?? 0) === 1);
    release();
    await Promise.all(blockers);
    const res = await upload;
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.uploadFile.filename).toBe('waits.pdf');
    expect(pdfPoolShares()).toEqual({ free: PDF_THREADS, running: {}, waiting: {} });
  });
});
