import type { Candidate } from '../fields/candidates.js';

/** Where on its line a candidate's value is printed: its span, or the value found in the line's text. */
export function valueSpan(candidate: Candidate): { start: number; end: number } | null {
  if (candidate.span) return candidate.span;
  const value = String(candidate.value);
  const at = value ? candidate.line.text.toLowerCase().indexOf(value.toLowerCase()) : -1;
  return at < 0 ? null : { start: at, end: at + value.length };
}
