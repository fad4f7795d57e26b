import table from './other-titles.json' with { type: 'json' };
import { DOCUMENT_TYPES, INDICATORS, type DocumentType } from './indicators.js';
import { hits } from './indicator-hits.js';

/**
 * Documents that look like an invoice and are none: quotes, delivery notes, payment reminders and
 * statements of account print a seller, a number, a date and a total as an invoice does, and the
 * invoice's words besides ("IBAN", "Zahlbar", "Rechnung Nr." of the invoice a reminder is about).
 * Their own title says what they are: its words, per kind and language, are data in
 * other-titles.json (folded, in the English name of the kind).
 */

/** A title that names another kind of document: the kind in English and the words that name it. */
export interface OtherTitle {
  kind: string;
  phrase: string;
}

/** Words that may stand before the kind's name in a title ("2. Mahnung", "Sales Quote"). */
const MAX_WORDS_BEFORE = 2;
/** An indicator this heavy in the title is a title of the classifier's own types ("Rechnung / Lieferschein"). */
const TITLE_WEIGHT = 2;

const PHRASES: OtherTitle[] = Object.entries(table as Record<string, Record<string, string[]>>)
  .flatMap(([kind, languages]) => Object.values(languages).flatMap((list) => list.map((phrase) => ({ kind, phrase }))))
  // The longest first: "letzte mahnung" is named before "mahnung".
  .sort((a, b) => b.phrase.length - a.phrase.length);

/**
 * The other kind a document's title names: a piece of large print near the top (indicator-text.ts)
 * or else its first numbered title, folded and padded, that names one near its start and is no
 * name or sentence that goes on. None when a piece of large print names an invoice, receipt or
 * order ("Rechnung / Lieferschein", "RECHNUNG" over "Lieferschein Nr. 4711"): such a document is
 * that. A reminder's first numbered title may be the invoice it cites ("Invoice 2024-17 is
 * overdue") under its own title in large print ("PAYMENT REMINDER").
 */
export function otherTitle(headings: string[], title: string): OtherTitle | null {
  if (headings.some(namesOwnType)) return null;
  for (const text of [...headings, title]) {
    const other = namedIn(text);
    if (other) return namesOwnType(text) ? null : other;
  }
  return null;
}

/** The other kind a title names near its start, followed by its number at most. */
function namedIn(title: string): OtherTitle | null {
  for (const other of PHRASES) {
    const at = title.indexOf(` ${other.phrase} `);
    if (at < 0) continue;
    const [before, after] = [words(title.slice(0, at)), words(title.slice(at + other.phrase.length + 1))];
    // After the kind's name only its number may follow ("Angebot Nr. 2024-17"): a large print
    // that goes on with words is a name ("Estimate Builders Ltd") or a sentence.
    if (before.length <= MAX_WORDS_BEFORE && after.every((w) => /\d/.test(w) || w.length <= 3)) return other;
  }
  return null;
}

function namesOwnType(text: string): boolean {
  return DOCUMENT_TYPES.some((type: DocumentType) =>
    INDICATORS[type].some((indicator) => indicator.weight >= TITLE_WEIGHT && hits(` ${text} `, indicator, type) > 0),
  );
}

const words = (text: string): string[] => text.split(' ').filter(Boolean);
