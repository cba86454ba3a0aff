import { AppError } from './errors.ts';
import { logger } from './log.ts';

/**
 * Failures of what the app stands on rather than of the request: the database unreachable
 * (stopped, restarting, out of connections) and the disk full. Each API answers them
 * SERVICE_UNAVAILABLE, HTTP 503 (GraphQL: when no data could be answered; REST: always), with
 * Retry-After, instead of INTERNAL_SERVER_ERROR: the request was fine, the server cannot serve
 * it now, and the same request will work once the part is back (test/faults shows both).
 */

/** Seconds a client is told to wait before trying again after the database failed it. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** The disk will not free itself: a longer wait. */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

/** Prisma's codes for a database it cannot reach or lost (P1xxx), a pool that had no connection in time (P2024), too many connections (P2037). */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
/** The PostgreSQL driver adapter's kinds for the same. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** SQLSTATEs: the server shutting down or starting (57P01–57P03), too many connections (53300); class 08 is "connection exception". */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a server that went away. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres's own words when a connection dies or never comes (they carry no code). */
const PG_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|terminating connection due to administrator command|Can't reach database server|Server has closed the connection/i;

type Inspectable = { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; kind?: unknown; originalCode?: unknown; meta?: unknown; syscall?: unknown };

/** The error and what it wraps (cause chains, Prisma's meta.driverAdapterError), a few levels deep. */
function* chain(err: unknown): Generator<Inspectable> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length && seen.size < 12) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const x = e as Inspectable;
    yield x;
    queue.push(x.cause);
    const meta = x.meta as { driverAdapterError?: unknown } | undefined;
    if (meta && typeof meta === 'object') queue.push(meta.driverAdapterError);
  }
}

/** Whether `err` says the database could not be reached or dropped the connection (not a bad query). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    const name = typeof e.name === 'string' ? e.name : '';
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && name.startsWith('PrismaClient') && PRISMA_CODES.has(code)) return true;
    if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
    for (const state of [code, typeof e.originalCode === 'string' ? e.originalCode : undefined]) {
      if (state && /^[0-9A-Z]{5}$/.test(state) && (SQLSTATES.has(state) || state.startsWith('08'))) return true;
    }
    if (code && SOCKET_CODES.has(code) && typeof e.syscall === 'string') return true;
    // Prisma reports a connection it lost mid-query as an unknown request error: only its words tell.
    if ((name.startsWith('PrismaClient') || name === 'Error' || name === 'DriverAdapterError') && typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** Whether `err` is the disk (or the user's quota) full. */
export function isStorageFull(err: unknown): boolean {
  for (const e of chain(err)) if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
  return false;
}

/**
 * The AppError an API answers for a failure of the database or the disk, or null for any other
 * error (which stays the caller's to map). An AppError is returned as it is.
 */
export function unavailableError(err: unknown): AppError | null {
  if (err instanceof AppError) return err.code === 'SERVICE_UNAVAILABLE' ? err : null;
  if (isStorageFull(err)) {
    return new AppError(
      'SERVICE_UNAVAILABLE',
      "The server's storage is full: nothing was stored. Try again later.",
      { retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS, unavailable: 'storage' },
      { cause: err },
    );
  }
  if (isDatabaseUnavailable(err)) {
    return new AppError(
      'SERVICE_UNAVAILABLE',
      'The database is unavailable for the moment. Try again in a few seconds.',
      { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS, unavailable: 'database' },
      { cause: err },
    );
  }
  return null;
}

/**
 * A failure of the database or the disk, in the log: an error (someone must look) with what
 * caused it, at most once every 10 s per kind, so an outage under load does not flood the log.
 */
const lastLogged = new Map<string, number>();
export function logUnavailable(door: string, err: AppError): void {
  const cause = err.cause instanceof Error ? err.cause.message.trim().split('\n').pop()! : String(err.cause ?? '');
  const kind = err.details?.unavailable === 'storage' ? 'storage' : 'database';
  const now = Date.now();
  if (now - (lastLogged.get(kind) ?? 0) < 10_000) return;
  lastLogged.set(kind, now);
  logger.error(kind === 'storage' ? 'storage full: requests that write files answer SERVICE_UNAVAILABLE' : 'database unavailable: requests answer SERVICE_UNAVAILABLE until it is back', {
    door,
    cause,
  });
}
