import type { ExtractionContext } from '../context.js';
import { lineHeight, type Line } from '../layout/lines.js';
import { findTableHeaders, headerColumns, type Column, type TableHeader } from './table-header.js';
import { descriptionColumnX0, headingWords } from './description-column.js';
import { unionBox, type PageBox, type RowLocation } from '../locations/field-location.js';
import { onPage } from '../locations/locate.js';
import { addsUp, balancedParts, type RowNumber, type RowParts } from './row-arithmetic.js';
import { numbersOf, priced, type PlacedNumber } from './row-numbers.js';
import { headingsAtCellStart } from './column-extents.js';
import { withLostDecimals } from './lost-decimals.js';
import { pageFurniture } from '../layout/page-furniture.js';

/**
 * Rows of the line-item table under a header row. A row has text in the description column and
 * numbers under the numeric columns; a text-only line right under a row continues its
 * description; a text-only line followed by a numbers-only line (receipts) is one item. Section
 * subtotals and the sum carried from one page to the next are skipped, the first total ends the table.
 * A table runs over pages through their running footers and headers (layout/page-furniture.ts),
 * and on to a page that repeats the heading row only up to it: the rows there are that heading's.
 */

/** Labels of lines in a table that are no row: a section's subtotal, a tax line, the sum carried to the next page. */
const SKIPPED: ReadonlySet<string> = new Set(['subtotal', 'tax_amount', 'carried_forward']);

export interface LineItem {
  description: string;
  quantity?: number;
  unit_price?: number;
  amount?: number;
}

export interface LineItems {
  items: LineItem[];
  /** Evidence 0 to 1: rows whose quantity x unit price gives their amount count for more. */
  score: number;
  /** Where each item was read, in the order of `items`; cells named by LineItem member. */
  rows: RowLocation[];
}

export function findLineItems(ctx: ExtractionContext): LineItems | null {
  const items: LineItem[] = [];
  const rows: RowLocation[] = [];
  const headers = findTableHeaders(ctx.lines);
  const headerLines = new Set(headers.map((h) => h.line));
  const furniture = pageFurniture(ctx.lines);
  for (const header of headers) {
    const read = rowsUnder(ctx, header, headerLines, furniture);
    for (const row of (header.line.ocr ? withLostDecimals(read) : read)
      .map(balanced)
      .map((row) => withQuantity(row, header))
      .filter((row) => plausibleRow(row, header))) {
      const { decimals: _d, amountGuessed: _g, numbers: _n, parts: _p, cells, ...item } = row;
      items.push(item);
      rows.push(rowLocation(cells));
    }
  }
  if (items.length === 0) return null;
  const consistent = items.filter((i) => addsUp(i.quantity, i.unit_price, i.amount)).length;
  return { items, score: 0.5 + 0.4 * (consistent / items.length), rows };
}

/** A row's box is the union of its cells (they may stand on two lines of one page). */
function rowLocation(cells: Partial<Record<keyof LineItem, PageBox>>): RowLocation {
  const boxes = Object.values(cells);
  const first = boxes[0]!;
  return { ...first, box: unionBox(boxes.map((b) => b.box))!, cells: { ...cells } };
}

function rowsUnder(ctx: ExtractionContext, header: TableHeader, headerLines: Set<Line>, furniture: Set<Line>): Row[] {
  const items: Row[] = [];
  const numericX0 = numericColumnsX0(header, header.columns.description!.x0);
  const lines = tableLines(ctx, header, headerLines, furniture);
  const descriptionX0 = descriptionColumnX0(lines, headingWords(ctx.lines, header), header, numericX0);
  const byExtents = headingsAtCellStart(
    header,
    lines.map((line) => ({ line, numbers: columnSpans(numbersOf(line, header, descriptionX0, numericX0)) })),
  );
  let pending: { text: string; box: PageBox; line: Line } | null = null;
  let last: { item: Row; line: Line } | null = null;
  for (const line of lines) {
    const labels = ctx.labels.hitsOn(line).filter((h) => h.strength === 1);
    const description = descriptionText(line, descriptionX0, numericX0);
    const read = numbersOf(line, header, descriptionX0, numericX0, byExtents);
    const numbers = read.filter((n) => !n.beside && !n.inDescription);
    // A subtotal, tax or carried-forward line is skipped; a row with a tax rate in it ("7 % VAT") is still a row.
    if (labels.some((h) => SKIPPED.has(h.key)) && !(description && priced(numbers))) continue;
    // A row whose numbers sit a little lower than its text (a second line of the same row).
    if (
      !description &&
      numbers.length &&
      last &&
      pending === null &&
      last.line.page === line.page &&
      line.y0 - last.line.y1 < lineHeight(last.line) &&
      fillMissing(last.item, numbers)
    )
      continue;
    if (numbers.length === 0) {
      if (!description) continue;
      const closeBelow = last && closeUnder(last.line, line);
      // "GTIN: 4012345001235" under a row is a detail of it, not part of its name.
      if (KEY_VALUE.test(description.text)) continue;
      if (closeBelow && last && pending === null) continueRow(last, description, line);
      else pending = { ...description, line };
      continue;
    }
    if (last && pending === null && discountBreakdown(last, numbers, line)) {
      if (description) continueRow(last, description, line);
      continue;
    }
    // The rest of a row's name with the number its first line lacked ("Mineralwasser Medium  5,49  20"
    // over "12 x 1,0l PET  109,80"): part of that row when the row then adds up.
    if (description && last && pending === null && adjacent(last.line, line) && completes(last.item, numbers)) {
      fillMissing(last.item, numbers);
      continueRow(last, description, line);
      continue;
    }
    // A name on a line of its own belongs to the numbers on the line right under it, not further down.
    const text = description ?? (pending && adjacent(pending.line, line) ? pending : null);
    pending = null;
    if (!text) continue;
    const item = toItem(
      text,
      numbers,
      read.filter((n) => n.beside || (description && n.inDescription)),
    );
    if (item) {
      items.push(item);
      last = { item, line };
    }
  }
  return items;
}

