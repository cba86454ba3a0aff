/**
 * The PDF pool's fair shares (lib/pdf/pool.ts): a freed turn goes to the waiting tenant with
 * the fewest turns running, and equals take turns, so one tenant's long queue never stands in
 * front of another's next task. Turns only: no thread is started here.
 */
import { describe, expect, it } from 'vitest';
import { asPdfTenant, onPdfTurn, PDF_THREADS, pdfPoolShares } from './pool.ts';

/** A turn held until `release()` is called; `started` resolves once it holds a thread's turn. */
function hold(tenant: string, log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const began = new Promise<void>((resolve) => (started = resolve));
  const turn = asPdfTenant(tenant, () =>
    onPdfTurn(async () => {
      log.push(name);
      started();
      await done;
    }),
  );
  return { release, began, turn };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('PDF pool shares', () => {
  it('gives a freed turn to the tenant with none running before the long queue of one that holds every thread', async () => {
    const log: string[] = [];
    // Tenant A holds every thread and queues 6 more.
    const running = Array.from({ length: PDF_THREADS }, (_, i) => hold('address:A', log, `A-run-${i}`));
    await Promise.all(running.map((r) => r.began));
    const queuedA = Array.from({ length: 6 }, (_, i) => hold('address:A', log, `A-queued-${i}`));
    await settle();
    // B comes last.
    const b = hold('address:B', log, 'B');
    await settle();
    expect(pdfPoolShares()).toMatchObject({ free: 0, running: { 'address:A': PDF_THREADS }, waiting: { 'address:A': 6, 'address:B': 1 } });

    running[0].release();
    await b.began;
    expect(log.at(-1)).toBe('B');
    expect(log.filter((n) => n.startsWith('A-queued'))).toEqual([]);

    // B's turn ends: A's queue goes on, in its own order.
    b.release();
    for (const r of running.slice(1)) r.release();
    for (const q of queuedA) {
      await q.began;
      q.release();
    }
    await Promise.all([...running, b, ...queuedA].map((r) => r.turn));
    expect(log.filter((n) => n.startsWith('A-queued'))).toEqual(queuedA.map((_, i) => `A-queued-${i}`));
    expect(pdfPoolShares()).toEqual({ free: PDF_THREADS, running: {}, waiting: {} });
  });

  // With one thread, X has none running while it waits: it takes its turn among C and D.
  it.runIf(PDF_THREADS >= 2)('lets tenants with as many turns running take turns, whoever queued more', async () => {
    const log: string[] = [];
    const blockers = Array.from({ length: PDF_THREADS }, (_, i) => hold('address:X', log, `X-${i}`));
    await Promise.all(blockers.map((r) => r.began));
    // C queues three, then D three: each release serves the other in turn, X (running) last.
    const c = Array.from({ length: 3 }, (_, i) => hold('address:C', log, `C${i}`));
    const d = Array.from({ length: 3 }, (_, i) => hold('address:D', log, `D${i}`));
    const x = hold('address:X', log, 'X-late');
    await settle();
    // One thread serves them one at a time: the others stay held by X.
    blockers[0].release();
    const order = [c[0], d[0], c[1], d[1], c[2], d[2]];
    for (const next of order) {
      await next.began;
      next.release();
      await next.turn;
    }
    await x.began;
    x.release();
    for (const r of blockers.slice(1)) r.release();
    await Promise.all([...blockers, x].map((r) => r.turn));
    expect(log.slice(PDF_THREADS)).toEqual(['C0', 'D0', 'C1', 'D1', 'C2', 'D2', 'X-late']);
    expect(pdfPoolShares()).toEqual({ free: PDF_THREADS, running: {}, waiting: {} });
  });

  it('counts work that names no tenant as one tenant of its own, and a turn is given back when the work throws', async () => {
    await expect(onPdfTurn(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(pdfPoolShares()).toEqual({ free: PDF_THREADS, running: {}, waiting: {} });
  });
});
