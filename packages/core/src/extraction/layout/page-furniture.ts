import { fold } from './fold.js';
import { lineHeight, type Line } from './lines.js';

/** The share of a page's height at its top and at its foot where running headers and footers stand. */
const EDGE_BAND = 0.15;

/**
 * A document's running header and footer: what a program prints at the top or foot of every page
 * (the seller's name with the invoice's number and date, "Page 2 of 3", the bank details and the
 * legal line). Such a line stands in the page's top or bottom band, and another page prints the
 * same text at the same height, its numbers alike but for one at most (the page's number). Texts
 * are compared folded, without spaces or punctuation: OCR reads one page's "Schäfer · HRB" as
 * another's "Schafer - HRB". A table that runs over pages passes through them: they are no row of it.
 */
export function pageFurniture(lines: Line[]): Set<Line> {
  const furniture = new Set<Line>();
  const edges = lines.filter(nearEdge);
  const byShape = new Map<string, Line[]>();
  for (const line of edges) {
    const shape = letters(line).replace(/\d+/g, '#');
    byShape.set(shape, [...(byShape.get(shape) ?? []), line]);
  }
  for (const same of byShape.values())
    for (const line of same)
      if (same.some((other) => other.page !== line.page && alike(line, other))) furniture.add(line);
  return furniture;
}

const letters = (line: Line) => fold(line.text).replace(/ /g, '');

function nearEdge(line: Line): boolean {
  return line.y0 < line.pageHeight * EDGE_BAND || line.y1 > line.pageHeight * (1 - EDGE_BAND);
}

/** At the same height (within a line's height) and with at most one number printed otherwise. */
function alike(a: Line, b: Line): boolean {
  if (Math.abs(a.y0 - b.y0) > lineHeight(a)) return false;
  const numbers = (l: Line) => fold(l.text).match(/\d+/g) ?? [];
  const [x, y] = [numbers(a), numbers(b)];
  return x.filter((n, i) => n !== y[i]).length <= 1;
}
