import { AppError, quote } from '../../errors.ts';
import { UUID_RE } from '../../ids.ts';

/** The page size of a list query: 20 when omitted; below 1 or above its maximum is BAD_USER_INPUT, never a silent cut. */
export function checkLimit(limit: number | null | undefined, max: number, name = 'limit'): number {
  if (limit === null || limit === undefined) return Math.min(20, max);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new AppError('BAD_USER_INPUT', `${name} must be between 1 and ${max}; got ${limit}`);
  }
  return limit;
}

/** The largest page of a connection (graphql-interface.md §8). */
export const MAX_PAGE_SIZE = 100;

/**
 * Connection arguments as the contract allows them: first/after or last/before, each size
 * 1 to 100. Anything else is BAD_USER_INPUT (never a silent cut, never an internal error).
 */
export function checkConnectionArgs(args: { first?: number | null; last?: number | null; after?: string | null; before?: string | null }): void {
  const has = (v: unknown) => v !== null && v !== undefined;
  if (has(args.first) && has(args.last)) throw new AppError('BAD_USER_INPUT', 'Give first or last, not both');
  if (has(args.after) && has(args.before)) throw new AppError('BAD_USER_INPUT', 'Give after or before, not both');
  if (has(args.first) && has(args.before)) throw new AppError('BAD_USER_INPUT', 'first pages forward from after; use last with before');
  if (has(args.last) && has(args.after)) throw new AppError('BAD_USER_INPUT', 'last pages backward from before; use first with after');
  if (has(args.first)) checkLimit(args.first, MAX_PAGE_SIZE, 'first');
  if (has(args.last)) checkLimit(args.last, MAX_PAGE_SIZE, 'last');
  for (const name of ['after', 'before'] as const) {
    const cursor = args[name];
    if (has(cursor) && !isCursor(cursor!)) throw new AppError('BAD_USER_INPUT', `${name} is not a cursor this list gave out: ${quote(cursor)}`);
  }
}

/** A cursor of our connections: opaque to clients, the row's id inside (Pothos's "GPC:S:<id>", base64). */
function isCursor(cursor: string): boolean {
  if (!/^[A-Za-z0-9+/=_-]{1,200}$/.test(cursor)) return false;
  const decoded = Buffer.from(cursor, 'base64').toString('utf8');
  return decoded.startsWith('GPC:S:') && UUID_RE.test(decoded.slice(6));
}

/**
 * A connection's cursor must name a row the caller may see in that very list, else
 * BAD_USER_INPUT: a cursor built from someone else's id would otherwise place the caller's
 * page around a row they cannot see, telling that it exists and where it sorts.
 */
export async function checkCursorListed(query: { cursor?: { id?: string } }, isListed: (id: string) => Promise<boolean>): Promise<void> {
  const id = query.cursor?.id;
  if (id && !(await isListed(id))) throw new AppError('BAD_USER_INPUT', 'The cursor is not one of this list (its item may have left it): page again from the start');
}
