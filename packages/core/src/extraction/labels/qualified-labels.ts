import type { DocumentView } from '../document-view.js';
import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import { DOCUMENT_TITLES } from '../lexicons/document-titles.js';
import { KEY_WORDS } from '../lexicons/key-words.js';
import { lineTokens, segmentStarts, type LabelHit, type LineToken } from './label-index.js';

/**
 * Whether a generic date label ("Date", "Fecha", "le", "vom", "du") is qualified by words no label
 * list knows, and so dates something other than the field it is taken for:
 *
 * - a joining word and what it joins right after it: "Date du devis", "Fecha de oferta", "Fecha de
 *   registro" (a known label is matched whole and is never a generic one: "Date de facture");
 * - words before it in its segment that are no label of the same field and do not name the page's
 *   own document: "Quotation date", "Ihre Bestellung vom", "Votre commande du", "À payer avant le",
 *   "Date de prestation le", where "Rechnung vom" on a page titled "Rechnung", "Date le" and a
 *   place before a comma ("Lyon, le") are the document's own date.
 *
 * Only the label's own segment counts: a column's text beside it qualifies nothing.
 */
export function qualifiedLabel(ctx: DocumentView, hit: LabelHit): boolean {
  if (hit.strength >= 1) return false;
  const { tokens, previous } = segmentTokens(hit.line, hit.start);
  const own = tokens.filter((t) => t.start >= hit.start && t.end <= hit.end);
  if (own.length !== 1) return false;
  if (
    joinedAfter(
      hit.line.text,
      hit.end,
      tokens.filter((t) => t.start >= hit.end),
    )
  )
    return true;
  const before = tokens.filter((t) => t.end <= hit.start);
  // A joining word that begins its segment ("le 16 juillet 2022") has its words in the column
  // before it ("Date de prestation").
  const noun = KEY_WORDS.dateNouns.has(own[0]!.text);
  return wordsBefore(ctx, hit, before.length || noun ? before : previous);
}

/**
 * Whether a word before the label in its segment says the document named there is another one
 * the page answers: "Bezug: Rechnung Nr. 12 vom ...", "Se rapporte à la facture n° ...", "Rif.
 * fattura n." on a credit note or a corrected invoice (lexicons/key-words.json, `citing_words`).
 * Its number and date are the cited invoice's, not the page's own.
 */
export function citedLabel(hit: LabelHit): boolean {
  const { tokens } = segmentTokens(hit.line, hit.start);
  return tokens.some((t) => t.end <= hit.start && KEY_WORDS.citing.has(t.text));
}

/** A joining word right after the label, then (an article allowed) a word: "de oferta", "du devis". */
function joinedAfter(text: string, end: number, after: readonly LineToken[]): boolean {
  const [join, ...rest] = after;
  if (!join || !KEY_WORDS.qualifierJoins.has(join.text) || !/^[\s']*$/.test(text.slice(end, join.start))) return false;
  const word = rest.find((t) => !KEY_WORDS.articles.has(t.text));
  return word !== undefined && isWord(word) && !/[:\d]/.test(text.slice(join.end, word.start));
}

/** Words before the label in its segment, other than the same field's labels and the page's own title. */
function wordsBefore(ctx: DocumentView, hit: LabelHit, tokens: readonly LineToken[]): boolean {
  if (/,\s*$/.test(hit.line.text.slice(0, hit.start))) return false;
  const own = ctx.labels.hitsOn(hit.line).filter((h) => h.key === hit.key && h.end <= hit.start);
  const before = tokens.filter((t) => !own.some((h) => t.start >= h.start && t.end <= h.end));
  if (!before.some(isWord)) return false;
  const titles = ownTitles(ctx);
  return !before.some((t) => titles.has(t.text));
}

const isWord = (token: LineToken) => /^\p{L}{3,}$/u.test(token.text);

const TITLES = new WeakMap<readonly Line[], ReadonlySet<string>>();

/**
 * The words of the page's titles: a segment that is a title ("PURCHASE ORDER") or begins with one
 * and then gives its number ("FACTURE n° F29807": "facture"), never a label that begins with a
 * title's word ("Quotation date").
 */
function ownTitles(ctx: DocumentView): ReadonlySet<string> {
  let titles = TITLES.get(ctx.lines);
  if (!titles) {
    const words = ctx.lines.flatMap((line) => line.segments.flatMap((s) => titleWords(fold(s.text))));
    titles = new Set(words);
    TITLES.set(ctx.lines, titles);
  }
  return titles;
}

/** The heading words a folded segment begins with when it is a title (see ownTitles), else none. */
export function titleWords(folded: string): string[] {
  const title = DOCUMENT_TITLES.heading.exec(folded)?.[0];
  if (!title) return [];
  const rest = folded.slice(title.length);
  const numbered = /\d/.test(rest) && !rest.split(' ').some((w) => KEY_WORDS.dateNouns.has(w));
  return DOCUMENT_TITLES.whole.test(folded) || numbered ? title.split(' ') : [];
}

/** The folded tokens of the segment that holds character `at` of the line, and of the one before it. */
function segmentTokens(line: Line, at: number): { tokens: LineToken[]; previous: LineToken[] } {
  const starts = segmentStarts(line);
  const k = starts.findLastIndex((s) => s <= at);
  const within = (from = 0, to = line.text.length) => lineTokens(line).filter((t) => t.start >= from && t.end <= to);
  return { tokens: within(starts[k], starts[k + 1]), previous: k > 0 ? within(starts[k - 1], starts[k]) : [] };
}
