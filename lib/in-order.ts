/**
 * Start several reads at once and take their answers as if they had been awaited one after the
 * other: the values in the order given, or, when some fail, the failure of the first of them in
 * that order (whichever failed first in time), so a caller's refusals keep their order. Every
 * one is awaited, so no failure goes unhandled.
 */
export async function allInOrder<T extends readonly unknown[] | []>(work: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(work);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
