import type { ExtractionContext } from '../context.js';
import { withoutTermIds } from '../labels/business-terms.js';
import { xRange } from '../labels/label-index.js';
import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import { TABLE_HEADER_WORDS, type Column } from '../lexicons/table-header-words.js';
import { onPage } from '../locations/locate.js';
import { unionBox, type PageBox, type RowLocation } from '../locations/field-location.js';
import { findAmounts, parseNumber } from '../values/amounts.js';
import { addsUp } from './row-arithmetic.js';
import type { LineItem, LineItems } from './line-items.js';

/**
 * Line items printed as labelled blocks, as the viewers of electronic invoices print them
 * (XRechnung, Peppol and Factur-X visualisations): each item a run of label and value pairs, often
 * under a heading of its own ("Position 1", "Pos. 2", "Line 3"):
 *
 *     Bezeichnung:                Notizbuch
 *     Menge:                      12 HUR
 *     Nettopreis:                 3,54
 *     Nettobetrag der Position:   42,48
 *
 * A pair's label names an item column in the words of a table's header (lexicons/
 * table-header-words.json: "Bezeichnung", "Item name", "Invoiced quantity", "Prix unitaire",
 * "Invoice line net amount"); a label of several column words names the one of its longest phrase
 * ("Gesamtpreis (netto)" an amount), and of phrases as long a number's column ("Item net price" a
 * price). A block ends where a column it has
 * is named again or a line is no pair; it is an item when it names a description and at least two
 * of quantity, unit price and amount. Read only where no table is found (line-items.ts).
 */

/** A label of more words than this is a sentence, not a pair's label. */
const MAX_LABEL_TOKENS = 7;
/** Columns an item block names besides its description; it needs this many of them. */
const MIN_NUMERIC = 2;

type ItemColumn = Exclude<Column, 'other'>;

interface Pair {
  column: ItemColumn | 'other' | null;
  value: string;
  /** Where the value stands on the line, from its first character. */
  valueX0: number;
}

interface Block {
  values: Partial<Record<ItemColumn, string>>;
  cells: Partial<Record<ItemColumn, PageBox>>;
  lines: Line[];
  /** The left edge of the last pair's value, for a description continued on the next line. */
  lastX0?: number;
  last?: ItemColumn;
}

export function findItemBlocks(ctx: ExtractionContext): LineItems | null {
  const items: LineItem[] = [];
  const rows: RowLocation[] = [];
  let block: Block = emptyBlock();
  const close = () => {
    const read = itemOf(block);
    if (read) {
      items.push(read.item);
      rows.push(read.row);
    }
    block = emptyBlock();
  };
  for (const line of ctx.lines) {
    if (block.lines.length && line.page !== block.lines.at(-1)!.page) close();
    const pair = pairOf(line);
    if (!pair) {
      if (continuesDescription(block, line)) {
        block.values.description += ` ${line.text.trim()}`;
        block.lines.push(line);
      } else close();
      continue;
    }
    if (pair.column === null || pair.column === 'other') {
      // A pair of another kind inside a block ("USt.: S 19 %", "Einheit: HUR") keeps it open.
      if (block.lines.length) block.last = undefined;
      continue;
    }
    if (block.values[pair.column] !== undefined) close();
    block.values[pair.column] = pair.value;
    block.cells[pair.column] = onPage(line, { x0: pair.valueX0, y0: line.y0, x1: line.x1, y1: line.y1 });
    block.lines.push(line);
    block.lastX0 = pair.valueX0;
    block.last = pair.column;
  }
  close();
  if (items.length === 0) return null;
  const consistent = items.filter((i) => addsUp(i.quantity, i.unit_price, i.amount)).length;
  return { items, score: 0.5 + 0.4 * (consistent / items.length), rows };
}

const emptyBlock = (): Block => ({ values: {}, cells: {}, lines: [] });

/**
 * A line as a label and its value: two segments or more (the label, then the value in a column of
 * its own), or one segment "Label: value".
 */
function pairOf(line: Line): Pair | null {
  const [first, ...rest] = line.segments;
  if (!first) return null;
  if (rest.length > 0) {
    const value = rest.map((s) => s.text).join(' ');
    return { column: columnOf(first.text), value, valueX0: rest[0]!.x0 };
  }
  const m = /^([^:]{2,60}?)\s?:\s*(\S.*)$/u.exec(first.text);
  if (!m) return null;
  // One segment: the line's text is the segment's.
  const start = first.text.length - m[2]!.length;
  return { column: columnOf(m[1]!), value: m[2]!, valueX0: xRange(line, start, first.text.length).x0 };
}

/** The item column a pair's label names: its longest column phrase; null for no column word. */
function columnOf(label: string): ItemColumn | 'other' | null {
  const tokens = fold(withoutTermIds(label))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (tokens.length === 0 || tokens.length > MAX_LABEL_TOKENS) return null;
  let best: { column: Column; length: number } | null = null;
  for (const phrase of TABLE_HEADER_WORDS.phrases)
    for (let i = 0; i + phrase.tokens.length <= tokens.length; i++) {
      if (!phrase.tokens.every((t, k) => tokens[i + k] === t)) continue;
      const length = phrase.tokens.length;
      if (!best || length > best.length || (length === best.length && RANK[phrase.column] > RANK[best.column]))
        best = { column: phrase.column, length };
    }
  return best?.column ?? null;
}

/** Of phrases as long, a number's column wins: "Item net price" is the item's price. */
const RANK: Record<Column, number> = { other: 0, description: 1, quantity: 2, unit_price: 3, amount: 4 };

/** A line that goes on with the block's description: one segment under the description's value. */
function continuesDescription(block: Block, line: Line): boolean {
  const previous = block.lines.at(-1);
  return (
    block.last === 'description' &&
    previous !== undefined &&
    line.segments.length === 1 &&
    Math.abs(line.x0 - (block.lastX0 ?? -Infinity)) <= (line.y1 - line.y0) * 0.5 &&
    line.y0 - previous.y1 < (line.y1 - line.y0) * 1.5
  );
}

function itemOf(block: Block): { item: LineItem; row: RowLocation } | null {
  const description = block.values.description?.trim();
  if (!description || !/\p{L}/u.test(description)) return null;
  const quantity = firstNumber(block.values.quantity);
  const unitPrice = firstAmount(block.values.unit_price);
  const amount = firstAmount(block.values.amount);
  const numeric = [quantity, unitPrice, amount].filter((v) => v !== undefined).length;
  if (numeric < MIN_NUMERIC) return null;
  const item: LineItem = {
    description,
    ...(quantity !== undefined ? { quantity } : {}),
    ...(unitPrice !== undefined ? { unit_price: unitPrice } : {}),
    ...(amount !== undefined ? { amount } : {}),
  };
  const cells: RowLocation['cells'] = {};
  for (const [key, box] of Object.entries(block.cells)) if (key in item) cells[key] = box;
  const boxes = Object.values(cells);
  const first = boxes[0]!;
  return { item, row: { ...first, box: unionBox(boxes.map((b) => b.box))!, cells } };
}

/** A quantity: the number a value starts with ("12 HUR", "1,5 h"). */
function firstNumber(value: string | undefined): number | undefined {
  const m = value ? /^\s*(\d[\d.,]*)/u.exec(value) : null;
  return m ? parseNumber(m[1]!.replace(/[.,]$/u, ''))?.value : undefined;
}

function firstAmount(value: string | undefined): number | undefined {
  return value ? findAmounts(value)[0]?.value : undefined;
}
