import { AppError, ERROR_STATUS } from '../errors.ts';
import type { ErrorCode } from '../errors.ts';
import { logger } from '../log.ts';

/** A REST error: the status and the `error` word of its body. */
export interface RestErrorShape {
  status: number;
  error: string;
}

/** Each AppError code as REST answers it (rest-interface.md §7, decisions.md "REST details"). */
const REST_ERRORS: Partial<Record<ErrorCode, RestErrorShape>> = {
  BAD_USER_INPUT: { status: 400, error: 'bad_request' },
  NOT_FOUND: { status: 404, error: 'not_found' },
  PAYLOAD_TOO_LARGE: { status: 413, error: 'payload_too_large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: 'unsupported_media_type' },
  RATE_LIMITED: { status: 429, error: 'rate_limited' },
  UNAUTHENTICATED: { status: 401, error: 'unauthenticated' },
  FORBIDDEN: { status: 403, error: 'forbidden' },
  CONFLICT: { status: 409, error: 'conflict' },
  BILLING_NOT_CONFIGURED: { status: 503, error: 'billing_not_configured' },
};

/** The REST error body: {"error": word, "message": text}. */
export function restError(status: number, error: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error, message }, { status, headers });
}

export interface ToRestErrorOptions {
  /** Headers every answer of the endpoint carries (CORS, rate limit). */
  headers?: Record<string, string>;
  /** Where it happened, for the log line of an unexpected failure. */
  door: string;
  /** The `error` word of an unexpected failure (500): `render_failed` for stamps. */
  internal?: string;
  /** An endpoint's own shape for a code (the verify endpoints answer bad input 422 validation_error). */
  overrides?: Partial<Record<ErrorCode, RestErrorShape>>;
}

/**
 * Any error thrown behind a REST endpoint, as its answer: an AppError by its code; anything
 * else is logged and answers a 500 that says nothing more.
 */
export function toRestError(err: unknown, options: ToRestErrorOptions): Response {
  const headers = options.headers ?? {};
  if (err instanceof AppError && err.code !== 'INTERNAL_SERVER_ERROR') {
    // A code without a REST word of its own keeps its status and says its name in lower case.
    const shape = options.overrides?.[err.code] ?? REST_ERRORS[err.code] ?? { status: ERROR_STATUS[err.code], error: err.code.toLowerCase() };
    return restError(shape.status, shape.error, err.message, headers);
  }
  logger.error(`${options.door}: failed`, { error: err instanceof Error ? err.stack : String(err) });
  return restError(500, options.internal ?? 'internal_error', 'Internal server error', headers);
}
