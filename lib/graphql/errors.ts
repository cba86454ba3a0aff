import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError } from 'graphql';
import type { GraphQLFormattedError } from 'graphql';
import { AppError, ERROR_STATUS, isErrorCode } from '../errors.ts';
import type { ErrorCode } from '../errors.ts';
import { logger } from '../log.ts';
import { logUnavailable, unavailableError } from '../unavailable.ts';

/** Error messages quote a bad value at most this long, and say at most this much in all. */
const MAX_QUOTE = 100;
const MAX_MESSAGE = 1_000;

/** A message as a client gets it: graphql-js quotes whole values (a 100 KB variable, twice); cut each quote and the whole. */
function boundedMessage(message: string): string {
  const quoted = message.replace(/"((?:[^"\\]|\\.)*)"/g, (whole, inner: string) => ([...inner].length > MAX_QUOTE ? `"${[...inner].slice(0, MAX_QUOTE).join('')}…"` : whole));
  return [...quoted].length > MAX_MESSAGE ? `${[...quoted].slice(0, MAX_MESSAGE).join('')}…` : quoted;
}

/** Extensions a client may see besides code and status_code. */
const PUBLIC_EXTENSIONS = ['queryComplexity'];

/** One error as it goes on the wire: message, and extensions.code with its status_code. */
export function wireError(
  code: ErrorCode,
  message: string,
  more: { extensions?: Record<string, unknown>; path?: GraphQLFormattedError['path']; locations?: GraphQLFormattedError['locations'] } = {},
): GraphQLFormattedError {
  return {
    message,
    ...(more.locations ? { locations: more.locations } : {}),
    ...(more.path ? { path: more.path } : {}),
    extensions: { code, status_code: ERROR_STATUS[code], ...more.extensions },
  };
}

/** A whole answer that is one error, for refusals before any operation runs (415, 413, 429, 400). */
export function errorResponse(code: ErrorCode, message: string, httpStatus: number, headers: Record<string, string> = {}): Response {
  return Response.json({ errors: [wireError(code, message)] }, { status: httpStatus, headers: { 'X-Content-Type-Options': 'nosniff', ...headers } });
}

/**
 * A whole request refused before any operation runs (its body, its multipart files, its
 * document), as its answer: an AppError by its code, at that code's status_code as the HTTP
 * status (400, 413, 415, 429); anything else is logged under `door` and answers HTTP 500
 * "Internal server error", nothing more.
 */
export function refusalResponse(err: unknown, door: string): Response {
  const unavailable = unavailableError(err);
  if (unavailable) {
    logUnavailable(door, unavailable);
    return errorResponse('SERVICE_UNAVAILABLE', unavailable.message, 503, { 'Retry-After': String(unavailable.details?.retryAfterSeconds ?? 5) });
  }
  if (err instanceof AppError && isErrorCode(err.code) && err.code !== 'INTERNAL_SERVER_ERROR') {
    return errorResponse(err.code, err.message, ERROR_STATUS[err.code]);
  }
  logger.error(`${door}: failed`, { error: err instanceof Error ? err.stack : String(err) });
  return errorResponse('INTERNAL_SERVER_ERROR', 'Internal server error', 500);
}

/**
 * What a client may read of an error, as the API answers it: an AppError's public code and
 * message; anything else (an internal code too) is logged and reads INTERNAL_SERVER_ERROR,
 * "Internal server error". The dashboard's sign-in form shows this message (lib/web/auth-options.ts).
 */
export function publicError(err: unknown, door: string): { code: ErrorCode; message: string } {
  const unavailable = unavailableError(err);
  if (unavailable) {
    logUnavailable(door, unavailable);
    return { code: 'SERVICE_UNAVAILABLE', message: unavailable.message };
  }
  if (err instanceof AppError && isErrorCode(err.code) && err.code !== 'INTERNAL_SERVER_ERROR') return { code: err.code, message: err.message };
  logger.error(`${door}: failed`, { error: err instanceof Error ? err.stack : String(err) });
  return { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' };
}

/** An error a plugin throws to refuse the whole operation before any resolver runs: HTTP 400, no data. */
export function requestRefusal(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extensions, http: { status: 400 } } });
}

/**
 * Map every error Apollo reports to our wire format; a 500 says nothing more than that.
 * With `hideSchema` (introspection off), no message suggests a name the schema holds: Apollo
 * scrubs validation errors, and this scrubs the rest (variable values checked against input types).
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown, { hideSchema = false }: { hideSchema?: boolean } = {}): GraphQLFormattedError {
  const unwrapped = unwrapResolverError(error);
  // The database or the disk failed the operation, not the request: SERVICE_UNAVAILABLE.
  const unavailable = unwrapped instanceof AppError ? null : unavailableError(unwrapped);
  if (unavailable) logUnavailable('graphql', unavailable);
  const original = unavailable ?? unwrapped;
  let code: string | undefined;
  let message = formatted.message;
  if (original instanceof AppError) {
    code = original.code;
    message = original.message;
  } else {
    code = formatted.extensions?.code as string | undefined;
    // Apollo's request-level refusals: a malformed request, or a document whose operation to
    // run is ambiguous or unknown (several operations and no or a wrong operationName).
    if (code === 'BAD_REQUEST' || code === 'OPERATION_RESOLUTION_FAILURE') code = 'BAD_USER_INPUT';
    // Apollo's own request-level refusals (a hash that does not match its query, an
    // unsupported APQ version) carry no code: they are the client's mistake, not ours.
    if ((code === undefined || code === 'INTERNAL_SERVER_ERROR') && error instanceof GraphQLError && !error.originalError && !error.path) {
      code = 'BAD_USER_INPUT';
    }
    // Say that introspection is off, not which server library refused it or how to turn it on.
    if (code === 'GRAPHQL_VALIDATION_FAILED' && /introspection is not allowed/i.test(message)) message = 'Introspection is disabled.';
    if (hideSchema) message = message.replace(/\s*Did you mean [^?]*\?/g, '');
  }
  // The operation of a request already answered TIMEOUT stopped itself: nobody reads this.
  if (original instanceof Error && original.name === 'AbortError') return wireError('TIMEOUT', 'The request timed out');
  if (!isErrorCode(code) || code === 'INTERNAL_SERVER_ERROR') {
    logger.error('graphql: internal error', { error: original instanceof Error ? original.stack : String(original) });
    return wireError('INTERNAL_SERVER_ERROR', 'Internal server error', { path: formatted.path });
  }
  const extensions: Record<string, unknown> = {};
  for (const key of PUBLIC_EXTENSIONS) {
    if (formatted.extensions?.[key] !== undefined) extensions[key] = formatted.extensions[key];
  }
  // A limit or lockout says when to come back (seconds), like REST's Retry-After.
  if (original instanceof AppError && typeof original.details?.retryAfterSeconds === 'number') extensions.retryAfterSeconds = original.details.retryAfterSeconds;
  // A refusal about one of several documents given (batch sealing, a merge) names it: an id the caller sent.
  if (original instanceof AppError && typeof original.details?.documentId === 'string') extensions.documentId = original.details.documentId;
  return wireError(code, boundedMessage(message), { extensions, path: formatted.path, locations: formatted.locations });
}
