/**
 * The one error hierarchy of Intake. Codes are the spec's snake_case codes; how a code becomes an
 * HTTP status or an SMTP reply is decided by the adapters, never here.
 */
export type ErrorCode =
  | 'invalid_request'
  | 'invalid_webhook_url'
  | 'missing_authorization'
  | 'invalid_api_key'
  | 'insufficient_permissions'
  | 'not_found'
  | 'conflict'
  | 'extractor_inactive'
  | 'payload_too_large'
  | 'document_too_large'
  | 'unsupported_media_type'
  | 'rate_limit_exceeded'
  | 'service_unavailable'
  | 'internal_error';

/** One problem with one input location, as reported in `error.details`. */
export interface ErrorDetail {
  /** Dotted path into the request, e.g. `field_definitions.2.validation.min`. */
  path: string;
  message: string;
}

export interface AppErrorOptions {
  details?: ErrorDetail[];
  /** Whether repeating the same call later may succeed. */
  retryable?: boolean;
  /** Extra facts for logs and for adapters (e.g. `retryAfterSeconds`); never sent to clients whole. */
  context?: Record<string, unknown>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  readonly retryable: boolean;
  readonly context: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.retryable = options.retryable ?? false;
    this.context = options.context ?? {};
  }
}

export const invalidRequest = (message: string, details?: ErrorDetail[]): AppError =>
  new AppError('invalid_request', message, details ? { details } : {});

export const notFound = (what: string, id: string): AppError =>
  new AppError('not_found', `${what} ${id} was not found`);

/** Turns anything thrown into an Error, so boundaries can log and wrap it uniformly. */
export function coerceError(value: unknown): Error {
  if (value instanceof Error) return value;
  if (typeof value === 'string') return new Error(value);
  try {
    return new Error(JSON.stringify(value));
  } catch {
    return new Error(String(value));
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;
