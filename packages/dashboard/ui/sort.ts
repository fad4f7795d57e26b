/** A list sorted by the API's `sort` parameter: a key ascending, `-key` descending. */

/** Clicking a column's header: ascending first, then descending, by the API's `sort` (`-` descends). */
export function nextSort(current: string, key: string): string {
  return current === key ? `-${key}` : key;
}

/** How a column is sorted now, for aria-sort. */
export function sortState(current: string, key: string): 'ascending' | 'descending' | 'none' {
  const effective = current || '-created_at';
  return effective === key ? 'ascending' : effective === `-${key}` ? 'descending' : 'none';
}
