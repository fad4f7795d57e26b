// test-tier: ocr (a purchase order rendered as a scan and read by tesseract)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { createTesseractReader } from '../../packages/ocr-tesseract/src/index.js';
import type { GreyImage } from '../../packages/ocr-tesseract/src/ocr/grey-image.js';
import { barReader } from '../../packages/ocr-tesseract/src/ocr/ocr-page.js';
import { darkBars, readDarkBars } from '../../packages/ocr-tesseract/src/ocr/reverse-print.js';
import { OcrWorkerPool } from '../../packages/ocr-tesseract/src/ocr/worker-pool.js';
import { renderScan } from '../../packages/extraction-lab/src/corpus/make-scans.js';
import { seedOf } from '../../packages/extraction-lab/src/synthetic/random.js';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { repoRoot } from './documents.js';

/**
 * Forms print headings white on dark bars ("VENDOR", an item table's column heads), which
 * tesseract's first reading of a scanned page turns into noise; the reader finds the bars
 * (reverse-print.ts) and reads them again inverted. Drawn here: a purchase order's top as a
 * 150 dpi scan (grain, grey bars as office templates print them), with a bold dark heading, a
 * thick rule and a black box without print beside the bars, none of which is a bar to read.
 */
const pdfjsDir = path.dirname(
  createRequire(path.join(repoRoot, 'packages/ocr-tesseract/package.json')).resolve('pdfjs-dist/package.json'),
);
GlobalFonts.registerFromPath(path.join(pdfjsDir, 'standard_fonts/LiberationSans-Bold.ttf'), 'Liberation Sans Bold');
GlobalFonts.registerFromPath(path.join(pdfjsDir, 'standard_fonts/LiberationSans-Regular.ttf'), 'Liberation Sans');

const [WIDTH, HEIGHT] = [1240, 1754];

function orderTop(): GreyImage {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const c = canvas.getContext('2d');
  c.fillStyle = '#ffffff';
  c.fillRect(0, 0, WIDTH, HEIGHT);
  const bar = (x: number, y: number, w: number, texts: [string, number][]) => {
    c.fillStyle = '#4c4c4c';
    c.fillRect(x, y, w, 34);
    c.fillStyle = '#ffffff';
    c.font = '19px "Liberation Sans Bold"';
    for (const [text, tx] of texts) c.fillText(text, tx, y + 24);
  };
  bar(100, 200, 460, [['VENDOR', 120]]);
  c.fillStyle = '#111111';
  c.font = '20px "Liberation Sans"';
  c.fillText('Relecloud', 104, 270);
  c.fillText('7595 Technology Way', 104, 300);
  bar(100, 400, 1040, [
    ['DESCRIPTION', 300],
    ['QTY', 700],
    ['UNIT PRICE', 820],
    ['TOTAL', 1020],
  ]);
  c.fillStyle = '#111111';
  c.font = '20px "Liberation Sans"';
  c.fillText('Landing Assembly', 110, 470);
  c.fillText('100', 705, 470);
  c.fillText('8.00', 850, 470);
  c.fillText('800.00', 1030, 470);
  // Not bars: a bold dark heading, a thick rule, a black box with nothing printed on it.
  c.font = '22px "Liberation Sans Bold"';
  c.fillText('Comments or Special Instructions', 100, 640);
  c.fillRect(100, 700, 1040, 6);
  c.fillRect(900, 760, 200, 60);
  const rgba = c.getImageData(0, 0, WIDTH, HEIGHT).data;
  // Deterministic grain, as a scanner's.
  let seed = 11;
  const noise = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 30;
  const grey = new Uint8Array(WIDTH * HEIGHT);
  for (let i = 0; i < grey.length; i++) grey[i] = Math.max(0, Math.min(255, Math.round(rgba[i * 4]! + noise())));
  return { width: WIDTH, height: HEIGHT, pixels: grey };
}

// The drawing is 150 dpi: 150/72 pixels per point.
const SCALE = 150 / 72;
const form = orderTop();

describe('light print on dark bars of a scanned page', () => {
  it('finds the two bars with print, not a bold heading, a rule or a box without print', () => {
    const bars = darkBars(form, SCALE).map((b) => ({ y0: Math.round(b.y0), y1: Math.round(b.y1) }));
    expect(bars).toHaveLength(2);
    for (const top of [200, 400])
      expect(bars.some((b) => Math.abs(b.y0 - top) <= 8 && Math.abs(b.y1 - (top + 34)) <= 8)).toBe(true);
  });
});