/** The lines under a header up to the table's end: a wide gap, another header, the total's line. */
function tableLines(ctx: ExtractionContext, header: TableHeader, headerLines: Set<Line>, furniture: Set<Line>): Line[] {
  const lines: Line[] = [];
  let previous: Line = header.line;
  // Pages that print this table's heading row again: the rows there are under it.
  const repeated = new Set([...headerLines].filter((l) => l.text === header.line.text).map((l) => l.page));
  for (const line of ctx.lines.slice(header.line.index + 1)) {
    if (leavesTable(line, previous, header, headerLines)) break;
    // A running footer close under the last row, a running header over the next page's first.
    if (furniture.has(line)) continue;
    if (line.page !== header.line.page && repeated.has(line.page)) break;
    const total = ctx.labels.hitsOn(line).some((h) => h.strength === 1 && h.key === 'total_amount');
    if (total || anotherTable(line, header)) break;
    lines.push(line);
    previous = line;
  }
  return lines;
}

/** Where a row's numbers under the columns stand across the page. */
const columnSpans = (numbers: PlacedNumber[]) => numbers.filter((n) => n.column).map((n) => n.box.box);

/** The description runs to the first numeric column right of it; columns may stand left of it too. */
function numericColumnsX0(header: TableHeader, descriptionX0: number): number {
  return Math.min(
    ...(['quantity', 'unit_price', 'amount', 'other'] as const).flatMap((c) =>
      header.columns[c] && header.columns[c].x0 > descriptionX0 ? [header.columns[c].x0] : [],
    ),
  );
}

/** How far down its page a table's last row stands when the table fills the page. */
const FILLED_PAGE = 2 / 3;

/** The table ends at a header row, and at a page break or a wide gap (but goes on at the top of the next page). */
function leavesTable(line: Line, previous: Line, header: TableHeader, headerLines: Set<Line>): boolean {
  // A line of ruling ("-") is only a few pixels high: gaps are judged by text height.
  const height = Math.max(lineHeight(previous), lineHeight(header.line));
  // The table goes on at the top of the next page, up to a header of its own there; past that page
  // only from a page it filled (its last row in the page's lower third), as a long table runs on.
  const nextPage =
    line.page === previous.page + 1 &&
    (line.page === header.line.page + 1 || previous.y1 > previous.pageHeight * FILLED_PAGE);
  return headerLines.has(line) || (!nextPage && (line.page !== previous.page || line.y0 - previous.y1 > height * 6));
}

/**
 * Under a row with its amount, a line whose numbers are all deductions ("Grade Fasteners (1 kg)
 * - 1,00 €") is the row's discount breakdown: its words continue the name, its numbers are no item.
 */
function discountBreakdown(last: { item: Row; line: Line }, numbers: PlacedNumber[], line: Line): boolean {
  return (
    numbers.every((n) => n.value < 0) &&
    closeUnder(last.line, line) &&
    last.item.amount !== undefined &&
    last.item.amount > 0
  );
}

/**
 * The header of another table ("Beschreibung  Fälligkeit  Teilzahlung" under the items): a line
 * without digits or a colon (so no "Product origin: DE" detail) that starts with a description
 * column's word where this table has none.
 */
