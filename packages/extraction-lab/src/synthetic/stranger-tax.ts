import type { SyntheticContent } from './document.js';
import { printMoney } from './formats.js';
import type { Random } from './random.js';

/**
 * The tax shapes real invoices print beside "subtotal, tax, total": a tax summary table (base,
 * rate and amount columns, one to three rates, the tax total under it or not), several rates'
 * lines that sum, tax included in the total ("incl. 19% VAT 15.97", "dont TVA", "inkl. 7 %
 * MwSt."), reverse charge or exemption notes with a tax of 0 or no tax line, the rate in the tax's
 * label ("VAT 20%"), a tax column per item row with no tax total, shipping or a discount between
 * the subtotal and the tax, and sales-tax words (GST, HST, Sales Tax, IVA, BTW). Drawn from a
 * random source of its own (`intake synthetic tax S i`), so that every other choice and word of a
 * seed stays what it was; the words are drawn here, once, so that the Chromium twin prints the
 * same ones. The ground truth follows docs/extraction/README.md ("Tax amounts"): the tax is the
 * sum of every rate's or row's amount, printed or not; 0 where the page prints a tax line of 0;
 * absent where an exemption prints no tax line, and the subtotal absent where no net is printed.
 */
type TaxShape = 'usual' | 'table' | 'several' | 'included' | 'exempt' | 'rate-label' | 'per-line';

export interface StrangerTax {
  shape: TaxShape;
  /** A shipping charge or a discount printed between the subtotal and the tax (one-rate shapes). */
  extra: 'none' | 'shipping' | 'discount';
  /** The summary's lines: a label (`{subtotal}`, `{tax}`, `{total}` stand for the drawn words) and its amount. */
  lines: TaxLine[];
  /** Index in `lines` of the total (printed in bold). */
  totalAt: number;
  /** A tax table under the summary: its column heads and rows (base, rate, amount). */
  table?: { heads: [string, string, string]; rows: [number, number, number][] };
  /** A reverse charge or exemption sentence under the summary. */
  note?: string;
  /** A tax column in the item table (its head and each row's tax), and no tax line in the summary. */
  perLine?: { head: string; amounts: number[] };
}

interface TaxLine {
  label: string;
  amount: number;
}

/** Fields the page does not print, so left out of the ground truth. */
type Unprinted = 'subtotal' | 'tax_amount';

interface Words {
  /** The tax's words with their rates in percent (the first rate the usual one). */
  taxes: [string, number[]][];
  included: string[];
  heads: [string, string, string][];
  shipping: string[];
  discount: string[];
  notes: string[];
  /** The rate's percent sign as the language prints it ("19 %" in German and French). */
  spacedPercent: boolean;
}

