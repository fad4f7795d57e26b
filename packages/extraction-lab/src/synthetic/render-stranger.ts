import { PDFDocument } from 'pdf-lib';
import { printDate, printMoney } from './formats.js';
import { quantityText, type SyntheticContent } from './document.js';
import type { FontChoice } from './layout.js';
import { createPen, embedFonts, trackedWidth, type Pen } from './pen.js';
import type { Random } from './random.js';
import type { Vocabulary } from './vocabulary.js';
import {
  chooseStrangerIdentity,
  describeStrangerIdentity,
  drawNameAtFoot,
  drawNameLogo,
  drawSenderLine,
  nameLines,
  printedName,
  printedSellerName,
  tradingSentence,
  type StrangerIdentity,
} from './stranger-identity.js';
import {
  drawBlock,
  drawLogoMark,
  drawMetaStrip,
  drawTotalsBox,
  drawTotalsRows,
  LEFT,
  RIGHT,
  tableTopOf,
  type BlockText,
} from './stranger-parts.js';
import { describeStrangerIssuer, legalName, underName, type StrangerIssuer } from './stranger-issuer.js';
import { describeStrangerPages, pagedPen, type StrangerPages, type TableFlow } from './stranger-pages.js';
import { describeStrangerTax, summaryAt, summaryLines, taxTableRows, type StrangerTax } from './stranger-tax.js';
import { chooseStrangerVariety, describeStrangerVariety, type StrangerVariety } from './stranger-variety.js';
import {
  chooseStrangerParties,
  describeStrangerParties,
  drawBuyerLetterhead,
  drawOrderParties,
  drawSignedFor,
  orderNumberLabels,
  type StrangerParties,
} from './stranger-parties.js';
import {
  describeStrangerSellers,
  drawFooterColumns,
  drawPairs,
  drawShipBill,
  drawTitleLeft,
  drawTwoLines,
  type StrangerSellers,
} from './stranger-sellers.js';
import {
  chooseStrangerDates,
  describeStrangerDates,
  footerDateLine,
  paymentSentence,
  withBalance,
  withMoreDates,
  type StrangerDates,
} from './stranger-dates.js';
import { describeStrangerOthers, drawOthers, drawOthersUnderTable, type StrangerOthers } from './stranger-others.js';
import { datelineText, describeStrangerWhen, titleWithDate, whenRows, type StrangerWhen } from './stranger-when.js';
import { describeStrangerTracking, penTracking, type StrangerTracking } from './stranger-tracking.js';

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
  /** How the seller names itself (stranger-identity.ts): drawn after every other choice. */
  identity: StrangerIdentity;
  /** Address numbers, an order's buyer letterhead, order-number labels, "for X" under a signature. */
  parties: StrangerParties;
  /** Other dates and amounts beside the document's own (stranger-dates.ts): drawn last. */
  dates: StrangerDates;
  /** A person's business, a department line, a footer legal line with a person and a register (drawn last). */
  issuer: StrangerIssuer;
  /** How the tax is printed: a table, several rates, included, exempt, a rate in the label (stranger-tax.ts). */
  tax: StrangerTax;
  /** Compound and initialled names, and where the name stands (stranger-sellers.ts): drawn from a source of its own. */
  sellers: StrangerSellers;
  /** Banks, services, carriers, partners, insurers and brands (stranger-others.ts): absent with the trait off. */
  others?: StrangerOthers;
  /** Where and how the document's own date is printed (stranger-when.ts): drawn from a source of its own. */
  when: StrangerWhen;
  /** Two or three pages for a long item table (stranger-pages.ts): drawn from a source of its own. */
  pages?: StrangerPages;
  /** A letter-spaced name at the top and title (stranger-tracking.ts): drawn from a source of its own. */
  tracking?: StrangerTracking;
}

export function chooseStrangerLayout(
  random: Random,
  fonts: readonly FontChoice[],
  kind: 'invoice' | 'purchase_order' = 'invoice',
): Omit<StrangerLayout, 'issuer' | 'tax' | 'sellers' | 'others' | 'when'> {
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
    identity: chooseStrangerIdentity(random, kind),
    parties: chooseStrangerParties(random, kind),
    dates: chooseStrangerDates(random),
  };
}

