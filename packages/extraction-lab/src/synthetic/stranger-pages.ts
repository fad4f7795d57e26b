import type { PDFDocument, PDFFont } from 'pdf-lib';
import { makeRow, round, type SyntheticContent } from './document.js';
import { printDate, printMoney } from './formats.js';
import { createPen, type Pen, type TextOptions } from './pen.js';
import type { Random } from './random.js';
import { LEFT, RIGHT } from './stranger-parts.js';

/**
 * Invoices and orders over two or three pages, as real ones run when their item table is long:
 * the header repeated on every page in full (the letterhead, the parties and the labelled values)
 * or shortened to the title, number, date and page count; the table continued with its heads,
 * a carried-forward line at the foot of a page and at the head of the next ("Carried forward" /
 * "Brought forward", "Übertrag", "À reporter" / "Report", "Suma y sigue", "Transport" / "Van
 * vorige pagina"; `carried_forward`, `brought_forward` in the vocabulary files) or none; the
 * summary, the closing and everything under the table on the last page only; the footer on
 * every page. Drawn from a random source of its own (`intake synthetic pages S i`) with its words,
 * so that every other choice and word of a seed stays as it was; a document the trait leaves on
 * one page is the same bytes as without it. The ground truth is the document's own fields, its
 * line items every row on every page.
 */
export interface StrangerPages {
  /** 1: the document as drawn; 2 or 3: its rows (10 to 40) flow over that many pages. */
  count: 1 | 2 | 3;
  /** The header on the pages after the first: repeated whole, or the number, date and page count. */
  header: 'full' | 'short';
  /** The running sum of the rows' amounts at the foot of a page and the head of the next, or none. */
  carried: 'both' | 'none';
  words: {
    /** At a page's foot and the next page's head; `{page}` is the page whose rows it sums. */
    carried: string;
    brought: string;
    /** "Page {i} of {n}", printed on every page. */
    page: string;
    title: string;
    number: string;
    date: string;
  };
}

/** One stranger invoice or order in four flows over several pages (never a photo: photos stay one page). */
const SHARE = 0.25;

export function chooseStrangerPages(
  content: SyntheticContent,
  random: Random,
  tableTop: number,
): { content: SyntheticContent; pages: StrangerPages } {
  const v = content.vocabulary;
  // Every draw is made whatever the choice, so that the words stay aligned with the choice.
  const several = random.chance(SHARE);
  const count = random.chance(1 / 3) ? 3 : 2;
  const header = random.chance(0.5) ? 'full' : 'short';
  // As many rows as the pages hold (a repeated header leaves less room): 10 to 40, 25 or more on three pages.
  const room = rooms(count, tableTop, header === 'full' ? tableTop : SHORT_TOP).reduce((a, b) => a + b, 0);
  const most = Math.min(40, room);
  const rows = random.int(Math.min(most, count === 3 ? 25 : 10), most);
  const pages: StrangerPages = {
    count: several ? count : 1,
    header,
    carried: random.chance(0.7) ? 'both' : 'none',
    words: {
      carried: random.pick(v.carried_forward),
      brought: random.pick(v.brought_forward),
      page: random.pick(v.page_of),
      title: random.pick(v.titles[content.kind]),
      number: random.pick(v.number[content.kind]),
      date: random.pick(v.date[content.kind]),
    },
  };
  if (!several) return { content, pages };
  const more = Array.from({ length: rows - content.rows.length }, () => makeRow(random, v));
  const all = [...content.rows, ...more];
  const subtotal = round(all.reduce((sum, r) => sum + r.amount, 0));
  const tax = round(subtotal * content.taxRate);
  return { content: { ...content, rows: all, subtotal, tax, total: round(subtotal + tax) }, pages };
}

export function describeStrangerPages(pages: StrangerPages | undefined): string {
  if (!pages || pages.count === 1) return 'pages=1';
  return `pages=${pages.count} page-header=${pages.header} carried=${pages.carried}`;
}

/** The item table drawn in its flow: its heads at `top`, and row `i` at `y`. Returns where the table ends. */
export type TableFlow = (top: number, head: (top: number) => void, row: (index: number, top: number) => void) => number;

/** Where a page's rows may run to, leaving room for the carried-forward line and the footer. */
const FOOT = 730;
/** Where the last page's rows end at most, leaving room for the summary, the closing and the seller's block. */
const LAST_FOOT = 470;
const ROW = 18;
/** The top of a shortened header's table. */
const SHORT_TOP = 96;

/**
 * A pen over several pages: what is drawn before the table goes on the first page (and again on
 * every page when the header is repeated in full), the table flows page by page, what comes after
 * it goes on the last page, and the footer (drawn under `FOOTER`) on every page. `finish` copies
 * the header and footer to the pages that need them.
 */
