import type { Knex } from 'knex';
import { searchWords, type JobFilter, type JobPageRequest, type RegisterSortKey } from '@intake/core/internal';

/** Each register sort key's column (migration 018); text compares by code point, as the memory store does. */
const SORT_COLUMNS: Record<RegisterSortKey, { column: string; text: boolean }> = {
  created_at: { column: 'created_at', text: false },
  file_name: { column: 'reg_file_name', text: true },
  source: { column: 'reg_source', text: true },
  extractor: { column: 'extractor_name', text: true },
  document_type: { column: 'document_type', text: true },
  vendor: { column: 'reg_vendor', text: true },
  document_number: { column: 'reg_document_number', text: true },
  document_date: { column: 'reg_document_date', text: true },
  total: { column: 'reg_total', text: false },
  lowest_confidence: { column: 'reg_lowest_confidence', text: false },
  status: { column: 'status', text: true },
  review_state: { column: 'reg_review_state', text: true },
};

/** Adds the register filters: source, vendor (case-insensitive equality) and q (prefix full-text search). */
export function applyRegisterFilter(q: Knex.QueryBuilder, filter: JobFilter): void {
  if (filter.source) q.andWhere({ reg_source: filter.source });
  if (filter.vendor !== undefined) q.andWhereRaw('lower(reg_vendor) = lower(?)', [filter.vendor]);
  if (filter.q !== undefined) {
    // Letters and digits only (searchWords), so the words cannot form tsquery operators.
    const words = searchWords(filter.q);
    if (words.length === 0) q.andWhereRaw('false');
    else q.andWhereRaw(`reg_search @@ to_tsquery('simple', ?)`, [words.map((w) => `${w}:*`).join(' & ')]);
  }
}

/**
 * Orders by the page's sort (nulls last in either direction, id as tie-break in the same
 * direction) and, with a keyset position, keeps only rows after it. Returns false for the default
 * order, which the caller keeps on its covering index.
 */
export function applyRegisterOrder(q: Knex.QueryBuilder, page: JobPageRequest): boolean {
  const sort = page.sort;
  if (!sort || (sort.key === 'created_at' && sort.descending)) return false;
  const { column, text } = SORT_COLUMNS[sort.key];
  const col = text ? `${column} collate "C"` : column;
  const dir = sort.descending ? 'desc' : 'asc';
  const beyond = sort.descending ? '<' : '>';
  q.orderByRaw(`${col} ${dir} nulls last, id ${dir}`);
  if (!page.after) return true;
  const value = sort.key === 'created_at' ? page.after.created_at : (page.after.value ?? null);
  const id = page.after.id;
  if (value === null) q.andWhereRaw(`${column} is null and id ${beyond} ?`, [id]);
  else {
    const cast = sort.key === 'created_at' ? '::timestamptz' : text ? '::text collate "C"' : '::numeric';
    q.andWhere((w) =>
      w
        .whereRaw(`${col} ${beyond} ?${cast}`, [value])
        .orWhereRaw(`${column} = ?${cast} and id ${beyond} ?`, [value, id])
        .orWhereNull(column),
    );
  }
  return true;
}