export function describeStrangerLayout(layout: StrangerLayout): string {
  const font = layout.font.regular.replace(/^.*\//, '').replace(/\.ttf$/, '');
  return `family=stranger seller=${layout.seller} heading=${layout.sellerHeading} web=${layout.web} totals=${layout.totals} contact=${layout.contact} phone=${layout.phone} ${describeStrangerVariety(layout.variety)} ${describeStrangerIdentity(layout.identity)} ${describeStrangerParties(layout.parties)} ${describeStrangerDates(layout.dates)} ${describeStrangerIssuer(layout.issuer)} ${describeStrangerTax(layout.tax)} ${describeStrangerSellers(layout.sellers)} ${describeStrangerWhen(layout.when)} ${describeStrangerPages(layout.pages)}${describeStrangerTracking(layout.tracking)}${layout.others ? ` ${describeStrangerOthers(layout.others)}` : ''} font=${font}`;
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
  const page = pdf.addPage([595, 842]);
  const fonts = await embedFonts(pdf, layout.font);
  if (!layout.pages || layout.pages.count === 1) drawStrangerPage(createPen(page, fonts), content, layout, random);
  else {
    // A long table flows over the pages; the header and footer are copied to the pages that print them.
    const paged = pagedPen(pdf, createPen(page, fonts), fonts, content, layout.pages);
    drawStrangerPage(paged.pen, content, layout, random, paged.flow);
    paged.finish();
  }
  return pdf.save({ useObjectStreams: false });
}

function drawStrangerPage(
  pen: Pen,
  content: SyntheticContent,
  layout: StrangerLayout,
  random: Random,
  flow?: TableFlow,
): void {
  const v = content.vocabulary;
  const { variety, identity } = layout;
  const kind = content.kind === 'purchase_order' ? 'purchase_order' : 'invoice';
  const web = webOf(content, layout, random);
  const heading = layout.sellerHeading ? random.pick([...v.seller[kind], ...v.seller_more]) : undefined;
  const name = printedName(content, identity);
  drawHead(pen, content, layout, random);
  const registration = identity.registration ? [random.pick(v.registrations)] : [];
  const sellerLines = [...registration, ...partyLines(v, variety, random, true)];
  const sellerUnder = [...(web ? [web] : []), ...sellerLines];
  const buyerHeading = random.pick(variety.buyerHeading === 'more' ? v.buyer_more[kind] : v.buyer[kind]);
  // The buyer's block leads, top left; the labelled values sit in two columns at the right, or in a strip.
  const contact = contactOf(v, layout, random);
  const buyerText: BlockText = {
    heading: buyerHeading,
    ...(contact?.above ? { above: contact.text } : {}),
    under: [...(contact && !contact.above ? [contact.text] : []), ...partyLines(v, variety, random, false)],
  };
  const letterhead = layout.parties.order === 'letterhead';
  if (letterhead) {
    const supplier = sellerText(printedSellerName(content, identity), layout, sellerUnder, undefined);
    drawOrderParties(pen, content, random, { supplier, buyer: buyerText, strip: variety.meta === 'strip' });
  } else if (identity.place === 'from-block') {
    const fromHeading = heading ?? random.pick([...v.seller[kind], ...v.seller_more]);
    drawBlock(pen, content.seller, LEFT, 110, 'left', sellerText(name, layout, sellerUnder, fromHeading, 140));
    drawBlock(pen, content.buyer, LEFT + 160, 110, 'left', { ...buyerText, width: 120 });
  } else if (identity.place === 'window') {
    drawSenderLine(pen, content.seller, name, 96);
    drawBlock(pen, content.buyer, LEFT, 110, 'left', { ...buyerText, heading: undefined, nameSize: 13, size: 11 });
  } else if (layout.sellers.place === 'labelled') drawPairs(pen, content, name, layout.sellers.pairs);
  else if (layout.sellers.place === 'ship-bill') drawShipBill(pen, content.buyer, buyerText, layout.sellers.shipTo);
  else drawBlock(pen, content.buyer, LEFT, 110, 'left', buyerText);
  const rows = metaRows(content, layout, random);
  const tableTop = strangerTableTop(layout);
  if (variety.meta === 'strip') drawMetaStrip(pen, rows, tableTop - 56);
  else drawMetaColumn(pen, rows, 110);
  const usual = identity.place === 'usual' && !letterhead;
  if (usual && layout.seller === 'right')
    drawBlock(pen, content.seller, RIGHT, 190, 'right', sellerText(name, layout, sellerUnder, heading));
  if (identity.place === 'right-top' && !letterhead)
    drawBlock(pen, content.seller, RIGHT, 22, 'right', sellerText(name, layout, sellerUnder, undefined));
  const rowsEnd = drawTable(pen, content, random, tableTop, layout.tax, flow);
  const tableEnd = rowsEnd + drawOthersUnderTable(pen, layout.others, rowsEnd);
  const due = drawTotals(pen, content, layout, random, tableEnd + 16);
  const sentence = paymentSentence(content, layout.dates, due);
  if (sentence) pen.text(sentence, LEFT, 724, { size: 9 });
  if (usual && layout.seller === 'bottom')
    drawBlock(pen, content.seller, RIGHT, 660, 'right', sellerText(name, layout, sellerUnder, heading));
  const closing = identity.place === 'closing';
  if (closing && layout.parties.signedFor) drawSignedFor(pen, content, name, random);
  const tookClosing = closing && !layout.parties.signedFor && drawNameAtFoot(pen, content, name, random);
  if (!tookClosing) pen.text(random.pick(v.closing), LEFT, 740, { size: 9, grey: true });
  drawFooter(pen, content, layout, random, { name, web, sellerLines });
  drawOthers(pen, layout.others);
  const printed = footerDateLine(content, layout.dates, random);
  if (printed) footerLine(pen, printed, 812);
}

/** The item table's top: a registration line, a name over two lines, an owner's or a department line make the seller's block longer. */
export function strangerTableTop(layout: Pick<StrangerLayout, 'variety' | 'identity' | 'issuer'>): number {
  const { variety, identity } = layout;
  return (
    tableTopOf(variety) +
    (identity.registration ? 12 : 0) +
    (identity.split ? 15 : 0) +
    underName(layout.issuer).length * 12
  );
}

/**
 * The title at the right (at the left when the seller's block stands there, lower under an order's
 * buyer letterhead), and the logo or letterhead.
 */
function drawHead(pen: Pen, content: SyntheticContent, layout: StrangerLayout, random: Random): void {
  const v = content.vocabulary;
  const { variety, identity } = layout;
  const title = random.pick(v.titles[content.kind]);
  const head = variety.number === 'title' ? `${title} ${random.pick(v.number_short)} ${content.number}` : title;
  const titleText = titleWithDate(head, content, layout.when);
  // A title that carries the date is set smaller, so that it stays clear of a logo at the left.
  const size = Math.min(random.int(16, 22), titleText === head ? 22 : 14);
  const letterhead = layout.parties.order === 'letterhead';
  // Only a bare title is tracked: one carrying a number or a date runs long, as designers know.
  const titleTrack = titleText === title ? penTracking(layout.tracking, 'title') : undefined;
  const nameTrack = penTracking(layout.tracking, 'name');
  const titled = { size, bold: true, ...(titleTrack ? { tracking: titleTrack } : {}) };
  if (letterhead) {
    // Under the buyer's letterhead, clear of its address line, above the labelled values.
    pen.text(titleText, RIGHT, 72, { ...titled, align: 'right' });
    return drawBuyerLetterhead(pen, content.buyer);
  }
  const { place } = layout.sellers;
  if (place === 'title-left')
    return drawTitleLeft(pen, content.seller, printedName(content, identity), titleText, size, layout.sellers.small);
  if (identity.place === 'right-top' || place === 'two-lines') pen.text(titleText, LEFT, 40, titled);
  if (place === 'two-lines') {
    const lines = layout.sellers.lines.map((l) => (identity.capitals ? l.toUpperCase() : l));
    return drawTwoLines(pen, content.seller, lines);
  }
  if (identity.place === 'right-top') return;
  pen.text(titleText, RIGHT, 40, { ...titled, align: 'right' });
  const dateline = datelineText(content, layout.when);
  if (dateline) pen.text(dateline, RIGHT, 88, { size: 10, align: 'right' });
  const titleWidth = trackedWidth(pen, titleText, size, true, titleTrack?.em);
  if (identity.place === 'logo-only' || identity.place === 'trading')
    drawNameLogo(pen, printedName(content, identity, false), titleWidth, random, nameTrack);
  else if (identity.place !== 'usual') return;
  else if (variety.letterhead === 'beside-logo') drawLogoMark(pen, printedName(content, identity), nameTrack);
  else if (layout.seller === 'logo')
    pen.text(logoWord(content.seller.name), LEFT, 40, {
      size: 26,
      bold: true,
      ...(nameTrack ? { tracking: nameTrack } : {}),
    });
}

/** The seller's block text: its name on one or two lines, a heading, and the lines under the address. */
function sellerText(
  name: string,
  layout: StrangerLayout,
  under: readonly string[],
  heading: string | undefined,
  width?: number,
): BlockText {
  const above = underName(layout.issuer);
  return {
    name: nameLines(name, layout.identity),
    under,
    ...(above.length ? { underName: above } : {}),
    ...(heading ? { heading } : {}),
    ...(width ? { width } : {}),
  };
}

/**
 * The footer's legal line: the seller's name (or a trading name's sentence, or no name where the
 * identity names the seller elsewhere alone), its address, and its web address where no block carries it.
 */
function drawFooter(
  pen: Pen,
  content: SyntheticContent,
  layout: StrangerLayout,
  random: Random,
  seller: { name: string; web: string | undefined; sellerLines: readonly string[] },
): void {
  const place = layout.identity.place;
  const own = layout.sellers.place;
  if (own === 'footer-column') return drawFooterColumns(pen, content.seller, seller.name, layout.sellers, seller.web);
  if (own === 'labelled' && !layout.sellers.pairs.footer) return;
  // An order on the buyer's letterhead: the footer is the buyer's, as the letterhead is.
  if (layout.parties.order === 'letterhead') {
    if (random.chance(0.5)) footerLine(pen, [content.buyer.name, ...content.buyer.lines].join(' · '), 790);
    return;
  }
  const usual = place === 'usual';
  const block = usual
    ? layout.seller === 'right' || layout.seller === 'bottom'
    : /^(from-block|right-top)$/.test(place);
  const named = usual || block || place === 'window';
  const first =
    place === 'trading'
      ? [tradingSentence(content, printedName(content, layout.identity, false), random)]
      : named
        ? [legalName(seller.name, layout.issuer)]
        : [];
  const legal = [...first, ...content.seller.lines, ...layout.issuer.legal];
  if (seller.web && !block) legal.push(seller.web);
  const printed = usual ? layout.seller !== 'right' || random.chance(0.5) : !named || random.chance(0.5);
  if (!printed) return;
  footerLine(pen, legal.join(' · '), 790);
  // The phone and contact person on a line of their own under the legal line.
  if (!block && seller.sellerLines.length) footerLine(pen, seller.sellerLines.join(' · '), 800);
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

/** The labelled values: the number (unless the title carries it), the dates, and the buyer's phone first. */
function metaRows(content: SyntheticContent, layout: StrangerLayout, random: Random): [string, string][] {
  const v = content.vocabulary;
  const rows: [string, string][] = [];
  if (layout.variety.number === 'labelled')
    rows.push([random.pick(orderNumberLabels(content, layout.parties)), content.number]);
  rows.push([random.pick(v.date[content.kind]), printDate(content.date, content.style)]);
  if (content.secondDate) {
    const more = layout.variety.dateLabel === 'more';
    const labels =
      content.kind === 'purchase_order' ? (more ? v.delivery_more : v.delivery) : more ? v.due_more : v.due;
    rows.push([random.pick(labels), printDate(content.secondDate, content.style)]);
  }
  // The phone first, right above the number, where a label lost in reading leaves it the nearest value.
  if (layout.phone) rows.unshift([random.pick(v.phone_labels), random.pick(v.phones)]);
  return whenRows(withMoreDates(rows, content, layout.dates, random), content, layout.when);
}

function drawMetaColumn(pen: Pen, rows: readonly [string, string][], top: number): void {
  rows.forEach(([label, value], i) => {
    pen.text(label, 340, top + i * 15, { size: 9 });
    pen.text(value, RIGHT, top + i * 15, { size: 9, align: 'right' });
  });
}

function drawTable(
  pen: Pen,
  content: SyntheticContent,
  random: Random,
  top: number,
  tax: StrangerTax,
  flow?: TableFlow,
): number {
  const v = content.vocabulary;
  const perLine = tax.perLine;
  // A tax column per row moves the quantity and the price left to make room before the amount.
  const cols: Record<string, number> = perLine
    ? { description: LEFT, quantity: 290, unit_price: 380, tax: 460, amount: RIGHT }
    : { description: LEFT, quantity: 330, unit_price: 440, amount: RIGHT };
  const heads: Record<string, string> = {
    description: random.pick(v.columns.description),
    quantity: random.pick(v.columns.quantity),
    unit_price: random.pick(v.columns.unit_price),
    amount: random.pick(v.columns.amount),
    ...(perLine ? { tax: perLine.head } : {}),
  };
  const cell = (key: string, text: string, y: number, bold = false) =>
    pen.text(text, cols[key]!, y, { size: 9, bold, align: key === 'description' ? 'left' : 'right' });
  const head = (y: number) => {
    Object.keys(cols).forEach((key) => cell(key, heads[key]!, y, true));
    pen.line(LEFT, y + 14, RIGHT, y + 14);
  };
  const drawRow = (i: number, y: number) => {
    const row = content.rows[i]!;
    cell('description', row.description, y);
    cell('quantity', quantityText(content, row.quantity), y);
    cell('unit_price', printMoney(row.unitPrice, content.style), y);
    if (perLine) cell('tax', printMoney(perLine.amounts[i]!, content.style), y);
    cell('amount', printMoney(row.amount, content.style), y);
  };
  // Over several pages the flow places the heads and rows page by page (stranger-pages.ts).
  if (flow) return flow(top, head, drawRow);
  head(top);
  content.rows.forEach((_, i) => drawRow(i, top + (i + 1) * 18));
  return top + (content.rows.length + 1) * 18;
}

/** The summary at the right or as the table's last rows; returns the amount left to pay. */
function drawTotals(pen: Pen, content: SyntheticContent, layout: StrangerLayout, random: Random, top: number): number {
  const v = content.vocabulary;
  const words = { subtotal: random.pick(v.subtotal), tax: random.pick(v.tax), total: random.pick(v.total) };
  const summary = summaryLines(content, layout.tax, words);
  const labelled = layout.totals === 'labelled';
  const at = summaryAt(layout.tax);
  // Bare amounts print no payment: unlabelled, a balance would be one more sum of the column.
  const { lines, due } = withBalance(
    summary,
    content,
    { ...layout.dates, balance: labelled && layout.dates.balance },
    random,
    at,
  );
  if (labelled && layout.variety.totals === 'row') {
    drawTotalsRows(pen, lines, top - 16, at.total);
    drawTaxTable(pen, content, layout.tax, top + lines.length * 18 + 8);
    return due;
  }
  // The labels' column moves left as far as the widest label and amount need: they never touch.
  const widest = (pick: (l: [string, string]) => string) => Math.max(...lines.map((l) => pen.width(pick(l), 11, true)));
  const x = Math.min(400, RIGHT - widest((l) => l[1]) - widest((l) => l[0]) - 14);
  pen.line(x, top - 6, RIGHT, top - 6);
  if (labelled && layout.variety.totals === 'box') drawTotalsBox(pen, x - 8, top, lines.length);
  lines.forEach(([label, value], i) => {
    const bold = i === at.total;
    if (labelled) pen.text(label, x, top + i * 16, { size: bold ? 11 : 9, bold });
    pen.text(value, RIGHT, top + i * 16, { size: bold ? 11 : 9, bold, align: 'right' });
  });
  drawTaxTable(pen, content, layout.tax, top + lines.length * 16 + 8);
  return due;
}

/**
 * The tax table under the summary at the left (base, rate and amount columns under their heads),
 * and a reverse charge or exemption note under it.
 */
function drawTaxTable(pen: Pen, content: SyntheticContent, tax: StrangerTax, top: number): void {
  const rows = taxTableRows(content, tax);
  const columns = [LEFT + 90, LEFT + 150, LEFT + 240];
  const row = (cells: readonly string[], y: number, bold = false) =>
    cells.forEach((cell, i) => pen.text(cell, columns[i]!, y, { size: 9, bold, align: 'right' }));
  if (tax.table) {
    row(tax.table.heads, top, true);
    pen.line(LEFT, top + 12, columns[2]!, top + 12);
    rows.forEach((cells, i) => row(cells, top + 16 + i * 13));
  }
  if (tax.note) pen.text(tax.note, LEFT, tax.table ? top + 20 + rows.length * 13 : top, { size: 9 });
}
