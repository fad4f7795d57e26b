/**
 * Where a paged list is and where its pager may go: pure, so the rules are tested without a browser
 * (test/dashboard/pager.test.ts). A list pages by offset (`limit` + `offset`, the API's `total` says
 * when it ends) or by cursor (`limit` + `cursor`, the page's `next_cursor` is the next page's start:
 * a page deep in a million jobs costs what the first does).
 */

/** The page shown: the offset of its first row and, for a cursor-paged list, the cursors of the pages before. */
export interface PagePosition {
  offset: number;
  /** `cursors.at(-1)` asks for this page; empty on the first page. */
  cursors: readonly string[];
}

export const FIRST_PAGE: PagePosition = { offset: 0, cursors: [] };

/** What the shown page's answer says about the list. */
export interface PageFacts {
  /** Rows on the shown page. */
  rows: number;
  /** Matches in the whole list (at least this many when `capped`). */
  total: number;
  capped?: boolean;
  /** A cursor-paged list's start of the next page; null on its last page. Absent: the list pages by offset. */
  nextCursor?: string | null;
}

/** The query members that ask for the page at `position`. */
export function pageQuery(
  position: PagePosition,
  size: number,
  by: 'offset' | 'cursor',
): { limit: number; offset?: number; cursor?: string } {
  if (by === 'offset') return { limit: size, offset: position.offset };
  const cursor = position.cursors.at(-1);
  return cursor === undefined ? { limit: size } : { limit: size, cursor };
}

export const canGoBack = (position: PagePosition): boolean => position.offset > 0;

export function canGoForward(position: PagePosition, size: number, facts: PageFacts): boolean {
  if (facts.nextCursor !== undefined) return facts.nextCursor !== null;
  return position.offset + size < facts.total;
}

/** The next page (the same position when there is none). */
export function forward(position: PagePosition, size: number, facts: PageFacts): PagePosition {
  if (!canGoForward(position, size, facts)) return position;
  return {
    offset: position.offset + size,
    cursors: facts.nextCursor ? [...position.cursors, facts.nextCursor] : position.cursors,
  };
}

/** The page before (the first page stays where it is). */
export function back(position: PagePosition, size: number): PagePosition {
  if (!canGoBack(position)) return position;
  return { offset: Math.max(0, position.offset - size), cursors: position.cursors.slice(0, -1) };
}

/** "26–50 of 120" (or "of 10,000+" when the API stopped counting); an empty page reads "0 of N". */
export function rangeText(position: PagePosition, facts: PageFacts): string {
  const of = `${facts.total.toLocaleString('en-US')}${facts.capped ? '+' : ''}`;
  if (facts.rows === 0) return `0 of ${of}`;
  return `${position.offset + 1}–${position.offset + facts.rows} of ${of}`;
}
