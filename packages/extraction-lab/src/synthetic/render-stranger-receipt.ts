import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { SyntheticContent } from './document.js';
import { createPen, embedFonts, type Pen } from './pen.js';
import type { Random } from './random.js';
import { printMoneyOf, type ReceiptExtras, type StrangerReceipt } from './stranger-receipt.js';

/**
 * A stranger receipt as a one-page text PDF: its lines are composed first (header, number and
 * date, rows, summary, payment, foot), then the page is cut to their height, as a till's roll is.
 * A logo is a PNG drawn from SVG text, so its name is in no text layer (a photo's OCR reads it).
 */
type Line =
  | { kind: 'text'; left?: string; right?: string; center?: boolean; size?: number; bold?: boolean }
  | { kind: 'rule' }
  | { kind: 'logo'; png: Uint8Array; width: number; height: number };

const PAPER = {
  '58mm': { width: 165, margin: 8, size: 6.5 },
  '80mm': { width: 227, margin: 12, size: 8 },
  a4: { width: 595, margin: 60, size: 10 },
} as const;

export async function renderStrangerReceipt(
  content: SyntheticContent,
  r: StrangerReceipt,
  extras: ReceiptExtras,
  random: Random,
): Promise<Uint8Array> {
  const paper = PAPER[r.paper];
  const lines = await receiptLines(content, r, extras, random);
  const lineHeight = (l: Line) =>
    l.kind === 'logo' ? l.height + 8 : l.kind === 'rule' ? 8 : ((l.size ?? paper.size) + 1) * 1.35;
  const height = Math.max(
    r.paper === 'a4' ? 842 : 0,
    lines.reduce((s, l) => s + lineHeight(l), 2 * paper.margin + 20),
  );
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const page = pdf.addPage([paper.width, height]);
  const pen = createPen(page, await embedFonts(pdf, r.font));
  let y = paper.margin + 6;
  for (const line of lines) {
    if (line.kind === 'logo') {
      const image = await pdf.embedPng(line.png);
      const x = r.align === 'center' ? (paper.width - line.width) / 2 : paper.margin;
      page.drawImage(image, { x, y: height - y - line.height, width: line.width, height: line.height });
    } else if (line.kind === 'rule') pen.line(paper.margin, y + 3, paper.width - paper.margin, y + 3, 0.5);
    else drawTextLine(pen, line, paper);
    y += lineHeight(line);
  }
  return pdf.save({ useObjectStreams: false });

  function drawTextLine(p: Pen, line: Extract<Line, { kind: 'text' }>, at: typeof paper) {
    const size = line.size ?? at.size;
    const room = at.width - 2 * at.margin;
    const rightWidth = line.right ? p.width(line.right, size, line.bold) + 6 : 0;
    const fit = (text: string, space: number) => {
      let s = size;
      while (s > 4.5 && p.width(text, s, line.bold) > space) s -= 0.5;
      return s;
    };
    if (line.left) {
      const s = fit(line.left, room - rightWidth);
      const x = line.center && !line.right ? at.width / 2 : at.margin;
      p.text(line.left, x, y, { size: s, bold: line.bold, align: line.center && !line.right ? 'center' : 'left' });
    }
    if (line.right)
      p.text(line.right, at.width - at.margin, y, { size: fit(line.right, room), bold: line.bold, align: 'right' });
  }
}

type Look = { size?: number; bold?: boolean };

/** A line of a label at the left and its amount (or nothing) at the right. */
const pair = (left: string, right: string, more: Look = {}): Line => ({ kind: 'text', left, right, ...more });

async function receiptLines(
  content: SyntheticContent,
  r: StrangerReceipt,
  x: ReceiptExtras,
  random: Random,
): Promise<Line[]> {
  const w = x.words;
  const lines = await headerLines(content, r, x, random);
  const label = random.pick(w.date_labels);
  const when = `${label ? `${label} ` : ''}${x.dateText} ${x.timeText}`;
  const number = `${random.pick(w.receipt_labels)} ${content.number}`;
  lines.push({ kind: 'rule' });
  if (r.paper !== '58mm' && random.chance(0.5)) lines.push(pair(when, number));
  else lines.push(pair(number, ''), pair(when, ''));
  lines.push(pair(x.cashier, ''), { kind: 'rule' });
  for (const row of content.rows) {
    if (row.quantity === 1) lines.push(pair(row.description, printMoneyOf(row.amount, w, false)));
    else {
      lines.push(pair(row.description, ''));
      const each = `  ${row.quantity} ${w.quantity_sign} ${printMoneyOf(row.unitPrice, w, false)}`;
      lines.push(pair(each, printMoneyOf(row.amount, w, false)));
    }
  }
  lines.push({ kind: 'rule' }, ...summaryLines(content, r, x, random));
  return lines;
}

/** A header line: centred or at the left, as the receipt's header is. */
const headOf =
  (r: StrangerReceipt) =>
  (text: string, more: Look = {}): Line => ({ kind: 'text', left: text, center: r.align === 'center', ...more });

