import type { Line } from '../layout/lines.js';
import table from '../lexicons/deadline-words.json' with { type: 'json' };
import { allWords, wordsOf } from '../lexicons/word-lists.js';
import { findDates, type FoundDate } from '../values/dates.js';
import { lineTokens, segmentStarts, xRange, type LabelHit, type LineToken } from './label-index.js';

/**
 * A due date said in a sentence in words no label list holds: "Bitte begleichen Sie den Betrag bis
 * zum 16.12.2024.", "Merci de régler avant le 16/12/2024.", "Please remit payment by 16/12/2024.".
 * The phrases of field-labels.json cover the wordings seen; a sentence of any wording is read by
 * its parts instead, as data per language (lexicons/deadline-words.json): a deadline word right
 * before the date ("by", "bis", "avant", "entro", "até", "vóór", "do"), an article between them
 * allowed ("zum", "le", "del"), and a payment word anywhere in the sentence, before or after the
 * date ("pay", "zahl", "fällig", "régler", "pagamento", "betaling", "zapłata"), matched as a
 * word's beginning ("Zahlung", "Überweisung", "payable"). The deadline words are the label.
 *
 * A date without a payment word is no deadline ("Lieferung bis 16.12.2024", "valid until"); a
 * date right after another date and a range's word is a period's end ("vom 01.10.2024 bis zum
 * 31.10.2024", "van 01-10-2024 tot 31-10-2024"), even where the sentence speaks of payment.
 */

const DEADLINES = allWords(wordsOf(table, 'deadline')).map((phrase) => phrase.split(' '));
/** Deadline words a deadline phrase ends with: a line without one is passed over before its dates are looked for. */
const DEADLINE_ENDS: ReadonlySet<string> = new Set(DEADLINES.map((phrase) => phrase.at(-1)!));
const ARTICLES: ReadonlySet<string> = new Set(allWords(wordsOf(table, 'article')));
const PAYMENT = allWords(wordsOf(table, 'payment'));
const DISCOUNT = allWords(wordsOf(table, 'discount')).map((phrase) => phrase.split(' '));

/** Sentences end at a full stop, a question or exclamation mark or a semicolon before a space or the end. */
const SENTENCE_END = /[.!?;](?=\s|$)/g;

export function deadlineHits(lines: readonly Line[], known: readonly LabelHit[]): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const line of lines) {
    const tokens = lineTokens(line);
    if (!tokens.some((t) => DEADLINE_ENDS.has(t.text))) continue;
    const dates = findDates(line.text);
    for (const date of dates) {
      const sentence = sentenceAround(line, date.start, date.end);
      const before = tokens.filter((t) => t.start >= sentence.start && t.end <= date.start);
      const phrase = deadlineBefore(before);
      if (!phrase || periodEnd(line.text, dates, date.start, phrase[0]!.start)) continue;
      const { start } = phrase[0]!;
      // The phrases of field-labels.json label it already.
      if (known.some((h) => h.key === 'due_date' && h.line === line && h.end > start && h.end <= date.start)) continue;
      const words = before.filter((t) => t.end <= start);
      const after = tokens.filter((t) => t.start >= date.end && t.end <= sentence.end);
      if (![...words, ...after].some((t) => PAYMENT.some((stem) => t.text.startsWith(stem)))) continue;
      if (discountClause(words, dates, date.start)) continue;
      // The label runs up to the date, its article with it ("au plus tard le").
      const end = before.at(-1)!.end;
      hits.push({ key: 'due_date', strength: 1, line, start, end, ...xRange(line, start, end) });
    }
  }
  return hits;
}

/**
 * The index's hits with those inside a deadline's words left out: "Le" and "del" are weak date
 * labels of their own ("Le 16/12/2024"), and inside "au plus tard le" or "antes del" they are the
 * deadline's article.
 */
export function withDeadlines(known: readonly LabelHit[], deadlines: readonly LabelHit[]): LabelHit[] {
  const inside = (h: LabelHit) =>
    deadlines.some((d) => d.line === h.line && h.start >= d.start && h.end <= d.end && h.strength < d.strength);
  return [...known.filter((h) => !inside(h)), ...deadlines];
}

/** The character range of the sentence holding a date, within the date's segment of the line. */
function sentenceAround(line: Line, start: number, end: number): { start: number; end: number } {
  const starts = segmentStarts(line);
  const cell = starts.findLast((s) => s <= start) ?? 0;
  const next = starts.find((s) => s > start) ?? line.text.length;
  let from = cell;
  for (const m of line.text.slice(cell, start).matchAll(SENTENCE_END)) from = cell + m.index + 1;
  const after = line.text.slice(end, next).search(SENTENCE_END);
  return { start: from, end: after >= 0 ? end + after : next };
}

/**
 * The deadline phrase that ends the words before a date, articles after it left out, or null. A
 * word that is an article in one language and a deadline in another ("do": Portuguese "of the",
 * Polish "by") is tried as a deadline first.
 */
function deadlineBefore(before: readonly LineToken[]): LineToken[] | null {
  for (let end = before.length; end > 0; end--) {
    const words = before.slice(0, end);
    const longest = DEADLINES.filter(
      (phrase) =>
        phrase.length <= words.length && phrase.every((w, k) => words[words.length - phrase.length + k]!.text === w),
    ).sort((a, b) => b.length - a.length)[0];
    if (longest) return words.slice(words.length - longest.length);
    if (!ARTICLES.has(before[end - 1]!.text)) return null;
  }
  return null;
}

/**
 * Whether the words since the sentence's previous date (or its start) name a discount: "netto bis
 * 04.04.2013, 3% Skonto innerhalb 10 Tagen bis 15.03.2013" gives the due date and a discount's
 * deadline, which is no due date.
 */
function discountClause(words: readonly LineToken[], dates: readonly FoundDate[], dateStart: number): boolean {
  const from = Math.max(0, ...dates.filter((d) => d.end <= dateStart).map((d) => d.end));
  const clause = words.filter((t) => t.start >= from).map((t) => t.text);
  return DISCOUNT.some((phrase) =>
    clause.some((_, i) =>
      phrase.every((w, k) => clause[i + k]?.startsWith(w) && (k === phrase.length - 1 || clause[i + k] === w)),
    ),
  );
}

/** Whether another date ends right before the deadline phrase, with at most one word between: a period. */
function periodEnd(text: string, dates: readonly FoundDate[], dateStart: number, phraseStart: number): boolean {
  return dates.some(
    (other) =>
      other.end <= phraseStart &&
      other.start < dateStart &&
      (text.slice(other.end, phraseStart).match(/[\p{L}\p{N}]+/gu)?.length ?? 0) <= 1,
  );
}
