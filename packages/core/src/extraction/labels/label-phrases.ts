import type { Line } from '../layout/lines.js';
import type { LabelHit, LabelKey } from './label-hit.js';

const DATE_KEYS = new Set<LabelKey>(['invoice_date', 'order_date', 'transaction_date', 'due_date', 'delivery_date']);

/**
 * A weak label printed in lower case right after a date's label in its segment goes on that
 * label's phrase ("Fecha de vencimiento del pago", "Date d'échéance du paiement"): a preposition
 * or article the lexicon lists for dates ("del", "du") that names no date of its own there. After
 * a title or a number's label it does ("FATTURA del 9 gennaio 2025", "Rechnung vom 3. März").
 * Before, the date after such a phrase read as an invoice date labelled "del".
 */
export function continuesLabel(
  line: Line,
  cells: number[],
  previous: LabelHit | undefined,
  entries: readonly { strength: number }[],
  start: number,
  end: number,
): boolean {
  if (!previous || !DATE_KEYS.has(previous.key) || entries.some((e) => e.strength >= 1)) return false;
  const text = line.text.slice(start, end);
  const between = line.text.slice(previous.end, start);
  const sameCell = !cells.some((c) => c > previous.start && c <= start);
  return sameCell && text === text.toLowerCase() && /^\s*$/.test(between);
}
