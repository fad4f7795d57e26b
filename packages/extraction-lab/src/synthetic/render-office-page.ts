import { printDate, printMoney } from './formats.js';
import { quantityText, type SyntheticContent } from './document.js';
import type { Random } from './random.js';
import { webOf, type StrangerLayout } from './render-stranger.js';
import { footerDateLine, paymentSentence, withBalance, withMoreDates } from './stranger-dates.js';
import { summaryAt, summaryLines, taxTableRows } from './stranger-tax.js';
import { nameLines, printedName } from './stranger-identity.js';
import { trackingEm } from './stranger-tracking.js';
import { underName } from './stranger-issuer.js';

/**
 * A document as a word processor's invoice template holds it, for LibreOffice to print
 * (`synth --producer libreoffice`): the seller's letterhead, the title, the buyer's block, the
 * labelled values, the item table, the totals, notes and a page footer. `officeFodt` writes it as a
 * flat ODF text document in one of the looks office templates use (tab stops with or without dot
 * leaders, borderless tables, justified notes).
 */
export interface OfficePage {
  language: string;
  title: string;
  /** The seller's name (one line, or two where the layout splits it) and the lines under it. */
  seller: { names: string[]; lines: string[] };
  buyer: { heading?: string; name: string; lines: string[] };
  meta: [string, string][];
  heads: string[];
  rows: string[][];
  summary: [string, string][];
  /** Which summary line is the total (set bold). */
  totalAt: number;
  /** The summary as the item table's last rows, or under it at the right. */
  totalsInTable: boolean;
  taxTable?: { heads: readonly string[]; rows: string[][] };
  /** Paragraphs under the totals: a tax note, a payment sentence, a closing. */
  notes: string[];
  /** The page footer's lines. */
  footer: string[];
  /** Letter-spacing (em) of the seller's name and of the title, where they are spaced (stranger-tracking.ts). */
  tracking?: { name?: number; title?: number };
}

/**
 * How the template sets the page: the letterhead beside the title by a right tab stop or in a
 * borderless two-column table; the labelled values after a tab (dot leaders or none) or in a
 * borderless table; the totals under the table by a right tab stop, with dot leaders or none (where
 * the page does not set them as the table's last rows); the footer on centred lines or split by
 * tabs; the font and its size in points.
 */
export interface OfficeLook {
  head: 'tabs' | 'table';
  meta: 'tabs' | 'leaders' | 'table';
  totals: 'tabs' | 'leaders';
  footer: 'centred' | 'tabs';
  font: string;
  size: number;
}

/** Fonts a LibreOffice install brings (Liberation) or Debian's defaults (DejaVu). */
export const OFFICE_FONTS = ['Liberation Sans', 'Liberation Serif', 'DejaVu Sans', 'DejaVu Serif'] as const;

export function chooseOfficeLook(random: Random, fonts: readonly string[] = OFFICE_FONTS): OfficeLook {
  return {
    head: random.pick(['tabs', 'table'] as const),
    meta: random.pick(['tabs', 'leaders', 'table'] as const),
    totals: random.pick(['tabs', 'leaders'] as const),
    footer: random.pick(['centred', 'tabs'] as const),
    font: random.pick(fonts),
    size: random.pick([9, 10, 11]),
  };
}

export function describeOfficeLook(look: OfficeLook): string {
  return `producer=libreoffice head=${look.head} meta=${look.meta} totals=${look.totals} footer=${look.footer} office-font=${look.font.replace(/ /g, '_')} office-size=${look.size}`;
}

