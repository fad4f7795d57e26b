import type { BoundingBox, Word } from '../../ports/document-reader.port.js';
import type { Candidate } from '../fields/candidates.js';
import type { LabelHit } from '../labels/label-index.js';
import type { Line } from '../layout/lines.js';
import { unionBox, type FieldLocation, type LabelLocation, type PageBox } from './field-location.js';

/** The words of a line that overlap a character range of its text (words are joined by one space). */
export function wordsInSpan(line: Line, start: number, end: number): Word[] {
  const words: Word[] = [];
  let offset = 0;
  for (const word of line.words) {
    const wordEnd = offset + word.text.length;
    if (wordEnd > start && offset < end) words.push(word);
    offset = wordEnd + 1;
  }
  return words;
}

/** A box on the line's page; the whole line when the range covers no word. */
export function spanBox(line: Line, start: number, end: number): PageBox {
  const box = unionBox(wordsInSpan(line, start, end).map((w) => w.bbox)) ?? lineBox(line);
  return onPage(line, box);
}

export function onPage(line: Line, box: BoundingBox): PageBox {
  return { page: line.page, box: round(box), page_width: line.pageWidth, page_height: line.pageHeight };
}

export function lineBox(line: Line): BoundingBox {
  return { x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1 };
}

export function labelLocation(hit: LabelHit): LabelLocation {
  return { text: hit.line.text.slice(hit.start, hit.end), ...spanBox(hit.line, hit.start, hit.end) };
}

/**
 * Where a candidate's value stands: the words of its span when the rule that proposed it knew the
 * span, else the first place its text appears on its line, else the whole line.
 */
export function candidateLocation(candidate: Candidate): FieldLocation {
  const { line } = candidate;
  const span = candidate.span ?? textSpan(line, String(candidate.value));
  const where = span ? spanBox(line, span.start, span.end) : onPage(line, lineBox(line));
  return { source: candidate.source, ...where, ...(candidate.label ? { label: labelLocation(candidate.label) } : {}) };
}

function textSpan(line: Line, text: string): { start: number; end: number } | null {
  if (!text) return null;
  const at = line.text.toLowerCase().indexOf(text.toLowerCase());
  return at < 0 ? null : { start: at, end: at + text.length };
}

/** Boxes to two decimals: page units are points or pixels, finer is noise. */
function round(box: BoundingBox): BoundingBox {
  const r = (n: number) => Math.round(n * 100) / 100;
  return { x0: r(box.x0), y0: r(box.y0), x1: r(box.x1), y1: r(box.y1) };
}
