import { AppError, quote } from '../../errors.ts';
import { UUID_RE } from '../../ids.ts';
import type { Actor } from '../../orgs/actor.ts';
import type { GraphQLContext } from '../context.ts';

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
function checkConnectionArgs(args: { first?: number | null; last?: number | null; after?: string | null; before?: string | null }): void {
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
async function checkCursorListed(query: { cursor?: { id?: string } }, isListed: (id: string) => Promise<boolean>): Promise<void> {
  const id = query.cursor?.id;
  if (id && !(await isListed(id))) throw new AppError('BAD_USER_INPUT', 'The cursor is not one of this list (its item may have left it): page again from the start');
}

/** The page of rows a connection asks for: Pothos's query (its selection, cursor, take and skip); our cursors are ids. */
export type ConnectionQuery = { cursor?: { id: string }; take: number; skip: number };

/** What a connection lists, asked of its domain: three views of the one actor-scoped `where`. */
export interface ConnectionSource<Args, Row> {
  /** How many rows the list holds (totalCount). */
  count: (actor: Actor, args: Args) => Promise<number>;
  /** Whether a row is in the list (a cursor must name one). */
  isListed: (actor: Actor, args: Args, id: string) => Promise<boolean>;
  /** The page, selected with Pothos's query. */
  list: (actor: Actor, args: Args, query: ConnectionQuery) => Promise<Row[]>;
}

/**
 * The options every connection of ours shares, spread into `t.prismaConnection`: a token,
 * first/last/after/before checked as input before anything runs (with or without totalCount
 * alone), pages of 1 to 100, totalCount, and a cursor that must be one of the list's own rows.
 */
export function listConnection<Args, Row>(source: ConnectionSource<Args, Row>) {
  return {
    cursor: 'id' as const,
    maxSize: MAX_PAGE_SIZE,
    authScopes: { authenticated: true },
    validateArgs: checkConnectionArgs,
    totalCount: (_parent: unknown, args: Args, ctx: GraphQLContext) => source.count(ctx.actor!, args),
    resolve: async (query: { cursor?: { id?: string }; take: number; skip: number }, _parent: unknown, args: Args, ctx: GraphQLContext) => {
      await checkCursorListed(query, (id) => source.isListed(ctx.actor!, args, id));
      // cursor: 'id' above, so Pothos's cursor is { id }.
      return source.list(ctx.actor!, args, query as ConnectionQuery);
    },
  };
}