/** A stranger document's page: the same content, labels drawn from `random` (the twin's picks replayed). */
export function strangerOfficePage(content: SyntheticContent, layout: StrangerLayout, random: Random): OfficePage {
  const v = content.vocabulary;
  const kind = content.kind === 'purchase_order' ? 'purchase_order' : 'invoice';
  const name = printedName(content, layout.identity);
  const title = random.pick(v.titles[content.kind]);
  const web = webOf(content, layout, random);
  const registration = layout.identity.registration ? [random.pick(v.registrations)] : [];
  const seller = {
    names: nameLines(name, layout.identity),
    lines: [
      ...underName(layout.issuer),
      ...content.seller.lines,
      ...(web ? [web] : []),
      ...registration,
      ...layout.issuer.legal,
    ],
  };
  const heading = random.pick(layout.variety.buyerHeading === 'more' ? v.buyer_more[kind] : v.buyer[kind]);
  const person = layout.contact === 'none' ? undefined : random.pick(v.people);
  const contact = person ? [layout.contact === 'labelled' ? `${random.pick(v.contact_labels)} ${person}` : person] : [];
  const buyer = { heading, name: content.buyer.name, lines: [...content.buyer.lines, ...contact] };
  const meta: [string, string][] = [];
  meta.push([random.pick(v.number[content.kind]), content.number]);
  meta.push([random.pick(v.date[content.kind]), printDate(content.date, content.style)]);
  if (content.secondDate) {
    const more = layout.variety.dateLabel === 'more';
    const labels = kind === 'purchase_order' ? (more ? v.delivery_more : v.delivery) : more ? v.due_more : v.due;
    meta.push([random.pick(labels), printDate(content.secondDate, content.style)]);
  }
  if (layout.phone) meta.unshift([random.pick(v.phone_labels), random.pick(v.phones)]);
  const { heads, rows } = itemTable(content, random, layout.tax.perLine);
  const words = { subtotal: random.pick(v.subtotal), tax: random.pick(v.tax), total: random.pick(v.total) };
  const dates = { ...layout.dates, balance: layout.totals === 'labelled' && layout.dates.balance };
  const summary = withBalance(summaryLines(content, layout.tax, words), content, dates, random, summaryAt(layout.tax));
  const tax = layout.tax;
  const sentence = paymentSentence(content, layout.dates, summary.due);
  const printedOn = footerDateLine(content, layout.dates, random);
  return {
    language: content.language,
    title,
    seller,
    buyer,
    meta: withMoreDates(meta, content, layout.dates, random),
    heads,
    rows,
    summary: summary.lines,
    totalAt: tax.totalAt,
    // As the twin sets them: a discount or shipping line in the table would read as an item.
    totalsInTable: layout.totals === 'labelled' && layout.variety.totals === 'row',
    ...(tax.table ? { taxTable: { heads: tax.table.heads, rows: taxTableRows(content, tax) } } : {}),
    notes: [...(tax.note ? [tax.note] : []), ...(sentence ? [sentence] : []), random.pick(v.closing)],
    footer: [[name, ...content.seller.lines].join(' · '), ...(printedOn ? [printedOn] : [])],
    tracking: { name: trackingEm(layout.tracking, 'name'), title: trackingEm(layout.tracking, 'title') },
  };
}

/** A corpus-family document's page (invoice, order or receipt): the corpus layouts' labels and totals. */
export function corpusOfficePage(content: SyntheticContent, random: Random): OfficePage {
  const v = content.vocabulary;
  const kind = content.kind === 'purchase_order' ? 'purchase_order' : 'invoice';
  const meta: [string, string][] = [
    [random.pick(v.number[content.kind]), content.number],
    [random.pick(v.date[content.kind]), printDate(content.date, content.style)],
  ];
  if (content.secondDate)
    meta.push([
      random.pick(content.kind === 'purchase_order' ? v.delivery : v.due),
      printDate(content.secondDate, content.style),
    ]);
  const { heads, rows } = itemTable(content, random);
  const money = (amount: number) => printMoney(amount, content.style);
  const rate = random.chance(0.4) ? ` ${Math.round(content.taxRate * 100)}%` : '';
  const summary: [string, string][] = [
    [random.pick(v.subtotal), money(content.subtotal)],
    [`${random.pick(v.tax)}${rate}`, money(content.tax)],
    [random.pick(v.total), money(content.total)],
  ];
  const paid = content.paymentMethod ? [`${random.pick(v.payment.label)} ${content.paymentMethod}`] : [];
  return {
    language: content.language,
    title: random.pick(v.titles[content.kind]),
    seller: { names: [content.seller.name], lines: [...content.seller.lines] },
    buyer: { heading: random.pick(v.buyer[kind]), name: content.buyer.name, lines: [...content.buyer.lines] },
    meta,
    heads,
    rows,
    summary,
    totalAt: 2,
    totalsInTable: random.chance(0.3),
    notes: [...paid, random.pick(v.closing)],
    footer: [[content.seller.name, ...content.seller.lines].join(' · ')],
  };
}

function itemTable(
  content: SyntheticContent,
  random: Random,
  perLine?: { head: string; amounts: readonly number[] },
): { heads: string[]; rows: string[][] } {
  const v = content.vocabulary;
  const money = (amount: number) => printMoney(amount, content.style);
  const picked = [v.columns.description, v.columns.quantity, v.columns.unit_price, v.columns.amount].map((c) =>
    random.pick(c),
  );
  const withTax = (cells: string[], tax: string) => (perLine ? [...cells.slice(0, 3), tax, cells[3]!] : cells);
  return {
    heads: withTax(picked, perLine?.head ?? ''),
    rows: content.rows.map((r, i) =>
      withTax(
        [r.description, quantityText(content, r.quantity), money(r.unitPrice), money(r.amount)],
        perLine ? money(perLine.amounts[i]!) : '',
      ),
    ),
  };
}
