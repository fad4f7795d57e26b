import type { Word } from '../../ports/document-reader.port.js';
import { lineHeight, type Line } from '../layout/lines.js';
import { stackedLines, type TableHeader } from './table-header.js';

/**
 * Where the description column starts: at its header's word, or further left where the header is
 * centred over a wider column (an HTML table's default, a word processor's centred heading row).
 * There most segments under the heading word start well left of it, at the column's left edge; a
 * segment counts when it starts after the headings of the columns left of the description's (a
 * position or article-number column keeps its own cells, a code longer than its heading reaches no
 * further) and runs on under the heading, or, in the table's first column, ends anywhere before
 * the numbers; most must agree, so that a note or a nested table under one row moves nothing.
 */
export function descriptionColumnX0(lines: Line[], headings: Word[], header: TableHeader, numericX0: number): number {
  const { x0 } = header.columns.description!;
  const floor = Math.max(-Infinity, ...headings.filter((w) => w.bbox.x1 < x0).map((w) => w.bbox.x1));
  // A few points left of the heading is a skewed scan's drift, not a centred heading.
  const left = x0 - lineHeight(header.line);
  const under = lines.flatMap((line) =>
    line.segments.flatMap((s) => {
      const start = s.words[0]!.bbox.x0;
      const end = s.words.at(-1)!.bbox.x1;
      // Left of a first column's heading, a short name ("Desk lamp") need not reach under it.
      const reaches = end > x0 || floor === -Infinity;
      return start > floor + 2 && reaches && end < numericX0 && start < x0 + lineHeight(line) ? [start] : [];
    }),
  );
  const starts = under.filter((start) => start < left);
  return starts.length * 2 > under.length ? Math.min(x0, ...starts) : x0;
}

/**
 * The words of the header row, with those of the lines stacked over or under it that stand wholly
 * left of the description's heading ("Art-Nr-Kunde" over "Art-Nr-Lief."): a sentence over the
 * table runs under the description's heading and is none.
 */
export function headingWords(lines: Line[], header: TableHeader): Word[] {
  const { x0 } = header.columns.description!;
  const stacked = stackedLines(lines, header.line).filter((l) => l.words.every((w) => w.bbox.x1 < x0));
  return [...header.line.words, ...stacked.flatMap((l) => l.words)];
}
