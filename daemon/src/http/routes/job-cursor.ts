import { AppError } from '@intake/core';
import type { JobPosition } from '@intake/core/internal';

/**
 * The job list's `cursor`: the last job of a page (its `created_at` and id) as base64url text, so
 * the next page starts after it with an index range scan whatever its depth. Opaque to clients;
 * it holds nothing the page itself did not show.
 */
export const encodeJobCursor = (job: JobPosition): string =>
  Buffer.from(`${job.created_at}|${job.id}`, 'utf8').toString('base64url');

/** The position in a cursor, or 400 `invalid_request` naming `cursor` for anything else. */
export function decodeJobCursor(cursor: string): JobPosition {
  const text = /^[A-Za-z0-9_-]{1,400}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const bar = text.indexOf('|');
  const createdAt = text.slice(0, bar);
  const id = text.slice(bar + 1);
  if (bar < 1 || !id || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(createdAt) || Number.isNaN(Date.parse(createdAt)))
    throw new AppError('invalid_request', 'The cursor is not one this API gave (use next_cursor of a previous page)', {
      details: [{ path: 'cursor', message: 'not a cursor of GET /v1/documents' }],
    });
  return { created_at: new Date(createdAt).toISOString(), id };
}
