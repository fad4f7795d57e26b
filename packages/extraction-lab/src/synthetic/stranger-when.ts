import type { SyntheticContent } from './document.js';
import { printDate, type DateStyle } from './formats.js';
import type { Random } from './random.js';
import type { WhenRegion } from './vocabulary.js';

/**
 * Where and how real invoices print their own date, beside the labelled row the other stranger
 * choices draw: in the title line ("Invoice 4711 of 3 March 2024", "Rechnung Nr. 4711 vom
 * 03.03.2024", "Facture n° 4711 du 03/03/2024"), only in a dateline under the place at the top
 * right ("Berlin, den 3. März 2024", "Paris, le 3 mars 2024", "London, 3rd March 2024"), under one
 * label with the tax point or date of issue ("Invoice date / tax point"); with its weekday ("Monday,
 * 4 March 2024", "Mo., 04.03.2024") or a two-digit year (03/08/24); an English invoice from a
 * country that prints 03/08/2024 for 3 August with its dollars or pounds and its place ("A$",
 * "Sydney NSW 2000", "ABN ..."), or from the United States, month-first; and payment terms ("Net
 * 30", "zahlbar innerhalb 14 Tagen") whose days join the document's date to the due date. Drawn
 * from a random source of its own (`intake synthetic when S i`), with its words, so that every other
 * choice and word of a seed stays what it was; a choice the page leaves no room for (a dateline
 * beside a block at the top right, a short year in a written style) is printed and described as
 * the usual one. The ground truth stays the document's own date.
 */
export interface StrangerWhen {
  /** Where the document's own date stands: its labelled row, the title, a dateline, or a row labelled with a second date's words. */
  place: 'row' | 'title' | 'dateline' | 'paired';
  /** The own date as the style prints it, with its weekday before it, or with the year's last two digits. */
  form: 'kept' | 'weekday' | 'short-year';
  /** English documents: the country whose money, place and date order the page prints, or `as-drawn`. */
  region: string;
  /** Invoices with a due date: a payment terms row whose days lead from the document's date to the due date. */
  terms: boolean;
  /** The drawn words: a pattern for each place and form, the terms' label and text. */
  words: {
    title: string;
    dateline: string;
    paired: string;
    weekday: string;
    termsLabel: string;
    terms: string;
  };
}

type Placeable = {
  identity: { place: string };
  sellers: { place: string };
  parties: { order: string };
  issuer: { legal: readonly string[] };
};

/** Numeric styles a two-digit year can be printed in. */
const SHORTENED: DateStyle[] = ['dmy-dot', 'dmy-slash', 'mdy-slash', 'dmy-dash'];

export function chooseStrangerWhen<L extends Placeable>(
  content: SyntheticContent,
  layout: L,
  random: Random,
): { content: SyntheticContent; layout: L & { when: StrangerWhen } } {
  const w = content.vocabulary.when;
  const kind = content.kind === 'purchase_order' ? 'purchase_order' : 'invoice';
  const drawnPlace = random.pick(['row', 'row', 'title', 'dateline', 'paired'] as const);
  const drawnForm = random.pick(['kept', 'kept', 'weekday', 'short-year'] as const);
  const regionDrawn = random.chance(0.6);
  const region = random.pick(w.regions ?? [undefined]);
  const regionPlace = random.pick(region?.places ?? ['']);
  const terms = random.chance(0.4);
  const words = {
    title: random.pick(w.title_dates),
    dateline: random.pick(w.datelines),
    paired: random.pick(w.paired_labels[kind]),
    weekday: random.pick(w.weekday_forms),
    termsLabel: random.pick(w.terms_labels),
    terms: random.pick(w.terms),
  };
  const regional = regionDrawn && region ? withRegion(content, region, regionPlace) : content;
  // A dateline stands at the top right, under the title: where a block or the buyer's letterhead
  // takes that place, the date keeps its row.
  const crowded =
    layout.identity.place === 'right-top' ||
    ['two-lines', 'title-left'].includes(layout.sellers.place) ||
    layout.parties.order === 'letterhead';
  const when: StrangerWhen = {
    place: drawnPlace === 'dateline' && crowded ? 'row' : drawnPlace,
    form: drawnForm === 'short-year' && !SHORTENED.includes(regional.style.dates) ? 'kept' : drawnForm,
    region: regional === content ? 'as-drawn' : region!.name,
    terms: terms && content.kind === 'invoice' && content.secondDate !== undefined,
    words,
  };
  const legal = regional === content ? layout.issuer.legal : [...layout.issuer.legal, region!.registration];
  return { content: regional, layout: { ...layout, issuer: { ...layout.issuer, legal }, when } };
}

