/**
 * A PDF, page by page: the text layer where it is usable (exact and about a hundred times cheaper
 * than OCR), otherwise the page rendered and read by OCR; plus the files embedded in it.
 */
import type { DocumentPage, ReadDocument, Word } from '@intake/core';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';
import { mapPages } from '../map-pages.js';
import { ocrPage } from '../ocr/ocr-page.js';
import { lanes, type ReadContext } from '../read-context.js';
import { inReadingOrder } from '../reading-order.js';
import { unreadable } from '../unreadable.js';
import { checkPageCount, checkPdfPage } from '../limits.js';
import { pdfAttachments } from './attachments.js';
import { drawsScan } from './draws-scan.js';
import { openPdf } from './open-pdf.js';
import { renderPage } from './render-page.js';
import { isUsableTextLayer, textLayerWords } from './text-layer.js';

export async function readPdf(bytes: Uint8Array, context: ReadContext): Promise<ReadDocument> {
  const { pdf, close } = await openPdf(bytes, { maxImagePixels: context.limits.maxImagePixels });
  try {
    await checkLimits(pdf, context);
    const attachments = await pdfAttachments(pdf);
    const pages = await mapPages(pdf.numPages, lanes(context), context.signal, (index, signal) =>
      readPage(pdf, index + 1, context, signal),
    );
    return { mimeType: 'application/pdf', pages, attachments };
  } finally {
    await close();
  }
}

async function readPage(
  pdf: PDFDocumentProxy,
  number: number,
  context: ReadContext,
  signal: AbortSignal,
): Promise<DocumentPage> {
  const page = await damagedPage(number, signal, () => pdf.getPage(number));
  try {
    const { width, height } = page.getViewport({ scale: 1 });
    const words = await damagedPage(number, signal, () => textLayerWords(page));
    if (await damagedPage(number, signal, () => usesTextLayer(page, words, context))) {
      return { number, width, height, words: inReadingOrder(words), source: 'text_layer' };
    }
    const rendered = await damagedPage(number, signal, () =>
      renderPage(page, context.renderDpi, context.limits.maxPagePixels, signal),
    );
    const engine = context.enginePages === 'scans' ? context.engine : undefined;
    const input = { number, image: rendered.image, width, height, scale: rendered.scale };
    return await ocrPage(context.pool, input, signal, engine);
  } finally {
    page.cleanup();
  }
}

/**
 * Page count from the page tree, each page's size from its dictionary: nothing is drawn or decoded
 * before the whole document is known to fit. Every page counts, text layer or not, so whether a
 * document is accepted never depends on what is drawn on it.
 */
async function checkLimits(pdf: PDFDocumentProxy, context: ReadContext): Promise<void> {
  checkPageCount(pdf.numPages, 'PDF', context.limits);
  for (let number = 1; number <= pdf.numPages; number++) {
    context.signal?.throwIfAborted();
    const page = await pdf.getPage(number).catch((error: unknown) => {
      throw unreadable(
        `Page ${number} of the PDF is damaged and cannot be read`,
        'Export or scan the document again and send the new file',
        error,
      );
    });
    const { width, height } = page.getViewport({ scale: 1 });
    checkPdfPage(number, width, height, context.renderDpi, context.limits);
  }
}

/** Above this many words a page is a text page, whatever images it also shows. */
const PLENTY_OF_WORDS = 25;

/** A usable text layer wins, unless it is a few stamped words on top of a scan. */
async function usesTextLayer(page: PDFPageProxy, words: Word[], context: ReadContext): Promise<boolean> {
  if (!isUsableTextLayer(words, context.minTextLayerWords)) return false;
  return words.length >= PLENTY_OF_WORDS || !(await drawsScan(page));
}

/**
 * pdfjs fails on a broken page object or content stream with its own errors; those are the file's
 * fault. An abort is not, and OCR failures are left as they are (they are the machine's).
 */
async function damagedPage<T>(number: number, signal: AbortSignal, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    signal.throwIfAborted();
    throw unreadable(
      `Page ${number} of the PDF is damaged and cannot be read`,
      'Export or scan the document again and send the new file',
      error,
    );
  }
}

/** Page count only: pdfjs reads the cross-reference table and the page tree, no content. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const { pdf, close } = await openPdf(bytes);
  try {
    return pdf.numPages;
  } finally {
    await close();
  }
}
