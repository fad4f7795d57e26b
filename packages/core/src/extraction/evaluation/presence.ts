import type { ReadDocument } from '../../ports/document-reader.port.js';
import { buildDocumentLines } from '../layout/turned-lines.js';
import { fold } from '../layout/fold.js';
import { findAmounts } from '../values/amounts.js';
import { findDates } from '../values/dates.js';

/**
 * Whether an expected value is in the read text at all: where it is not, the words were lost
 * before extraction started (OCR), and no ranking can find it. Amounts and dates are looked for
 * in any printed form; text by its folded words in order. Line items are not checked.
 */
export function presentValues(doc: ReadDocument, expected: Record<string, unknown>): Record<string, boolean> {
  const { lines: straight, turnedLines } = buildDocumentLines(doc);
  const lines = [...straight, ...turnedLines].map((l) => l.text);
  const folded = ` ${lines.map(fold).join(' ')} `;
  const amounts = new Set(lines.flatMap((l) => findAmounts(l).map((a) => Math.round(Math.abs(a.value) * 100))));
  const dates = new Set(
    lines.flatMap((l) => [...findDates(l, { dayFirst: true }), ...findDates(l, { dayFirst: false })].map((d) => d.iso)),
  );
  const result: Record<string, boolean> = {};
  for (const [field, value] of Object.entries(expected)) {
    if (Array.isArray(value) || value === null || value === undefined) continue;
    if (typeof value === 'number') {
      result[field] = amounts.has(Math.round(Math.abs(value) * 100));
      continue;
    }
    // Ground truth is JSON: strings as they are, other scalars as JSON (for booleans the text String() gives).
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(text)) result[field] = dates.has(text);
    else result[field] = folded.includes(` ${fold(text)} `);
  }
  return result;
}
