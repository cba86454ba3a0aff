/** Every error code of the API and the status_code it carries (decisions.md "Errors"). */
export const ERROR_STATUS = {
  BAD_USER_INPUT: 400,
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  QUERY_TOO_DEEP: 400,
  QUERY_TOO_COMPLEX: 400,
  PERSISTED_QUERY_NOT_FOUND: 400,
  PERSISTED_QUERY_NOT_SUPPORTED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  MFA_REQUIRED: 401,
  INVALID_MFA_CODE: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_REVOKED: 401,
  PLAN_LIMIT_EXCEEDED: 402,
  FORBIDDEN: 403,
  IDENTITY_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DOCUMENT_SEALED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CREDENTIAL_CANNOT_SEAL: 422,
  BILLING_RATE_LIMIT_EXCEEDED: 429,
  RATE_LIMITED: 429,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  BILLING_NOT_CONFIGURED: 503,
  AI_NOT_CONFIGURED: 503,
  /** The database unreachable or the disk full (lib/unavailable.ts): the same request works once it is back. */
  SERVICE_UNAVAILABLE: 503,
  TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);
}

/**
 * Codes that are never a GraphQL `extensions.code`: a caller in lib catches them by code, or a
 * REST endpoint answers them in the words its documents give (lib/rest/errors.ts). GraphQL
 * answers any that reaches it INTERNAL_SERVER_ERROR, as it would an unexpected error.
 */
export const INTERNAL_CODES = [
  /** A licensing board could not answer (down, slow, nonsense): no verdict on the license (lib/boards). */
  'BOARD_UNAVAILABLE',
  /** A webhook event's effect was not applied: its transaction rolls back with the outcome (lib/billing/events). */
  'EVENT_NOT_APPLIED',
  /** A Stripe webhook body whose signature is missing, wrong or stale (REST: 400 invalid_signature). */
  'INVALID_SIGNATURE',
  /** A correctly signed webhook body that is no event (REST: 400 malformed_event). */
  'MALFORMED_EVENT',
] as const;

export type InternalCode = (typeof INTERNAL_CODES)[number];
/** Every code an AppError may carry. */
export type AppErrorCode = ErrorCode | InternalCode;

/** The one domain error: thrown by lib, mapped once per wire format (lib/graphql/errors.ts, lib/rest/errors.ts). */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: AppErrorCode, message?: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message ?? defaultMessage(code), options);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  /** The status_code of a public code; an internal one is the server's to handle (500). */
  get statusCode(): number {
    return isErrorCode(this.code) ? ERROR_STATUS[this.code] : 500;
  }
}

/** Whether `err` is an AppError, of `code` when one is given. */
export function isAppError(err: unknown, code?: AppErrorCode): err is AppError {
  return err instanceof AppError && (code === undefined || err.code === code);
}

function defaultMessage(code: AppErrorCode): string {
  switch (code) {
    case 'UNAUTHENTICATED':
      return 'Authentication required';
    case 'NOT_FOUND':
      return 'Not found';
    case 'FORBIDDEN':
      return 'You do not have permission to do this';
    case 'INTERNAL_SERVER_ERROR':
      return 'Internal server error';
    default:
      return code.toLowerCase().replace(/_/g, ' ');
  }
}

/** A value as an error message may quote it: JSON, at most `max` characters of it. */
export function quote(value: unknown, max = 100): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const chars = [...text];
  return JSON.stringify(chars.length > max ? `${chars.slice(0, max).join('')}…` : text);
}
