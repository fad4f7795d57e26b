import type { ExtractionContext } from '../context.js';
import { fold } from '../layout/fold.js';
import { lineHeight, type Line } from '../layout/lines.js';
import { ADJUSTMENT_WORDS } from '../lexicons/adjustment-words.js';
import { DETAIL_LINE_WORDS } from '../lexicons/detail-line-words.js';
import type { LabelKey } from '../labels/label-index.js';
import { unionBox, type PageBox, type RowLocation } from '../locations/field-location.js';
import { spanBox } from '../locations/locate.js';
import { findAmounts, parseNumber, type FoundAmount } from '../values/amounts.js';
import { findDates } from '../values/dates.js';
import type { LineItem, LineItems } from './line-items.js';
import { addsUp } from './row-arithmetic.js';

/**
 * The items of a till receipt, which prints no table header: the rows between the merchant's
 * header block (name, address, date, cashier) and the first subtotal or total line, each a name
 * with its amount at the row's right ("Sourdough loaf   3.20"). A row's quantity is printed as
 * "2 x 1.60" or "3 @ 5.27" on a line of its own above or below the name (or after it), as a
 * count before the name ("2 Milk 2.20"), or as a weight ("0.456 kg @ 2.99/kg"); a row without
 * one is one unit of its amount. A discount or deposit line under an item is no item: its amount
 * only counts in the arithmetic. Lines with a label of their own (totals, tax, tendered, change,
 * card, rounding), a date, or a letterhead detail word are no items either.
 *
 * The arithmetic is the evidence: the items' amounts with the discounts and deposits adding up
 * to the subtotal, the total, or the total less its tax lines make the list likely right.
 */

/** Labels whose lines are never an item: the summary, payment and the date. */
const NOT_ITEMS: ReadonlySet<LabelKey> = new Set<LabelKey>([
  'subtotal',
  'tax_amount',
  'total_amount',
  'payment_method',
  'rounding',
  'paid_amount',
  'change',
  'transaction_date',
  'invoice_number',
]);

/** A quantity and its unit price: "2 x 1.60", "3 @ 5.27", "0.456 kg @ 2.99/kg", "2 Stk x 1,60 EUR". */
const QUANTITY =
  /(?<![\p{L}\d.,])(\d{1,4}(?:[.,]\d{1,3})?)\s*(?:[\p{L}.]{1,4}\s*)?(?:[x×*@]|\bx\b)\s*(?:[€$£]|RM\s?)?(\d{1,6}[.,]\d{2})(?:\s*(?:€|EUR)?\s*\/\s*\p{L}{1,3}\.?)?/iu;

/** Cash is rounded to 5 cents in some countries: within that, a sum is the same. */
const ROUNDING = 0.05;

interface Quantity {
  quantity: number;
  unitPrice: number;
  start: number;
  end: number;
}

interface Item extends LineItem {
  /** The item's first and last line. */
  first: Line;
  line: Line;
  cells: Partial<Record<keyof LineItem, PageBox>>;
  /** The quantity was printed (not the one unit a bare row means). */
  counted: boolean;
}

/** What the reading has seen so far: the items, the adjustments, and lines waiting for their pair. */
interface Reading {
  items: Item[];
  adjustments: number[];
  /** A name on a line of its own, waiting for its numbers on the next line. */
  name: { text: string; line: Line } | null;
  /** "3 @ 5.27" on a line of its own, waiting for the item under it. */
  quantity: { quantity: Quantity; line: Line } | null;
  /** "2 x 1.60   3.20" with no name above, waiting for the name under it. */
  numbers: { quantity: Quantity; amount: FoundAmount; line: Line } | null;
}

export function findReceiptItems(ctx: ExtractionContext): LineItems | null {
  // The items end at the subtotal or total; on a receipt whose sum words are not known, at its
  // first tax, tendered or change line.
  const endAt = (keys: LabelKey[]) => ctx.lines.findIndex((line) => summary(ctx, line, keys) !== null);
  const sums = endAt(['subtotal', 'total_amount']);
  const end = sums >= 0 ? sums : endAt(['tax_amount', 'paid_amount', 'change', 'rounding']);
  if (end <= 0) return null;
  // The header block ends with its last dated line (date and time, till and cashier).
  let start = 0;
  for (let i = 0; i < end; i++) if (findDates(ctx.lines[i]!.text, ctx.dates).length) start = i + 1;

  const reading: Reading = { items: [], adjustments: [], name: null, quantity: null, numbers: null };
  for (let i = start; i < end; i++) readLine(ctx, ctx.lines[i]!, reading);
  const { items, adjustments } = reading;
  const sumOf = (rows: Item[]) =>
    rows.reduce((s, i) => s + (i.amount ?? 0), 0) + adjustments.reduce((s, a) => s + a, 0);
  // A row that is the sum of the rows above is their subtotal under a label not known
  // ("Merchandise", "Jumlah Kecil"): it and the summary under it (tax, grand total) are no
  // items. It must be the last row over two or more, or stand after a gap (two of the same item
  // stand one under the other; 1.00, 1.00, 2.00 in a list is chance).
  const sumAt = items.findIndex(
    (row, k) =>
      k >= 1 &&
      Math.abs(sumOf(items.slice(0, k)) - row.amount!) <= ROUNDING &&
      ((k === items.length - 1 && k >= 2) || gapAbove(items[k - 1]!.line, row.first)),
  );
  const subtotal = sumAt >= 1 ? items.splice(sumAt)[0]! : null;
  if (items.length === 0) return null;
  const sum = sumOf(items);
  const holds = subtotal !== null || targets(ctx, end).some((t) => Math.abs(sum - t) <= ROUNDING);
  return {
    items: items.map(({ first: _f, line: _l, cells: _c, counted: _n, ...rest }) => rest),
    score: holds ? 0.9 : 0.5,
    rows: items.map((i) => rowLocation(i.cells)),
  };
}