function anotherTable(line: Line, header: TableHeader): boolean {
  if (/[\d:]/.test(line.text)) return false;
  const own = headerColumns(line).description;
  const table = header.columns.description!;
  return own !== undefined && own.x0 - line.words[0]!.bbox.x0 < 1 && Math.abs(own.x0 - table.x0) > lineHeight(line) * 2;
}

/** The words in the description column; `whole` keeps a leading number a row's first line drops ("1 Widget"). */
function descriptionText(
  line: Line,
  descriptionX0: number,
  numericX0: number,
): { text: string; whole: string; box: PageBox } | null {
  // A long word may run a little past the next column's header: its middle says where it stands.
  const words = trimRules(
    line.words.filter((w) => w.bbox.x1 > descriptionX0 - 2 && (w.bbox.x0 + w.bbox.x1) / 2 < numericX0 - 2),
  );
  const whole = words.map((w) => w.text).join(' ');
  const text = whole
    .replace(/^(?:\d{1,3}\s+)?(?:\[[^\]]*\]|\*[^*]*\*)\s*/, '')
    .replace(/^\d{1,3}\s+(?=\p{L})/u, '')
    .trim();
  return text ? { text, whole: whole.trim(), box: onPage(line, unionBox(words.map((w) => w.bbox))!) } : null;
}

/** A table's ruling read as characters ("|", "-", "[") at either end of a row's words. */
const RULE = /^[|[\]_=~—–-]+$/;
function trimRules<T extends { text: string }>(words: T[]): T[] {
  let start = 0;
  let end = words.length;
  while (start < end && RULE.test(words[start]!.text)) start++;
  while (end > start && RULE.test(words[end - 1]!.text)) end--;
  return words.slice(start, end);
}

/** The rest of the row's name, from a line under it (kept whole: its leading number is part of the name). */
function continueRow(last: { item: Row; line: Line }, description: { whole: string; box: PageBox }, line: Line): void {
  last.item.description = `${last.item.description} ${description.whole}`;
  last.item.cells.description = joinBoxes(last.item.cells.description, description.box);
  last.line = line;
}

function joinBoxes(a: PageBox | undefined, b: PageBox): PageBox {
  return a && a.page === b.page ? { ...a, box: unionBox([a.box, b.box])! } : b;
}

interface Row extends LineItem {
  /** Where each member was read. */
  cells: Partial<Record<keyof LineItem, PageBox>>;
  /** Every number printed on the row, in reading order, and which of them the columns chose. */
  numbers: RowNumber[];
  parts: RowParts;
  /** Whether the row's amount was written with decimals. */
  decimals: boolean;
  /** The amount was not under the amount column; a second line may still bring it. */
  amountGuessed?: boolean;
}

/**
 * Rows that are really notes: "Key: value" lines, bullets, and lone integers (article numbers,
 * classification codes) where a price would have decimals.
 */
const KEY_VALUE = /^\p{L}[\p{L}.-]*(?: \p{L}[\p{L}.-]*)?\s?:/u;

function plausibleRow(row: Row, header: TableHeader): boolean {
  if (!/\p{L}{2}/u.test(row.description)) return false;
  // "Luftballon: Bunt, ca. 500ml" is a name when its numbers add up to an amount in cents, or
  // stand under the quantity and amount columns ("Incl. Heffing: Thuiskopie  1  € 4,24").
  if (
    KEY_VALUE.test(row.description) &&
    !(row.decimals && (addsUp(row.quantity, row.unit_price, row.amount) || underColumns(row)))
  )
    return false;
  // In a table with an amount column, a price alone ("Bruttopreis 5,50") is a detail, not an item.
  if (header.columns.amount && row.amount === undefined && row.quantity === undefined) return false;
  const numbers = [row.quantity, row.unit_price, row.amount].filter((n) => n !== undefined).length;
  return row.decimals || numbers >= 2;
}

/** The row's quantity and amount were read under the columns named so. */
const underColumns = (row: Row): boolean =>
  placedUnder(row.parts.quantity, 'quantity') && placedUnder(row.parts.amount, 'amount') && !row.amountGuessed;
const placedUnder = (n: RowNumber | undefined, column: Column): boolean =>
  n !== undefined && 'column' in n && n.column === column;

/** Adds numbers from the row's second line to the columns the first line left empty. */
function fillMissing(item: Row, numbers: PlacedNumber[]): boolean {
  let filled = false;
  item.numbers.push(...numbers.filter((n) => n.column !== 'other'));
  for (const n of numbers) {
    const key = n.column === 'other' || n.column === null ? null : n.column;
    if (key === 'quantity' || key === 'unit_price' || key === 'amount') {
      if (item[key] === undefined || (key === 'amount' && item.amountGuessed)) {
        item[key] = n.value;
        item.cells[key] = n.box;
        item.parts[key === 'unit_price' ? 'unitPrice' : key] = n;
        if (key === 'amount') {
          item.decimals = n.hasDecimals;
          delete item.amountGuessed;
        }
        filled = true;
      }
    }
  }
  return filled;
}