/** The name (a line or a logo image), the branch line, the address, the legal entity, the tax registration. */
async function headerLines(
  content: SyntheticContent,
  r: StrangerReceipt,
  x: ReceiptExtras,
  random: Random,
): Promise<Line[]> {
  const head = headOf(r);
  const base = PAPER[r.paper].size;
  const lines: Line[] = [];
  const name = head(x.printedName, { size: base + 3, bold: true });
  const address = [head(content.seller.lines[0]), head(content.seller.lines[1]), head(x.phone)];
  if (r.merchant === 'logo') lines.push(await logoLine(x.printedName, r, random), ...address);
  else if (r.merchant === 'address-first') lines.push(...address, name);
  else lines.push(name);
  if (x.storeLine) lines.push(head(x.storeLine, { bold: random.chance(0.5) }));
  if (r.merchant === 'text') lines.push(...address);
  if (x.legalLine && r.entity === 'header') lines.push(head(x.legalLine, { size: base - 1 }));
  if (r.locale === 'ms' || random.chance(0.4)) lines.push(head(x.taxId, { size: base - 1 }));
  return lines;
}

/** Subtotal and tax or the tax included, the total, the payment, then the foot. */
function summaryLines(content: SyntheticContent, r: StrangerReceipt, x: ReceiptExtras, random: Random): Line[] {
  const w = x.words;
  const head = headOf(r);
  const base = PAPER[r.paper].size;
  const mark = (total: boolean) => r.currency === 'all' || (total && r.currency === 'total');
  const money = (v: number, total = false) => printMoneyOf(v, w, mark(total));
  const decimal = w.numbers === 'comma-dot' || w.numbers === 'plain-dot' ? '.' : ',';
  const withRate = (pattern: string) => pattern.replace('{rate}', String(content.taxRate * 100).replace('.', decimal));
  const lines: Line[] = [];
  if (w.tax.mode === 'added') {
    lines.push(pair(random.pick(w.subtotal), money(content.subtotal)));
    lines.push(pair(withRate(random.pick(w.tax.labels)), money(content.tax)));
  }
  lines.push(pair(r.totalLabel, money(content.total, true), { size: base + 2, bold: true }));
  const includedLabel = withRate(random.pick(w.tax.included.length > 0 ? w.tax.included : ['{rate}%']));
  const included = pair(includedLabel, money(content.tax));
  const taxAfterPayment = w.tax.mode === 'included' && random.chance(0.5);
  if (w.tax.mode === 'included' && !taxAfterPayment) lines.push(included);
  if (x.tendered !== undefined) {
    lines.push(pair(content.paymentMethod!, money(x.tendered)));
    lines.push(pair(random.pick(w.change), money(Math.round((x.tendered - content.total) * 100) / 100)));
  } else {
    lines.push(pair(content.paymentMethod!, money(content.total)));
    for (const card of x.cardLines) lines.push(pair(card, '', { size: base - 1 }));
  }
  if (taxAfterPayment) lines.push(included);
  lines.push({ kind: 'rule' });
  if (x.blurb) lines.push(head(x.blurb, { size: base - 1 }));
  if (x.nameLine) lines.push(head(x.nameLine, { bold: r.nameAgain === 'footer' }));
  if (x.legalLine && r.entity === 'footer') lines.push(head(x.legalLine, { size: base - 1 }));
  lines.push(head(x.closing));
  return lines;
}

/** The brand as a logo image: white on a dark box, dark in an outline, or large letters alone. */
async function logoLine(name: string, r: StrangerReceipt, random: Random): Promise<Line> {
  const room = PAPER[r.paper].width - 2 * PAPER[r.paper].margin;
  const width = Math.min(room, r.paper === 'a4' ? 260 : room);
  const height = Math.round(width / Math.max(4, Math.min(9, name.length * 0.55)));
  const look = random.pick(['box', 'outline', 'letters'] as const);
  const family = random.pick(['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono']);
  const scale = 4;
  const [W, H] = [Math.round(width * scale), Math.round(height * scale)];
  const ink = look === 'box' ? '#ffffff' : '#111111';
  const frame =
    look === 'box'
      ? `<rect width="${W}" height="${H}" rx="${H / 6}" fill="#1a1a1a"/>`
      : look === 'outline'
        ? `<rect x="4" y="4" width="${W - 8}" height="${H - 8}" rx="${H / 5}" fill="none" stroke="#111" stroke-width="6"/>`
        : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${frame}<text x="${W / 2}" y="${H * 0.7}" font-family="${family}" font-weight="bold" font-size="${H * 0.6}" fill="${ink}" text-anchor="middle" textLength="${W * 0.88}" lengthAdjust="spacingAndGlyphs">${escapeXml(name)}</text></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return { kind: 'logo', png: new Uint8Array(png), width, height };
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
