import { readFileSync } from 'node:fs';
import type { SyntheticContent } from './document.js';
import type { NumberStyle, PrintStyle } from './formats.js';
import type { FontChoice } from './layout.js';
import type { Random } from './random.js';
import { vocabularyOf, type Language } from './vocabulary.js';

/**
 * Till receipts from shops the development corpus has never seen (`synth --family stranger`): seven
 * locales' words, currencies, date and time styles, tax and payment lines (one data file each in
 * `vocabulary/receipts/`), and the ways a shop names itself on its slip: a text line, a logo image
 * with the name printed elsewhere, the address before the name, a branch line under the brand, a
 * legal entity other than the brand. Drawn from a random source of the receipt's own.
 */
export const RECEIPT_LOCALES = ['en-US', 'en-GB', 'de', 'fr', 'es', 'nl', 'ms'] as const;
export type ReceiptLocale = (typeof RECEIPT_LOCALES)[number];

/** A locale's receipt words (`vocabulary/receipts/<locale>.json`); `{name}`-style slots are filled when drawn. */
export interface ReceiptWords {
  locale: ReceiptLocale;
  /** The generator language whose vocabulary the content carries (months, legal forms for the web name). */
  language: Language;
  currency: { code: string; symbol: string; before: boolean };
  numbers: NumberStyle;
  /** Short month names, for `MMM` in the date formats. */
  months: string[];
  /** Date formats (YYYY, YY, MMM, MM, M, DD, D) and time formats (HH, hh, h, mm, ss, A, 'literal'). */
  dates: string[];
  times: string[];
  date_labels: string[];
  brand_patterns: string[];
  brand_words: string[];
  brand_nouns: string[];
  first_names: string[];
  last_names: string[];
  legal_forms: string[];
  legal_words: string[];
  /** The legal entity's line: `{legal}`, `{reg}`, `{street}`, `{city}`. */
  legal_lines: string[];
  /** A branch line under the brand: `{n}`, `{city}`. */
  store_lines: string[];
  streets: string[];
  street_first: boolean;
  cities: string[];
  phones: string[];
  tax_ids: string[];
  /** `added` (subtotal, tax, total) or `included` (the total, and the tax it holds under it); `{rate}`. */
  tax: { mode: 'added' | 'included'; rates: number[]; labels: string[]; included: string[] };
  subtotal: string[];
  total: string[];
  receipt_labels: string[];
  cashier: string[];
  quantity_sign: string;
  cash: string[];
  change: string[];
  cards: string[];
  /** `{card}`, `{last4}`, `{code}`. */
  card_lines: string[];
  /** Sentences naming the shop: `{name}`. */
  thanks: string[];
  closings: string[];
  web_domains: string[];
  /** `{money}`, `{n}`, `{code}`, `{web}`. */
  loyalty: string[];
  survey: string[];
  returns: string[];
  items: string[];
}

/** The choices of one stranger receipt; each is a trait of the failure table. */
export interface StrangerReceipt {
  locale: ReceiptLocale;
  /** The shop's name as a text line at the top, as a logo image (no text), or after its address. */
  merchant: 'text' | 'logo' | 'address-first';
  /** Where the name is printed again: nowhere, a thanks sentence, a footer line, a web address, a legal line. */
  nameAgain: 'none' | 'thanks' | 'footer' | 'web' | 'legal';
  /** A branch line under the brand ("Store #1234", "Filiale Köln"). */
  store: boolean;
  /** A legal entity other than the brand, on a line of its own in the header or the footer. */
  entity: 'same' | 'header' | 'footer';
  capitals: boolean;
  align: 'center' | 'left';
  paper: '58mm' | '80mm' | 'a4';
  payment: 'cash' | 'card';
  blurb: 'none' | 'loyalty' | 'survey' | 'returns';
  /** Currency mark on no amount, on the total only, or on every amount of the summary. */
  currency: 'none' | 'total' | 'all';
  date: string;
  time: string;
  /** The total's label as printed. */
  totalLabel: string;
  font: FontChoice;
}

