import { AppError, ERROR_STATUS, isErrorCode } from '../errors.ts';
import type { AppErrorCode } from '../errors.ts';
import { logger } from '../log.ts';
import { logUnavailable, unavailableError } from '../unavailable.ts';

/** A REST error: the status, the `error` word, and the shape of its body. */
export interface RestErrorShape {
  status: number;
  error: string;
  /**
   * `message` (the default): {"error": word, "message": text}. `bare`: {"error": word} alone
   * (the Stripe webhook's documented answers). `record`: the verify endpoints' not-found record
   * {"valid": false, "error": word, "message": text}. `text`: the message as a plain-text line
   * (an image address, where a browser shows the body).
   */
  body?: 'message' | 'bare' | 'record' | 'text';
}

/** Each AppError code as REST answers it (rest-interface.md §7, decisions.md "REST details" and "Billing"). */
const REST_ERRORS: Partial<Record<AppErrorCode, RestErrorShape>> = {
  BAD_USER_INPUT: { status: 400, error: 'bad_request' },
  NOT_FOUND: { status: 404, error: 'not_found' },
  PAYLOAD_TOO_LARGE: { status: 413, error: 'payload_too_large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: 'unsupported_media_type' },
  RATE_LIMITED: { status: 429, error: 'rate_limited' },
  UNAUTHENTICATED: { status: 401, error: 'unauthenticated' },
  FORBIDDEN: { status: 403, error: 'forbidden' },
  CONFLICT: { status: 409, error: 'conflict' },
  BILLING_NOT_CONFIGURED: { status: 503, error: 'billing_not_configured' },
  SERVICE_UNAVAILABLE: { status: 503, error: 'service_unavailable' },
  INVALID_SIGNATURE: { status: 400, error: 'invalid_signature', body: 'bare' },
  MALFORMED_EVENT: { status: 400, error: 'malformed_event', body: 'bare' },
};

/** The REST error body: {"error": word, "message": text}. */
export function restError(status: number, error: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error, message }, { status, headers });
}

/** A method the endpoint does not take: 405 with Allow, in the REST error format (Next's own 405 has no body). */
export function methodNotAllowed(allow: string, headers: Record<string, string> = {}): () => Response {
  return () => restError(405, 'method_not_allowed', `Use ${allow.split(', ')[0]} on this endpoint.`, { ...headers, Allow: allow });
}

/**
 * An address under /v1 that no endpoint serves, whatever the method: 404 in the REST error
 * format (app/v1/[[...path]]/route.ts), not Next's HTML page.
 */
export function unknownEndpoint(): Response {
  return restError(404, 'not_found', 'No endpoint at this address; see the REST reference in the README.', { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
}

/** One error as its shape says it is written. */
function shaped(shape: RestErrorShape, message: string, headers: Record<string, string>): Response {
  switch (shape.body) {
    case 'bare':
      return Response.json({ error: shape.error }, { status: shape.status, headers });
    case 'record':
      return Response.json({ valid: false, error: shape.error, message }, { status: shape.status, headers });
    case 'text':
      return new Response(`${message}\n`, { status: shape.status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });
    default:
      return restError(shape.status, shape.error, message, headers);
  }
}

export interface ToRestErrorOptions {
  /** Headers every answer of the endpoint carries (CORS, rate limit). */
  headers?: Record<string, string>;
  /** Where it happened, for the log line of an unexpected failure. */
  door: string;
  /** The `error` word of an unexpected failure (500): `render_failed` for stamps. */
  internal?: string;
  /** An endpoint's own shape for a code (the verify endpoints answer bad input 422 validation_error, an unknown code their not-found record). */
  overrides?: Partial<Record<AppErrorCode, RestErrorShape>>;
}

/**
 * Any error thrown behind a REST endpoint, as its answer: an AppError by its code (a public
 * code without a REST word of its own keeps its status and says its name in lower case);
 * anything else, or an internal code no endpoint answers, is logged and answers a 500 that
 * says nothing more.
 */
export function toRestError(err: unknown, options: ToRestErrorOptions): Response {
  const unavailable = unavailableError(err);
  if (unavailable) {
    logUnavailable(options.door, unavailable);
    return shaped(REST_ERRORS.SERVICE_UNAVAILABLE!, unavailable.message, { ...options.headers, 'Retry-After': String(unavailable.details?.retryAfterSeconds ?? 5) });
  }
  const headers = options.headers ?? {};
  if (err instanceof AppError && err.code !== 'INTERNAL_SERVER_ERROR') {
    const shape = options.overrides?.[err.code] ?? REST_ERRORS[err.code] ?? (isErrorCode(err.code) ? { status: ERROR_STATUS[err.code], error: err.code.toLowerCase() } : null);
    if (shape) return shaped(shape, err.message, headers);
  }
  logger.error(`${options.door}: failed`, { error: err instanceof Error ? err.stack : String(err) });
  return restError(500, options.internal ?? 'internal_error', 'Internal server error', headers);
}