/** One line of the rows: an item, part of one (its name, its quantity), an adjustment, or nothing. */
function readLine(ctx: ExtractionContext, line: Line, reading: Reading): void {
  const text = line.text;
  const folded = fold(text);
  // "3 @ 5.27" alone on its line ends with the price, which is no amount.
  const whole = quantityOf(text);
  const right = rightAmount(text);
  const amount = right && !(whole && right.start < whole.end) ? right : null;
  const last = reading.items.at(-1);
  const underLast = last !== undefined && next(last.line, line);
  // A discount or deposit under an item changes what was paid, and is no item.
  if (amount && underLast && (amount.value < 0 || ADJUSTMENT_WORDS.discount.test(folded))) {
    reading.adjustments.push(-Math.abs(amount.value));
    return;
  }
  if (amount && underLast && ADJUSTMENT_WORDS.deposit.test(folded)) {
    reading.adjustments.push(Math.abs(amount.value));
    return;
  }
  if (notItem(ctx, line, folded)) {
    reading.name = reading.quantity = reading.numbers = null;
    return;
  }
  const before = amount ? text.slice(0, amount.start) : text;
  const quantity = quantityOf(before) ?? (amount ? signLost(before, amount.value) : null);
  const name = cleanName(quantity ? before.slice(0, quantity.start) + before.slice(quantity.end) : before);
  if (!amount) withoutAmount(line, name, quantity, reading);
  else if (!name) {
    // Numbers only: the quantity and amount of the name above (or, failing one, below).
    const above = reading.name;
    if (above && next(above.line, line)) reading.items.push(item(above.text, above.line, amount, line, quantity));
    else if (quantity) reading.numbers = { quantity, amount, line };
    reading.name = reading.quantity = null;
  } else {
    const waiting = reading.quantity;
    const counted =
      waiting && next(waiting.line, line) && addsUp(waiting.quantity.quantity, waiting.quantity.unitPrice, amount.value)
        ? waiting
        : null;
    const made = item(name, line, amount, line, quantity);
    if (!quantity && counted) count(made, counted.quantity, counted.line);
    reading.items.push(made);
    reading.name = reading.quantity = reading.numbers = null;
  }
}

/** A line without an amount: a quantity of the item above or below, or a name whose numbers follow. */
function withoutAmount(line: Line, name: string, quantity: Quantity | null, reading: Reading): void {
  const last = reading.items.at(-1);
  if (quantity && !name) {
    // "2 x 1.60" under the item it counts, or over the item it belongs to.
    if (last && next(last.line, line) && !last.counted && addsUp(quantity.quantity, quantity.unitPrice, last.amount))
      count(last, quantity, line);
    else reading.quantity = { quantity, line };
    reading.name = null;
  } else if (name) {
    // A name on a line of its own: its numbers stand on the line above ("  2 x 1.60   3.20") or the next one.
    const numbers = reading.numbers;
    if (numbers && next(numbers.line, line))
      reading.items.push(item(name, line, numbers.amount, numbers.line, numbers.quantity));
    else reading.name = { text: name, line };
    reading.quantity = reading.numbers = null;
  }
}

/**
 * The price ending a line, written with two decimals ("1,5L" is a size): a tax code letter or a
 * star may follow it apart ("3.20 A").
 */
function rightAmount(text: string): FoundAmount | null {
  const found = findAmounts(text).at(-1);
  if (!found || !/[.,]\d{2}(?:\s?\D{0,3})?$/.test(text.slice(found.start, found.end))) return null;
  return /^(?:\s+(?:[A-Z]{1,2}|\*))?\s*$/.test(text.slice(found.end)) ? found : null;
}

