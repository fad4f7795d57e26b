/**
 * A learned hint as the extraction uses it: where a field's value stands relative to words printed
 * beside or above it. `learning/` learns hints from corrections and stores them per vendor
 * (`VendorHints`); the extraction owns the shape and finds values through it (apply-hints.ts).
 */
import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';

/** Where one field's value stands relative to its anchor words. */
export interface FieldHint {
  /** The anchor's words as printed, each folded (lower case, no diacritics, punctuation as space): ["beleg kennung"] for "Beleg-Kennung". */
  anchor: string[];
  /** The value follows the anchor on its line, or stands in the lines below it. */
  position: 'right' | 'below';
  /** The job it was learned from. */
  learned_from: string;
}

/** Index of the first word where the folded words run, or -1. */
export function foldedWordIndex(line: Line, tokens: string[]): number {
  const folded = line.words.map((w) => fold(w.text));
  const wanted = tokens.join(' ');
  if (!wanted) return -1;
  for (let i = 0; i < folded.length; i++) {
    let joined = '';
    for (let j = i; j < folded.length && joined.length < wanted.length; j++) {
      joined = joined ? `${joined} ${folded[j]}` : folded[j]!;
      if (joined === wanted) return i;
    }
  }
  return -1;
}
