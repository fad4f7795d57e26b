/**
 * Money amounts in text, in either decimal convention: "1.234,56" and "1,234.56" are both 1234.56.
 * A lone separator followed by exactly three digits ("1,000") is a thousands separator unless the
 * integer part is 0 ("0,025"); two or fewer digits are decimals.
 */

export interface FoundAmount {
  value: number;
  start: number;
  end: number;
  /** ISO 4217 code when a symbol or code sits next to the number. */
  currency?: string;
  /** Written with decimals (12.00), which a price usually is and a quantity or id often is not. */
  hasDecimals: boolean;
}

const SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  $: 'USD',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  rm: 'MYR',
  fr: 'CHF',
  chf: 'CHF',
  kr: 'SEK',
  zl: 'PLN',
};
const CODES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'MYR',
  'SGD',
  'AUD',
  'CAD',
  'JPY',
  'CNY',
  'INR',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'NZD',
  'HKD',
];
const CURRENCY = `(?:[€$£¥₹]|RM|CHF|${CODES.join('|')})`;
// A number: groups of three after a separator (a dot, comma, apostrophe, the Swiss typographic
// apostrophe, a space, a no-break or narrow no-break space as French typography and browsers
// print it, a thin space), the Indian grouping in lakhs and crores with its decimals
// ("1,23,456.78"), or plain digits, then an optional decimal part.
const GROUP = String.raw`[.,'\u2019\u00a0\u202f\u2009 ]`;
const NUMBER = String.raw`\d{1,2}(?:,\d{2})+,\d{3}\.\d{2}|\d{1,3}(?:${GROUP}\d{3})+(?:[.,]\d{1,4})?|\d+(?:[.,]\d{1,4})?`;
const AMOUNT = new RegExp(
  String.raw`(?<![\p{L}\d.,/:-])(-|−)?\s?(?:(${CURRENCY})\s?)?(-|−)?(${NUMBER})(?:\s?(${CURRENCY}))?(?![\d%]|[.,]\d|\s?%|[/:]\d)`,
  'giu',
);

export function findAmounts(text: string): FoundAmount[] {
  const found: FoundAmount[] = [];
  const pattern = new RegExp(AMOUNT.source, AMOUNT.flags);
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    let end = m.index + m[0].length;
    // "$ 1.00 $ 2.00": a trailing symbol after a leading one belongs to the next amount.
    if (m[2] && m[5]) {
      end -= m[0].length - m[0].lastIndexOf(m[5]);
      pattern.lastIndex = end;
    }
    const parsed = parseNumber(m[4]!);
    if (parsed === null) continue;
    const negative = Boolean(m[1] ?? m[3]);
    const code = currencyCode(m[2] ?? m[5]);
    found.push({
      value: negative ? -parsed.value : parsed.value,
      start: m.index,
      end: text.slice(0, end).trimEnd().length,
      ...(code ? { currency: code } : {}),
      hasDecimals: parsed.hasDecimals,
    });
  }
  return found;
}

/** "1.234,56" -> 1234.56, deciding which separator is the decimal one; null when no number. */
export function parseNumber(raw: string): { value: number; hasDecimals: boolean } | null {
  const text = raw.replace(/[\s\u00a0'\u2019]/g, (c) => (c === "'" || c === '\u2019' ? ',' : ''));
  const lastSep = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  if (lastSep < 0) return { value: Number(text), hasDecimals: false };
  const decimals = text.length - lastSep - 1;
  const sep = text[lastSep]!;
  const seps = text.replace(/\d/g, '');
  let decimalSep: string | null;
  if (seps.includes('.') && seps.includes(',')) decimalSep = sep;
  else if (seps.length > 1)
    decimalSep = null; // "1.234.567": only thousands
  else if (decimals === 3) decimalSep = /^0[.,]/.test(text) ? sep : null;
  else decimalSep = sep;
  const digitsOnly =
    decimalSep === null
      ? text.replace(/[.,]/g, '')
      : text
          .split(decimalSep === '.' ? ',' : '.')
          .join('')
          .replace(',', '.');
  const value = Number(digitsOnly);
  return Number.isFinite(value) ? { value, hasDecimals: decimalSep !== null } : null;
}

function currencyCode(token: string | undefined): string | undefined {
  if (!token) return undefined;
  return SYMBOLS[token.toLowerCase()] ?? SYMBOLS[token] ?? token.toUpperCase();
}
