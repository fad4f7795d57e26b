import type { ErrorCode } from '@intake/core';

/**
 * The one place where an error code becomes an HTTP status. The error table of docs/api/errors.md is
 * generated from it (`npm run docs:generate`, test/docs/readme-reference.ts).
 */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'invalid_request':
    case 'invalid_webhook_url':
      return 400;
    case 'missing_authorization':
    case 'invalid_api_key':
      return 401;
    case 'insufficient_permissions':
      return 403;
    case 'not_found':
      return 404;
    case 'conflict':
    case 'extractor_inactive':
    case 'duplicate_document':
      return 409;
    case 'document_deleted':
    case 'document_not_stored':
      return 410;
    case 'payload_too_large':
    case 'document_too_large':
      return 413;
    case 'unsupported_media_type':
      return 415;
    case 'document_unreadable':
      return 422;
    case 'rate_limit_exceeded':
      return 429;
    case 'service_unavailable':
    case 'secret_key_not_configured':
    case 'temporary_error':
    case 'processing_timeout':
      return 503;
    case 'internal_error':
      return 500;
    default: {
      const unreachable: never = code;
      return unreachable;
    }
  }
}