/** More than a line's height of space between two lines. */
function gapAbove(above: Line, below: Line): boolean {
  return below.page !== above.page || below.y0 - above.y1 > lineHeight(above);
}

function quantityOf(text: string): Quantity | null {
  const m = QUANTITY.exec(text);
  if (m) {
    const quantity = parseNumber(m[1]!)?.value;
    const unitPrice = parseNumber(m[2]!)?.value;
    if (quantity && unitPrice) return { quantity, unitPrice, start: m.index, end: m.index + m[0].length };
  }
  return null;
}

/** "5 2.28" before 11.40: a count and a price whose sign OCR lost, taken when they make the amount. */
function signLost(text: string, amount: number): Quantity | null {
  const m = /^\s*(\d{1,3})\s+(\d{1,6}[.,]\d{2})\s*$/.exec(text);
  if (!m) return null;
  const quantity = Number(m[1]);
  const unitPrice = parseNumber(m[2]!)?.value;
  if (!unitPrice || !addsUp(quantity, unitPrice, amount)) return null;
  return { quantity, unitPrice, start: text.indexOf(m[1]!), end: text.trimEnd().length };
}

/** A name has letters; a leading count ("2 Milk") is taken off it when the item is made. */
function cleanName(text: string): string {
  const name = text.replace(/\s+/g, ' ').trim();
  return /\p{L}{2}/u.test(name) ? name : '';
}

/** Lines that are no item: a summary, payment or date label, a date, a letterhead detail. */
function notItem(ctx: ExtractionContext, line: Line, folded: string): boolean {
  if (ctx.labels.hitsOn(line).some((h) => h.strength === 1 && NOT_ITEMS.has(h.key))) return true;
  if (findDates(line.text, ctx.dates).length) return true;
  return DETAIL_LINE_WORDS.test(folded);
}

/** The amount on a line labelled with one of the keys, or null. */
function summary(ctx: ExtractionContext, line: Line, keys: LabelKey[]): number | null {
  if (!ctx.labels.hitsOn(line).some((h) => h.strength === 1 && keys.includes(h.key))) return null;
  return rightAmount(line.text)?.value ?? null;
}

/** What the items may add up to: a subtotal, a total, or a total less the tax lines after the items. */
function targets(ctx: ExtractionContext, end: number): number[] {
  const below = ctx.lines.slice(end);
  const subtotals = below.flatMap((l) => summary(ctx, l, ['subtotal']) ?? []);
  const totals = below.flatMap((l) => summary(ctx, l, ['total_amount']) ?? []);
  const tax = below.flatMap((l) => summary(ctx, l, ['tax_amount']) ?? []).reduce((s, t) => s + t, 0);
  return [...subtotals, ...totals, ...totals.map((t) => t - tax)];
}

function item(name: string, nameLine: Line, amount: FoundAmount, amountLine: Line, quantity: Quantity | null): Item {
  const leading = quantity ? null : /^(\d{1,3})\s+(?=\p{L})/u.exec(name);
  const description = leading ? name.slice(leading[0].length) : name;
  const made: Item = {
    description,
    amount: amount.value,
    first: nameLine.index < amountLine.index ? nameLine : amountLine,
    line: nameLine.index < amountLine.index ? amountLine : nameLine,
    counted: false,
    cells: {
      description: spanBox(
        nameLine,
        nameLine.text.indexOf(description),
        nameLine.text.indexOf(description) + description.length,
      ),
      amount: spanBox(amountLine, amount.start, amount.end),
    },
  };
  if (quantity) count(made, quantity, amountLine);
  else if (leading) {
    // "2 Milk 2.20": two of them, at the price the amount divides into.
    const n = Number(leading[1]);
    const price = Math.round((amount.value / n) * 100) / 100;
    made.quantity = n;
    made.counted = true;
    if (n > 0 && addsUp(n, price, amount.value)) made.unit_price = price;
    made.cells.quantity = spanBox(nameLine, leading.index, leading.index + leading[1]!.length);
  } else {
    made.quantity = 1;
    made.unit_price = amount.value;
  }
  return made;
}

function count(made: Item, quantity: Quantity, line: Line): void {
  made.quantity = quantity.quantity;
  made.unit_price = quantity.unitPrice;
  made.counted = true;
  if (line.index > made.line.index) made.line = line;
  made.cells.quantity = spanBox(line, quantity.start, quantity.end);
  made.cells.unit_price = spanBox(line, quantity.start, quantity.end);
}

/** The line right under another on the same page. */
const next = (above: Line, below: Line): boolean => below.page === above.page && below.index === above.index + 1;

function rowLocation(cells: Partial<Record<keyof LineItem, PageBox>>): RowLocation {
  const boxes = Object.values(cells);
  const first = boxes[0]!;
  const same = boxes.filter((b) => b.page === first.page);
  return { ...first, box: unionBox(same.map((b) => b.box))!, cells: { ...cells } };
}
