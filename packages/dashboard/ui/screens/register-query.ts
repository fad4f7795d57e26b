/**
 * The documents register's filters, search and sort as the page's query string: what the screen
 * shows is what the URL says, so a reload or a shared link opens the same list.
 */

/** A type alias, not an interface, so that Object.entries sees string values. */
export type RegisterQuery = {
  status: string;
  /** `true` or `false`: the API's needs_review. */
  needs_review: string;
  source: string;
  vendor: string;
  q: string;
  extractor_id: string;
  created_after: string;
  created_before: string;
  min_confidence: string;
  sort: string;
};

export const EMPTY_QUERY: RegisterQuery = {
  status: '',
  needs_review: '',
  source: '',
  vendor: '',
  q: '',
  extractor_id: '',
  created_after: '',
  created_before: '',
  min_confidence: '',
  sort: '',
};

/** The query as the page's URL has it (unknown parameters are left out). */
export function readQuery(search: string): RegisterQuery {
  const params = new URLSearchParams(search);
  const query = { ...EMPTY_QUERY };
  for (const name of Object.keys(query) as (keyof RegisterQuery)[]) query[name] = params.get(name) ?? '';
  return query;
}

/** The set members as URL parameters, in a fixed order. */
export function toParams(query: RegisterQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value.trim()) params.set(name, value.trim());
  return params;
}
