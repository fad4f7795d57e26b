// test-tier: no-ocr (its drawn scans only have their pages counted; every read is of a text layer)
import type { Word } from '@intake/core';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { sharedReader } from '../support/reader.js';
import { helveticaWidth, multiPageTiff, scanImage, textPdf, type PdfText } from './documents.js';

const reader = sharedReader();

// Drawn in an order unlike reading order: the bottom line first, a line's right part before its left.
const TEXTS: PdfText[] = [
  { text: 'Total 1,234.56', x: 400, y: 100, size: 14 },
  { text: 'Due', x: 300, y: 720, size: 12 },
  { text: 'Date 2024-03-15', x: 72, y: 700, size: 12 },
  { text: 'Invoice INV-2024-001', x: 72, y: 720, size: 12 },
];
const PAGE_HEIGHT = 792;

const find = (words: Word[], text: string): Word => {
  const word = words.find((w) => w.text === text);
  if (!word) throw new Error(`"${text}" not among ${words.map((w) => w.text).join(' ')}`);
  return word;
};

describe('PDF text layer', () => {
  it('yields every word with confidence 1 in reading order, without OCR', async () => {
    const document = await reader.read(await textPdf([TEXTS]), 'application/pdf');
    expect(document.mimeType).toBe('application/pdf');
    const [page] = document.pages;
    expect(page).toMatchObject({ number: 1, width: 612, height: 792, source: 'text_layer' });
    expect(page!.words.map((w) => w.text).join(' ')).toBe('Invoice INV-2024-001 Due Date 2024-03-15 Total 1,234.56');
    expect(page!.words.every((w) => w.confidence === 1)).toBe(true);
  });

  it('places each word box where pdf-lib drew it: points, origin top-left', async () => {
    const [page] = (await reader.read(await textPdf([TEXTS]), 'application/pdf')).pages;
    const words = page!.words;
    // Words inside one drawn run: their x comes from the run's start plus the widths before them.
    const cases = [
      { word: 'Invoice', x: 72, before: '', y: 720, size: 12 },
      { word: 'INV-2024-001', x: 72, before: 'Invoice ', y: 720, size: 12 },
      { word: 'Due', x: 300, before: '', y: 720, size: 12 },
      { word: '2024-03-15', x: 72, before: 'Date ', y: 700, size: 12 },
      { word: '1,234.56', x: 400, before: 'Total ', y: 100, size: 14 },
    ];
    for (const c of cases) {
      const box = find(words, c.word).bbox;
      const x0 = c.x + (await helveticaWidth(c.before, c.size));
      const x1 = x0 + (await helveticaWidth(c.word, c.size));
      const baseline = PAGE_HEIGHT - c.y;
      expect(box.x0, c.word).toBeCloseTo(x0, 0);
      expect(box.x1, c.word).toBeCloseTo(x1, 0);
      // Top between cap height and a full em above the baseline; bottom just below it (descenders).
      expect(box.y0, c.word).toBeGreaterThan(baseline - 1.1 * c.size);
      expect(box.y0, c.word).toBeLessThan(baseline - 0.65 * c.size);
      expect(box.y1, c.word).toBeGreaterThan(baseline);
      expect(box.y1, c.word).toBeLessThan(baseline + 0.35 * c.size);
    }
  });

  it('keeps boxes on the displayed page when the page is rotated', async () => {
    const doc = await PDFDocument.load(await textPdf([TEXTS]));
    doc.getPage(0).setRotation(degrees(90));
    const [page] = (await reader.read(await doc.save(), 'application/pdf')).pages;
    expect(page).toMatchObject({ width: 792, height: 612 });
    for (const { bbox } of page!.words) {
      expect(bbox.x0).toBeGreaterThanOrEqual(0);
      expect(bbox.x1).toBeLessThanOrEqual(792);
      expect(bbox.y1).toBeLessThanOrEqual(612);
    }
    // Rotated a quarter turn clockwise, text runs downwards: the page's words are now tall boxes.
    const invoice = find(page!.words, 'Invoice').bbox;
    expect(invoice.y1 - invoice.y0).toBeGreaterThan(invoice.x1 - invoice.x0);
    expect(find(page!.words, 'Invoice').turn?.degrees).toBe(-90);
  });

  it('tells which way turned text runs on the page, and leaves straight text unmarked', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([612, 792]);
    page.drawText('Invoice INV-7', { x: 72, y: 720, size: 12, font });
    page.drawText('Up the margin', { x: 30, y: 300, size: 8, font, rotate: degrees(90) });
    page.drawText('Down the margin', { x: 590, y: 600, size: 8, font, rotate: degrees(-90) });
    page.drawText('COPY', { x: 200, y: 300, size: 60, font, rotate: degrees(45) });
    const [read] = (await reader.read(await pdf.save(), 'application/pdf')).pages;
    const words = read!.words;
    expect(find(words, 'INV-7').turn).toBeUndefined();
    expect(find(words, 'Up').turn?.degrees).toBe(90);
    expect(find(words, 'Down').turn?.degrees).toBe(-90);
    // Across its direction a word is as tall as its face from descent to ascent.
    const copy = find(words, 'COPY');
    expect(copy.turn?.degrees).toBe(45);
    expect(copy.turn!.height).toBeGreaterThan(0.9 * 60);
    expect(copy.turn!.height).toBeLessThan(1.3 * 60);
    // The box encloses the turned word: "Up" runs upwards from its baseline's start.
    const up = find(words, 'Up').bbox;
    expect(up.y1).toBeCloseTo(792 - 300, 0);
    expect(up.y1 - up.y0).toBeCloseTo(await helveticaWidth('Up', 8), 0);
  });

  it('reads every page of a multi-page PDF in order', async () => {
    const pages = ['First', 'Second', 'Third'].map((n) => [{ text: `${n} page of three`, x: 72, y: 700, size: 12 }]);
    const document = await reader.read(await textPdf(pages), 'application/pdf');
    expect(document.pages.map((p) => `${p.number} ${p.source}: ${p.words.map((w) => w.text).join(' ')}`)).toEqual([
      '1 text_layer: First page of three',
      '2 text_layer: Second page of three',
      '3 text_layer: Third page of three',
    ]);
  });

  it('returns embedded files, e.g. the Factur-X XML, with safe names and content-based types', async () => {
    const xml = new TextEncoder().encode('<?xml version="1.0"?><rsm:CrossIndustryInvoice/>');
    const bytes = await textPdf(
      [TEXTS],
      [
        { name: 'factur-x.xml', bytes: xml, mimeType: 'text/xml' },
        { name: '../../etc/cron.d/evil.xml', bytes: xml, mimeType: 'text/xml' },
        { name: 'notes.bin', bytes: new Uint8Array([1, 2, 3]), mimeType: 'application/octet-stream' },
      ],
    );
    const { attachments } = await reader.read(bytes, 'application/pdf');
    expect(attachments.map((a) => [a.name, a.mimeType])).toEqual([
      ['factur-x.xml', 'application/xml'],
      ['evil.xml', 'application/xml'],
      ['notes.bin', undefined],
    ]);
    expect(Buffer.from(attachments[0]!.bytes).equals(Buffer.from(xml))).toBe(true);
  });
});

describe('inspect', () => {
  it('counts pages by type without reading text', async () => {
    const pdf = await textPdf([TEXTS, TEXTS]);
    const png = await scanImage([{ text: 'x', x: 10, y: 50, size: 20 }], 200, 100);
    const tiff = await multiPageTiff([png, png, png]);
    expect(await reader.inspect(pdf)).toEqual({ mimeType: 'application/pdf', pageCount: 2 });
    expect(await reader.inspect(png)).toEqual({ mimeType: 'image/png', pageCount: 1 });
    expect(await reader.inspect(tiff)).toEqual({ mimeType: 'image/tiff', pageCount: 3 });
  });

  it('never throws: unknown bytes have no type, a damaged PDF has 0 pages', async () => {
    expect(await reader.inspect(new TextEncoder().encode('hello, world'))).toEqual({ mimeType: null, pageCount: 0 });
    expect(await reader.inspect(new TextEncoder().encode('%PDF-1.7\nnot really a pdf'))).toEqual({
      mimeType: 'application/pdf',
      pageCount: 0,
    });
  });
});