const WORDS: Record<string, Words> = {
  en: {
    taxes: [
      ['VAT', [20, 5]],
      ['GST', [10, 5]],
      ['HST', [13, 15]],
      ['Sales Tax', [8.25, 6]],
    ],
    included: ['incl. {rate} {tax}', 'Includes {tax} {rate}', '{tax} included ({rate})'],
    heads: [
      ['Net', 'Rate', 'VAT'],
      ['Taxable', 'Rate', 'Tax'],
    ],
    shipping: ['Shipping', 'Delivery', 'Freight'],
    discount: ['Discount', 'Less discount'],
    notes: ['Reverse charge: VAT to be accounted for by the recipient.', 'VAT exempt supply.'],
    spacedPercent: false,
  },
  de: {
    taxes: [
      ['MwSt.', [19, 7]],
      ['USt.', [19, 7]],
    ],
    included: ['inkl. {rate} {tax}', 'darin enthaltene {tax} {rate}', 'enthaltene {tax} {rate}'],
    heads: [
      ['Netto', 'Satz', 'MwSt.'],
      ['Nettobetrag', 'USt.-Satz', 'USt.'],
    ],
    shipping: ['Versandkosten', 'Fracht'],
    discount: ['Rabatt', 'Nachlass'],
    notes: [
      'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge).',
      'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    ],
    spacedPercent: true,
  },
  fr: {
    taxes: [['TVA', [20, 10, 5.5]]],
    included: ['dont {tax} {rate}', 'dont {tax} ({rate})'],
    heads: [
      ['Base HT', 'Taux', 'TVA'],
      ['Base', 'Taux', 'Montant TVA'],
    ],
    shipping: ['Frais de port', 'Livraison'],
    discount: ['Remise', 'Escompte'],
    notes: ['Autoliquidation.', 'TVA non applicable, art. 293 B du CGI.'],
    spacedPercent: true,
  },
  es: {
    taxes: [['IVA', [21, 10, 4]]],
    included: ['{tax} incluido ({rate})', '{tax} {rate} incluido'],
    heads: [
      ['Base', 'Tipo', 'Cuota'],
      ['Base imponible', '%', 'IVA'],
    ],
    shipping: ['Gastos de envío', 'Portes'],
    discount: ['Descuento'],
    notes: ['Inversión del sujeto pasivo.', 'Operación exenta de IVA.'],
    spacedPercent: false,
  },
  nl: {
    taxes: [
      ['BTW', [21, 9]],
      ['btw', [21, 9]],
    ],
    included: ['incl. {rate} {tax}', 'waarvan {tax} {rate}'],
    heads: [
      ['Grondslag', 'Tarief', 'BTW'],
      ['Netto', '%', 'Btw'],
    ],
    shipping: ['Verzendkosten', 'Vracht'],
    discount: ['Korting'],
    notes: ['BTW verlegd.', 'Vrijgesteld van btw.'],
    spacedPercent: false,
  },
  it: {
    taxes: [['IVA', [22, 10, 4]]],
    included: ['IVA inclusa ({rate})', 'di cui {tax} {rate}'],
    heads: [
      ['Imponibile', 'Aliquota', 'Imposta'],
      ['Imponibile', '% IVA', 'IVA'],
    ],
    shipping: ['Spese di trasporto', 'Spese di spedizione'],
    discount: ['Sconto'],
    notes: ['Inversione contabile, art. 17 c. 6 DPR 633/72.', 'Operazione esente IVA, art. 10 DPR 633/72.'],
    spacedPercent: false,
  },
  pt: {
    taxes: [['IVA', [23, 13, 6]]],
    included: ['{tax} incluído ({rate})', '{tax} {rate} incluído'],
    heads: [
      ['Incidência', 'Taxa', 'IVA'],
      ['Base tributável', 'Taxa', 'Valor IVA'],
    ],
    shipping: ['Portes', 'Transporte'],
    discount: ['Desconto'],
    notes: ['IVA - autoliquidação.', 'Isento de IVA nos termos do artigo 53.º do CIVA.'],
    spacedPercent: false,
  },
  pl: {
    taxes: [['VAT', [23, 8, 5]]],
    included: ['w tym {tax} {rate}', 'zawiera {tax} {rate}'],
    heads: [
      ['Wartość netto', 'Stawka VAT', 'Kwota VAT'],
      ['Netto', 'Stawka', 'VAT'],
    ],
    shipping: ['Koszty wysyłki', 'Transport'],
    discount: ['Rabat'],
    notes: ['Odwrotne obciążenie.', 'Zwolnienie z VAT na podstawie art. 113 ust. 1 ustawy o VAT.'],
    spacedPercent: true,
  },
};

const wordsOf = (content: SyntheticContent): Words => WORDS[content.language] ?? WORDS.en!;

const SHAPES: readonly TaxShape[] = [
  'usual',
  'usual',
  'table',
  'several',
  'included',
  'exempt',
  'rate-label',
  'per-line',
];

/** Every draw of one document's tax, made whatever the shape so that a seed's draws stay aligned. */
interface TaxDraw {
  shape: TaxShape;
  extra: StrangerTax['extra'];
  word: string;
  rates: number[];
  /** Per row, where it falls among the rates. */
  shares: number[];
  included: string;
  heads: [string, string, string];
  shipping: string;
  discount: string;
  note: string;
  tableTotal: boolean;
  zeroLine: boolean;
  shippingCost: number;
  rateFirst: boolean;
}

function drawTax(content: SyntheticContent, random: Random, bare: boolean): TaxDraw {
  const words = wordsOf(content);
  // Bare amounts keep the usual three: unlabelled, a shipping line or a rate's part is one more unnamed amount.
  const drawn = random.pick(SHAPES);
  const shape = bare ? 'usual' : drawn;
  const extra = random.pick(['none', 'none', 'shipping', 'discount'] as const);
  const [word, rates] = random.pick(words.taxes);
  return {
    shape,
    extra: !bare && (shape === 'usual' || shape === 'rate-label' || shape === 'exempt') ? extra : 'none',
    word,
    rates,
    shares: content.rows.map(() => random.next()),
    included: random.pick(words.included),
    heads: random.pick(words.heads),
    shipping: random.pick(words.shipping),
    discount: random.pick(words.discount),
    note: random.pick(words.notes),
    tableTotal: random.chance(0.5),
    zeroLine: random.chance(0.5),
    shippingCost: round(4.5 + random.next() * 20),
    rateFirst: random.chance(0.3),
  };
}

/** What every shape's lines are made of: the rows' sum, the net after shipping or discount, and their lines. */
interface Parts {
  content: SyntheticContent;
  draw: TaxDraw;
  items: number;
  net: number;
  extraLines: TaxLine[];
  percent: (rate: number) => string;
}

type Taxed = { content: SyntheticContent; tax: StrangerTax };

/**
 * Draws the shape and its words and gives the content the values the shape prints (rates, tax,
 * total). `usual` with no extra leaves the content and the page as they were.
 */
export function chooseStrangerTax(content: SyntheticContent, random: Random, bare = false): Taxed {
  const draw = drawTax(content, random, bare);
  const items = content.subtotal;
  const discount = round(items * 0.05);
  const extraLines: TaxLine[] =
    draw.extra === 'shipping'
      ? [{ label: draw.shipping, amount: draw.shippingCost }]
      : draw.extra === 'discount'
        ? [{ label: draw.discount, amount: -discount }]
        : [];
  const parts: Parts = {
    content,
    draw,
    items,
    net: round(items + extraLines.reduce((sum, l) => sum + l.amount, 0)),
    extraLines,
    percent: (rate) => rateText(rate, wordsOf(content).spacedPercent, content),
  };
  switch (draw.shape) {
    case 'usual':
    case 'rate-label':
      return oneRate(parts);
    case 'exempt':
      return exempt(parts);
    case 'included':
      return included(parts);
    case 'table':
    case 'several':
      return perRate(parts);
    case 'per-line':
      return perLine(parts);
  }
}

/** The tax per row only, in a column of the item table (rounded per row); the summary prints net and total. */
function perLine(p: Parts): Taxed {
  const rate = p.draw.rates[0]!;
  const amounts = p.content.rows.map((row) => round(row.amount * (rate / 100)));
  const tax = round(amounts.reduce((sum, a) => sum + a, 0));
  const result = built(p, tax, (total) => [
    { label: '{subtotal}', amount: p.items },
    { label: '{total}', amount: total },
  ]);
  return {
    content: { ...result.content, taxInParts: true },
    tax: { ...result.tax, perLine: { head: `${p.draw.heads[2]} ${p.percent(rate)}`, amounts } },
  };
}

/** The content with its tax and total (net + tax), and the summary's lines for that total. */
function built(p: Parts, tax: number, lines: (total: number) => TaxLine[], unprinted: Unprinted[] = []): Taxed {
  const total = round(p.net + tax);
  const printed = lines(total);
  const omitted = unprinted.length ? { omitted: unprinted } : {};
  return {
    content: { ...p.content, tax, taxRate: p.draw.rates[0]! / 100, total, ...omitted },
    tax: { shape: p.draw.shape, extra: p.draw.extra, lines: printed, totalAt: printed.length - 1 },
  };
}

/** One rate: the tax under the drawn word (`usual`) or the rate in its label, before or after the word. */
function oneRate(p: Parts): Taxed {
  const { draw } = p;
  const rate = draw.rates[0]!;
  const label =
    draw.shape === 'usual'
      ? '{tax}'
      : draw.rateFirst
        ? `${p.percent(rate)} ${draw.word}`
        : `${draw.word} ${p.percent(rate)}`;
  const tax = round(p.net * (rate / 100));
  return built(p, tax, (total) => [
    { label: '{subtotal}', amount: p.items },
    ...p.extraLines,
    { label, amount: tax },
    { label: '{total}', amount: total },
  ]);
}

/** Reverse charge or exemption: a tax line of 0, or none (the tax, and a net never printed, left out). */
function exempt(p: Parts): Taxed {
  const { draw } = p;
  const net = p.extraLines.length ? [{ label: '{subtotal}', amount: p.items }, ...p.extraLines] : [];
  const result = draw.zeroLine
    ? built(p, 0, (total) => [
        { label: '{subtotal}', amount: p.items },
        ...p.extraLines,
        { label: `${draw.word} ${p.percent(0)}`, amount: 0 },
        { label: '{total}', amount: total },
      ])
    : built(p, 0, (total) => [...net, { label: '{total}', amount: total }], [
        ...(net.length ? [] : ['subtotal' as const]),
        'tax_amount',
      ]);
  return { ...result, tax: { ...result.tax, note: draw.note } };
}

/** The rows' prices are gross: the total is their sum, the tax under it the part the rate makes. */
function included(p: Parts): Taxed {
  const rate = p.draw.rates[0]!;
  const tax = round((p.items * rate) / (100 + rate));
  const label = p.draw.included.replace('{rate}', p.percent(rate)).replace('{tax}', p.draw.word);
  const result = built(
    p,
    0,
    () => [
      { label: '{total}', amount: p.items },
      { label, amount: tax },
    ],
    ['subtotal'],
  );
  return {
    content: { ...result.content, subtotal: round(p.items - tax), tax, total: p.items },
    tax: { ...result.tax, totalAt: 0 },
  };
}

/** Several rates: a line per rate in the summary, or a tax table with the total in the summary or not. */
function perRate(p: Parts): Taxed {
  const { draw } = p;
  const several = draw.shape === 'several';
  const groups = byRate(p.content, draw.rates, draw.shares, several ? 2 : 1);
  const tax = round(groups.reduce((sum, [, , amount]) => sum + amount, 0));
  // The tax is printed as one amount only under a table's one rate or as the summary's tax line.
  const sumPrinted = groups.length === 1 || (!several && draw.tableTotal);
  const result = built(p, tax, (total) => [
    { label: '{subtotal}', amount: p.items },
    ...(several
      ? groups.map(([, rate, amount]) => ({ label: `${draw.word} ${p.percent(rate)}`, amount }))
      : draw.tableTotal
        ? [{ label: '{tax}', amount: tax }]
        : []),
    { label: '{total}', amount: total },
  ]);
  return {
    content: { ...result.content, ...(sumPrinted ? {} : { taxInParts: true }) },
    tax: { ...result.tax, ...(several ? {} : { table: { heads: draw.heads, rows: groups } }) },
  };
}

/**
 * The rows' amounts grouped by rate: each row takes one of the language's rates (the usual one
 * most often), at least `least` rates where there are rows enough; per rate its base, rate and
 * tax (rounded per rate, as invoices print them).
 */
function byRate(
  content: SyntheticContent,
  rates: readonly number[],
  shares: readonly number[],
  least: number,
): [number, number, number][] {
  const count = Math.min(rates.length, 3, Math.max(least, 1 + Math.floor((shares[0] ?? 0) * rates.length)));
  const used = rates.slice(0, Math.min(count, content.rows.length));
  const bases = used.map(() => 0);
  content.rows.forEach((row, i) => {
    // The first rows cover every rate; the rest fall by their share, the usual rate most often.
    const at = i < used.length ? i : Math.min(used.length - 1, Math.floor((shares[i] ?? 0) ** 2 * used.length));
    bases[at] = round(bases[at]! + row.amount);
  });
  return used.map((rate, i) => [bases[i]!, rate, round(bases[i]! * (rate / 100))]);
}

function rateText(rate: number, spaced: boolean, content: SyntheticContent): string {
  const comma = /comma$/.test(content.style.numbers) && !Number.isInteger(rate);
  const number = comma ? String(rate).replace('.', ',') : String(rate);
  return `${number}${spaced ? ' %' : '%'}`;
}

export function describeStrangerTax(tax: StrangerTax): string {
  return `tax=${tax.shape} tax-extra=${tax.extra}`;
}

const round = (v: number) => Math.round(v * 100) / 100;

/** The summary's lines as printed: the drawn words in place of `{subtotal}`, `{tax}`, `{total}`, the amounts in the style. */
export function summaryLines(
  content: SyntheticContent,
  tax: StrangerTax,
  words: { subtotal: string; tax: string; total: string },
): [string, string][] {
  return tax.lines.map((line) => [
    line.label.replace(/\{(subtotal|tax|total)\}/, (_, key: keyof typeof words) => words[key]),
    printMoney(line.amount, content.style),
  ]);
}

/** The tax table's rows as printed: base and amount in the document's style, the rate as the language writes it. */
export function taxTableRows(content: SyntheticContent, tax: StrangerTax): [string, string, string][] {
  const spaced = wordsOf(content).spacedPercent;
  return (tax.table?.rows ?? []).map(([base, rate, amount]) => [
    printMoney(base, content.style),
    rateText(rate, spaced, content),
    printMoney(amount, content.style),
  ]);
}

/** Where the summary's net (null: none, or one a shipping or discount line follows) and total stand. */
export function summaryAt(tax: StrangerTax): { net: number | null; total: number } {
  return { net: tax.lines[0]?.label === '{subtotal}' && tax.extra === 'none' ? 0 : null, total: tax.totalAt };
}
