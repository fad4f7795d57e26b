import type { SyntheticContent } from './document.js';
import { quantityText } from './document.js';
import { printDate, printNumber } from './formats.js';
import { createRandom, seedOf, type Random } from './random.js';
import { WORDS, type Heading, type Term, type Words } from './stranger-einvoice-words.js';

/**
 * An electronic invoice (EN 16931: XRechnung, Peppol BIS, Factur-X) as its viewers and converters
 * print it, which the corpus and the other stranger layouts never draw: sections under headings
 * ("Seller", "Verkäufer", "Vendeur"), every value a labelled pair whose label is the business term
 * ("Invoice issue date", "Gesamtbetrag einschl. USt.", "Montant total TVA comprise"), codes beside
 * the values ("380 (Commercial invoice)", "S 19 %", "58 (SEPA credit transfer)"), identifiers with
 * their scheme ids ("0204: 991-12345-67"), the items as labelled blocks or a table, and a paid
 * amount so that the amount due differs from the total. Drawn from a random source of its own
 * (`intake synthetic einvoice S i`), for invoices only, so that a seed's other choices and documents
 * stay what they were; the words are drawn here, once, so that the Chromium twin prints the same
 * ones. Written from general knowledge of what such viewers print, not from any document.
 */
export interface StrangerEinvoice {
  /** The viewer's language: the invoice's own, or English whatever the invoice's (as Peppol viewers print). */
  labels: 'own' | 'english';
  /** The parties' sections side by side, or one under the other. */
  parties: 'side' | 'stacked';
  /** "Label: value" on one line, or labels in a column and values in another. */
  pairs: 'inline' | 'column';
  items: 'blocks' | 'table';
  /** Amounts with the currency's code after them ("1.234,56 EUR"), or bare (the code printed once). */
  money: 'code' | 'plain';
  /** The business term's id after each label ("Invoice number (BT-1)"). */
  btIds: boolean;
  /** An amount paid before (0: none): the amount due is the total less it. */
  prepaid: number;
  page: EinvoicePage;
}

/** What the page prints, for either producer: a title, then sections of labelled pairs, blocks or a table. */
export interface EinvoicePage {
  title: string;
  subtitle: string;
  pairs: 'inline' | 'column';
  sections: EinvoiceSection[];
}

export interface EinvoiceSection {
  heading: string;
  /** `left` and `right` sections that follow each other stand side by side. */
  column: 'left' | 'right' | 'full';
  pairs: [string, string][];
  blocks?: { title: string; pairs: [string, string][] }[];
  table?: { heads: string[]; rows: string[][] };
}

const BT: Partial<Record<Term, string>> = {
  number: 'BT-1',
  issueDate: 'BT-2',
  typeCode: 'BT-3',
  currency: 'BT-5',
  dueDate: 'BT-9',
  buyerReference: 'BT-10',
  orderReference: 'BT-13',
  means: 'BT-81',
  iban: 'BT-84',
  remittance: 'BT-83',
  terms: 'BT-20',
  lineNet: 'BT-106',
  withoutVat: 'BT-109',
  vatTotal: 'BT-110',
  withVat: 'BT-112',
  prepaid: 'BT-113',
  due: 'BT-115',
  itemName: 'BT-153',
  quantity: 'BT-129',
  price: 'BT-146',
  lineAmount: 'BT-131',
  category: 'BT-118',
  rate: 'BT-119',
  taxable: 'BT-116',
  taxAmount: 'BT-117',
};

