// test-tier: ocr (an invoice with a dark header band and a light grey footer band, rendered as a scan and read by tesseract)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { createTesseractReader } from '../../packages/ocr-tesseract/src/index.js';
import type { GreyImage } from '../../packages/ocr-tesseract/src/ocr/grey-image.js';
import { darkBars } from '../../packages/ocr-tesseract/src/ocr/reverse-print.js';
import { renderScan } from '../../packages/extraction-lab/src/corpus/make-scans.js';
import { seedOf } from '../../packages/extraction-lab/src/synthetic/random.js';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { repoRoot } from './documents.js';

/**
 * Invoicing programs print the seller's name and address white on a header or footer band: black,
 * a brand colour that scans to mid grey, or a light grey. Such a band holds several lines, and the
 * first reading of a scanned page reads none of them. Drawn here at 150 dpi with grain: a dark
 * band of three lines, a light grey band of two, two tinted table rows and a grey heading bar with
 * dark print, which the first reading reads, and a logo: none of them a band to read again.
 */
const pdfjsDir = path.dirname(
  createRequire(path.join(repoRoot, 'packages/ocr-tesseract/package.json')).resolve('pdfjs-dist/package.json'),
);
GlobalFonts.registerFromPath(path.join(pdfjsDir, 'standard_fonts/LiberationSans-Bold.ttf'), 'Liberation Sans Bold');
GlobalFonts.registerFromPath(path.join(pdfjsDir, 'standard_fonts/LiberationSans-Regular.ttf'), 'Liberation Sans');

const [WIDTH, HEIGHT] = [1240, 1754];
const SCALE = 150 / 72;

function bandedPage(): GreyImage {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const c = canvas.getContext('2d');
  c.fillStyle = '#ffffff';
  c.fillRect(0, 0, WIDTH, HEIGHT);
  const band = (y: number, height: number, fill: string, ink: string, lines: string[]) => {
    c.fillStyle = fill;
    c.fillRect(100, y, 1040, height);
    c.fillStyle = ink;
    c.font = '22px "Liberation Sans"';
    lines.forEach((line, i) => c.fillText(line, 140, y + 50 + 34 * i));
  };
  band(100, 170, '#1f2937', '#ffffff', ['Harbour Tools Ltd', '7 Quay Street', 'Leeds LS2 7EW']);
  band(1500, 130, '#b4b4b4', '#ffffff', ['Registered in England 0412345', 'VAT GB 123 4567 89']);
  band(600, 40, '#d2d2d2', '#111111', ['Drill bits, set of 12          2          24.00']);
  band(700, 40, '#eeeeee', '#111111', ['Safety gloves          5          15.00']);
  band(800, 40, '#bebebe', '#111111', ['Comments or Special Instructions']);
  // A logo: a dark square with a white word, as tall as a band of several lines but boxy.
  c.fillStyle = '#333333';
  c.fillRect(900, 950, 130, 130);
  c.fillStyle = '#ffffff';
  c.font = '16px "Liberation Sans"';
  c.fillText('ACME', 945, 1020);
  const rgba = c.getImageData(0, 0, WIDTH, HEIGHT).data;
  let seed = 5;
  const noise = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 30;
  const grey = new Uint8Array(WIDTH * HEIGHT);
  for (let i = 0; i < grey.length; i++) grey[i] = Math.max(0, Math.min(255, Math.round(rgba[i * 4]! + noise())));
  return { width: WIDTH, height: HEIGHT, pixels: grey };
}

describe('bands of light print of any grey and of several lines', () => {
  it('finds the dark and the light grey band, not the tinted rows, the heading with dark print or a logo', () => {
    const bars = darkBars(bandedPage(), SCALE).map((b) => ({ y0: Math.round(b.y0), y1: Math.round(b.y1) }));
    expect(bars).toHaveLength(2);
    const bands: [top: number, height: number][] = [
      [100, 170],
      [1500, 130],
    ];
    for (const [top, height] of bands)
      expect(bars.some((b) => Math.abs(b.y0 - top) <= 8 && Math.abs(b.y1 - (top + height)) <= 8)).toBe(true);
  });
});

/** An invoice with its seller on a dark header band and its registration on a light grey footer band. */
async function scannedInvoice(dir: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const [regular, bold] = [
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  ];
  const white = rgb(1, 1, 1);
  page.drawRectangle({ x: 0, y: 732, width: 595, height: 110, color: rgb(0.12, 0.16, 0.3) });
  page.drawText('Harbour Tools Ltd', { x: 300, y: 800, size: 14, font: bold, color: white });
  ['7 Quay Street', 'Leeds LS2 7EW', 'accounts@harbourtools.example'].forEach((t, i) =>
    page.drawText(t, { x: 300, y: 784 - 13 * i, size: 9, font: regular, color: white }),
  );
  const text = (t: string, x: number, y: number, size = 10, font = regular) => page.drawText(t, { x, y, size, font });
  text('INVOICE', 50, 690, 20, bold);
  text('Bill to', 50, 655, 10, bold);
  text('Northwind Traders', 50, 641);
  text('Invoice number', 330, 655);
  text('HT-20417', 460, 655);
  text('Invoice date', 330, 641);
  text('14/03/2025', 460, 641);
  text('Description', 50, 580, 10, bold);
  text('Amount', 500, 580, 10, bold);
  text('Socket set, 40 pieces', 50, 562);
  text('186.00', 545 - regular.widthOfTextAtSize('186.00', 10), 562);
  text('VAT 20%', 380, 520);
  text('37.20', 545 - regular.widthOfTextAtSize('37.20', 10), 520);
  text('Total', 380, 504, 10, bold);
  text('GBP 223.20', 545 - bold.widthOfTextAtSize('GBP 223.20', 10), 504, 10, bold);
  page.drawRectangle({ x: 0, y: 0, width: 595, height: 60, color: rgb(0.72, 0.72, 0.72) });
  page.drawText('Registered in England 0412345', { x: 50, y: 36, size: 9, font: regular, color: white });
  page.drawText('VAT GB 123 4567 89', { x: 50, y: 22, size: 9, font: regular, color: white });
  const pdf = path.join(dir, 'invoice.pdf');
  const scan = path.join(dir, 'invoice-scan.pdf');
  writeFileSync(pdf, await doc.save());
  await renderScan(pdf, scan, seedOf('reverse-print-bands'));
  return new Uint8Array(readFileSync(scan));
}

describe('a scanned invoice with its seller on a dark header band', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intake-reverse-bands-'));
  const reader = createTesseractReader({ languages: ['eng', 'deu'], workers: 1 });
  afterAll(async () => {
    await reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the bands, and the seller is extracted', async () => {
    const doc = await reader.read(await scannedInvoice(dir), 'application/pdf');
    const lines = buildLines(doc).map((l) => l.text);
    expect(lines).toContain('Harbour Tools Ltd');
    expect(lines.some((l) => l.includes('Leeds LS2 7EW'))).toBe(true);
    expect(lines.some((l) => l.includes('England 0412345'))).toBe(true);
    expect(lines).toContain('VAT GB 123 4567 89');
    const data = extractFields(doc, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
    expect(data.vendor_name).toBe('Harbour Tools Ltd');
  }, 180_000);
});
