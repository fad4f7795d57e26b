import { lineTokens, xRange } from '../labels/label-index.js';
import { lookalikeMatch, MISREAD_MIN_LETTERS, misreadMatch, rejoinSplit } from '../labels/ocr-misreads.js';
import { lineHeight, type Line } from '../layout/lines.js';
import { TABLE_HEADER_WORDS, type Column } from '../lexicons/table-header-words.js';

/**
 * The header row of a line-item table: a line naming a description column and at least one
 * numeric column (quantity, unit price, amount), in any of the five languages. Headers printed on
 * two lines ("Menge" over "einheit") are read together. Columns such as the tax rate or a
 * discount are found too, so that their numbers are not taken for a price.
 */

export type { Column };

/** The words naming each column, in the five languages (lexicons/table-header-words.json), more words first. */
const PHRASES = TABLE_HEADER_WORDS.phrases;
/** Words that name the description itself, not an item number ("ITEM #  DESCRIPTION"). */
const DESCRIPTION_PROPER = TABLE_HEADER_WORDS.descriptionProper;

const VOCABULARY = new Set(PHRASES.flatMap((p) => p.tokens));
/** Phrases of words long enough to be matched with look-alike glyphs on OCR lines ("n0" is no "no"). */
const LOOKALIKE_MATCHED = PHRASES.filter((p) => p.tokens.every((t) => t.length >= 4));
/** Phrases long enough to be matched one letter off on OCR lines. */
const MISREADABLE = PHRASES.filter((p) => p.tokens.join('').length >= MISREAD_MIN_LETTERS);

/**
 * A phrase at token i: as written, or on an OCR line with letters read as their look-alikes as
 * labels are ("llosc" for "Ilość", "Quantlty" for "Quantity": labels/ocr-misreads.ts) or one long word a
 * letter off ("Mettopreis").
 */
function phraseAt(tokens: ReturnType<typeof lineTokens>, i: number, ocr: boolean) {
  return (
    PHRASES.find((p) => p.tokens.every((t, k) => tokens[i + k]?.text === t)) ??
    (ocr
      ? (LOOKALIKE_MATCHED.find((p) => lookalikeMatch(p.tokens, tokens, i, VOCABULARY)) ??
        MISREADABLE.find((p) => misreadMatch(p.tokens, tokens, i, VOCABULARY)))
      : undefined)
  );
}

/**
 * OCR reads a "ć" at a word's end as "¢" or as "c¢" ("Ilos¢", "wartosc¢" for "Ilość", "Wartość"):
 * the sign after a letter is the letter c, a "c¢" one c. The text keeps its length, so that a
 * word's place in it stays.
 */
const withCentSignAsC = (text: string): string => text.replace(/c¢/g, 'c ').replace(/(?<=\p{L})¢/gu, 'c');

export interface TableHeader {
  line: Line;
  columns: Partial<Record<Column, { x0: number; x1: number }>>;
}

export function findTableHeaders(lines: Line[]): TableHeader[] {
  const headers: TableHeader[] = [];
  for (const line of lines) {
    const columns = headerColumns(line);
    // A header names a numeric column itself and holds no prices ("Service A  60.00" is a row).
    const ownNumeric = columns.quantity ?? columns.unit_price ?? columns.amount;
    if (!ownNumeric || /\d[.,]\d{2}\b/.test(line.text)) continue;
    // All three numeric columns named but the description's word unread (OCR): it starts the line.
    if (!columns.description && columns.quantity && columns.unit_price && columns.amount)
      columns.description = descriptionFromLineStart(line, columns);
    if (!columns.description) continue;
    // Headers printed on two lines: the words above, and below a line without numbers ("Positions-" / "betrag").
    for (const other of stackedLines(lines, line)) {
      for (const [column, range] of Object.entries(headerColumns(other)) as [Column, { x0: number; x1: number }][])
        columns[column] ??= range;
    }
    const numeric = (['quantity', 'unit_price', 'amount'] as const).filter((c) => columns[c]).length;
    if (numeric >= 2 || columns.amount) headers.push({ line, columns });
  }
  return headers;
}

/** From the line's first word up to the leftmost named column, when that leaves room for a name. */
function descriptionFromLineStart(line: Line, columns: TableHeader['columns']): { x0: number; x1: number } | undefined {
  const x0 = line.words[0]!.bbox.x0;
  const firstColumn = Math.min(...Object.values(columns).map((c) => c.x0));
  return firstColumn - x0 > lineHeight(line) * 4 ? { x0, x1: firstColumn } : undefined;
}

/** Each column at the first header phrase that names it, longest phrases first. */
export function headerColumns(line: Line): TableHeader['columns'] {
  const tokens = line.ocr
    ? rejoinSplit(lineTokens({ text: withCentSignAsC(line.text) }), VOCABULARY)
    : lineTokens(line);
  const columns: TableHeader['columns'] = {};
  if (tokens.length > 24) return columns;
  for (let i = 0; i < tokens.length;) {
    const match = phraseAt(tokens, i, line.ocr);
    if (!match) {
      i++;
      continue;
    }
    const last = tokens[i + match.tokens.length - 1]!;
    // "ITEM #  DESCRIPTION": a column named for the description wins over an item-number column.
    const overrides = match.column === 'description' && DESCRIPTION_PROPER.has(match.tokens.join(' '));
    if (!columns[match.column] || overrides) columns[match.column] = xRange(line, tokens[i]!.start, last.end);
    i += match.tokens.length;
  }
  return columns;
}

/** The lines of a header printed on two or three lines: those just above it and just below it. */
export function stackedLines(lines: Line[], line: Line): Line[] {
  return [...linesJustAbove(lines, line), ...linesJustBelow(lines, line)];
}

function linesJustBelow(lines: Line[], line: Line): Line[] {
  const height = lineHeight(line);
  const below = lines.slice(line.index + 1, line.index + 3);
  const run = below.findIndex((l) => l.page !== line.page || /\d/.test(l.text) || l.y0 - line.y1 > height * 2.5);
  return below.slice(0, run < 0 ? below.length : run);
}

function linesJustAbove(lines: Line[], line: Line): Line[] {
  const height = lineHeight(line);
  return lines
    .slice(Math.max(0, line.index - 3), line.index)
    .filter((l) => l.page === line.page && line.y0 - l.y1 < height * 1.5 && l.y0 < line.y0);
}
