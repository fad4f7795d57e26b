import type { DocumentView } from '../document-view.js';
import { foldedTokens } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import table from '../lexicons/address-words.json' with { type: 'json' };

/**
 * Numbers of an address, which are no document's number: a house or unit number on a street line
 * ("Hauptstraße 12", "12 rue du Commerce", "Unit 4, 17 Mill Lane"), a post-office box ("PO Box
 * 4411", "Postfach 4411", "Apartado 123"), a postcode after its place ("75011 Paris") or in the
 * United Kingdom's or the United States' shape ("Bristol BS1 5TR", "Austin, TX 78701"). The words
 * are data per language in lexicons/address-words.json, folded: `streets` are whole words,
 * `street_suffixes` end a compound ("Industriestraße", "Stationsweg"), `units` and `boxes` stand
 * right before their number (`street_line_words` are read by lexicons/street-line-words.ts).
 */
interface AddressWords {
  streets?: string[];
  street_suffixes?: string[];
  units?: string[];
  boxes?: string[];
  street_line_words?: string[];
}

const languages: Record<string, AddressWords> = table;
const all = (pick: (w: AddressWords) => string[] | undefined) => Object.values(languages).flatMap((w) => pick(w) ?? []);

const STREETS = new Set(all((w) => w.streets));
const SUFFIXES = all((w) => w.street_suffixes);
/** Unit and box words, each as its folded tokens ("p o box"), matched at the end of the text before a number. */
const BEFORE_NUMBER = [...all((w) => w.units), ...all((w) => w.boxes)].map((w) => w.split(' '));

/** A place's name after a postcode: one to four words, the first capitalised ("Paris", "AB Amsterdam", "Frankfurt am Main"). */
const PLACE = /^\s+\p{Lu}[\p{L}'’.]*(?:[\s-]+\p{L}[\p{L}'’.]*){0,3}\s*$/u;

const isStreetWord = (token: string) =>
  STREETS.has(token) || SUFFIXES.some((s) => token.length > s.length + 2 && token.endsWith(s));

const UNITS = new Set(all((w) => w.units));

/**
 * The text after a unit and its number that open it ("Suite 6, 81 Market Road" -> "81 Market
 * Road", "Unit 4 17 Mill Lane"), where a house number follows; the text itself otherwise.
 */
export function withoutUnitFirst(text: string): string {
  const unit = /^\s*([\p{L}.]+)\s*(\d{1,4}[a-z]?)\s*,?\s+(?=\d)/iu.exec(text);
  return unit && UNITS.has(foldedTokens(unit[1]!).join(' ')) ? text.slice(unit[0].length) : text;
}

/**
 * A line opened by a unit and its number ("Unit 9, Riverside Park", "Nave 3, Polígono Sur", "Haus 2,
 * Gewerbehof"): an address's first line even where no street word or house number follows.
 */
export function opensWithUnit(text: string): boolean {
  const unit = /^\s*([\p{L}.]+)\s*\d{1,4}[a-z]?\b/iu.exec(text);
  return unit !== null && UNITS.has(foldedTokens(unit[1]!).join(' '));
}

/**
 * A postcode of four or five digits ("3511 AX Utrecht", "80331 München"), a British one, an Irish
 * Eircode ("Cork T12 RX2C"), a Canadian one ("K1A 0B1") or a Polish one ("00-950 Warszawa").
 */
export const POSTCODE =
  /\b\d{4,5}\b|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b|\b[A-Z]\d{2}\s?[A-Z\d]{4}\b|\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|\b\d{2}-\d{3}\b/;

/** Box words, each as its folded tokens ("apdo de correos"), longest first. */
const BOXES = all((w) => w.boxes)
  .map((w) => w.split(' '))
  .sort((a, b) => b.length - a.length);

/**
 * Whether a text is a post-office box's line: a box word of the lexicon and its number, and
 * nothing after ("Postfach 8451", "PO Box 4411", "Apdo. de Correos 2445", "BP 4411"), where an
 * address prints no street.
 */
export function isPostBox(text: string): boolean {
  const tokens = foldedTokens(text);
  return BOXES.some(
    (words) =>
      tokens.length === words.length + 1 && words.every((w, i) => tokens[i] === w) && /^\d{1,6}$/.test(tokens.at(-1)!),
  );
}

/** Whether a text holds a street word of the lexicon with a number: a street line ("boulevard Voltaire 199"). */
export const isStreetAddress = (text: string) => /\d/.test(text) && foldedTokens(text).some(isStreetWord);

/**
 * Whether the value at [start, end) of a line's text is a number of an address line and no
 * document's number: judged within its segment, and never where a label of a field other than the
 * `other` ones ("PO Box", "Tel.") stands in that segment after the value.
 */
export function isAddressNumber(ctx: DocumentView, line: Line, start: number, end: number): boolean {
  const found = segmentAt(line, start);
  if (!found) return false;
  const { offset, length } = found;
  const value = line.text.slice(start, end);
  const before = line.text.slice(offset, start);
  const after = line.text.slice(end, offset + length);
  const labelAfter = ctx.labels
    .hitsOn(line)
    .some((h) => h.key !== 'other' && h.start >= end && h.start < offset + length);
  if (labelAfter) return false;
  if (/^\d{4,5}$/.test(value) && PLACE.test(after)) return true;
  if (/^[A-Z]{1,2}\d[A-Z\d]?$/.test(value) && /^\s\d[A-Z]{2}\b/.test(after)) return true;
  if (/^\d[A-Z]{2}$/.test(value) && /\b[A-Z]{1,2}\d[A-Z\d]?\s$/.test(before)) return true;
  if (/^\d{5}$/.test(value) && /\p{L},?\s+[A-Z]{2}\s+$/u.test(before)) return true;
  if (!/^\d{1,5}[a-z]?$/i.test(value)) return false;
  const tokensBefore = foldedTokens(before);
  if (BEFORE_NUMBER.some((words) => endsWith(tokensBefore, words))) return true;
  return [...tokensBefore, ...foldedTokens(after)].some(isStreetWord);
}

function segmentAt(line: Line, start: number): { offset: number; length: number } | undefined {
  let offset = 0;
  for (const segment of line.segments) {
    const length = segment.words.reduce((sum, w) => sum + w.text.length + 1, 0);
    if (start >= offset && start < offset + length) return { offset, length: length - 1 };
    offset += length;
  }
  return undefined;
}

const endsWith = (tokens: string[], words: string[]) =>
  tokens.length >= words.length && words.every((w, i) => tokens[tokens.length - words.length + i] === w);