/** Whether the numbers stand only under columns the row lacks, and with them the row adds up. */
function completes(item: Row, numbers: PlacedNumber[]): boolean {
  const filled = { quantity: item.quantity, unit_price: item.unit_price, amount: item.amount };
  for (const n of numbers) {
    if (n.column !== 'quantity' && n.column !== 'unit_price' && n.column !== 'amount') return false;
    if (filled[n.column] !== undefined) return false;
    filled[n.column] = n.value;
  }
  return numbers.length > 0 && addsUp(filled.quantity, filled.unit_price, filled.amount);
}

/** The next line of the same row: less than most of a line height under it. */
function closeUnder(above: Line, below: Line): boolean {
  return above.page === below.page && below.y0 - above.y1 < lineHeight(above) * 0.8;
}

function adjacent(above: Line, below: Line): boolean {
  return above.page === below.page && below.y0 - above.y1 < lineHeight(above) * 1.5;
}

function toItem(description: { text: string; box: PageBox }, numbers: PlacedNumber[], loose: RowNumber[]): Row | null {
  const usable = numbers.filter((n) => n.column !== 'other');
  const byColumn = (column: Column) => usable.filter((n) => n.column === column).at(column === 'quantity' ? 0 : -1);
  const quantity = byColumn('quantity') ?? (usable.length >= 3 ? usable[0] : undefined);
  const unitPrice = byColumn('unit_price') ?? (usable.length >= 3 ? usable.at(-2) : undefined);
  const printed = byColumn('amount');
  // Without a number under the amount column, the last number that is no quantity or price.
  const guess = printed ? undefined : usable.filter((n) => n !== quantity && n !== unitPrice).at(-1);
  const amount = printed ?? guess;
  if (!amount && !unitPrice) return null;
  const cells: Row['cells'] = { description: description.box };
  if (quantity) cells.quantity = quantity.box;
  if (unitPrice) cells.unit_price = unitPrice.box;
  if (amount) cells.amount = amount.box;
  return {
    cells,
    numbers: [...loose, ...usable],
    parts: { ...(quantity ? { quantity } : {}), ...(unitPrice ? { unitPrice } : {}), ...(amount ? { amount } : {}) },
    description: stripCode(description.text),
    ...(quantity ? { quantity: quantity.value } : {}),
    ...(unitPrice ? { unit_price: unitPrice.value } : {}),
    ...(amount ? { amount: amount.value } : {}),
    ...(guess ? { amountGuessed: true } : {}),
    decimals: (amount ?? unitPrice)!.hasDecimals,
  };
}

/** "GG-SCRW-A4-01 - High-Grade Screws": an article code before the name. */
function stripCode(description: string): string {
  return description.replace(/^[A-Z0-9][A-Z0-9_./-]*\d[A-Z0-9_./-]*\s+[-–]\s+(?=\p{L})/u, '');
}

/**
 * On an OCR'd page, a row whose quantity was not read, in a table with a quantity column, has the
 * quantity its amount and unit price imply when that is a whole number (158,88 and 158,88: 1).
 */
function withQuantity(row: Row, header: TableHeader): Row {
  const { quantity, unit_price: price, amount } = row;
  if (!header.line.ocr || !header.columns.quantity || quantity !== undefined || !price || !amount || price <= 0)
    return row;
  const implied = Math.round(amount / price);
  return implied >= 1 && addsUp(implied, price, amount) ? { ...row, quantity: implied } : row;
}

/** A row that does not add up takes the three of its numbers that do (see row-arithmetic.ts). */
function balanced(row: Row): Row {
  if (addsUp(row.quantity, row.unit_price, row.amount)) return row;
  const parts = balancedParts(row.numbers, row.parts);
  if (!parts?.quantity || !parts.unitPrice || !parts.amount) return row;
  const { quantity, unitPrice, amount } = parts;
  const { amountGuessed: _g, ...rest } = row;
  const moved = [quantity, unitPrice].flatMap((n) => (n.inDescription && n.text ? [n.text] : []));
  const description = moved
    .reduce((d, text) => d.replace(text, ' '), row.description)
    .replace(/\s+/g, ' ')
    .trim();
  return {
    ...rest,
    description,
    quantity: quantity.value,
    unit_price: unitPrice.value,
    amount: amount.value,
    decimals: amount.hasDecimals,
    parts,
    cells: { ...row.cells, quantity: quantity.box, unit_price: unitPrice.box, amount: amount.box },
  };
}
