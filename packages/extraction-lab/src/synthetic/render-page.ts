import { rgb } from 'pdf-lib';
import { printDate, printMoney } from './formats.js';
import { quantityText, type Party, type SyntheticContent } from './document.js';
import type { Layout } from './layout.js';
import type { Pen } from './pen.js';
import type { Random } from './random.js';

/** An A4 invoice or purchase order: header, parties, labelled values, item table, totals. */

const LEFT = 50;
const RIGHT = 545;

export function drawFullPage(pen: Pen, content: SyntheticContent, layout: Layout, random: Random): void {
  const v = content.vocabulary;
  const kind = content.kind === 'purchase_order' ? 'purchase_order' : 'invoice';
  const sellerX = layout.seller === 'left' ? LEFT : layout.seller === 'right' ? RIGHT : 297;
  const align = layout.seller === 'left' ? 'left' : layout.seller === 'right' ? 'right' : 'center';
  drawLogo(pen, content, layout, random);
  drawParty(pen, content.seller, sellerX, 70, align, random.chance(0.3) ? random.pick(v.seller[kind]) : undefined);
  const titleX = layout.seller === 'right' ? LEFT : RIGHT;
  pen.text(random.pick(v.titles[content.kind]), titleX, 140, {
    size: random.int(16, 22),
    bold: true,
    align: layout.seller === 'right' ? 'left' : 'right',
  });
  // The buyer across from the seller, or under the seller's side; the labelled values take the other column.
  const buyerLeft = layout.buyer === 'under' ? layout.seller !== 'right' : layout.seller === 'right';
  drawParty(pen, content.buyer, buyerLeft ? LEFT : 330, 180, 'left', random.pick(v.buyer[kind]));
  drawMeta(pen, content, layout, random, buyerLeft ? 330 : LEFT, 180);
  const tableEnd = drawTable(pen, content, layout, random, 300);
  drawTotals(pen, content, layout, random, tableEnd + 16);
  pen.text(random.pick(v.closing), LEFT, 760, { size: 9, grey: true });
  if (layout.footer)
    pen.text(`${content.seller.name} · ${content.seller.lines.join(' · ')}`, 297, 790, {
      size: 7,
      align: 'center',
      grey: true,
    });
}

function drawParty(
  pen: Pen,
  party: Party,
  x: number,
  top: number,
  align: 'left' | 'right' | 'center',
  heading?: string,
): void {
  let y = top;
  if (heading) {
    pen.text(heading, x, y, { size: 8, align, grey: true });
    y += 12;
  }
  pen.text(party.name, x, y, { size: 12, bold: true, align });
  pen.text(party.lines[0], x, y + 16, { size: 9, align });
  pen.text(party.lines[1], x, y + 28, { size: 9, align });
}

function drawLogo(pen: Pen, content: SyntheticContent, layout: Layout, random: Random): void {
  if (layout.logo === 'none') return;
  // The logo sits in a corner the seller block leaves free.
  const x = layout.seller === 'left' ? 470 : LEFT;
  if (layout.logo === 'text') {
    const initials = content.seller.name
      .split(' ')
      .slice(0, 2)
      .map((w) => w[0])
      .join('')
      .toUpperCase();
    pen.text(initials, x, 40, { size: 28, bold: true });
    return;
  }
  const colour = rgb(random.next() * 0.8, random.next() * 0.8, random.next() * 0.8);
  const y = pen.pageHeight - 95;
  if (random.chance(0.5)) pen.page.drawCircle({ x: x + 25, y: y + 25, size: 22, color: colour });
  else pen.page.drawRectangle({ x, y, width: 60, height: 45, color: colour, rotate: undefined });
}

