/**
 * The one table of a list screen: columns as data, the rows of the page shown, its loading, error and
 * empty states, sortable headers where the API sorts, and the pager (by offset or by cursor; the rules
 * are in pager.ts). Screens keep their columns, captions and words; the markup is the same everywhere.
 */
import type { ComponentChildren } from 'preact';
import { Fragment } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ErrorBox } from './components.js';
import {
  back,
  canGoBack,
  canGoForward,
  FIRST_PAGE,
  forward,
  pageQuery,
  rangeText,
  type PageFacts,
  type PagePosition,
} from './pager.js';
import { nextSort, sortState } from './sort.js';

/** One column: its header, its cell and how the cell is marked. */
export interface Column<Row> {
  /** The header's text, also the cell's label on a phone's stacked card (`data-label`). */
  title: string;
  cell: (row: Row) => ComponentChildren;
  /** The API's sort key: the header is a button sorting by it (the table's `sort` is given). */
  sort?: string;
  /** The cell names its row: `<th scope="row">`. */
  rowHeader?: boolean;
  class?: string | ((row: Row) => string | undefined);
  /** The header is for screen readers only (an actions column), and its cells carry no label. */
  hiddenTitle?: boolean;
}

/** A list's page, kept by the screen (back to the first when its filters change) and read by its request. */
export interface Pages {
  position: PagePosition;
  size: number;
  /** The query members asking for this page: `limit` with `offset`, or with `cursor`. */
  query: { limit: number; offset?: number; cursor?: string };
  go: (position: PagePosition) => void;
  /** To the first page, after a filter, a search or the sort changed. */
  reset: () => void;
}

export function usePages(size: number, by: 'offset' | 'cursor' = 'offset'): Pages {
  const [position, setPosition] = useState<PagePosition>(FIRST_PAGE);
  return {
    position,
    size,
    query: pageQuery(position, size, by),
    go: setPosition,
    reset: () => setPosition(FIRST_PAGE),
  };
}

/** What a list answer carries besides its rows. */
interface ListAnswer {
  total: number;
  total_capped?: boolean;
  next_cursor?: string | null;
}

export const factsOf = (list: ListAnswer, rows: number): PageFacts => ({
  rows,
  total: list.total,
  ...(list.total_capped ? { capped: true } : {}),
  ...(list.next_cursor !== undefined ? { nextCursor: list.next_cursor } : {}),
});

/**
 * Previous / next, shown when there is a page to go to. The buttons are off while a page loads (a
 * second press would skip one); the focus stays on the pager when the button pressed turns off.
 */
export function Pager(props: {
  pages: Pages;
  facts: PageFacts;
  label: string;
  busy?: boolean;
  buttons?: [string, string];
}) {
  const { pages, facts } = props;
  const [earlierText, laterText] = props.buttons ?? ['Previous page', 'Next page'];
  const nav = useRef<HTMLElement>(null);
  const moved = useRef(false);
  const earlier = canGoBack(pages.position);
  const later = canGoForward(pages.position, pages.size, facts);
  useEffect(() => {
    // A page left empty (its last rows deleted elsewhere) gives way to the one before.
    if (!props.busy && facts.rows === 0 && earlier) pages.go(back(pages.position, pages.size));
    if (!moved.current || props.busy) return;
    moved.current = false;
    const focused = document.activeElement;
    if (focused instanceof HTMLButtonElement && !focused.disabled && nav.current?.contains(focused)) return;
    nav.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  });
  if (!earlier && !later) return null;
  const go = (to: PagePosition) => {
    moved.current = true;
    pages.go(to);
  };
  return (
    <nav class="pager" aria-label={props.label} ref={nav}>
      <button type="button" disabled={!earlier || props.busy} onClick={() => go(back(pages.position, pages.size))}>
        {earlierText}
      </button>
      <span>{rangeText(pages.position, facts)}</span>
      <button
        type="button"
        disabled={!later || props.busy}
        onClick={() => go(forward(pages.position, pages.size, facts))}
      >
        {laterText}
      </button>
    </nav>
  );
}

