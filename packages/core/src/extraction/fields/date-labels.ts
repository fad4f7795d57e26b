import type { DocumentView } from '../document-view.js';
import type { LabelHit } from '../labels/label-index.js';
import type { Word } from '../../ports/document-reader.port.js';
import { findDates } from '../values/dates.js';
import type { Candidate } from './candidates.js';

/**
 * A generic date label ("Date", "Datum", "Fecha") that other words qualify in its own segment
 * ("Quotation date", "Date du devis", "Fecha de oferta", "Tax point date") labels another date
 * than the document's: the qualifier names which, and no lexicon can list every one. Such a
 * label keeps this share of its strength, so a label of the field's own or an unqualified
 * "Date" wins, and the date is still found where it is the only one.
 */
const QUALIFIED_LABEL_FACTOR = 0.5;

/**
 * The labelled candidates with those of a qualified generic label weakened, and the values only
 * such labels give: another date's, so no fallback for the document's date either.
 */
export function weakenQualifiedLabels(
  ctx: DocumentView,
  candidates: Candidate[],
): { candidates: Candidate[]; otherDates: Set<string> } {
  const weakened = candidates.map((c) => {
    const label = c.label;
    if (c.source !== 'label' || !label || label.strength >= 1 || !qualified(ctx, label)) return c;
    const weaker = { ...label, strength: label.strength * QUALIFIED_LABEL_FACTOR };
    return { ...c, score: c.score * QUALIFIED_LABEL_FACTOR, label: weaker };
  });
  const kept = new Set(weakened.filter((c, i) => c === candidates[i]).map((c) => String(c.value)));
  const otherDates = new Set(weakened.filter((c, i) => c !== candidates[i]).map((c) => String(c.value)));
  for (const value of kept) otherDates.delete(value);
  return { candidates: weakened.sort((a, b) => b.score - a.score), otherDates };
}

/**
 * Whether the label's segment holds a qualifier: a word after the label, or for a label in lower
 * case ("Quotation date") the word right before it, that is no label of any field ("Nr.",
 * "Rechnung": "Rechnung Nr. 12 vom" is the document's own, which `strengthOf` settles), holds no
 * digit ("Nr. 123 vom"), is no date and not in brackets ("Date (dd/mm/yyyy)"). Words further
 * before, or before a capitalised label, are the end of something else on its line (a name, a
 * block set close beside it).
 */
function qualified(ctx: DocumentView, hit: LabelHit): boolean {
  const segment = hit.line.segments.find((s) => s.x0 <= hit.x1 && s.x1 >= hit.x0);
  if (!segment) return false;
  const labels = ctx.labels.hitsOn(hit.line);
  const centre = (w: Word) => (w.bbox.x0 + w.bbox.x1) / 2;
  const covered = (w: Word) => labels.some((h) => centre(w) >= h.x0 - 0.5 && centre(w) <= h.x1 + 0.5);
  const after = segment.words.filter((w) => w.bbox.x0 >= hit.x1 - 0.5);
  const before = segment.words.filter((w) => w.bbox.x1 <= hit.x0 + 0.5).at(-1);
  const lower = /^\p{Ll}/u.test(hit.line.text.slice(hit.start, hit.end));
  const words = [...(lower && before ? [before] : []), ...after].filter((w) => !covered(w) && !/\d/.test(w.text));
  let text = words
    .map((w) => w.text)
    .join(' ')
    .replace(/\([^)]*\)/g, ' ');
  for (const date of findDates(text, ctx.dates).reverse()) text = text.slice(0, date.start) + text.slice(date.end);
  return /\p{L}{2,}/u.test(text);
}