/**
 * An order's headings as the reader renders a scanned page (300 dpi): four bars, 16 pt tall with
 * 9 pt bold heads, the item table's first row printed right under its heading bar, scanner grain.
 */
const FORM_SCALE = 300 / 72;
const HEADINGS: [x: number, y: number, width: number, heads: [string, number][]][] = [
  [36, 60, 250, [['VENDOR', 44]]],
  [310, 60, 250, [['SHIP TO', 318]]],
  [
    36,
    170,
    524,
    [
      ['REQUISITIONER', 50],
      ['SHIP VIA', 190],
      ['DELIVERY', 300],
      ['SHIPPING TERMS', 430],
    ],
  ],
  [
    36,
    240,
    524,
    [
      ['ITEM #', 56],
      ['DESCRIPTION', 176],
      ['QTY', 336],
      ['UNIT PRICE', 396],
      ['TOTAL', 496],
    ],
  ],
];

function orderHeadings(): GreyImage {
  const pt = (v: number) => Math.round(v * FORM_SCALE);
  const [width, height] = [pt(612), pt(320)];
  const canvas = createCanvas(width, height);
  const c = canvas.getContext('2d');
  c.fillStyle = '#ffffff';
  c.fillRect(0, 0, width, height);
  for (const [x, y, w, heads] of HEADINGS) {
    c.fillStyle = '#4c4c4c';
    c.fillRect(pt(x), pt(y), pt(w), pt(16));
    c.fillStyle = '#ffffff';
    c.font = `${pt(9)}px "Liberation Sans Bold"`;
    for (const [head, hx] of heads) c.fillText(head, pt(hx), pt(y + 11.5));
  }
  c.fillStyle = '#111111';
  c.font = `${pt(10)}px "Liberation Sans"`;
  for (const [text, x] of [
    ['LA-10002', 40],
    ['Landing Assembly, Type I', 130],
    ['100', 340],
    ['8.00', 410],
    ['800.00', 500],
  ] as const)
    c.fillText(text, pt(x), pt(266));
  const rgba = c.getImageData(0, 0, width, height).data;
  let seed = 7;
  const noise = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 30;
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = Math.max(0, Math.min(255, Math.round(rgba[i * 4]! + noise())));
  return { width, height, pixels: grey };
}

describe('the dark bars of a page read again', () => {
  const pool = new OcrWorkerPool({ size: 1, languages: ['eng', 'deu'], dpi: 300 });
  afterAll(() => pool.close());

  it('reads every bar, one line each, each word put back on its own bar', async () => {
    const image = orderHeadings();
    const bars = darkBars(image, FORM_SCALE);
    expect(bars).toHaveLength(HEADINGS.length);
    let calls = 0;
    const read = barReader(pool, undefined);
    const words = await readDarkBars(image, FORM_SCALE, [], (bar, lines) => {
      calls++;
      return read(bar, lines);
    });
    expect(calls).toBe(HEADINGS.length);
    const inside = (w: (typeof words)[number], [x, y, width]: (typeof HEADINGS)[number]) => {
      const [cx, cy] = [(w.bbox.x0 + w.bbox.x1) / 2, (w.bbox.y0 + w.bbox.y1) / 2];
      return cx >= x && cx <= x + width && cy >= y && cy <= y + 16;
    };
    // Every word on a bar, and each bar's words its heads in order ("#" holds no letter or digit).
    expect(words.filter((w) => !HEADINGS.some((h) => inside(w, h)))).toEqual([]);
    const read4 = HEADINGS.map((h) =>
      words
        .filter((w) => inside(w, h))
        .sort((a, b) => a.bbox.x0 - b.bbox.x0)
        .map((w) => w.text)
        .join(' '),
    );
    expect(read4).toEqual(HEADINGS.map(([, , , heads]) => heads.map(([head]) => head.replace(' #', '')).join(' ')));
  }, 60_000);
});

/**
 * A purchase order as the evaluation's scans render it (150 dpi grey, turned 0.7 degrees, grain,
 * JPEG): its supplier heading and item table heading printed white on grey bars, as an office
 * template prints them. Without the bars read again, the first reading leaves the "VENDOR"
 * heading out and reads the table's heading as noise, and the supplier and the items go unread.
 */
