import { describe, expect, it } from 'vitest';
import { allInOrder } from './in-order.ts';

const after = <T>(ms: number, value: T, fail = false) => new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(value) : resolve(value)), ms));

describe('allInOrder', () => {
  it('answers the values in the order given, whatever order they came in', async () => {
    const [a, b, c] = await allInOrder([after(30, 'a'), after(1, 2), Promise.resolve(null)]);
    expect([a, b, c]).toEqual(['a', 2, null]);
  });

  it('throws the failure of the first in the order given, though a later one failed sooner, and waits for all', async () => {
    let lateSettled = false;
    const late = after(40, 'late').then((v) => ((lateSettled = true), v));
    await expect(allInOrder([after(20, new Error('first'), true), after(1, new Error('second'), true), late])).rejects.toThrow('first');
    expect(lateSettled).toBe(true);
  });

  it('throws a later one when the earlier ones succeed', async () => {
    await expect(allInOrder([after(5, 'ok'), after(1, new Error('credential'), true)])).rejects.toThrow('credential');
  });
});
