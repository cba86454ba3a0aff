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
  TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);
}

/** The one domain error: thrown by lib, mapped once per wire format. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? defaultMessage(code));
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

function defaultMessage(code: ErrorCode): string {
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
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  const chars = [...text];
  return JSON.stringify(chars.length > max ? `${chars.slice(0, max).join('')}…` : text);
}
