import { fold, foldedTokens } from '../layout/fold.js';
import type { Line, Segment } from '../layout/lines.js';
import type { LabelIndex } from '../labels/label-index.js';
import { ROLE_LABELS } from '../labels/synonyms.js';
import { DOCUMENT_TITLES } from '../lexicons/document-titles.js';
import { KEY_WORDS } from '../lexicons/key-words.js';
import { BUSINESS_WORDS, LEGAL_FORMS, legalFormAtEnd, type LegalForm } from '../lexicons/legal-forms.js';
import { REGISTRATION_WORDS } from '../lexicons/registration-words.js';
import { SAINT_NAMES, STREET_LINE_WORDS } from '../lexicons/street-line-words.js';
import shareCapital from '../lexicons/share-capital-words.json' with { type: 'json' };
import seats from '../lexicons/seat-words.json' with { type: 'json' };
import { allWords, alternation, wholeWords } from '../lexicons/word-lists.js';
import { isStreetAddress, withoutUnitFirst } from './address-numbers.js';
import { isBranchLine } from './branch-lines.js';
import { isDepartmentLine } from './department-lines.js';

/** Shared facts about the lines that may hold a company's name and address. */

/** Legal forms and the words of trading names ("Trading", "Restoran"): data per language. */
const NAME_MARKS: readonly LegalForm[] = [
  ...LEGAL_FORMS,
  ...BUSINESS_WORDS.map((tokens) => ({ tokens, lastOnly: false })),
];

/**
 * Whether the folded words of a text contain a legal form ("GmbH", "Sdn Bhd", "B.V."). A form of
 * two letters or fewer ("SE", "Co", "AG") follows a name: as the first word it is more often a
 * word OCR split ("Se langor") or an abbreviation of something else.
 */
export function hasLegalForm(text: string): boolean {
  return legalFormIn(text, false);
}

/** Whether a text holds a legal form anywhere, first word or not ("CO.", "& Co. KG", "SDN.BHD"). */
function containsLegalForm(text: string): boolean {
  return legalFormIn(text, true);
}

function legalFormIn(text: string, shortFirst: boolean): boolean {
  const tokens = foldedTokens(text);
  const lower = lowerCaseTokens(text, tokens.length);
  return NAME_MARKS.some(({ tokens: form, lastOnly }) =>
    tokens.some(
      (_, i) =>
        (i > 0 || shortFirst || form.join('').length > 2) &&
        (!lastOnly || (i > 0 && i + form.length === tokens.length)) &&
        !isUnitAfterQuantity(tokens, i, form) &&
        !isTaxAfterForm(tokens, i + form.length) &&
        !(form.length === 1 && form[0]!.length <= 2 && lower[i]) &&
        form.every((t, k) => tokens[i + k] === t),
    ),
  );
}

/**
 * For each folded word, whether the text prints it in lower case: a form of two letters is written
 * in capitals ("KG", "AG", "SA"), and in lower case it is a unit or a word ("Naranjas kg", "Tomates
 * sa"). Nothing is said where the printed words do not line up with the folded ones.
 */
function lowerCaseTokens(text: string, count: number): boolean[] {
  const printed = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (printed.length !== count) return new Array<boolean>(count).fill(false);
  return printed.map((word) => /\p{Ll}/u.test(word) && !/\p{Lu}/u.test(word));
}

/**
 * A short form right after a number is a unit: "Coffee beans 1 kg" is an item, not a KG (a
 * limited partnership); a company's form follows a word of its name ("Müller GmbH & Co. KG").
 */
function isUnitAfterQuantity(tokens: readonly string[], i: number, form: readonly string[]): boolean {
  return i > 0 && form.join('').length <= 3 && /^\d+$/.test(tokens[i - 1]!);
}

/** The tax names that the tax amount's one-word labels give ("gst", "vat", "mwst", "tva"). */
const TAX_WORDS: ReadonlySet<string> = new Set(ROLE_LABELS.tax_amount.labels.filter((l) => !l.includes(' ')));

/**
 * A form followed by a tax's name and at most an amount is an amount's label: "Total Inc GST",
 * "Price inc. VAT 120.00" print "including", not "Incorporated". A company's name continues with
 * words of its own after its form ("Acme Ltd VAT Reg No").
 */
