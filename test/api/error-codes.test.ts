/**
 * One error root (issue 16): DocumentError is an AppError that keeps its code, retryable and
 * suggestion, and every code has exactly one HTTP status in daemon/src/http/error-status.ts.
 */
import { describe, expect, it } from 'vitest';
import { AppError, DocumentError, ERROR_CODES, isAppError, JOB_FAILURE_CODES, REQUEST_ERROR_CODES } from '@intake/core';
import { httpStatusOf } from '../../daemon/src/http/error-status.js';

describe('errors', () => {
  it('DocumentError is an AppError with its code, suggestion, cause and retryable', () => {
    const cause = new Error('zlib: invalid block');
    const unreadable = new DocumentError('document_unreadable', 'The PDF is damaged', 'Export it again.', { cause });
    expect(unreadable).toBeInstanceOf(AppError);
    expect(isAppError(unreadable)).toBe(true);
    expect(unreadable).toMatchObject({
      name: 'DocumentError',
      code: 'document_unreadable',
      message: 'The PDF is damaged',
      suggestion: 'Export it again.',
      retryable: false,
      cause,
    });
    const retryable = JOB_FAILURE_CODES.filter((code) => new DocumentError(code, 'm', 's').retryable);
    expect(retryable).toEqual(['temporary_error', 'service_unavailable']);
  });

  it('lists every code once, and maps each to one 4xx or 5xx status', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect([...ERROR_CODES].sort()).toEqual([...new Set([...REQUEST_ERROR_CODES, ...JOB_FAILURE_CODES])].sort());
    for (const code of ERROR_CODES) expect(httpStatusOf(code), code).toBeGreaterThanOrEqual(400);
    expect(httpStatusOf('document_unreadable')).toBe(422);
    expect(httpStatusOf('internal_error')).toBe(500);
  });
});
