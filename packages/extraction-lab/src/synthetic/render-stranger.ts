import { PDFDocument } from 'pdf-lib';
import { printDate, printMoney } from './formats.js';
import { quantityText, type Party, type SyntheticContent } from './document.js';
import type { FontChoice } from './layout.js';
import { createPen, embedFonts, type Pen } from './pen.js';
import type { Random } from './random.js';
import type { Vocabulary } from './vocabulary.js';
import {
  drawLogoMark,
  drawMetaStrip,
  drawTotalsBox,
  drawTotalsRows,
  LEFT,
  RIGHT,
  tableTopOf,
} from './stranger-parts.js';
import { chooseStrangerVariety, describeStrangerVariety, type StrangerVariety } from './stranger-variety.js';

/**
 * Invoice and order layouts unlike the development corpus's: the buyer's block first (top left,
 * under its "Bill to"), the seller only at the bottom, only in the footer's legal line, or under a
 * heading the corpus seldom prints ("Bill From", "Lieferant", "Fournisseur"); a logo of the name's
 * first word; the seller's website or e-mail address; a two-column header; totals without labels.
 * They exist to find the extractor's decisions that only fit the corpus (`synth --family stranger`).
 */
export interface StrangerLayout {
  /**
   * Where the seller's name stands: a block at the bottom right, only in the footer's legal line,
   * a block top right after the buyer's, or a logo word at the top with the full name in the footer.
   */
  seller: 'bottom' | 'footer' | 'right' | 'logo';
  /** The seller's block carries a heading ("Supplier", "Lieferant"). */
  sellerHeading: boolean;
  /** The seller's web address or e-mail address, printed near its block or in the footer. */
  web: 'none' | 'website' | 'email';
  /** Subtotal, tax and total printed with their labels, or as bare amounts under the amount column. */
  totals: 'labelled' | 'bare';
  font: FontChoice;
  /**
   * A contact person in the buyer's block: none, after a contact word ("Attn:", "z. Hd.") under
   * the buyer's name, or bare on the line above the name (as "Ship to" blocks print the recipient).
   */
  contact: 'none' | 'labelled' | 'above';
  /** The buyer's telephone or fax number, labelled, in the column of the document's number and date. */
  phone: boolean;
  variety: StrangerVariety;
}

export function chooseStrangerLayout(random: Random, fonts: readonly FontChoice[]): StrangerLayout {
  return {
    seller: random.pick(['bottom', 'footer', 'right', 'logo'] as const),
    sellerHeading: random.chance(0.6),
    web: random.pick(['none', 'website', 'email'] as const),
    totals: random.chance(0.25) ? 'bare' : 'labelled',
    font: random.pick(fonts),
    // Drawn last, so that the choices above stay what they were for a seed.
    contact: random.pick(['none', 'labelled', 'above'] as const),
    phone: random.chance(0.5),
    variety: chooseStrangerVariety(random),
  };
}

