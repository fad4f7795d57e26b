import type { FieldDefinition } from '../extractors/index.js';
import type { ReadDocument, Word } from '../ports/document-reader.port.js';
import {
  createContext,
  type ExtractionContext,
  findTypedValues,
  fold,
  type Line,
  wordsInSpan,
  foldedWordIndex,
  type FieldHint,
} from '../extraction/index.js';

/** Field types a hint can find again (values of one line; tables and objects are not learned). */
export const LEARNABLE_TYPES: ReadonlySet<string> = new Set(['text', 'number', 'currency', 'date', 'email', 'phone']);
const MAX_ANCHOR_WORDS = 4;

/**
 * Learns, from a document and the values a person confirmed for it, where each value stands: the
 * first place on the page where it is printed, and the words just before it on its line (position
 * `right`) or, when none, just above it in its column (`below`). A value printed nowhere, or without
 * words near it, teaches nothing.
 */
export function learnHints(
  doc: ReadDocument,
  fields: FieldDefinition[],
  values: Record<string, unknown>,
  jobId: string,
): Record<string, FieldHint> {
  const ctx = createContext(doc, [], undefined);
  const hints: Record<string, FieldHint> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (!LEARNABLE_TYPES.has(field.type) || value === undefined || value === null || value === '') continue;
    const found = locateValue(ctx, field, value);
    if (!found) continue;
    const hint = anchorOf(ctx, found.line, found.words);
    if (hint) hints[field.name] = { ...hint, learned_from: jobId };
  }
  return hints;
}

/** The first line and words where the value is printed, compared as its type reads it. */
function locateValue(
  ctx: ExtractionContext,
  field: FieldDefinition,
  value: unknown,
): { line: Line; words: Word[] } | null {
  const wanted = typeof value === 'string' ? fold(value) : value;
  for (const line of ctx.lines) {
    if (field.type === 'text') {
      const at = foldedWordIndex(line, fold(String(value)).split(' '));
      if (at >= 0) return { line, words: line.words.slice(at, at + fold(String(value)).split(' ').length) };
      continue;
    }
    for (const typed of findTypedValues(line.text, field.type, { dates: ctx.dates, identifier: false })) {
      const same =
        typeof typed.value === 'number' && typeof value === 'number'
          ? Math.abs(typed.value - value) < 0.005
          : fold(String(typed.value)) === wanted;
      if (same) return { line, words: wordsInSpan(line, typed.start, typed.end) };
    }
  }
  return null;
}

function anchorOf(ctx: ExtractionContext, line: Line, words: Word[]): Omit<FieldHint, 'learned_from'> | null {
  const first = line.words.indexOf(words[0]!);
  const before = line.words
    .slice(Math.max(0, first - MAX_ANCHOR_WORDS), first)
    .map((w) => fold(w.text))
    .filter((t) => /\p{L}/u.test(t));
  if (strong(before)) return { anchor: before.slice(-MAX_ANCHOR_WORDS), position: 'right' };
  const x0 = Math.min(...words.map((w) => w.bbox.x0));
  const x1 = Math.max(...words.map((w) => w.bbox.x1));
  // The nearest line above on the same page with words over the value's column.
  for (let i = line.index - 1; i >= 0 && i >= line.index - 3; i--) {
    const above = ctx.lines[i]!;
    if (above.page !== line.page) break;
    const over = above.words
      .filter((w) => w.bbox.x1 > x0 && w.bbox.x0 < x1)
      .map((w) => fold(w.text))
      .filter((t) => /\p{L}/u.test(t));
    if (strong(over)) return { anchor: over.slice(0, MAX_ANCHOR_WORDS), position: 'below' };
  }
  return null;
}

/** An anchor of a few letters ("vom", "nr") stands in too many places to find one value by. */
function strong(anchor: string[]): boolean {
  return anchor.join('').replace(/[^\p{L}]/gu, '').length >= 4;
}