/** Whether invoice `index` of `seed` is printed as an e-invoice's visualisation, and its choices. */
export function chooseStrangerEinvoice(
  content: SyntheticContent,
  seed: number,
  index: number,
): { content: SyntheticContent; einvoice: StrangerEinvoice } | undefined {
  const random = createRandom(seedOf(`intake synthetic einvoice ${seed} ${index}`));
  // Every draw is made whatever the choices, so that a seed's draws stay aligned.
  const chosen = random.chance(0.4);
  const labels = random.chance(0.25) ? 'english' : 'own';
  const parties = random.pick(['side', 'stacked'] as const);
  const pairs = random.pick(['inline', 'column'] as const);
  const items = random.pick(['blocks', 'table'] as const);
  const money = random.pick(['code', 'plain'] as const);
  const btIds = random.chance(0.25);
  const paid = random.chance(0.35) ? 0.2 + random.next() * 0.5 : 0;
  if (!chosen || content.kind !== 'invoice') return undefined;
  // The amounts as EN 16931 holds them: the lines' net sum, one VAT category, the total with VAT.
  const code = content.style.currency.code;
  const style = { ...content.style, currency: { ...content.style.currency, useCode: true, before: false } };
  const subtotal = round(content.rows.reduce((sum, row) => sum + row.amount, 0));
  const tax = round(subtotal * content.taxRate);
  const total = round(subtotal + tax);
  const { omitted: _omitted, taxInParts: _parts, ...plain } = content;
  const fixed: SyntheticContent = { ...plain, style, subtotal, tax, total };
  const prepaid = round(total * paid);
  const choice = { labels, parties, pairs, items, money, btIds, prepaid } as const;
  const words = WORDS[labels === 'english' ? 'en' : content.language] ?? WORDS.en!;
  const page = einvoicePage(fixed, choice, words, random, code);
  return { content: fixed, einvoice: { ...choice, page } };
}

type Choice = Omit<StrangerEinvoice, 'page'>;

function einvoicePage(
  content: SyntheticContent,
  choice: Choice,
  words: Words,
  random: Random,
  code: string,
): EinvoicePage {
  const term = (t: Term) => {
    const label = random.pick(words.terms[t]);
    return choice.btIds && BT[t] ? `${label} (${BT[t]})` : label;
  };
  const heading = (h: Heading) => random.pick(words.headings[h]);
  const money = (v: number) => `${printNumber(v, content.style.numbers)}${choice.money === 'code' ? ` ${code}` : ''}`;
  const date = (iso: string) => printDate(iso, content.style);
  const ids = identifiers(content, words, random);
  const party = (which: 'seller' | 'buyer'): [string, string][] => {
    const p = content[which];
    return [
      [term('name'), p.name],
      [term('address'), p.lines[0]],
      ['', p.lines[1]],
      [term('country'), words.country],
      [term('vatId'), ids[which].vat],
      [term('electronic'), ids[which].endpoint],
    ];
  };
  const side = choice.parties === 'side';
  const rate = round(content.taxRate * 100);
  const rateText = `${printNumber(rate, content.style.numbers).replace(/[.,]00$/, '')} %`;
  const details: [string, string][] = [
    [term('number'), content.number],
    [term('issueDate'), date(content.date)],
    [term('typeCode'), `380 (${words.typeName})`],
    [term('currency'), code],
    ...(content.secondDate ? [[term('dueDate'), date(content.secondDate)] as [string, string]] : []),
    [term('buyerReference'), ids.buyerReference],
    ...(random.chance(0.5) ? [[term('orderReference'), ids.order] as [string, string]] : []),
  ];
  const totals: [string, string][] = [
    [term('lineNet'), money(content.subtotal)],
    [term('withoutVat'), money(content.subtotal)],
    [term('vatTotal'), money(content.tax)],
    [term('withVat'), money(content.total)],
    ...(choice.prepaid ? [[term('prepaid'), money(choice.prepaid)] as [string, string]] : []),
    [term('due'), money(round(content.total - choice.prepaid))],
  ];
  const breakdown: [string, string][] = [
    [term('category'), `S (${rateText})`],
    [term('rate'), rateText],
    [term('taxable'), money(content.subtotal)],
    [term('taxAmount'), money(content.tax)],
  ];
  const payment: [string, string][] = [
    [term('means'), `58 (${words.meansName})`],
    [term('iban'), ids.iban],
    ['BIC', ids.bic],
    [term('terms'), random.pick(words.terms_text)],
    [term('remittance'), content.number],
  ];
  const items = itemsSection(content, { heading: heading('items'), term, money, rateText }, words, choice, random);
  return {
    title: random.pick(words.titles),
    subtitle: random.pick(words.subtitles),
    pairs: choice.pairs,
    sections: [
      { heading: heading('seller'), column: side ? 'left' : 'full', pairs: party('seller') },
      { heading: heading('buyer'), column: side ? 'right' : 'full', pairs: party('buyer') },
      { heading: heading('details'), column: 'full', pairs: details },
      items,
      { heading: heading('totals'), column: 'full', pairs: totals },
      { heading: heading('breakdown'), column: 'full', pairs: breakdown },
      { heading: heading('payment'), column: 'full', pairs: payment },
    ],
  };
}