export function describeStrangerLayout(layout: StrangerLayout): string {
  const font = layout.font.regular.replace(/^.*\//, '').replace(/\.ttf$/, '');
  return `family=stranger seller=${layout.seller} heading=${layout.sellerHeading} web=${layout.web} totals=${layout.totals} contact=${layout.contact} phone=${layout.phone} ${describeStrangerVariety(layout.variety)} font=${font}`;
}

/** "www.granitetraders.com" or "info@granitetraders.com": the name's words less its legal form. */
export function webOf(content: SyntheticContent, layout: StrangerLayout, random: Random): string | undefined {
  if (layout.web === 'none') return undefined;
  const legal = new Set(content.vocabulary.legal_forms);
  const words = content.seller.name.split(' ').filter((w) => !legal.has(w) && !/^(&|Co\.|KG)$/.test(w));
  const domain = `${words
    .join('')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '')}.${random.pick(content.vocabulary.web_domains)}`;
  return layout.web === 'website' ? `www.${domain}` : `${random.pick(['info', 'billing', 'contact'])}@${domain}`;
}

export async function renderStrangerPdf(
  content: SyntheticContent,
  layout: StrangerLayout,
  random: Random,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const pen = createPen(pdf.addPage([595, 842]), await embedFonts(pdf, layout.font));
  drawStrangerPage(pen, content, layout, random);
  return pdf.save({ useObjectStreams: false });
}

function drawStrangerPage(pen: Pen, content: SyntheticContent, layout: StrangerLayout, random: Random): void {
  const v = content.vocabulary;
  const variety = layout.variety;
  const kind = content.kind === 'purchase_order' ? 'purchase_order' : 'invoice';
  const web = webOf(content, layout, random);
  const heading = layout.sellerHeading ? random.pick([...v.seller[kind], ...v.seller_more]) : undefined;
  if (variety.letterhead === 'beside-logo') drawLogoMark(pen, content.seller.name);
  else if (layout.seller === 'logo') pen.text(logoWord(content.seller.name), LEFT, 40, { size: 26, bold: true });
  const title = random.pick(v.titles[content.kind]);
  const titleText = variety.number === 'title' ? `${title} ${random.pick(v.number_short)} ${content.number}` : title;
  pen.text(titleText, RIGHT, 40, { size: random.int(16, 22), bold: true, align: 'right' });
  const sellerLines = partyLines(v, variety, random, true);
  const buyerHeading = random.pick(variety.buyerHeading === 'more' ? v.buyer_more[kind] : v.buyer[kind]);
  // The buyer's block leads, top left; the labelled values sit in two columns at the right, or in a strip.
  const contact = contactOf(v, layout, random);
  const buyerExtra = [...(contact && !contact.above ? [contact.text] : []), ...partyLines(v, variety, random, false)];
  drawBlock(pen, content.buyer, LEFT, 110, 'left', buyerHeading, contact?.above ? contact.text : undefined, buyerExtra);
  const rows = metaRows(content, layout, random);
  const tableTop = tableTopOf(variety);
  if (variety.meta === 'strip') drawMetaStrip(pen, rows, tableTop - 56);
  else drawMetaColumn(pen, rows, 110);
  if (layout.seller === 'right')
    drawBlock(pen, content.seller, RIGHT, 190, 'right', heading, undefined, [...(web ? [web] : []), ...sellerLines]);
  const tableEnd = drawTable(pen, content, random, tableTop);
  drawTotals(pen, content, layout, random, tableEnd + 16);
  if (layout.seller === 'bottom')
    drawBlock(pen, content.seller, RIGHT, 660, 'right', heading, undefined, [...(web ? [web] : []), ...sellerLines]);
  pen.text(random.pick(v.closing), LEFT, 740, { size: 9, grey: true });
  const legal = [content.seller.name, ...content.seller.lines];
  const blockless = layout.seller !== 'right' && layout.seller !== 'bottom';
  if (web && blockless) legal.push(web);
  if (layout.seller !== 'right' || random.chance(0.5)) {
    footerLine(pen, legal.join(' · '), 790);
    // The phone and contact person on a line of their own under the legal line.
    if (blockless && sellerLines.length) footerLine(pen, sellerLines.join(' · '), 800);
  }
}

/** A grey footer line centred on the page, set smaller when it would run past the margins. */
function footerLine(pen: Pen, text: string, top: number): void {
  const size = Math.min(7, (7 * (RIGHT - LEFT)) / pen.width(text, 7));
  pen.text(text, 297, top, { size, align: 'center', grey: true });
}

/**
 * A party's telephone line, and for the seller its contact person ("Ansprechpartner: Jonas
 * Keller"), when the variety prints them: numbers that are neither the document's number nor a date.
 */
function partyLines(v: Vocabulary, variety: StrangerVariety, random: Random, seller: boolean): string[] {
  if (!variety.partyContacts) return [];
  const phone = `${random.pick(v.phone_labels)} ${random.pick(v.phones)}`;
  return seller ? [phone, `${random.pick(v.person_labels)} ${random.pick(v.people)}`] : [phone];
}

/** The buyer's contact person as the block prints it: "Attn: Grace Holloway", or the person alone. */
function contactOf(v: Vocabulary, layout: StrangerLayout, random: Random): Contact | undefined {
  if (layout.contact === 'none') return undefined;
  const person = random.pick(v.people);
  return layout.contact === 'above'
    ? { text: person, above: true }
    : { text: `${random.pick(v.contact_labels)} ${person}`, above: false };
}

interface Contact {
  text: string;
  /** On the line above the name (the recipient first), else under the address. */
  above: boolean;
}

/** The logo: the name's first word in capitals ("GRANITE"), as many letterheads print it. */
const logoWord = (name: string) => name.split(' ')[0]!.toUpperCase();

/** A party's block: a heading, a line above the name (a recipient), the name, address and lines under it. */
function drawBlock(
  pen: Pen,
  party: Party,
  x: number,
  top: number,
  align: 'left' | 'right',
  heading: string | undefined,
  above: string | undefined,
  under: readonly string[],
): void {
  let y = top;
  if (heading) {
    pen.text(heading, x, y, { size: 8, align, grey: true });
    y += 12;
  }
  if (above) {
    pen.text(above, x, y, { size: 10, align });
    y += 14;
  }
  pen.text(party.name, x, y, { size: 11, bold: true, align });
  pen.text(party.lines[0], x, y + 15, { size: 9, align });
  pen.text(party.lines[1], x, y + 27, { size: 9, align });
  under.forEach((line, i) => pen.text(line, x, y + 39 + i * 12, { size: 9, align }));
}

/** The labelled values: the number (unless the title carries it), the dates, and the buyer's phone first. */
function metaRows(content: SyntheticContent, layout: StrangerLayout, random: Random): [string, string][] {
  const v = content.vocabulary;
  const rows: [string, string][] = [];
  if (layout.variety.number === 'labelled') rows.push([random.pick(v.number[content.kind]), content.number]);
  rows.push([random.pick(v.date[content.kind]), printDate(content.date, content.style)]);
  if (content.secondDate) {
    const more = layout.variety.dateLabel === 'more';
    const labels =
      content.kind === 'purchase_order' ? (more ? v.delivery_more : v.delivery) : more ? v.due_more : v.due;
    rows.push([random.pick(labels), printDate(content.secondDate, content.style)]);
  }
  // The phone first, right above the number, where a label lost in reading leaves it the nearest value.
  if (layout.phone) rows.unshift([random.pick(v.phone_labels), random.pick(v.phones)]);
  return rows;
}

function drawMetaColumn(pen: Pen, rows: readonly [string, string][], top: number): void {
  rows.forEach(([label, value], i) => {
    pen.text(label, 340, top + i * 15, { size: 9 });
    pen.text(value, RIGHT, top + i * 15, { size: 9, align: 'right' });
  });
}

function drawTable(pen: Pen, content: SyntheticContent, random: Random, top: number): number {
  const v = content.vocabulary;
  const cols = { description: LEFT, quantity: 330, unit_price: 440, amount: RIGHT };
  const heads = {
    description: random.pick(v.columns.description),
    quantity: random.pick(v.columns.quantity),
    unit_price: random.pick(v.columns.unit_price),
    amount: random.pick(v.columns.amount),
  };
  const cell = (key: keyof typeof cols, text: string, y: number, bold = false) =>
    pen.text(text, cols[key], y, { size: 9, bold, align: key === 'description' ? 'left' : 'right' });
  (Object.keys(cols) as (keyof typeof cols)[]).forEach((key) => cell(key, heads[key], top, true));
  pen.line(LEFT, top + 14, RIGHT, top + 14);
  content.rows.forEach((row, i) => {
    const y = top + (i + 1) * 18;
    cell('description', row.description, y);
    cell('quantity', quantityText(content, row.quantity), y);
    cell('unit_price', printMoney(row.unitPrice, content.style), y);
    cell('amount', printMoney(row.amount, content.style), y);
  });
  return top + (content.rows.length + 1) * 18;
}

function drawTotals(pen: Pen, content: SyntheticContent, layout: StrangerLayout, random: Random, top: number): void {
  const v = content.vocabulary;
  const lines: [string, string][] = [
    [random.pick(v.subtotal), printMoney(content.subtotal, content.style)],
    [random.pick(v.tax), printMoney(content.tax, content.style)],
    [random.pick(v.total), printMoney(content.total, content.style)],
  ];
  const labelled = layout.totals === 'labelled';
  if (labelled && layout.variety.totals === 'row') return drawTotalsRows(pen, lines, top - 16);
  // The labels' column moves left as far as the widest label and amount need: they never touch.
  const widest = (pick: (l: [string, string]) => string) => Math.max(...lines.map((l) => pen.width(pick(l), 11, true)));
  const x = Math.min(400, RIGHT - widest((l) => l[1]) - widest((l) => l[0]) - 14);
  pen.line(x, top - 6, RIGHT, top - 6);
  if (labelled && layout.variety.totals === 'box') drawTotalsBox(pen, x - 8, top, lines.length);
  lines.forEach(([label, value], i) => {
    const bold = i === 2;
    if (labelled) pen.text(label, x, top + i * 16, { size: bold ? 11 : 9, bold });
    pen.text(value, RIGHT, top + i * 16, { size: bold ? 11 : 9, bold, align: 'right' });
  });
}
