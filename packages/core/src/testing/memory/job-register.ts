import type { JobRecord } from '../../jobs/job.js';
import { registerFields, searchText, searchWords, sortValue, textWords, type JobSort } from '../../jobs/register.js';
import type { JobFilter, JobPosition } from '../../ports/job-store.port.js';

/** The register filters (source, vendor, q) as the SQL store applies them. */
export function matchesRegister(job: JobRecord, filter: JobFilter, documentText = ''): boolean {
  const fields = registerFields(job);
  if (filter.source && fields.source.kind !== filter.source) return false;
  if (filter.vendor !== undefined && fields.vendor?.toLowerCase() !== filter.vendor.toLowerCase()) return false;
  if (filter.q !== undefined) {
    const words = [...textWords(searchText(job)), ...textWords(documentText)];
    const wanted = searchWords(filter.q);
    // A search without a word finds nothing (as the SQL store's), rather than everything.
    if (wanted.length === 0 || !wanted.every((w) => words.some((t) => t.startsWith(w)))) return false;
  }
  return true;
}

type Value = string | number | null;

/** Compares two non-null values as PostgreSQL does with collation "C" (code points) or numbers. */
const compareValues = (a: Exclude<Value, null>, b: Exclude<Value, null>): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : a < b ? -1 : a > b ? 1 : 0;

/** Position order under a sort: the key in its direction with nulls last, then the id in that direction. */
function comparePositions(a: { value: Value; id: string }, b: { value: Value; id: string }, sort: JobSort): number {
  const sign = sort.descending ? -1 : 1;
  if (a.value === null || b.value === null) {
    if (a.value !== b.value) return a.value === null ? 1 : -1;
  } else {
    const byValue = compareValues(a.value, b.value);
    if (byValue !== 0) return sign * byValue;
  }
  return sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The jobs in register order, starting after `after` (a keyset position) when given. */
export function sortRegister(jobs: JobRecord[], sort: JobSort, after?: JobPosition): JobRecord[] {
  const positioned = jobs.map((job) => ({ job, value: sortValue(job, sort.key), id: job.id }));
  positioned.sort((a, b) => comparePositions(a, b, sort));
  const start = after
    ? { value: sort.key === 'created_at' ? after.created_at : (after.value ?? null), id: after.id }
    : null;
  return positioned.filter((p) => !start || comparePositions(p, start, sort) > 0).map((p) => p.job);
}