function drawMeta(pen: Pen, content: SyntheticContent, layout: Layout, random: Random, x: number, top: number): void {
  const v = content.vocabulary;
  const rows: [string, string][] = [
    [random.pick(v.number[content.kind]), content.number],
    [random.pick(v.date[content.kind]), printDate(content.date, content.style)],
  ];
  if (content.secondDate) {
    const label = content.kind === 'purchase_order' ? random.pick(v.delivery) : random.pick(v.due);
    rows.push([label, printDate(content.secondDate, content.style)]);
  }
  rows.forEach(([label, value], i) => {
    if (layout.meta === 'below') {
      pen.text(label, x, top + i * 26, { size: 8, grey: true });
      pen.text(value, x, top + i * 26 + 10, { size: 10 });
    } else if (layout.meta === 'columns') {
      pen.text(label, x, top + i * 15, { size: 9, bold: true });
      pen.text(value, x + 200, top + i * 15, { size: 9, align: 'right' });
    } else {
      pen.text(`${label}: ${value}`, x, top + i * 15, { size: 9 });
    }
  });
}

/** The item table; returns where it ends. */
function drawTable(pen: Pen, content: SyntheticContent, layout: Layout, random: Random, top: number): number {
  const v = content.vocabulary;
  const heads = {
    description: random.pick(v.columns.description),
    quantity: random.pick(v.columns.quantity),
    unit_price: random.pick(v.columns.unit_price),
    amount: random.pick(v.columns.amount),
  };
  // Column anchors: the description left-aligned, the numbers right-aligned.
  const cols =
    layout.columns === 'description-first'
      ? { description: LEFT + 4, quantity: 330, unit_price: 440, amount: RIGHT - 4 }
      : { quantity: LEFT + 34, description: LEFT + 50, unit_price: 440, amount: RIGHT - 4 };
  const rowHeight = 18;
  const cell = (key: keyof typeof cols, text: string, y: number, bold = false) =>
    pen.text(text, cols[key], y, { size: 9, bold, align: key === 'description' ? 'left' : 'right' });
  (Object.keys(cols) as (keyof typeof cols)[]).forEach((key) => cell(key, heads[key], top + 4, true));
  content.rows.forEach((row, i) => {
    const y = top + (i + 1) * rowHeight + 4;
    cell('description', row.description, y);
    cell('quantity', quantityText(content, row.quantity), y);
    cell('unit_price', printMoney(row.unitPrice, content.style), y);
    cell('amount', printMoney(row.amount, content.style), y);
  });
  const bottom = top + (content.rows.length + 1) * rowHeight;
  if (layout.table !== 'plain') {
    pen.line(LEFT, top, RIGHT, top);
    pen.line(LEFT, top + rowHeight, RIGHT, top + rowHeight);
    pen.line(LEFT, bottom, RIGHT, bottom);
  }
  if (layout.table === 'grid') {
    for (let i = 2; i <= content.rows.length; i++) pen.line(LEFT, top + i * rowHeight, RIGHT, top + i * rowHeight, 0.3);
    const inner = layout.columns === 'description-first' ? [270, 345, 455] : [90, 345, 455];
    for (const x of [LEFT, ...inner, RIGHT]) pen.line(x, top, x, bottom, 0.3);
  }
  return bottom;
}

function drawTotals(pen: Pen, content: SyntheticContent, layout: Layout, random: Random, top: number): void {
  const v = content.vocabulary;
  const x = layout.totals === 'right' ? 360 : LEFT;
  const valueX = layout.totals === 'right' ? RIGHT - 4 : LEFT + 230;
  const lines: [string, number, boolean][] = [
    [random.pick(v.subtotal), content.subtotal, false],
    [`${random.pick(v.tax)}${random.chance(0.4) ? ` ${Math.round(content.taxRate * 100)}%` : ''}`, content.tax, false],
    [random.pick(v.total), content.total, true],
  ];
  lines.forEach(([label, value, bold], i) => {
    pen.text(label, x, top + i * 16, { size: bold ? 11 : 9, bold });
    pen.text(printMoney(value, content.style), valueX, top + i * 16, { size: bold ? 11 : 9, bold, align: 'right' });
  });
  if (layout.table !== 'plain') pen.line(x, top + 30, valueX + 4, top + 30, 0.8);
}
