/**
 * pg returns timestamps as Date and bigint/count as strings; PGlite returns numbers. Every store
 * reads rows through these so both databases give the same records.
 */
export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return new Date(String(value)).toISOString();
}

export const toIsoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : toIso(value);

export function toNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) throw new Error(`expected a number from the database, got ${String(value)}`);
  return n;
}

/** jsonb comes back parsed from both drivers, but a text column holding JSON would not. */
export const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** Binds a JS value to a jsonb parameter; pg would send arrays as PostgreSQL arrays otherwise. */
export const toJson = (value: unknown): string => JSON.stringify(value);

export async function countOf(
  query: Promise<{ count?: unknown }[]> | PromiseLike<{ count?: unknown }[]>,
): Promise<number> {
  const rows = await query;
  return toNumber(rows[0]?.count ?? 0);
}

/** A row as knex returns it: column names to driver values. */
export type Row = Record<string, unknown>;

/**
 * A text column's value, or null for SQL NULL. Both drivers return text as strings; anything else
 * means a query read the wrong column, and fails here rather than turning into "[object Object]".
 */
export function toTextOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  throw new Error(`expected text from the database, got ${typeof value}`);
}
