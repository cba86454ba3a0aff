import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { editTimeoutMs } from '../pdf/pdf-tools.ts';
import { inUserLane, laneLength } from './user-lane.ts';

/** A promise and its resolver. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('the PDF tools: one operation at a time per user', () => {
  it('runs a user’s operations one after another, in the order they came, while another user’s run at once', async () => {
    const order: string[] = [];
    const first = gate();
    const a1 = inUserLane('a', async () => {
      order.push('a1 start');
      await first.opened;
      order.push('a1 end');
    });
    const a2 = inUserLane('a', async () => order.push('a2'));
    const a3 = inUserLane('a', async () => order.push('a3'));
    await inUserLane('b', async () => order.push('b'));
    expect(laneLength('a')).toBe(3);
    expect(order).toEqual(['a1 start', 'b']);
    first.open();
    await Promise.all([a1, a2, a3]);
    expect(order).toEqual(['a1 start', 'b', 'a1 end', 'a2', 'a3']);
    expect(laneLength('a')).toBe(0);
  });

  it('an operation whose request ends while it waits leaves the line with TIMEOUT and never runs; a failure frees the lane', async () => {
    const first = gate();
    const ran: string[] = [];
    const a1 = inUserLane('c', async () => {
      await first.opened;
      throw new Error('the PDF could not be read');
    });
    const request = new AbortController();
    const a2 = inUserLane('c', async () => ran.push('a2'), request.signal);
    const a3 = inUserLane('c', async () => ran.push('a3'));
    request.abort();
    const refused = await a2.catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'TIMEOUT', message: expect.stringMatching(/waited for your other PDF operations.*nothing was changed/) });
    expect(laneLength('c')).toBe(2);
    first.open();
    await expect(a1).rejects.toThrow(/could not be read/);
    await a3;
    expect(ran).toEqual(['a3']);
    const aborted = new AbortController();
    aborted.abort();
    // Nothing waits: an aborted request still runs at once when the lane is free.
    expect(await inUserLane('c', async () => 'ran', aborted.signal)).toBe('ran');
  });

  it('an edit has one time limit: 15 s, plus 150 ms for each further source file, at most 30 s', () => {
    expect(editTimeoutMs(1)).toBe(15_000);
    expect(editTimeoutMs(2)).toBe(15_150);
    expect(editTimeoutMs(100)).toBe(29_850);
    expect(editTimeoutMs(1_000)).toBe(30_000);
  });
});
