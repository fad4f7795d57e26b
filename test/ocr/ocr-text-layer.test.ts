/**
 * A scan carrying another program's OCR as invisible text (what scanners, ABBYY, Adobe's "Recognize
 * text" and ocrmypdf write): its words are read as an OCR'd page's, not as an exact text layer. A
 * PDF made here with pdf-lib, the text set in rendering mode 3 over a page-filling picture.
 */
import {
  PDFDocument,
  StandardFonts,
  TextRenderingMode,
  popGraphicsState,
  pushGraphicsState,
  setTextRenderingMode,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isOcrTextLayer } from '../../packages/ocr-tesseract/src/pdf/ocr-text-layer.js';
import { openPdf } from '../../packages/ocr-tesseract/src/pdf/open-pdf.js';
import { sharedReader } from '../support/reader.js';
import { INVOICE_SCAN, scanImage } from './documents.js';

const reader = sharedReader();

/** Another program's reading of INVOICE_SCAN, with its misreads ("4B213", "1,234.S6"), 28 words. */
const MISREAD = [
  'ACME SUPPL1ES LIM1TED Invoice number 4B213 Date 2024-03-1S Total due 1,234.S6',
  'Thank you for your order and your trust in our work over the years',
  'Payable within thirty days of the invoice date',
];

interface Sandwich {
  /** The scan drawn over the whole page (else a text page without a picture). */
  picture: boolean;
  /** How the lines of MISREAD are drawn: invisible (mode 3) or filled, as a text PDF draws them. */
  mode: TextRenderingMode;
  /** A line of visible text added after the invisible one (a page number a program stamps). */
  stamp?: string;
}

async function sandwichPdf({ picture, mode, stamp }: Sandwich): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595.28, 841.89]);
  if (picture) {
    const image = await doc.embedPng(await scanImage(INVOICE_SCAN));
    page.drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
  }
  page.pushOperators(pushGraphicsState(), setTextRenderingMode(mode));
  MISREAD.forEach((line, i) => page.drawText(line, { x: 48, y: 780 - 40 * i, size: 10, font }));
  page.pushOperators(popGraphicsState());
  if (stamp) page.drawText(stamp, { x: 280, y: 20, size: 9, font });
  return doc.save();
}

async function firstPageIsOcrLayer(bytes: Uint8Array): Promise<boolean> {
  const { pdf, close } = await openPdf(bytes);
  try {
    return await isOcrTextLayer(await pdf.getPage(1));
  } finally {
    await close();
  }
}

describe('a text layer another program OCRed', () => {
  it('is told from text drawn visibly, and from invisible text without a scan under it', async () => {
    const invisible = TextRenderingMode.Invisible;
    expect(await firstPageIsOcrLayer(await sandwichPdf({ picture: true, mode: invisible }))).toBe(true);
    expect(await firstPageIsOcrLayer(await sandwichPdf({ picture: true, mode: invisible, stamp: '1/1' }))).toBe(true);
    expect(await firstPageIsOcrLayer(await sandwichPdf({ picture: true, mode: TextRenderingMode.Fill }))).toBe(false);
    expect(await firstPageIsOcrLayer(await sandwichPdf({ picture: false, mode: invisible }))).toBe(false);
  });

  it("gives the other program's words as an OCR'd page's", async () => {
    const bytes = await sandwichPdf({ picture: true, mode: TextRenderingMode.Invisible });
    const [page] = (await reader.read(bytes, 'application/pdf')).pages;
    expect(page!.source).toBe('ocr');
    expect(page!.words.map((w) => w.text)).toContain('4B213');
  });

  it('is kept as the text layer when the same words are drawn over a picture', async () => {
    const [page] = (
      await reader.read(await sandwichPdf({ picture: true, mode: TextRenderingMode.Fill }), 'application/pdf')
    ).pages;
    expect(page!.source).toBe('text_layer');
    expect(page!.words.map((w) => w.text)).toContain('4B213');
  });
});
