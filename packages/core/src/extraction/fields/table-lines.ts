import type { DocumentView } from '../document-view.js';
import type { Line } from '../layout/lines.js';
import { findTableHeaders } from './table-header.js';

/** Labels that close an item table: its sums stand below its last row. */
const TABLE_END_KEYS = ['subtotal', 'tax_amount', 'total_amount', 'carried_forward'] as const;

/**
 * The lines of the document's item tables: each header row and the lines below it, up to the first
 * line with a sum's label (a table runs on over pages whose rows have no header of their own). A date there dates a row (a delivery note's, a day's work,
 * "DDT n. 4509 del 27/12/2023", "Lieferschein 4711 vom 28.04."), and a "Date" heading names the
 * column, not the document's date.
 */
export function itemTableLines(ctx: DocumentView): Set<Line> {
  const ends = new Set(TABLE_END_KEYS.flatMap((key) => ctx.labels.hitsFor(key).map((hit) => hit.line)));
  const inside = new Set<Line>();
  for (const header of findTableHeaders(ctx.lines)) {
    for (const line of ctx.lines.slice(header.line.index)) {
      if (line !== header.line && ends.has(line)) break;
      inside.add(line);
    }
  }
  return inside;
}
