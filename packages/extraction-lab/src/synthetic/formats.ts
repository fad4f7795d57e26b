import type { Random } from './random.js';

/**
 * How amounts and dates are printed: the number styles, currencies and date styles a synthetic
 * document draws from. Each style prints a value; the ground truth keeps the value itself.
 */

export type NumberStyle = 'comma-dot' | 'dot-comma' | 'space-comma' | 'plain-dot' | 'apostrophe-dot';
export type DateStyle =
  | 'iso'
  | 'dmy-dot'
  | 'dmy-slash'
  | 'mdy-slash'
  | 'dmy-dash'
  | 'd-month-y'
  | 'month-d-y'
  // Drawn by the stranger layouts only: 08-Mar-2024, 2024/03/08, 08.03.24.
  | 'd-mon-y'
  | 'ymd-slash'
  | 'dmy-dot-short'
  // And by their dates (stranger-dates.ts): 3rd March 2024 (3. März 2024, le 3 mars 2024,
  // 3 de marzo de 2024), Mar. 3 2024, 03-MAR-24, 3.3.24.
  | 'd-ord-month-y'
  | 'mon-dot-d-y'
  | 'd-mon-yy-caps'
  | 'dmy-dot-bare';

export interface Currency {
  code: string;
  symbol: string;
  /** Whether the symbol or code stands before the amount. */
  before: boolean;
  /** Print the ISO code instead of the symbol. */
  useCode: boolean;
}

export interface PrintStyle {
  numbers: NumberStyle;
  dates: DateStyle;
  currency: Currency;
  months: readonly string[];
  /** The document's language, for the words around a written date ("3rd", "le", "de"). */
  language?: string;
}

/** Number styles usual in each language, the first the most common. */
const NUMBERS: Record<string, NumberStyle[]> = {
  en: ['comma-dot', 'plain-dot', 'comma-dot'],
  de: ['dot-comma', 'dot-comma', 'space-comma', 'apostrophe-dot'],
  fr: ['space-comma', 'space-comma', 'dot-comma'],
  es: ['dot-comma', 'dot-comma', 'comma-dot'],
  nl: ['dot-comma', 'dot-comma', 'space-comma'],
  it: ['dot-comma', 'dot-comma', 'comma-dot'],
  pt: ['space-comma', 'dot-comma', 'dot-comma'],
  pl: ['space-comma', 'space-comma', 'dot-comma'],
};
const DATES: Record<string, DateStyle[]> = {
  en: ['mdy-slash', 'month-d-y', 'dmy-slash', 'iso', 'd-month-y'],
  de: ['dmy-dot', 'dmy-dot', 'd-month-y', 'iso'],
  fr: ['dmy-slash', 'dmy-slash', 'd-month-y', 'iso'],
  es: ['dmy-slash', 'dmy-dash', 'd-month-y'],
  nl: ['dmy-dash', 'dmy-slash', 'd-month-y', 'iso'],
  it: ['dmy-slash', 'dmy-slash', 'dmy-dot', 'd-month-y'],
  pt: ['dmy-dash', 'dmy-slash', 'iso', 'd-month-y'],
  pl: ['dmy-dot', 'dmy-dot', 'iso', 'd-month-y'],
};
const CURRENCIES: Record<string, Omit<Currency, 'before' | 'useCode'>[]> = {
  en: [
    { code: 'USD', symbol: '$' },
    { code: 'GBP', symbol: '£' },
  ],
  de: [
    { code: 'EUR', symbol: '€' },
    { code: 'CHF', symbol: 'CHF' },
  ],
  fr: [{ code: 'EUR', symbol: '€' }],
  es: [{ code: 'EUR', symbol: '€' }],
  nl: [{ code: 'EUR', symbol: '€' }],
  it: [{ code: 'EUR', symbol: '€' }],
  pt: [{ code: 'EUR', symbol: '€' }],
  pl: [{ code: 'PLN', symbol: 'zł' }],
};

export function choosePrintStyle(random: Random, language: string, months: readonly string[]): PrintStyle {
  const numbers = random.pick(NUMBERS[language] ?? NUMBERS.en!);
  const base = random.pick(CURRENCIES[language] ?? CURRENCIES.en!);
  const useCode = random.chance(0.25);
  // English prints the symbol first ($12.00); the others mostly after (12,00 €).
  const before = language === 'en' ? !useCode || random.chance(0.5) : random.chance(0.2);
  const dates = random.pick(DATES[language] ?? DATES.en!);
  return { numbers, dates, currency: { ...base, before, useCode }, months, language };
}

