import { choosePrintStyle, printDate, printMoney, printQuantity, type PrintStyle } from './formats.js';
import type { Random } from './random.js';
import { LANGUAGES, vocabularyOf, type DocumentKind, type Language, type Vocabulary } from './vocabulary.js';

/**
 * The content of one synthetic document: its parties, numbers, dates, rows and totals, each kept
 * as a value (the ground truth) and as the text printed for it. Layout and rendering come after.
 */

export interface Party {
  name: string;
  /** Street line and place line, as printed. */
  lines: [string, string];
}

export interface Row {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

export interface SyntheticContent {
  kind: DocumentKind;
  language: Language;
  style: PrintStyle;
  vocabulary: Vocabulary;
  seller: Party;
  buyer: Party;
  number: string;
  /** ISO dates: the document's own, and the due (invoice) or delivery (order) date when printed. */
  date: string;
  secondDate?: string;
  rows: Row[];
  subtotal: number;
  tax: number;
  taxRate: number;
  total: number;
  paymentMethod?: string;
  /** Amounts the page does not print (a tax shape with no net or no tax line): left out of the ground truth. */
  omitted?: readonly ('subtotal' | 'tax_amount')[];
  /** The tax is printed only as its rates' parts, not as one amount: the ground truth keeps their sum. */
  taxInParts?: boolean;
}

const KINDS: DocumentKind[] = ['invoice', 'receipt', 'purchase_order'];

/** `languages`: the ones to draw from (the families' by default); `language`: this one. */
export function makeContent(
  random: Random,
  only?: { kind?: DocumentKind; language?: Language; languages?: readonly Language[] },
): SyntheticContent {
  const kind = only?.kind ?? random.pick(KINDS);
  const language = only?.language ?? random.pick(only?.languages ?? LANGUAGES);
  const vocabulary = vocabularyOf(language);
  const style = choosePrintStyle(random, language, vocabulary.months);
  const rows = Array.from({ length: random.int(1, kind === 'receipt' ? 6 : 5) }, () => makeRow(random, vocabulary));
  const subtotal = round(rows.reduce((sum, r) => sum + r.amount, 0));
  const taxRate = random.pick([0.05, 0.07, 0.1, 0.19, 0.2, 0.21]);
  const tax = round(subtotal * taxRate);
  const date = isoDate(random);
  const second = kind === 'receipt' || random.chance(0.3) ? undefined : addDays(date, random.pick([7, 14, 30, 60]));
  return {
    kind,
    language,
    style,
    vocabulary,
    seller: makeParty(random, vocabulary),
    buyer: makeParty(random, vocabulary),
    number: makeNumber(random, kind),
    date,
    ...(second ? { secondDate: second } : {}),
    rows,
    subtotal,
    tax,
    taxRate,
    total: round(subtotal + tax),
    ...(kind === 'receipt' ? { paymentMethod: random.pick(vocabulary.payment.methods) } : {}),
  };
}

/** The expected.json `fields` of the content, in the corpus format (ISO dates, plain numbers). */
export function groundTruth(content: SyntheticContent): Record<string, unknown> {
  const rows = content.rows.map((r) => ({
    description: r.description,
    quantity: r.quantity,
    unit_price: r.unitPrice,
    amount: r.amount,
  }));
  switch (content.kind) {
    case 'invoice':
      return {
        invoice_number: content.number,
        invoice_date: content.date,
        ...(content.secondDate ? { due_date: content.secondDate } : {}),
        vendor_name: content.seller.name,
        vendor_address: content.seller.lines.join(', '),
        ...withoutOmitted(content, { subtotal: content.subtotal, tax_amount: content.tax }),
        total_amount: content.total,
        line_items: rows,
      };
    case 'receipt':
      return {
        merchant_name: content.seller.name,
        transaction_date: content.date,
        total_amount: content.total,
        ...(content.paymentMethod ? { payment_method: content.paymentMethod } : {}),
        items: rows,
      };
    case 'purchase_order':
      return {
        po_number: content.number,
        order_date: content.date,
        ...(content.secondDate ? { delivery_date: content.secondDate } : {}),
        supplier_name: content.seller.name,
        buyer_name: content.buyer.name,
        total_amount: content.total,
        line_items: rows,
      };
  }
}

/** What the document prints for each scalar field of the ground truth, for checks and diagnosis. */
export function printedValues(content: SyntheticContent): Record<string, string> {
  const money = (v: number) => printMoney(v, content.style);
  const date = (iso: string) => printDate(iso, content.style);
  const common = { total_amount: money(content.total) };
  switch (content.kind) {
    case 'invoice':
      return {
        ...common,
        invoice_number: content.number,
        invoice_date: date(content.date),
        ...(content.secondDate ? { due_date: date(content.secondDate) } : {}),
        vendor_name: content.seller.name,
        ...withoutOmitted(
          content.taxInParts ? { ...content, omitted: [...(content.omitted ?? []), 'tax_amount'] } : content,
          { subtotal: money(content.subtotal), tax_amount: money(content.tax) },
        ),
      };
    case 'receipt':
      return {
        ...common,
        merchant_name: content.seller.name,
        transaction_date: date(content.date),
        ...(content.paymentMethod ? { payment_method: content.paymentMethod } : {}),
      };
    case 'purchase_order':
      return {
        ...common,
        po_number: content.number,
        order_date: date(content.date),
        ...(content.secondDate ? { delivery_date: date(content.secondDate) } : {}),
        supplier_name: content.seller.name,
        buyer_name: content.buyer.name,
      };
  }
}

function withoutOmitted<T>(
  content: SyntheticContent,
  values: Record<'subtotal' | 'tax_amount', T>,
): Partial<typeof values> {
  const omitted = new Set(content.omitted ?? []);
  return Object.fromEntries(Object.entries(values).filter(([field]) => !omitted.has(field as 'subtotal')));
}

export const quantityText = (content: SyntheticContent, q: number) => printQuantity(q, content.style.numbers);

/** One item row: a description, a quantity (whole or in quarters), a unit price and their product. */
export function makeRow(random: Random, vocabulary: Vocabulary): Row {
  const quantity = random.chance(0.15) ? random.int(1, 40) / 4 : random.int(1, 12);
  const unitPrice = round(random.pick([0.5, 1, 5, 20, 100, 900]) * (0.5 + random.next() * 3));
  return { description: random.pick(vocabulary.items), quantity, unitPrice, amount: round(quantity * unitPrice) };
}

function makeParty(random: Random, vocabulary: Vocabulary): Party {
  const words = [random.pick(vocabulary.name_words), random.pick(vocabulary.name_nouns)];
  const name = `${words.join(' ')}${random.chance(0.85) ? ` ${random.pick(vocabulary.legal_forms)}` : ''}`;
  const house = String(random.int(1, 240));
  const street = random.pick(vocabulary.streets);
  return {
    name,
    lines: [vocabulary.street_first ? `${street} ${house}` : `${house} ${street}`, random.pick(vocabulary.cities)],
  };
}

/** Document numbers in the shapes real ones take: INV-2024-0042, 2024/118, RE10452, PO-88213, 000731. */
function makeNumber(random: Random, kind: DocumentKind): string {
  const year = random.int(2019, 2026);
  const n = random.int(1, 99999);
  const prefix = { invoice: ['INV', 'RE', 'F', 'FAC'], receipt: ['', 'R', 'T'], purchase_order: ['PO', 'BE', 'OC'] }[
    kind
  ];
  const p = random.pick(prefix);
  return random.pick([
    `${p || 'N'}-${year}-${String(n).padStart(4, '0')}`,
    `${year}/${n}`,
    `${p}${n}`,
    String(n).padStart(6, '0'),
    `${p || 'A'}${random.int(10, 99)}-${n}`,
  ]);
}

function isoDate(random: Random): string {
  const date = new Date(Date.UTC(random.int(2019, 2025), random.int(0, 11), random.int(1, 28)));
  return date.toISOString().slice(0, 10);
}

function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const round = (v: number) => Math.round(v * 100) / 100;