/** The items as labelled blocks ("Position 1" over its pairs) or as a table under the business terms. */
function itemsSection(
  content: SyntheticContent,
  p: { heading: string; term: (t: Term) => string; money: (v: number) => string; rateText: string },
  words: Words,
  choice: Choice,
  random: Random,
): EinvoiceSection {
  const { term, money, rateText } = p;
  const unit = random.pick(words.units);
  const names = { item: term('itemName'), quantity: term('quantity'), price: term('price') };
  const more = { amount: term('lineAmount'), vat: term('vat') };
  const line = random.pick(words.line);
  const items: EinvoiceSection = { heading: p.heading, column: 'full', pairs: [] };
  const quantity = (q: number) => `${quantityText(content, q)} ${unit}`;
  if (choice.items === 'blocks')
    items.blocks = content.rows.map((row, i) => ({
      title: `${line} ${i + 1}`,
      pairs: [
        [names.item, row.description],
        [names.quantity, quantity(row.quantity)],
        [names.price, money(row.unitPrice)],
        [more.vat, `S ${rateText}`],
        [more.amount, money(row.amount)],
      ],
    }));
  else
    items.table = {
      heads: [line.length <= 5 ? line : '#', names.item, names.quantity, names.price, more.vat, more.amount],
      rows: content.rows.map((row, i) => [
        String(i + 1),
        row.description,
        quantity(row.quantity),
        money(row.unitPrice),
        `S ${rateText}`,
        money(row.amount),
      ]),
    };
  return items;
}

/** VAT numbers, endpoint ids with their scheme ("0204: 991-...", "EM: ..."), a Leitweg-ID, an order number, an IBAN. */
function identifiers(content: SyntheticContent, words: Words, random: Random) {
  const digits = (n: number) => Array.from({ length: n }, () => random.int(0, 9)).join('');
  const endpoint = () =>
    random.pick([
      `0204: 991-${digits(5)}-${digits(2)}`,
      `0088: ${digits(13)}`,
      `9930: ${words.vatPrefix}${digits(9)}`,
      `0192: ${digits(9)}`,
    ]);
  return {
    seller: { vat: `${words.vatPrefix}${digits(9)}`, endpoint: endpoint() },
    buyer: { vat: `${words.vatPrefix}${digits(9)}`, endpoint: endpoint() },
    buyerReference: random.pick([`04011000-${digits(5)}-${digits(2)}`, `${digits(3)}-${digits(4)}`, 'n/a']),
    order: random.pick([`PO-${digits(5)}`, `${digits(7)}`, `B${digits(2)}-${digits(4)}`]),
    iban: `${words.vatPrefix}${digits(2)} ${digits(4)} ${digits(4)} ${digits(4)} ${digits(4)} ${digits(2)}`,
    bic: random.pick(['COBADEFFXXX', 'BNPAFRPPXXX', 'INGBNL2A', 'CAIXESBBXXX', 'NWBKGB2L']),
  };
}

export function describeStrangerEinvoice(einvoice: StrangerEinvoice): string {
  return `layout=einvoice einvoice-labels=${einvoice.labels} einvoice-parties=${einvoice.parties} einvoice-pairs=${einvoice.pairs} einvoice-items=${einvoice.items} einvoice-money=${einvoice.money} bt-ids=${einvoice.btIds} prepaid=${einvoice.prepaid > 0}`;
}

const round = (v: number) => Math.round(v * 100) / 100;
