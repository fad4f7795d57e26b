import { JOB_FAILURE_CODES, type JobFailureCode } from './job-failure-codes.js';

/**
 * The one error hierarchy of Intake. Codes are the spec's snake_case codes; how a code becomes an
 * HTTP status or an SMTP reply is decided by the adapters, never here.
 */

/** Codes of a refused request or operation, as in the spec's error table. */
export const REQUEST_ERROR_CODES = [
  'invalid_request',
  'invalid_webhook_url',
  'missing_authorization',
  'invalid_api_key',
  'insufficient_permissions',
  'not_found',
  'conflict',
  'extractor_inactive',
  'payload_too_large',
  'document_too_large',
  'unsupported_media_type',
  'rate_limit_exceeded',
  'service_unavailable',
  'secret_key_not_configured',
  'internal_error',
  'document_deleted',
  'document_not_stored',
] as const;

/** One of REQUEST_ERROR_CODES. */
export type RequestErrorCode = (typeof REQUEST_ERROR_CODES)[number];

/** Every code an AppError can carry: a refused request's, or a failed document's (DocumentError). */
export type ErrorCode = RequestErrorCode | JobFailureCode;

/** Every ErrorCode once: the request codes, then the job failure codes not among them. */
export const ERROR_CODES: readonly ErrorCode[] = [
  ...new Set<ErrorCode>([...REQUEST_ERROR_CODES, ...JOB_FAILURE_CODES]),
];

/** One problem with one input location, as reported in `error.details`. */
export interface ErrorDetail {
  /** Dotted path into the request, e.g. `field_definitions.2.validation.min`. */
  path: string;
  message: string;
}

/** What an AppError may carry besides its code and message. */
export interface AppErrorOptions {
  details?: ErrorDetail[];
  /** Whether repeating the same call later may succeed. */
  retryable?: boolean;
  /** Extra facts for logs and for adapters (e.g. `retryAfterSeconds`); never sent to clients whole. */
  context?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The root of every error Intake throws on purpose: a `code` adapters map to a status or reply, a
 * message safe to show the caller, and whether trying again later may succeed.
 */
export class AppError extends Error {
  /** The snake_case code (`invalid_request`, `document_unreadable`, ...). */
  readonly code: ErrorCode;
  /** Which inputs were wrong, for `invalid_request`. */
  readonly details: ErrorDetail[] | undefined;
  /** Whether repeating the same call later may succeed. */
  readonly retryable: boolean;
  /** Extra facts for logs and adapters (e.g. `retryAfterSeconds`); never sent to clients whole. */
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

/** An `invalid_request` error, with the inputs that were wrong. */
export const invalidRequest = (message: string, details?: ErrorDetail[]): AppError =>
  new AppError('invalid_request', message, details ? { details } : {});

/** A `not_found` error naming what was looked for: "Extractor ext_... was not found". */
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

/** Whether `value` is an AppError (a DocumentError included). */
export const isAppError = (value: unknown): value is AppError => value instanceof AppError;
