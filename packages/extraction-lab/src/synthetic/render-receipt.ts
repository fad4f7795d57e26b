import { rgb } from 'pdf-lib';
import { printDate, printMoney } from './formats.js';
import { quantityText, type SyntheticContent } from './document.js';
import type { Layout } from './layout.js';
import type { Pen } from './pen.js';
import type { Random } from './random.js';

/** A till receipt on a narrow page (80 mm): merchant, number and date, one or two lines per row, total, payment. */

export const RECEIPT_WIDTH = 227;
const MARGIN = 12;

/** The page height a receipt of this many rows needs. */
export const receiptHeight = (rows: number) => 330 + rows * 26;

export function drawReceipt(pen: Pen, content: SyntheticContent, layout: Layout, random: Random): void {
  const v = content.vocabulary;
  const center = RECEIPT_WIDTH / 2;
  const right = RECEIPT_WIDTH - MARGIN;
  const headX = layout.seller === 'center' ? center : MARGIN;
  const headAlign = layout.seller === 'center' ? 'center' : 'left';
  let y = 14;
  if (layout.logo === 'shape') {
    pen.page.drawCircle({ x: center, y: pen.pageHeight - 30, size: 14, color: rgb(0.2, 0.2, 0.2) });
    y += 34;
  } else if (layout.logo === 'text') {
    const initials = content.seller.name
      .split(' ')
      .slice(0, 2)
      .map((w) => w[0])
      .join('');
    pen.text(initials, center, y, { size: 20, bold: true, align: 'center' });
    y += 28;
  }
  pen.text(content.seller.name, headX, y, { size: 11, bold: true, align: headAlign });
  pen.text(content.seller.lines[0], headX, y + 14, { size: 8, align: headAlign });
  pen.text(content.seller.lines[1], headX, y + 24, { size: 8, align: headAlign });
  y += 44;
  if (random.chance(0.5)) {
    pen.text(random.pick(v.titles.receipt), center, y, { size: 10, bold: true, align: 'center' });
    y += 16;
  }
  const number = `${random.pick(v.number.receipt)} ${content.number}`;
  const date = `${random.pick(v.date.receipt)}: ${printDate(content.date, content.style)}`;
  if (layout.meta === 'beside') {
    pen.text(date, MARGIN, y, { size: 8 });
    pen.text(number, right, y, { size: 8, align: 'right' });
    y += 14;
  } else {
    pen.text(number, MARGIN, y, { size: 8 });
    pen.text(date, MARGIN, y + 11, { size: 8 });
    y += 25;
  }
  y = drawRows(pen, content, layout, y, right);
  y = drawReceiptTotals(pen, content, layout, random, y, right);
  pen.text(random.pick(v.closing), center, y + 10, { size: 8, align: 'center' });
}

function drawRows(pen: Pen, content: SyntheticContent, layout: Layout, top: number, right: number): number {
  const rule = () =>
    layout.table === 'plain'
      ? pen.text('-'.repeat(38), MARGIN, y - 8, { size: 8 })
      : pen.line(MARGIN, y - 4, right, y - 4);
  let y = top + 6;
  rule();
  for (const row of content.rows) {
    const money = (v: number) => printMoney(v, content.style);
    if (layout.columns === 'quantity-first') {
      // One line: "2 x Coffee ... 7.00", the unit price on a small line under it.
      pen.text(`${quantityText(content, row.quantity)} x ${row.description}`, MARGIN, y, { size: 8 });
      pen.text(money(row.amount), right, y, { size: 8, align: 'right' });
      pen.text(`@ ${money(row.unitPrice)}`, MARGIN + 14, y + 10, { size: 7 });
    } else {
      pen.text(row.description, MARGIN, y, { size: 8 });
      pen.text(`${quantityText(content, row.quantity)} x ${money(row.unitPrice)}`, MARGIN + 14, y + 10, { size: 8 });
      pen.text(money(row.amount), right, y + 10, { size: 8, align: 'right' });
    }
    y += 24;
  }
  y += 4;
  rule();
  return y;
}

function drawReceiptTotals(
  pen: Pen,
  content: SyntheticContent,
  layout: Layout,
  random: Random,
  top: number,
  right: number,
): number {
  const v = content.vocabulary;
  let y = top;
  if (layout.totals === 'right') {
    pen.text(random.pick(v.subtotal), MARGIN, y, { size: 8 });
    pen.text(printMoney(content.subtotal, content.style), right, y, { size: 8, align: 'right' });
    pen.text(`${random.pick(v.tax)} ${Math.round(content.taxRate * 100)}%`, MARGIN, y + 11, { size: 8 });
    pen.text(printMoney(content.tax, content.style), right, y + 11, { size: 8, align: 'right' });
    y += 26;
  }
  pen.text(random.pick(v.total), MARGIN, y, { size: 12, bold: true });
  pen.text(printMoney(content.total, content.style), right, y, { size: 12, bold: true, align: 'right' });
  y += 20;
  if (content.paymentMethod) {
    pen.text(`${random.pick(v.payment.label)}: ${content.paymentMethod}`, MARGIN, y, { size: 8 });
    y += 14;
  }
  return y;
}