function isTaxAfterForm(tokens: readonly string[], next: number): boolean {
  return TAX_WORDS.has(tokens[next] ?? '') && tokens.slice(next + 1).every((t) => /^\d+$/.test(t));
}

/**
 * A name ends with its legal form: "EIGHT OUNCE COFFEE CO. THE GARDENS MALL" is the company and
 * its branch. A single word after it stays ("Rohstoff AG Salzgitter" is a registered name). The
 * comma that set the address after the form apart ("Hessler GmbH, Am Gewerbepark 3, …") goes too.
 */
export function cutAfterLegalForm(name: string): string {
  const words = name.split(/\s+/);
  for (let end = words.length - 2; end >= 1; end--) {
    if (
      words.length - end - 1 >= 2 &&
      containsLegalForm(words[end]!) &&
      !containsLegalForm(words.slice(end + 1).join(' '))
    )
      return words
        .slice(0, end + 1)
        .join(' ')
        .replace(/[,;]$/u, '');
  }
  return name;
}

/** "CO. (M) SDN BHD": the text begins with its legal form, the name's words are elsewhere. */
export function startsWithLegalForm(text: string): boolean {
  const tokens = foldedTokens(text).filter((t) => t !== 'm');
  return NAME_MARKS.some(({ tokens: form, lastOnly }) => !lastOnly && form.every((t, k) => tokens[k] === t));
}

/**
 * Whether a line broke inside a legal form, the form's rest alone on the next line: "Handlowe
 * Żuraw Sp." over "z o.o.", "Padaria São João Unipessoal," over "Lda.", "Müller GmbH & Co." over
 * "KG". A narrow column wraps a form of several words as it wraps any other.
 */
export function splitsLegalForm(head: string, tail: string): boolean {
  const rest = foldedTokens(tail);
  if (rest.length === 0) return false;
  return legalFormAtEnd(foldedTokens(`${head} ${tail}`.replace(/&/g, ' '))) > rest.length;
}

/**
 * A document's title ("INVOICE # 2022/91051", "Bon de commande") or another word that stands at the
 * top of a page but is nobody's name ("Copy", "Page 2"): no name, and no line of an address. The
 * words are data per language (lexicons/document-titles.json).
 */
export function isDocumentTitle(text: string): boolean {
  return DOCUMENT_TITLES.heading.test(fold(text));
}

/**
 * A name run into the document's title with no gap between them ("Élodie Marchand Photographie
 * BON DE COMMANDE", a logo and a title printed side by side), the title's number with it or not
 * ("DR OLIVIA BENNETT PURCHASE ORDER # BE86-71704", "Lefèvre Logistique Bon de commande N°
 * 2024/82426"): the name without the title.
 */
export function withoutTitleAtEnd(text: string): string {
  const words = text.split(' ');
  // The title's number: words with a digit at the end, after a number sign ("#", "No.", "N°", "Nr.") or none.
  let end = words.length;
  while (end > 1 && /\d/.test(words[end - 1]!)) end--;
  if (end < words.length) while (end > 1 && isNumberSign(words[end - 1]!)) end--;
  for (const last of end < words.length ? [words.length, end] : [words.length])
    for (let k = Math.min(3, last - 1); k >= 1; k--)
      if (DOCUMENT_TITLES.whole.test(fold(words.slice(last - k, last).join(' '))))
        return words.slice(0, last - k).join(' ');
  return text;
}

/**
 * A title run into the name after it, as one segment ("Bon de commande No OC55135 MARCHAND FRÈRES
 * SARL": a title at the left and the seller's block at the right set close on one line): the name
 * without the title and its number. Only a title with a number: the number is what ends it.
 */
export function withoutTitleAtStart(text: string): string {
  const words = text.split(' ');
  for (let k = Math.min(3, words.length - 2); k >= 1; k--) {
    if (!DOCUMENT_TITLES.whole.test(fold(words.slice(0, k).join(' ')))) continue;
    let start = k;
    while (start < words.length && isNumberSign(words[start]!)) start++;
    const number = start;
    while (start < words.length && /\d/.test(words[start]!)) start++;
    return start > number && start < words.length ? words.slice(start).join(' ') : text;
  }
  return text;
}

