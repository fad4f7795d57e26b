import { describe, expect, it } from 'vitest';
import {
  back,
  canGoBack,
  canGoForward,
  FIRST_PAGE,
  forward,
  pageQuery,
  rangeText,
} from '../../packages/dashboard/ui/pager.js';
import { nextSort, sortState } from '../../packages/dashboard/ui/sort.js';

describe("the dashboard's pager: where a paged list is and where it may go", () => {
  it('pages by offset until the total is reached, and back to the first page', () => {
    const size = 25;
    expect(pageQuery(FIRST_PAGE, size, 'offset')).toEqual({ limit: 25, offset: 0 });
    const first = { rows: 25, total: 60 };
    expect(canGoBack(FIRST_PAGE)).toBe(false);
    expect(canGoForward(FIRST_PAGE, size, first)).toBe(true);
    const second = forward(FIRST_PAGE, size, first);
    expect(second).toEqual({ offset: 25, cursors: [] });
    expect(pageQuery(second, size, 'offset')).toEqual({ limit: 25, offset: 25 });
    const third = forward(second, size, first);
    expect(third.offset).toBe(50);
    const last = { rows: 10, total: 60 };
    expect(canGoForward(third, size, last)).toBe(false);
    // Past the end, forward stays where it is: a double press cannot skip beyond the list.
    expect(forward(third, size, last)).toBe(third);
    expect(rangeText(third, last)).toBe('51–60 of 60');
    expect(back(back(third, size), size)).toEqual(FIRST_PAGE);
    expect(back(FIRST_PAGE, size)).toBe(FIRST_PAGE);
    // A list of exactly one page has nowhere to go.
    expect(canGoForward(FIRST_PAGE, size, { rows: 25, total: 25 })).toBe(false);
  });

  it("pages by cursor as far as the API's next_cursor goes, Previous popping the cursor it pushed", () => {
    const size = 25;
    const first = { rows: 25, total: 70, nextCursor: 'c1' };
    const second = forward(FIRST_PAGE, size, first);
    expect(second).toEqual({ offset: 25, cursors: ['c1'] });
    expect(pageQuery(second, size, 'cursor')).toEqual({ limit: 25, cursor: 'c1' });
    expect(pageQuery(FIRST_PAGE, size, 'cursor')).toEqual({ limit: 25 });
    const third = forward(second, size, { rows: 25, total: 70, nextCursor: 'c2' });
    expect(third).toEqual({ offset: 50, cursors: ['c1', 'c2'] });
    // The total says 70, but the cursor decides: a null next_cursor is the last page.
    const last = { rows: 20, total: 70, nextCursor: null };
    expect(canGoForward(third, size, last)).toBe(false);
    expect(forward(third, size, last)).toBe(third);
    const backAgain = back(third, size);
    expect(backAgain).toEqual(second);
    expect(pageQuery(backAgain, size, 'cursor')).toEqual({ limit: 25, cursor: 'c1' });
    expect(back(backAgain, size)).toEqual(FIRST_PAGE);
  });

  it('says the range shown, with a capped total as the API counted it', () => {
    expect(rangeText({ offset: 25, cursors: ['c'] }, { rows: 25, total: 10_000, capped: true })).toBe(
      '26–50 of 10,000+',
    );
    expect(rangeText(FIRST_PAGE, { rows: 3, total: 3 })).toBe('1–3 of 3');
    expect(rangeText({ offset: 50, cursors: [] }, { rows: 0, total: 50 })).toBe('0 of 50');
  });

  it('sorts a column ascending first, then descending; the default is newest first', () => {
    expect(nextSort('', 'total')).toBe('total');
    expect(nextSort('total', 'total')).toBe('-total');
    expect(nextSort('-total', 'total')).toBe('total');
    expect(sortState('', 'created_at')).toBe('descending');
    expect(sortState('total', 'total')).toBe('ascending');
    expect(sortState('-total', 'vendor')).toBe('none');
  });
});
