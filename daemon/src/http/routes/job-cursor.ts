import { AppError } from '@intake/core';
import { sortValue, type JobSort } from '@intake/core/jobs';
import { type JobPosition } from '@intake/core/ports';
import type { JobRecord } from '@intake/core';

const invalidCursor = () =>
  new AppError('invalid_request', 'The cursor is not one this API gave (use next_cursor of a previous page)', {
    details: [{ path: 'cursor', message: 'not a cursor of GET /v1/documents with this sort' }],
  });

const isTimestamp = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(v) && !Number.isNaN(Date.parse(v));

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
  if (bar < 1 || !id || !isTimestamp(createdAt)) throw invalidCursor();
  return { created_at: new Date(createdAt).toISOString(), id };
}

/** The sort as `sort` spells it (`-total`), bound into register cursors so one cannot serve another sort. */
const sortName = (sort: JobSort) => `${sort.descending ? '-' : ''}${sort.key}`;

/**
 * Under a `sort` other than the default, the cursor carries the sort, the last job's value of the
 * sort key, its created_at and id (JSON, base64url): the keyset position (value, id).
 */
export const encodeRegisterCursor = (sort: JobSort, job: JobRecord): string =>
  Buffer.from(JSON.stringify(['r', sortName(sort), sortValue(job, sort.key), job.created_at, job.id]), 'utf8').toString(
    'base64url',
  );

export function decodeRegisterCursor(sort: JobSort, cursor: string): JobPosition {
  let parsed: unknown;
  try {
    parsed = /^[A-Za-z0-9_-]{1,2800}$/.test(cursor)
      ? JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
      : null;
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) throw invalidCursor();
  const [tag, name, value, createdAt, id] = parsed as unknown[];
  const valueOk = value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
  if (tag !== 'r' || name !== sortName(sort) || !valueOk || !isTimestamp(createdAt) || typeof id !== 'string' || !id)
    throw invalidCursor();
  if (sort.key === 'created_at' && !isTimestamp(value)) throw invalidCursor();
  return { created_at: new Date(createdAt).toISOString(), id, value };
}