/** What a receipt prints besides the content: the brand's extra lines, the legal entity, the payment. */
export interface ReceiptExtras {
  words: ReceiptWords;
  /** The name as the page prints it (capitals where drawn): the ground truth's printed form. */
  printedName: string;
  storeLine?: string;
  legalLine?: string;
  phone: string;
  taxId: string;
  web: string;
  cashier: string;
  /** Cash handed over and the change, or the card's lines. */
  tendered?: number;
  cardLines: string[];
  blurb?: string;
  nameLine?: string;
  closing: string;
  /** ISO date and time of day, as the page prints them. */
  dateText: string;
  timeText: string;
}

const cache = new Map<string, ReceiptWords>();

export function receiptWordsOf(locale: ReceiptLocale): ReceiptWords {
  let found = cache.get(locale);
  if (!found) {
    found = JSON.parse(
      readFileSync(new URL(`vocabulary/receipts/${locale}.json`, import.meta.url), 'utf8'),
    ) as ReceiptWords;
    cache.set(locale, found);
  }
  return found;
}

export function chooseStrangerReceipt(random: Random, fonts: readonly FontChoice[]): StrangerReceipt {
  const locale = random.pick(RECEIPT_LOCALES);
  const w = receiptWordsOf(locale);
  const merchant = random.pick(['text', 'text', 'logo', 'address-first'] as const);
  const again = ['thanks', 'footer', 'web', 'legal'] as const;
  const nameAgain = merchant === 'logo' || random.chance(0.5) ? random.pick(again) : 'none';
  const mono = fonts.filter((f) => /Courier|Mono/.test(f.regular));
  return {
    locale,
    merchant,
    nameAgain,
    store: random.chance(0.4),
    entity: random.chance(0.35) ? random.pick(['header', 'footer'] as const) : 'same',
    capitals: random.chance(locale === 'ms' || locale === 'en-US' ? 0.5 : 0.25),
    align: random.pick(['center', 'center', 'left'] as const),
    paper: random.pick(['58mm', '80mm', '80mm', 'a4'] as const),
    payment: random.pick(['cash', 'card'] as const),
    blurb: random.pick(['none', 'loyalty', 'survey', 'returns'] as const),
    currency: random.pick(['none', 'total', 'all'] as const),
    date: random.pick(w.dates),
    time: random.pick(w.times),
    totalLabel: random.pick(w.total),
    // Till printers print in a fixed-width face more often than not.
    font: mono.length > 0 && random.chance(0.4) ? random.pick(mono) : random.pick(fonts),
  };
}