/** A number's sign before a title's number ("#", "No.", "N°", "Nº", "Nr.", "n.º", "Number", "núm."). */
const NUMBER_SIGN = /^(?:#|n[o°º]?\.?|nr\.?|n\.º|num\.?|nummer|number|numero|numéro|número|nummer:?)[:.]?$/iu;
const isNumberSign = (word: string) => NUMBER_SIGN.test(word) || NUMBER_SIGN.test(fold(word));

export function looksLikeName(line: Line | string): boolean {
  const text = typeof line === 'string' ? line : line.text;
  const folded = fold(text);
  if (folded.length < 2 || DOCUMENT_TITLES.heading.test(folded)) return false;
  if (/@|www\.|https?:|\b(tel|fax|phone|telefon|email)\b/i.test(text)) return false;
  // "Accounts Department" under a company's name: a part of the party, not its name.
  if (isDepartmentLine(text, hasLegalForm(text))) return false;
  // "Store #1234" or "Filiale Köln" under a shop's brand: which of its shops, not its name.
  if (isBranchLine(text)) return false;
  // "SARL au capital de 10 000 €", "Capitale sociale € 10.000 i.v.": the legal mention of a
  // company's share capital starts with its form, yet states the capital, not the name.
  if (SHARE_CAPITAL.test(folded)) return false;
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const digits = (text.match(/\d/g) ?? []).length;
  return letters >= 3 && digits <= letters / 3;
}

/** The phrases that state a company's share capital, per language (lexicons/share-capital-words.json). */
const SHARE_CAPITAL = wholeWords(allWords(shareCapital));
/**
 * A legal mention after a company's name: its share capital, or its registered seat ("mit Sitz in
 * Köln", "con sede legale in Torino", "registered in England", "z siedzibą w Łodzi";
 * lexicons/seat-words.json).
 */
const STARTS_WITH_LEGAL_MENTION = new RegExp(`^${alternation([...allWords(shareCapital), ...allWords(seats)])}\\b`);

/**
 * The words before a legal mention ("Azur Énergie SAS au capital de 2 500 000 €", "Kestrel Ltd,
 * share capital £1,000", "Muster GmbH, Stammkapital 25.000 €", "LOMBARDA FORNITURE con sede legale
 * in Torino", "Nordwind Textil, Sitz Hamburg"): the company's name, as legal footers print it
 * first; undefined where no such mention follows words.
 */
export function nameBeforeLegalMention(text: string): string | undefined {
  const words = text.split(/\s+/);
  for (let k = 1; k < words.length; k++) {
    if (!STARTS_WITH_LEGAL_MENTION.test(fold(words.slice(k).join(' ')))) continue;
    const name = words
      .slice(0, k)
      .join(' ')
      .replace(/[\s,;:\-–]+$/u, '');
    return name || undefined;
  }
  return undefined;
}

/**
 * "34 Market Road", "20 Market Place", "Marktplatz 124": a house number and a street; a trading word
 * in it ("Market") names no company. The street words of any language count with the number on
 * either side ("place", "Blvd", "-platz", "-weg": fields/address-numbers.ts).
 */
export function isStreetLine(text: string): boolean {
  // A unit before the house number ("Suite 6, 81 Market Road") is part of the street line.
  const trimmed = withoutUnitFirst(text).trim();
  if (/^\d{1,5}[a-z]?\s/i.test(trimmed)) return looksLikeStreet(trimmed) || isStreetAddress(trimmed);
  return /\s\d{1,5}[a-z]?$/i.test(trimmed) && isStreetAddress(trimmed);
}

/**
 * A name-like line at the top of a page that is a street or a postcode instead: a word that names a
 * street on either side of its number ("34 Market Road", "boulevard Voltaire 38"; data per language,
 * `street_line_words` in lexicons/address-words.json), four digits, or a British postcode. On a line
 * with no number, "St" before a capitalised name is a saint's ("St Mary's Parish Church",
 * "Kirchengemeinde St. Johannis", "Mairie de St-Étienne"): a name without a legal form, not a street.
 */
export function looksLikeStreet(text: string): boolean {
  const words = /\d/.test(text) ? text : text.replace(SAINT_NAMES, '');
  return /\d{4,}/.test(text) || UK_POSTCODE.test(text) || STREET_LINE_WORDS.test(words);
}

/** A British postcode ("LS1 4DY", "CF10 1EP"): the place line under a street, as four digits are elsewhere. */
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/;

/** Lines that sit under a buyer label (bill to, Rechnungsempfänger, ...): not the vendor's. */
export function buyerBlockLines(lines: Line[], labels: LabelIndex): Set<Line> {
  const inBlock = new Set<Line>();
  for (const hit of labels.hitsFor('buyer_name')) {
    if (hit.strength < 1) continue;
    inBlock.add(hit.line);
    for (let i = hit.line.index + 1; i < Math.min(lines.length, hit.line.index + 7); i++) {
      const line = lines[i]!;
      if (line.page !== hit.line.page) break;
      if (line.segments.some((s) => s.x0 < hit.x1 + 40 && s.x1 > hit.x0 - 20)) inBlock.add(line);
    }
  }
  return inBlock;
}

/**
 * The segments of a buyer's block: those under a buyer label, in its column, as in
 * `buyerBlockLines`. A seller's block beside the buyer's on the same lines ("Azur Services" /
 * "EURL" at the right of the buyer's contact and fax lines) is no part of it.
 */
export function buyerBlockSegments(lines: Line[], labels: LabelIndex): Set<Segment> {
  const inBlock = new Set<Segment>();
  for (const hit of labels.hitsFor('buyer_name')) {
    if (hit.strength < 1) continue;
    const inColumn = (s: Segment) => s.x0 < hit.x1 + 40 && s.x1 > hit.x0 - 20;
    for (let i = hit.line.index; i < Math.min(lines.length, hit.line.index + 7); i++) {
      const line = lines[i]!;
      if (line.page !== hit.line.page) break;
      for (const segment of line.segments) if (inColumn(segment)) inBlock.add(segment);
    }
  }
  return inBlock;
}

/** Separators of one-line sender addresses ("Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen"). */
export const SENDER_SEPARATORS = /\s*(?:[●•·|▪◦∙]|\s-\s)\s*/u;

/** Keys of "Key: value" lines whose value is a name ("Name: Handwerker GmbH"), folded (lexicons/key-words.json). */
export const NAME_KEYS: ReadonlySet<string> = KEY_WORDS.names;

/**
 * A company name as printed, without a "Key:" before it or a registration number after it. A
 * label is only cut off when a colon ends it: "Lieferant GmbH" is a name that starts with a word
 * that is also a label.
 */
export function cleanName(text: string): string {
  return repairSdnBhd(
    text
      // A registration number in brackets goes first: its own "No:" is no key before the name.
      .replace(/\s*\([^)]*\d{3,}[^)]*\)?\s*$/, '')
      // So does one printed bare after the name ("S/B 273500-U (GKJ)"), with what follows it.
      .replace(/[\s']+\d{4,}-[A-Z]\b.*$/iu, '')
      .replace(/^[^:]{1,30}:\s*(?=\S)/u, (prefix) => {
        if (/[\d(]/.test(prefix)) return prefix;
        // An article is nobody's key: its colon is a speck read as one ("THE: TOAST F&B").
        return KEY_WORDS.articleKey.test(prefix) ? prefix.replace(/\s*:\s*$/, ' ') : '';
      })
      // Borders of a scanned page read as "|" or brackets at a line's ends.
      .replace(/^[\s:;,.\-–|¦[\]{}]+/u, '')
      // A till's counter before the name ("#000002 BAIFU (M) Sdn Bhd") is no part of it.
      .replace(/^#\d{3,}\s+(?=\p{L})/u, '')
      .replace(/[\s|¦[\]{}]+$/u, '')
      .replace(/\s*\([^)]*\d{3,}[^)]*\)?\s*$/, '')
      .replace(/[\s,;:]+$/, '')
      // "Gemeente Utrecht, Afdeling Vastgoed", "Stadtverwaltung Lindau, Amt für Gebäudewirtschaft":
      // a public body's office after a comma is a part of the party, not its name.
      .replace(/,\s*([^,]+)$/u, (tail, part: string) => (isDepartmentLine(part, false) ? '' : tail))
      .trim(),
  );
}

/**
 * "SON BHD", "SDN 8HD", "SDN. BHX.", "SDN BH D": OCR's misreadings of "SDN BHD" (the Malaysian
 * private limited company), written back as the legal form they are. A legal form is a closed set
 * of words, so next to its other word, read exactly, a word of three characters one character off
 * (or split once by a space) is no other word. Dots after either word stay as printed.
 */
function repairSdnBhd(name: string): string {
  const words = name.split(' ');
  for (let i = 0; i < words.length - 1; i++) {
    for (const [inFirst, inSecond] of [
      [1, 1],
      [2, 1],
      [1, 2],
    ] as const) {
      const first = words.slice(i, i + inFirst).join('');
      const second = words.slice(i + inFirst, i + inFirst + inSecond).join('');
      const [a, b] = [first.replace(/\.$/, ''), second.replace(/\.$/, '')];
      if (!/^[\p{L}\d]{3}$/u.test(a) || !/^[\p{L}\d]{3}$/u.test(b)) continue;
      if (charactersOff(a, 'sdn') + charactersOff(b, 'bhd') + inFirst + inSecond - 2 !== 1) continue;
      const upper = a === a.toUpperCase();
      const dot = (text: string) => (text.endsWith('.') ? '.' : '');
      const repaired = [(upper ? 'SDN' : 'Sdn') + dot(first), (upper ? 'BHD' : 'Bhd') + dot(second)];
      return [...words.slice(0, i), ...repaired, ...words.slice(i + inFirst + inSecond)].join(' ');
    }
  }
  return name;
}

/** Characters of `text` that differ from the lower-case `form` at the same place. */
function charactersOff(text: string, form: string): number {
  return [...text.toLowerCase()].filter((c, k) => c !== form[k]).length;
}

/**
 * OCR reads an I or O as 1 or 0 inside a word ("MR. D.1.Y.", "CONFECTI0NERY"). In a name's word
 * of letters with no other digit, a 0 or 1 between letters or dots is the letter, in the case of
 * the word's letters. Numbers in names ("OLIVE9", "7-ELEVEN", "99 SPEEDMART") have their digit at
 * an end, or more than one.
 */
export function repairLetterDigits(name: string): string {
  return name.replace(/[\p{L}\p{N}.]+/gu, (word) => {
    const letters = word.match(/\p{L}/gu) ?? [];
    if (letters.length < 2 || (word.match(/\p{N}/gu) ?? []).length !== 1) return word;
    const upper = letters.filter((c) => c !== c.toLowerCase()).length * 2 >= letters.length;
    return word.replace(/(?<=[\p{L}.])[01](?=[\p{L}.])/u, (digit) =>
      digit === '0' ? (upper ? 'O' : 'o') : upper ? 'I' : 'l',
    );
  });
}

/**
 * OCR sets a full stop apart from the letter it follows ("MR . D . I. Y. (M)") and spaces out an
 * initialism's letters: in a name read by OCR the stop goes back to its letter, and three or more
 * single letters each with its stop ("D. I. Y.", "S. H. H.") are written together, as
 * initialisms are printed ("MR. D.I.Y. (M)"). Two initials ("J. R. Hartley") stay as read.
 */
export function repairInitials(name: string): string {
  return name
    .replace(/(?<=\p{L})\s+\.(?=\s|$)/gu, '.')
    .replace(/(?<!\p{L})\p{L}\.(?:\s?\p{L}\.){2,}/gu, (initials) => initials.replace(/\s/g, ''));
}

const REGISTRATION_ANYWHERE = new RegExp(REGISTRATION_WORDS.source, 'g');

/**
 * A registration's key alone in its segment, its number in the next ("ABN ‖ 51 824 753 556",
 * "VAT Reg No ‖ GB 123 4567 89"): registration words and number signs only, naming no one.
 */
export function isRegistrationKey(text: string): boolean {
  const folded = fold(text);
  const rest = folded.replace(REGISTRATION_ANYWHERE, ' ');
  return rest !== folded && rest.split(' ').every((w) => w === '' || /^(?:no|nr|number|num|id)$/.test(w));
}