async function scannedOrder(dir: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const [regular, bold] = [
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  ];
  const grey = rgb(0.3, 0.3, 0.3);
  const text = (t: string, x: number, y: number, size = 10, font = regular) => page.drawText(t, { x, y, size, font });
  text('Contoso Electronics', 50, 740, 16);
  text('3800 148th Ave NE, Redmond, WA 98052', 50, 722);
  text('PURCHASE ORDER', 400, 740, 18, bold);
  text('DATE', 420, 710);
  text('8/12/2019', 480, 710);
  text('PO #', 420, 695);
  text('190195', 480, 695);
  const bar = (x: number, y: number, width: number, heads: [string, number][]) => {
    page.drawRectangle({ x, y, width, height: 16, color: grey });
    for (const [head, hx] of heads)
      page.drawText(head, { x: hx, y: y + 4.5, size: 9, font: bold, color: rgb(1, 1, 1) });
  };
  bar(50, 640, 230, [['VENDOR', 60]]);
  bar(330, 640, 230, [['SHIP TO', 340]]);
  ['Relecloud', 'Enrico Cattaneo', '7595 Technology Way #400', 'Denver, CO 80237'].forEach((t, i) =>
    text(t, 52, 624 - 14 * i),
  );
  ['Johanna Lorenz', 'Contoso Electronics', '21930 SE 51st St', 'Issaquah, WA 98029'].forEach((t, i) =>
    text(t, 332, 624 - 14 * i),
  );
  bar(50, 520, 510, [
    ['ITEM #', 70],
    ['DESCRIPTION', 190],
    ['QTY', 350],
    ['UNIT PRICE', 410],
    ['TOTAL', 510],
  ]);
  const rows: [string, string, string, string, string][] = [
    ['LA-10002', 'Landing Assembly, Type I', '100', '8.00', '800.00'],
    ['LAR-1007', 'LA Retractor, Type I', '100', '13.00', '1,300.00'],
    ['SS1-1005', 'Side Stabilizer, Type I', '112', '3.00', '336.00'],
  ];
  rows.forEach(([item, description, qty, price, total], i) => {
    const y = 504 - 16 * i;
    text(item, 55, y);
    text(description, 140, y);
    text(qty, 352, y);
    text(price, 530 - regular.widthOfTextAtSize(price, 10) - 40, y);
    text(total, 555 - regular.widthOfTextAtSize(total, 10), y);
  });
  text('SUBTOTAL', 400, 420);
  text('2,436.00', 555 - regular.widthOfTextAtSize('2,436.00', 10), 420);
  text('TOTAL', 400, 400, 10, bold);
  text('$2,436.00', 555 - bold.widthOfTextAtSize('$2,436.00', 10), 400, 10, bold);
  const pdf = path.join(dir, 'order.pdf');
  const scan = path.join(dir, 'order-scan.pdf');
  writeFileSync(pdf, await doc.save());
  await renderScan(pdf, scan, seedOf('reverse-print-order'));
  return new Uint8Array(readFileSync(scan));
}

describe('a scanned purchase order with its headings on dark bars', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intake-reverse-print-'));
  const reader = createTesseractReader({ languages: ['eng', 'deu'], workers: 1 });
  afterAll(async () => {
    await reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is read with its headings, and its supplier and items are extracted', async () => {
    // Its words' trigrams take it for Spanish; read again in Spanish, tesseract is less sure of it
    // than of its first reading (whose "QTY" the Spanish one reads "aTY"), which it keeps.
    const doc = await reader.read(await scannedOrder(dir), 'application/pdf');
    const lines = buildLines(doc).map((l) => l.text);
    expect(lines.find((l) => l.includes('VENDOR'))).toMatch(/^VENDOR\b/);
    expect(lines.find((l) => l.includes('DESCRIPTION'))).toMatch(/DESCRIPTION\s+QTY\s+UNIT PRICE\s+TOTAL/);
    const data = extractFields(doc, [...RECOMMENDED_FIELDS.purchase_order], {
      documentType: 'purchase_order',
    }).extracted_data;
    expect(data.supplier_name).toBe('Relecloud');
    // The quantity, price and amount columns come from the heading read on the bar. (The names lose
    // their first word, printed left of the centred "DESCRIPTION", to the item number's column.)
    expect(data.line_items).toEqual([
      { description: expect.stringContaining('Assembly, Type'), quantity: 100, unit_price: 8, amount: 800 },
      { description: expect.stringContaining('Retractor, Type'), quantity: 100, unit_price: 13, amount: 1300 },
      { description: expect.stringContaining('Stabilizer, Type'), quantity: 112, unit_price: 3, amount: 336 },
    ]);
  }, 180_000);
});
