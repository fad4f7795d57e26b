import { PDFDocument } from 'pdf-lib';
import type { FontChoice } from './layout.js';
import { createPen, embedFonts, type Pen } from './pen.js';
import type { EinvoicePage, EinvoiceSection } from './stranger-einvoice.js';

/**
 * An e-invoice's visualisation (stranger-einvoice.ts) drawn by pdf-lib, page after page as the
 * sections need, or written as HTML for Chromium: the same title, sections and pairs in both.
 */
const LEFT = 50;
const RIGHT = 545;
const MIDDLE = 305;
const BOTTOM = 800;
const STEP = 12;
const SIZE = 8.5;

export async function renderEinvoicePdf(page: EinvoicePage, font: FontChoice): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(pdf, font);
  const flow = { pen: createPen(pdf.addPage([595, 842]), fonts), top: 40 };
  // A section that would run past the foot starts a new page.
  const room = (height: number) => {
    if (flow.top + height <= BOTTOM) return;
    flow.pen = createPen(pdf.addPage([595, 842]), fonts);
    flow.top = 40;
  };
  flow.pen.text(page.title, LEFT, flow.top, { size: 18, bold: true });
  flow.pen.text(page.subtitle, LEFT, flow.top + 24, { size: 8, grey: true });
  flow.top += 48;
  const sections = page.sections;
  for (let i = 0; i < sections.length; i++) {
    const section = sections[i]!;
    const beside = section.column === 'left' && sections[i + 1]?.column === 'right' ? sections[++i] : undefined;
    const height = Math.max(sectionHeight(section), beside ? sectionHeight(beside) : 0);
    room(Math.min(height, 300));
    if (beside) {
      drawSection(flow.pen, page, section, LEFT, MIDDLE - 15, flow.top);
      drawSection(flow.pen, page, beside, MIDDLE, RIGHT, flow.top);
      flow.top += height + 10;
      continue;
    }
    flow.top = drawSection(flow.pen, page, section, LEFT, RIGHT, flow.top, room, () => flow) + 10;
  }
  return pdf.save({ useObjectStreams: false });
}

const sectionHeight = (s: EinvoiceSection) =>
  22 +
  s.pairs.length * STEP +
  (s.blocks ?? []).reduce((sum, b) => sum + (b.pairs.length + 1) * STEP + 6, 0) +
  (s.table ? (s.table.rows.length + 1) * 16 : 0);

/** A heading with a rule under it, then the pairs, blocks or table; returns the top under it. */
function drawSection(
  pen: Pen,
  page: EinvoicePage,
  section: EinvoiceSection,
  left: number,
  right: number,
  top: number,
  room?: (height: number) => void,
  flow?: () => { pen: Pen; top: number },
): number {
  pen.text(section.heading, left, top, { size: 11, bold: true });
  pen.line(left, top + 14, right, top + 14);
  let y = top + 20;
  const valueAt = left + Math.min(175, (right - left) * 0.42);
  const pair = (p: Pen, [label, value]: [string, string], at: number, x = left) => {
    if (page.pairs === 'inline') p.text(label ? `${label}: ${value}` : value, x, at, { size: SIZE });
    else {
      if (label) p.text(`${label}:`, x, at, { size: SIZE, grey: true });
      // A label wider than its column pushes its value right: they never touch.
      const end = label ? x + p.width(`${label}:`, SIZE) + 8 : 0;
      p.text(value, Math.max(valueAt + (x - left), end), at, { size: SIZE });
    }
  };
  for (const p of section.pairs) {
    pair(pen, p, y);
    y += STEP;
  }
  for (const block of section.blocks ?? []) {
    const height = (block.pairs.length + 1) * STEP + 6;
    if (room && flow) {
      flow().top = y;
      room(height);
      ({ pen, top: y } = flow());
    }
    pen.text(block.title, left, y, { size: SIZE, bold: true });
    y += STEP;
    for (const p of block.pairs) {
      pair(pen, p, y, left + 12);
      y += STEP;
    }
    y += 6;
  }
  if (section.table) {
    const { heads, rows } = section.table;
    const xs = [left, left + 30, left + 215, left + 285, left + 365, right];
    const cell = (text: string, col: number, at: number, bold = false) =>
      pen.text(text, xs[col]!, at, {
        size: col === 1 || col === 0 ? SIZE : 8,
        bold,
        align: col < 2 ? 'left' : 'right',
      });
    const short = (text: string, col: number) => {
      // A head wider than its column is cut at a word: viewers wrap or cut long business terms.
      const width = col < 2 ? 180 : 72;
      let t = text;
      while (pen.width(t, 8, true) > width && t.includes(' ')) t = t.slice(0, t.lastIndexOf(' '));
      return t;
    };
    heads.forEach((h, col) => cell(short(h, col), col, y, true));
    pen.line(left, y + 12, right, y + 12);
    y += 16;
    for (const row of rows) {
      row.forEach((text, col) => cell(text, col, y));
      y += 16;
    }
  }
  return y;
}

/** The same page as HTML for Chromium to print: sections as definition lists, blocks and a table. */
export function einvoiceHtml(page: EinvoicePage, font: string, size: number): string {
  const esc = (t: string) =>
    t.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const pairs = (list: readonly [string, string][]) =>
    page.pairs === 'inline'
      ? list.map(([l, v]) => `<div>${l ? `${esc(l)}: ` : ''}${esc(v)}</div>`).join('')
      : `<dl>${list.map(([l, v]) => `<dt>${l ? `${esc(l)}:` : ''}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;
  const section = (s: EinvoiceSection) =>
    `<section class="${s.column}"><h2>${esc(s.heading)}</h2>${pairs(s.pairs)}${(s.blocks ?? [])
      .map((b) => `<div class="block"><h3>${esc(b.title)}</h3>${pairs(b.pairs)}</div>`)
      .join('')}${
      s.table
        ? `<table><tr>${s.table.heads.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${s.table.rows
            .map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`)
            .join('')}</table>`
        : ''
    }</section>`;
  const body: string[] = [];
  for (let i = 0; i < page.sections.length; i++) {
    const s = page.sections[i]!;
    const next = page.sections[i + 1];
    if (s.column === 'left' && next?.column === 'right') {
      body.push(`<div class="row">${section(s)}${section(next)}</div>`);
      i++;
    } else body.push(section(s));
  }
  const family = /^(sans-serif|serif|monospace)$/.test(font) ? font : `'${font}'`;
  const css = `@page { size: A4; margin: 14mm 16mm; }
body { font-family: ${family}; font-size: ${size}px; color: #222; }
h1 { font-size: 24px; margin: 0; } .sub { color: #666; font-size: 0.85em; margin-bottom: 14px; }
h2 { font-size: 1.2em; border-bottom: 1px solid #444; margin: 12px 0 4px; }
h3 { font-size: 1em; margin: 6px 0 2px; }
.row { display: flex; gap: 28px; } .row section { flex: 1; }
dl { display: grid; grid-template-columns: 42% 58%; gap: 1px 8px; margin: 0; }
dt { color: #555; } dd { margin: 0; }
.block { padding-left: 12px; break-inside: avoid; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #999; padding: 2px 4px; } td:nth-child(n+3) { text-align: right; }`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body><h1>${esc(page.title)}</h1><div class="sub">${esc(page.subtitle)}</div>${body.join('')}</body></html>`;
}
