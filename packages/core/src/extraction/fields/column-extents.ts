import { lineHeight, type Line } from '../layout/lines.js';
import type { Column, TableHeader } from './table-header.js';

/**
 * Where a table's headings stand over their cells. Headings printed at their cells' left edge
 * over right-aligned numbers (the default of HTML table headings, of Word and Writer tables) leave
 * each number nearer the next heading than its own; there a number belongs to the heading whose
 * cell, from its left edge to the next heading's, holds it whole. The rows tell the alignment:
 * numbers whose right edges or centres line up under their heading's show right-aligned or centred
 * headings, cells that start where their heading starts show left-aligned ones.
 */

/** A number's horizontal extent on its line. */
export interface Span {
  x0: number;
  x1: number;
}

const NUMERIC = ['quantity', 'unit_price', 'amount', 'other'] as const;

/**
 * Whether the rows of a text layer's table show headings at their cells' left edges: more cells
 * (numbers, and the description's first words) start at their heading's left edge than numbers
 * end at or centre under a numeric heading.
 */
export function headingsAtCellStart(header: TableHeader, rows: { line: Line; numbers: Span[] }[]): boolean {
  // On a scan the rows' edges wander by more than a column's padding (a skewed page, OCR's boxes).
  if (header.line.ocr) return false;
  const tolerance = Math.max(2, lineHeight(header.line) * 0.2);
  const headings = Object.values(header.columns);
  const numeric = NUMERIC.flatMap((c) => (header.columns[c] ? [header.columns[c]] : []));
  const near = (a: number, b: number) => Math.abs(a - b) <= tolerance;
  let starts = 0;
  let endsOrCentres = 0;
  for (const { line, numbers } of rows) {
    for (const n of numbers) {
      const starting = headings.some((h) => near(n.x0, h.x0));
      const ending = numeric.some((h) => near(n.x1, h.x1) || near(n.x0 + n.x1, h.x0 + h.x1));
      // A number as wide as its heading lines up both ways and tells nothing.
      if (starting && !ending) starts++;
      if (ending && !starting) endsOrCentres++;
    }
    const description = header.columns.description;
    if (description && line.words.some((w) => near(w.bbox.x0, description.x0) && !/\d/.test(w.text))) starts++;
  }
  return starts > endsOrCentres;
}

/**
 * The column whose cell holds the number whole: from its heading's left edge to the next
 * heading's (any column's, the description's too), among those whose heading ends before `before`;
 * null when the number crosses a cell's edge (a wide number under a narrow right-aligned heading).
 */
export function columnByExtent(header: TableHeader, number: Span, before: number): Column | null {
  const tolerance = Math.max(2, lineHeight(header.line) * 0.2);
  const starts = Object.values(header.columns)
    .map((h) => h.x0)
    .sort((a, b) => a - b);
  for (const column of NUMERIC) {
    const range = header.columns[column];
    if (!range || range.x1 > before + 2) continue;
    const next = starts.find((x) => x > range.x0) ?? Infinity;
    if (number.x0 >= range.x0 - tolerance && number.x1 <= next + tolerance) return column;
  }
  return null;
}
