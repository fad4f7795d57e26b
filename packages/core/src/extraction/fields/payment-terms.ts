import type { DocumentView } from '../document-view.js';
import { fold } from '../layout/fold.js';
import { lineHeight, type Line } from '../layout/lines.js';
import { ADJUSTMENT_WORDS } from '../lexicons/adjustment-words.js';
import { findDates } from '../values/dates.js';
import type { Candidate } from './candidates.js';

/**
 * Payment terms name the net due date and an early-payment discount's dates in one sentence, in
 * either order ("Zahlbar innerhalb 30 Tagen netto bis 04.07.2013, 3% Skonto innerhalb 10 Tagen
 * bis 15.06.2013"). A discount is for paying earlier, so where the sentence after a due-date label
 * names a discount and several dates, the latest is the due date and the earlier ones are none.
 * The sentence runs on over at most two lines right under while a line does not end in a stop.
 * The discount's words are data per language (`early_payment` in lexicons/adjustment-words.json).
 */
export function paymentTerms(ctx: DocumentView): { due: Candidate[]; earlier: Set<string> } {
  const due: Candidate[] = [];
  const earlier = new Set<string>();
  for (const hit of ctx.labels.hitsFor('due_date')) {
    const parts = sentenceFrom(ctx.lines, hit.line, hit.end);
    if (!ADJUSTMENT_WORDS.earlyPayment.test(fold(parts.map((p) => p.line.text.slice(p.offset)).join(' ')))) continue;
    const dates = parts.flatMap((p) =>
      findDates(p.line.text.slice(p.offset), ctx.dates).map((d) => ({ ...d, line: p.line, offset: p.offset })),
    );
    const latest = dates.reduce<(typeof dates)[number] | null>((a, b) => (a && a.iso >= b.iso ? a : b), null);
    if (!latest || dates.length < 2) continue;
    for (const d of dates) if (d.iso < latest.iso) earlier.add(d.iso);
    const span = { start: latest.offset + latest.start, end: latest.offset + latest.end };
    due.push({ value: latest.iso, score: 0.9 * hit.strength, line: latest.line, source: 'label', label: hit, span });
  }
  return { due, earlier };
}

function sentenceFrom(lines: Line[], line: Line, offset: number): { line: Line; offset: number }[] {
  const parts = [{ line, offset }];
  for (let last = line; parts.length < 3 && !/\.\s*$/.test(last.text);) {
    const next = lines[last.index + 1];
    if (!next || next.page !== last.page || next.y0 - last.y1 > lineHeight(last)) break;
    parts.push({ line: next, offset: 0 });
    last = next;
  }
  return parts;
}