/** An amount as printed, without currency: 1,234.56 / 1.234,56 / 1 234,56 / 1234.56 / 1'234.56. */
export function printNumber(value: number, style: NumberStyle): string {
  const [whole, cents] = Math.abs(value).toFixed(2).split('.') as [string, string];
  const group = (sep: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const sign = value < 0 ? '-' : '';
  switch (style) {
    case 'comma-dot':
      return `${sign}${group(',')}.${cents}`;
    case 'dot-comma':
      return `${sign}${group('.')},${cents}`;
    case 'space-comma':
      return `${sign}${group(' ')},${cents}`;
    case 'apostrophe-dot':
      return `${sign}${group("'")}.${cents}`;
    case 'plain-dot':
      return `${sign}${whole}.${cents}`;
  }
}

/** An amount with its currency, as the style places it. */
export function printMoney(value: number, style: PrintStyle): string {
  const mark = style.currency.useCode ? style.currency.code : style.currency.symbol;
  const number = printNumber(value, style.numbers);
  if (style.currency.before) return mark.length > 1 ? `${mark} ${number}` : `${mark}${number}`;
  return `${number} ${mark}`;
}

/** A quantity: whole numbers bare, others with the style's decimal mark. */
export function printQuantity(value: number, style: NumberStyle): string {
  if (Number.isInteger(value)) return String(value);
  return printNumber(value, style);
}

/** `iso` is YYYY-MM-DD; the date is printed in the given style. */
export function printDate(iso: string, style: PrintStyle): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const month = style.months[Number(m) - 1]!;
  switch (style.dates) {
    case 'iso':
      return iso;
    case 'dmy-dot':
      return `${d}.${m}.${y}`;
    case 'dmy-slash':
      return `${d}/${m}/${y}`;
    case 'mdy-slash':
      return `${m}/${d}/${y}`;
    case 'dmy-dash':
      return `${d}-${m}-${y}`;
    case 'd-month-y':
      return `${Number(d)} ${month} ${y}`;
    case 'month-d-y':
      return `${month} ${Number(d)}, ${y}`;
    case 'd-mon-y':
      return `${d}-${shortMonth(style.months, Number(m) - 1)}-${y}`;
    case 'ymd-slash':
      return `${y}/${m}/${d}`;
    case 'dmy-dot-short':
      return `${d}.${m}.${y.slice(2)}`;
    case 'd-ord-month-y':
      return ordinalDate(Number(d), month, y, style.language);
    case 'mon-dot-d-y':
      return `${shortMonth(style.months, Number(m) - 1)}. ${Number(d)} ${y}`;
    case 'd-mon-yy-caps':
      return `${d}-${shortMonth(style.months, Number(m) - 1).toUpperCase()}-${y.slice(2)}`;
    case 'dmy-dot-bare':
      return `${Number(d)}.${Number(m)}.${y.slice(2)}`;
  }
}

/**
 * A written date with its language's words: 3rd March 2024, 3. März 2024, le 3 mars 2024, 3 de marzo
 * de 2024, 3 de março de 2024, 3 marca 2024 r. (Polish names the month in the genitive).
 */
function ordinalDate(day: number, month: string, year: string, language: string | undefined): string {
  switch (language) {
    case 'de':
      return `${day}. ${month} ${year}`;
    case 'fr':
      return `le ${day === 1 ? '1er' : day} ${month} ${year}`;
    case 'es':
      return `${day} de ${month} de ${year}`;
    case 'nl':
    case 'it':
      return `${day} ${month} ${year}`;
    case 'pt':
      return `${day} de ${month} de ${year}`;
    case 'pl':
      return `${day} ${month} ${year} r.`;
    default: {
      const tens = day % 100 >= 11 && day % 100 <= 13;
      const suffix = tens ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th');
      return `${day}${suffix} ${month} ${year}`;
    }
  }
}

/** A month cut to its shortest prefix of three letters or more that no other month shares ("juin", "juil"). */
function shortMonth(months: readonly string[], index: number): string {
  const name = months[index]!;
  for (let n = 3; n < name.length; n++) {
    const prefix = name.slice(0, n).toLowerCase();
    if (months.every((other, i) => i === index || !other.toLowerCase().startsWith(prefix))) return name.slice(0, n);
  }
  return name;
}
