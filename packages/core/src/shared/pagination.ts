/** A page request as every list endpoint takes it. */
export interface PageRequest {
  limit: number;
  offset: number;
}

/** One page of a list and the total across all pages. */
export interface Page<T> {
  items: T[];
  total: number;
}