function HeaderCell<Row>(props: { column: Column<Row>; sort?: { current: string; onSort: (sort: string) => void } }) {
  const { column, sort } = props;
  if (column.hiddenTitle)
    return (
      <th scope="col">
        <span class="visually-hidden">{column.title}</span>
      </th>
    );
  if (!column.sort || !sort) return <th scope="col">{column.title}</th>;
  const state = sortState(sort.current, column.sort);
  const key = column.sort;
  return (
    <th scope="col" aria-sort={state}>
      <button type="button" class="sort" onClick={() => sort.onSort(nextSort(sort.current, key))}>
        {column.title}
        <span aria-hidden="true">{{ ascending: ' ▲', descending: ' ▼', none: '' }[state]}</span>
      </button>
    </th>
  );
}

function Cells<Row>(props: { row: Row; columns: Column<Row>[] }) {
  return (
    <>
      {props.columns.map((column) => {
        const content = column.cell(props.row);
        const className = typeof column.class === 'function' ? column.class(props.row) : column.class;
        // An empty cell gets no label of its own on the phone's cards.
        const label = column.hiddenTitle || content === '' ? '' : column.title;
        return column.rowHeader ? (
          <th key={column.title} scope="row" data-label={label} class={className}>
            {content}
          </th>
        ) : (
          <td key={column.title} data-label={label} class={className}>
            {content}
          </td>
        );
      })}
    </>
  );
}

export interface ResourceTableProps<List extends ListAnswer, Row> {
  /** The screen's request for the page shown (useLoad). */
  list: { data: List | undefined; error: unknown; loading: boolean };
  rows: (list: List) => Row[];
  rowKey: (row: Row) => string;
  columns: Column<Row>[];
  caption: (list: List, position: PagePosition) => ComponentChildren;
  /** Shown when the list has no match at all. */
  empty: ComponentChildren;
  /** Without it the list is one page. */
  pages?: Pages;
  pagerLabel?: string;
  pagerButtons?: [string, string];
  sort?: { current: string; onSort: (sort: string) => void };
  /** The row's class and data attributes. */
  rowAttributes?: (row: Row) => Record<string, string | undefined>;
  /** Above the table when the list has rows (a link, an export). */
  above?: (list: List) => ComponentChildren;
  /** A row's detail, on a row of its own below it across every column (null: none). */
  detail?: (row: Row) => ComponentChildren;
  class?: string;
  /** In a box that scrolls sideways: a wide table on a phone. */
  boxed?: boolean;
}

export function ResourceTable<List extends ListAnswer, Row>(props: ResourceTableProps<List, Row>) {
  const { list, columns } = props;
  const data = list.data;
  if (!data) return list.error ? <ErrorBox error={list.error} /> : list.loading ? <p class="hint">Loading…</p> : null;
  if (data.total === 0)
    return (
      <>
        <ErrorBox error={list.error} />
        {props.empty}
      </>
    );
  const rows = props.rows(data);
  const position = props.pages?.position ?? FIRST_PAGE;
  const table = (
    <table class={props.class} aria-busy={list.loading ? 'true' : undefined}>
      <caption>{props.caption(data, position)}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <HeaderCell key={column.title} column={column} sort={props.sort} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const detail = props.detail?.(row);
          return (
            <Fragment key={props.rowKey(row)}>
              <tr {...props.rowAttributes?.(row)}>
                <Cells row={row} columns={columns} />
              </tr>
              {detail != null && detail !== false && (
                <tr>
                  <td colSpan={columns.length}>{detail}</td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
  return (
    <>
      <ErrorBox error={list.error} />
      {props.above?.(data)}
      {props.boxed ? <div class="table-box">{table}</div> : table}
      {props.pages && (
        <Pager
          pages={props.pages}
          facts={factsOf(data, rows.length)}
          label={props.pagerLabel ?? 'Pages'}
          busy={list.loading}
          {...(props.pagerButtons ? { buttons: props.pagerButtons } : {})}
        />
      )}
    </>
  );
}