export function pagedPen(
  pdf: PDFDocument,
  first: Pen,
  fonts: { regular: PDFFont; bold: PDFFont },
  content: SyntheticContent,
  pages: StrangerPages,
): { pen: Pen; flow: TableFlow; finish: () => void } {
  const pens = [first, ...Array.from({ length: pages.count - 1 }, () => createPen(pdf.addPage([595, 842]), fonts))];
  let current = 0;
  let phase: 'head' | 'table' | 'after' = 'head';
  type Op = (pen: Pen) => void;
  const headOps: Op[] = [];
  const footOps: Op[] = [];
  const pen: Pen = {
    get page() {
      return pens[current]!.page;
    },
    pageHeight: first.pageHeight,
    width: (value, size, bold) => first.width(value, size, bold),
    text(value: string, x: number, top: number, options?: TextOptions) {
      const op: Op = (p) => p.text(value, x, top, options);
      if (phase === 'head') headOps.push(op);
      if (phase === 'after' && top >= FOOTER) footOps.push(op);
      op(pens[current]!);
    },
    line(x0: number, top0: number, x1: number, top1: number, width?: number) {
      const op: Op = (p) => p.line(x0, top0, x1, top1, width);
      if (phase === 'head') headOps.push(op);
      if (phase === 'after' && top0 >= FOOTER) footOps.push(op);
      op(pens[current]!);
    },
  };
  const v = pages.words;
  const money = (amount: number) => printMoney(amount, content.style);
  const carriedLine = (label: string, amount: number, top: number, page: number) => {
    pen.text(label.replace('{page}', String(page)), LEFT, top, { size: 9, bold: true });
    pen.text(money(amount), RIGHT, top, { size: 9, bold: true, align: 'right' });
  };
  const flow: TableFlow = (top, head, row) => {
    phase = 'table';
    const counts = split(content.rows.length, rooms(pages.count, top, pages.header === 'full' ? top : SHORT_TOP));
    let index = 0;
    let sum = 0;
    let end = top;
    counts.forEach((count, page) => {
      current = page;
      let y = page === 0 || pages.header === 'full' ? top : SHORT_TOP;
      head(y);
      if (page > 0 && pages.carried === 'both') carriedLine(v.brought, sum, (y += ROW), page);
      for (let k = 0; k < count; k++, index++) {
        row(index, (y += ROW));
        sum = round(sum + content.rows[index]!.amount);
      }
      end = y + ROW;
      if (page < counts.length - 1 && pages.carried === 'both') {
        pen.line(LEFT, y + 14, RIGHT, y + 14);
        carriedLine(v.carried, sum, y + 18, page + 1);
      }
    });
    phase = 'after';
    return end;
  };
  const finish = () => {
    pens.forEach((p, page) => {
      if (page > 0 && pages.header === 'full') headOps.forEach((op) => op(p));
      if (page > 0 && pages.header === 'short') shortHeader(p, content, pages);
      if (page < pens.length - 1) footOps.forEach((op) => op(p));
      const count = v.page.replace('{i}', String(page + 1)).replace('{n}', String(pens.length));
      p.text(count, RIGHT, 776, { size: 8, align: 'right', grey: true });
    });
  };
  return { pen, flow, finish };
}

/** Drawn under this top after the table, on the last page: the footer, copied to every page. */
const FOOTER = 760;

/** The title, the number and the date on one line at the top of a page after the first. */
function shortHeader(pen: Pen, content: SyntheticContent, pages: StrangerPages): void {
  const w = pages.words;
  pen.text(`${w.title}  ${w.number} ${content.number}`, LEFT, 40, { size: 12, bold: true });
  pen.text(`${w.date} ${printDate(content.date, content.style)}`, RIGHT, 42, { size: 9, align: 'right' });
  pen.line(LEFT, 62, RIGHT, 62);
}

/**
 * How many rows each page has room for: the first from the table's top, the next ones from their
 * header's, the last leaving room for the summary under it; at least one each.
 */
export function rooms(count: number, firstTop: number, nextTop: number): number[] {
  const room = (top: number, foot: number) => Math.max(1, Math.floor((foot - top) / ROW) - 2);
  return [
    room(firstTop, FOOT),
    ...Array.from({ length: count - 2 }, () => room(nextTop, FOOT)),
    room(nextTop, LAST_FOOT),
  ];
}

/**
 * How many rows each page prints: the last page about an even share within its room, the others
 * the rest evenly within theirs, and what is left where a page has room (rows no more than the
 * pages hold, at least one a page).
 */
export function split(rows: number, room: readonly number[]): number[] {
  const n = room.length;
  const counts = room.map((r, i) => (i === n - 1 ? Math.min(r, Math.max(1, Math.round(rows / n))) : 0));
  let rest = rows - counts[n - 1]!;
  for (let i = 0; i < n - 1; i++) {
    counts[i] = Math.min(room[i]!, Math.ceil(rest / (n - 1 - i)));
    rest -= counts[i]!;
  }
  for (let i = n - 1; rest > 0 && i >= 0; i--) {
    const more = Math.min(rest, room[i]! - counts[i]!);
    counts[i]! += more;
    rest -= more;
  }
  return counts;
}