export function describeStrangerReceipt(r: StrangerReceipt): string {
  const token = (s: string) => s.replace(/\s+/g, '_');
  const font = r.font.regular.replace(/^.*\//, '').replace(/\.ttf$/, '');
  return `family=stranger type=receipt locale=${r.locale} merchant=${r.merchant} name-again=${r.nameAgain} store=${r.store} entity=${r.entity} capitals=${r.capitals} align=${r.align} paper=${r.paper} payment=${r.payment} blurb=${r.blurb} mark=${r.currency} date-format=${token(r.date)} time-format=${token(r.time)} total-label=${token(r.totalLabel)} font=${font}`;
}

/** The receipt's content (the ground truth's values) and the lines it prints besides them. */
export function makeReceiptContent(
  r: StrangerReceipt,
  random: Random,
): { content: SyntheticContent; extras: ReceiptExtras } {
  const w = receiptWordsOf(r.locale);
  const shop = drawShop(r, w, random);
  const rows = drawRows(w, random);
  const sum = round(rows.reduce((s, row) => s + row.amount, 0));
  const rate = random.pick(w.tax.rates);
  const added = w.tax.mode === 'added';
  const tax = added ? round((sum * rate) / 100) : round((sum * rate) / (100 + rate));
  const total = added ? round(sum + tax) : sum;
  const date = isoDate(random);
  const time = { h: random.int(7, 21), m: random.int(0, 59), s: random.int(0, 59) };
  const paymentMethod = r.payment === 'cash' ? random.pick(w.cash) : random.pick(w.cards);
  const last4 = String(random.int(1000, 9999));
  const code = String(random.int(100000, 999999));
  const money = printMoneyOf(round(1 + random.next() * 9), w, true);
  const slots = { money, n: shortNumber(random), code, web: shop.web, card: paymentMethod, last4 };
  const cardLines =
    r.payment === 'card'
      ? [fill(random.pick(w.card_lines.slice(0, 2)), slots), fill(random.pick(w.card_lines.slice(2)), slots)]
      : [];
  const content: SyntheticContent = {
    kind: 'receipt',
    language: w.language,
    style: styleOf(w),
    vocabulary: vocabularyOf(w.language),
    seller: { name: shop.brand, lines: [shop.street, shop.city] },
    buyer: { name: shop.brand, lines: [shop.street, shop.city] },
    number: receiptNumber(random),
    date,
    rows,
    subtotal: added ? sum : round(sum - tax),
    tax,
    taxRate: rate / 100,
    total,
    paymentMethod,
  };
  const extras = drawExtras(r, w, shop, { total, cardLines, slots }, random);
  return {
    content,
    extras: { ...extras, dateText: formatDate(date, r.date, w.months), timeText: formatTime(time, r.time) },
  };
}

/** The shop: its brand, the legal entity behind it, its street, place and web address. */
interface Shop {
  first: string;
  /** The brand without a legal form; `brand` with it where the shop prints one. */
  brandBase: string;
  withForm: boolean;
  brand: string;
  city: string;
  street: string;
  reg: string;
  legalName: string;
  web: string;
}

function drawShop(r: StrangerReceipt, w: ReceiptWords, random: Random): Shop {
  const last = random.pick(w.last_names);
  const first = random.pick(w.first_names);
  const brandBase = fill(random.pick(w.brand_patterns), {
    word: random.pick(w.brand_words),
    noun: random.pick(w.brand_nouns),
    first,
    last,
  });
  // A shop whose legal entity is itself often prints its legal form after the name ("... Sdn Bhd").
  const withForm = r.entity === 'same' && random.chance(r.locale === 'ms' ? 0.6 : 0.25);
  const brand = withForm ? `${brandBase} ${random.pick(w.legal_forms)}` : brandBase;
  const city = random.pick(w.cities);
  const house = String(random.int(1, 240));
  const streetName = random.pick(w.streets);
  const street = w.street_first ? `${streetName} ${house}` : `${house} ${streetName}`;
  const reg = String(random.int(100000, 999999));
  const legalName = `${random.pick(w.legal_words)} ${random.pick(w.legal_forms)}`;
  const webName = brandBase
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
  const web = `www.${webName}.${random.pick(w.web_domains)}`;
  return { first, brandBase, withForm, brand, city, street, reg, legalName, web };
}

function drawRows(w: ReceiptWords, random: Random): SyntheticContent['rows'] {
  return Array.from({ length: random.int(1, 7) }, () => {
    const quantity = random.chance(0.75) ? 1 : random.int(2, 6);
    const unitPrice = round(random.pick([0.3, 1, 2, 5, 12]) * (0.6 + random.next() * 2.4));
    return { description: random.pick(w.items), quantity, unitPrice, amount: round(quantity * unitPrice) };
  });
}

/** The lines around the content: branch, legal entity, phone, cashier, payment, blurb, the name again, closing. */
function drawExtras(
  r: StrangerReceipt,
  w: ReceiptWords,
  shop: Shop,
  drawn: { total: number; cardLines: string[]; slots: Record<string, string> },
  random: Random,
): Omit<ReceiptExtras, 'dateText' | 'timeText'> {
  const printedName = r.capitals ? shop.brand.toUpperCase() : shop.brand;
  const nameSentence = {
    none: undefined,
    thanks: fill(random.pick(w.thanks), { name: printedName }),
    footer: printedName,
    web: shop.web,
    legal: `${shop.brandBase}${shop.withForm ? '' : ` ${random.pick(w.legal_forms)}`} · ${random.pick(w.tax_ids)}`,
  }[r.nameAgain];
  const blurbs = { none: undefined, loyalty: w.loyalty, survey: w.survey, returns: w.returns }[r.blurb];
  const place = shop.city.replace(/^[\dA-Z ]+\s/, '');
  const { legalName: legal, reg, street, city } = shop;
  return {
    words: w,
    printedName,
    ...(r.store ? { storeLine: fill(random.pick(w.store_lines), { n: shortNumber(random), city: place }) } : {}),
    ...(r.entity !== 'same' ? { legalLine: fill(random.pick(w.legal_lines), { legal, reg, street, city }) } : {}),
    phone: random.pick(w.phones),
    taxId: random.pick(w.tax_ids),
    web: shop.web,
    cashier: fill(random.pick(w.cashier), { n: shortNumber(random), first: shop.first }),
    ...(r.payment === 'cash' ? { tendered: tenderedFor(drawn.total, random) } : {}),
    cardLines: drawn.cardLines,
    ...(blurbs ? { blurb: fill(random.pick(blurbs), drawn.slots) } : {}),
    ...(nameSentence ? { nameLine: nameSentence } : {}),
    closing: random.pick(w.closings),
  };
}

function styleOf(w: ReceiptWords): PrintStyle {
  const { code, symbol, before } = w.currency;
  return {
    numbers: w.numbers,
    dates: 'iso',
    currency: { code, symbol, before, useCode: false },
    months: w.months,
    language: w.language,
  };
}

/** Receipt numbers as tills print them: 4711, 4711-0815, 3/4711, 004711. */
function receiptNumber(random: Random): string {
  const n = () => shortNumber(random);
  return random.pick([n(), `${n()}-${n()}`, `${random.int(1, 9)}/${n()}`, String(random.int(100000, 999999))]);
}

const shortNumber = (random: Random) => String(random.int(10, 9999));

/** A pattern with its `{slot}`s filled; a slot without a value stays as printed. */
const fill = (pattern: string, slots: Record<string, string>) =>
  pattern.replace(/\{(\w+)\}/g, (all, key: string) => slots[key] ?? all);

/** An amount as the receipt prints it, with the locale's currency mark or bare. */
export function printMoneyOf(value: number, w: ReceiptWords, mark: boolean): string {
  const [whole, cents] = Math.abs(value).toFixed(2).split('.') as [string, string];
  const sep = { 'comma-dot': ',', 'dot-comma': '.', 'space-comma': ' ', 'apostrophe-dot': "'", 'plain-dot': '' }[
    w.numbers
  ];
  const decimal = w.numbers === 'dot-comma' || w.numbers === 'space-comma' ? ',' : '.';
  const number = `${value < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep)}${decimal}${cents}`;
  if (!mark) return number;
  const symbol = w.currency.symbol;
  if (!w.currency.before) return `${number} ${symbol}`;
  return symbol.length > 1 ? `${symbol} ${number}` : `${symbol}${number}`;
}

/** A date in a receipt's format: YYYY, YY, MMM, MM, M, DD, D. */
export function formatDate(iso: string, format: string, months: readonly string[]): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const parts: Record<string, string> = {
    YYYY: y,
    YY: y.slice(2),
    MMM: months[Number(m) - 1]!,
    MM: m,
    M: String(Number(m)),
    DD: d,
    D: String(Number(d)),
  };
  return format.replace(/YYYY|YY|MMM|MM|M|DD|D/g, (token) => parts[token]!);
}

/** A time of day in a receipt's format: HH, hh, h, mm, ss, A, and 'literal' text. */
export function formatTime(t: { h: number; m: number; s: number }, format: string): string {
  const two = (v: number) => String(v).padStart(2, '0');
  const twelve = t.h % 12 === 0 ? 12 : t.h % 12;
  const parts: Record<string, string> = {
    HH: two(t.h),
    hh: two(twelve),
    h: String(twelve),
    mm: two(t.m),
    ss: two(t.s),
    A: t.h < 12 ? 'AM' : 'PM',
  };
  return format.replace(/'([^']*)'|HH|hh|h|mm|ss|A/g, (token, literal?: string) => literal ?? parts[token]!);
}

/** Cash handed over: the next note or round sum above the total. */
function tenderedFor(total: number, random: Random): number {
  const notes = [5, 10, 20, 50, 100, 200].filter((v) => v >= total);
  return random.chance(0.7) && notes.length > 0 ? notes[0]! : Math.ceil(total + random.int(0, 3));
}

function isoDate(random: Random): string {
  return new Date(Date.UTC(random.int(2019, 2025), random.int(0, 11), random.int(1, 28))).toISOString().slice(0, 10);
}

const round = (v: number) => Math.round(v * 100) / 100;
