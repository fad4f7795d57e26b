import type { Knex } from 'knex';
import type { Row } from './normalize.js';
import { searchWords, type JobSort, type RegisterSortKey } from '@intake/core/jobs';
import { type JobFilter, type JobPageRequest } from '@intake/core/ports';

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
 * The page under the page's sort (nulls last in either direction, id as tie-break in the same
 * direction), or null for the default order, which the caller keeps on its covering index. After a
 * keyset position with a value, the rows beyond it are a row comparison `(key, id) > (value, id)`
 * that an index on (key, id) starts its scan at; the rows without a value, which come after all of
 * them, are read separately only when those do not fill the page (an OR of the two would make the
 * planner give up the range scan and sort every match).
 */
export function registerPage(filtered: () => Knex.QueryBuilder, page: JobPageRequest): Promise<Row[]> | null {
  const sort = page.sort;
  if (!sort || (sort.key === 'created_at' && sort.descending)) return null;
  return sortedPage(filtered, page, sort);
}

async function sortedPage(filtered: () => Knex.QueryBuilder, page: JobPageRequest, sort: JobSort): Promise<Row[]> {
  const { column, text } = SORT_COLUMNS[sort.key];
  const col = text ? `${column} collate "C"` : column;
  const dir = sort.descending ? 'desc' : 'asc';
  const beyond = sort.descending ? '<' : '>';
  const ordered = (q: Knex.QueryBuilder) => q.select('*').orderByRaw(`${col} ${dir} nulls last, id ${dir}`);
  const after = page.after;
  if (!after) return (await ordered(filtered()).limit(page.limit).offset(page.offset)) as Row[];
  const want = page.offset + page.limit;
  const value = sort.key === 'created_at' ? after.created_at : (after.value ?? null);
  let rows: Row[] = [];
  if (value !== null) {
    const cast = sort.key === 'created_at' ? '::timestamptz' : text ? '::text collate "C"' : '::numeric';
    const beyondValue = filtered().andWhereRaw(`(${col}, id) ${beyond} (?${cast}, ?)`, [value, after.id]);
    rows = (await ordered(beyondValue).limit(want)) as Row[];
  }
  if (rows.length < want) {
    const nulls = filtered().whereNull(column);
    if (value === null) nulls.andWhereRaw(`id ${beyond} ?`, [after.id]);
    rows = rows.concat((await ordered(nulls).limit(want - rows.length)) as Row[]);
  }
  return rows.slice(page.offset);
}