/** The content as a country's invoice prints it: its money, its date order, the seller's place. */
function withRegion(content: SyntheticContent, region: WhenRegion, place: string): SyntheticContent {
  const currency = { ...content.style.currency, code: region.code, symbol: region.symbol, before: true };
  const dates: DateStyle = region.dayFirst ? 'dmy-slash' : 'mdy-slash';
  return {
    ...content,
    style: { ...content.style, currency, dates },
    seller: { ...content.seller, lines: [content.seller.lines[0], place] },
  };
}

export function describeStrangerWhen(when: StrangerWhen): string {
  return `date-place=${when.place} date-form=${when.form} date-region=${when.region} date-terms=${when.terms}`;
}

/** The document's own date as the page prints it: with its weekday or a two-digit year where drawn. */
export function ownDateText(content: SyntheticContent, when: StrangerWhen): string {
  const printed = printDate(content.date, content.style);
  if (when.form === 'short-year') return printed.replace(/(\d{2})(\d{2})$/, '$2');
  if (when.form !== 'weekday') return printed;
  const w = content.vocabulary.when;
  // Monday first: getUTCDay() counts from Sunday.
  const day = (new Date(`${content.date}T00:00:00Z`).getUTCDay() + 6) % 7;
  // The article a written French date leads with stays before the weekday: "le mercredi 4 mai 2022".
  const [, article = '', bare = printed] = /^(le )?(.*)$/.exec(printed)!;
  return `${article}${when.words.weekday
    .replace('{weekday}', w.weekdays[day]!)
    .replace('{wd}', w.weekdays_short[day]!)
    .replace('{date}', bare)}`;
}

/** `{date}` in a pattern filled with the own date, without a word the date's style already prints before it ("le le"). */
function fill(pattern: string, content: SyntheticContent, when: StrangerWhen, slots: Record<string, string>): string {
  const date = ownDateText(content, when);
  const before = /(\S+) \{date\}/.exec(pattern)?.[1];
  let out = pattern;
  if (before && date.toLowerCase().startsWith(`${before.toLowerCase()} `))
    out = out.replace(`${before} {date}`, '{date}');
  for (const [slot, value] of Object.entries({ ...slots, date })) out = out.replace(`{${slot}}`, value);
  return out;
}

/** The title with the document's date after it, where the date stands in the title. */
export function titleWithDate(head: string, content: SyntheticContent, when: StrangerWhen): string {
  return when.place === 'title' ? fill(when.words.title, content, when, { head }) : head;
}

/** The dateline under the title ("Berlin, den 3. März 2024"): the seller's town and the date. */
export function datelineText(content: SyntheticContent, when: StrangerWhen): string | undefined {
  if (when.place !== 'dateline') return undefined;
  return fill(when.words.dateline, content, when, { place: townOf(content.seller.lines[1]) });
}

/** "10115 Berlin" -> "Berlin", "Sydney NSW 2000" -> "Sydney", "Austin, TX 78701" -> "Austin". */
function townOf(placeLine: string): string {
  const words = placeLine
    .split(',')[0]!
    .split(/\s+/)
    .filter((word) => !/\d/.test(word) && !/^[A-Z]{2,3}$/.test(word));
  return words.join(' ') || placeLine;
}

/**
 * The labelled rows with the own date where the choice puts it: its row's value in the drawn form,
 * its row left out where the title or a dateline prints it, its label the paired one; and the
 * payment terms row after the due date's.
 */
export function whenRows(rows: [string, string][], content: SyntheticContent, when: StrangerWhen): [string, string][] {
  const own = printDate(content.date, content.style);
  const out: [string, string][] = [];
  for (const [label, value] of rows) {
    if (value !== own) out.push([label, value]);
    else if (when.place === 'row') out.push([label, ownDateText(content, when)]);
    else if (when.place === 'paired') out.push([when.words.paired, ownDateText(content, when)]);
    if (when.terms && content.secondDate && value === printDate(content.secondDate, content.style))
      out.push([when.words.termsLabel, when.words.terms.replace('{days}', String(daysToDue(content)))]);
  }
  return out;
}

function daysToDue(content: SyntheticContent): number {
  const t = (iso: string) => new Date(`${iso}T00:00:00Z`).getTime();
  return Math.round((t(content.secondDate!) - t(content.date)) / 86_400_000);
}
