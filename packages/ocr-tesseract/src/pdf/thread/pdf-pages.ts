/**
 * The PDF work a thread does (pdfjs on @napi-rs/canvas): opening with the limits checked, a page's
 * text layer or its picture for OCR, a page picture for the review screen, and page counting. Each
 * PDF's compressed streams are measured first (MAX_DECOMPRESSED_MB), before pdfjs parses anything;
 * a PDF opened for reading or for a page picture has its oversized JPEG images shrunk to what its
 * rendering can use (shrink-images.ts) before pdfjs sees it. Counting pages never decodes an image, and is left alone.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { DocumentLimits, Word } from '@intake/core';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';
import { checkInflated, checkPageCount, checkPdfPage } from '../../limits.js';
import { unreadable } from '../../unreadable.js';
import { pdfAttachments } from '../attachments.js';
import { drawsScan } from '../draws-scan.js';
import { inflatedSize } from '../inflated-size.js';
import { isOcrTextLayer } from '../ocr-text-layer.js';
import { openPdf, type OpenPdf } from '../open-pdf.js';
import { renderPage } from '../render-page.js';
import { shrinkOversizedImages } from '../shrink-images.js';
import { isUsableTextLayer, textLayerWords } from '../text-layer.js';
import type { OpenedPdf, OpenSettings, PagePicture, PdfPage, ScanPicture } from './protocol.js';

/** A PDF opened for reading, its limits checked. */
export interface ReadablePdf extends OpenPdf {
  settings: OpenSettings;
}

export async function openForReading(
  bytes: Uint8Array,
  settings: OpenSettings,
): Promise<{ readable: ReadablePdf; opened: OpenedPdf }> {
  checkInflated(await inflatedSize(bytes, settings.limits.maxDecompressedBytes), settings.limits);
  // Images far larger than the rendering can use are shrunk before pdfjs decodes any of them.
  const shrunk = await shrinkOversizedImages(bytes, {
    renderDpi: settings.renderDpi,
    maxPagePixels: settings.limits.maxPagePixels,
    maxImagePixels: settings.limits.maxImagePixels,
  });
  const { pdf, close } = await openPdf(shrunk.bytes, { maxImagePixels: settings.limits.maxImagePixels });
  try {
    await checkLimits(pdf, settings);
    const attachments = await pdfAttachments(pdf);
    return { readable: { pdf, close, settings }, opened: { pageCount: pdf.numPages, attachments } };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Page count from the page tree, each page's size from its dictionary: nothing is drawn or decoded
 * before the whole document is known to fit. Every page counts, text layer or not, so whether a
 * document is accepted never depends on what is drawn on it.
 */
async function checkLimits(pdf: PDFDocumentProxy, settings: OpenSettings): Promise<void> {
  checkPageCount(pdf.numPages, 'PDF', settings.limits);
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await damagedPage(number, () => pdf.getPage(number));
    const { width, height } = page.getViewport({ scale: 1 });
    checkPdfPage(number, width, height, settings.renderDpi, settings.limits);
  }
}

/**
 * Page `number`: its text layer where usable, otherwise a scan, drawn for OCR by renderScan once
 * the reader has a place for it at its page gate (not before: the picture is 35 MB of canvas for
 * an A4 page at 300 dpi, and the other engine's idle threads are released first).
 */
export async function readPage({ pdf, settings }: ReadablePdf, number: number): Promise<PdfPage> {
  const page = await damagedPage(number, () => pdf.getPage(number));
  try {
    const { width, height } = page.getViewport({ scale: 1 });
    const words = await damagedPage(number, () => textLayerWords(page));
    const use = await damagedPage(number, () => textLayerUse(page, words, settings));
    if (use !== 'none') return { kind: 'text', width, height, words, ...(use === 'ocr' ? { ocr: true } : {}) };
    return { kind: 'scan', width, height };
  } finally {
    page.cleanup();
  }
}

/** Page `number`'s picture for OCR (grey, at the reading's resolution within the pixel limit). */
export async function renderScan({ pdf, settings }: ReadablePdf, number: number): Promise<ScanPicture> {
  const page = await damagedPage(number, () => pdf.getPage(number));
  try {
    return await damagedPage(number, () => renderPage(page, settings.renderDpi, settings.limits.maxPagePixels));
  } finally {
    page.cleanup();
  }
}

/** Above this many words a page is a text page, whatever images it also shows. */
const PLENTY_OF_WORDS = 25;

/**
 * Whether the text layer is read: 'none' for one unusable, or a few stamped words on top of a
 * scan; 'ocr' for another program's invisible OCR under a scan (ocr-text-layer.ts), whose words
 * are read as an OCR'd page's; 'exact' otherwise.
 */
async function textLayerUse(
  page: PDFPageProxy,
  words: Word[],
  settings: OpenSettings,
): Promise<'none' | 'ocr' | 'exact'> {
  if (!isUsableTextLayer(words, settings.minTextLayerWords)) return 'none';
  if (words.length < PLENTY_OF_WORDS) return (await drawsScan(page)) ? 'none' : 'exact';
  return (await isOcrTextLayer(page)) ? 'ocr' : 'exact';
}

/** pdfjs fails on a broken page object or content stream with its own errors; those are the file's fault. */
async function damagedPage<T>(number: number, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw unreadable(
      `Page ${number} of the PDF is damaged and cannot be read`,
      'Export or scan the document again and send the new file',
      error,
    );
  }
}

/** Page count only: pdfjs reads the cross-reference table and the page tree, no content. */
export async function countPages(bytes: Uint8Array): Promise<number> {
  const { pdf, close } = await openPdf(bytes);
  try {
    return pdf.numPages;
  } finally {
    await close();
  }
}

/**
 * A PDF opened for page pictures `width` pixels wide: its compressed streams measured first, and
 * its oversized JPEGs shrunk to what a page at that width can show (as for reading, where pages are
 * drawn at 300 dpi), so that a 35-megapixel scan is not decoded whole for a picture 1000 pixels wide.
 */
export async function openForPicture(bytes: Uint8Array, width: number, limits: DocumentLimits): Promise<OpenPdf> {
  checkInflated(await inflatedSize(bytes, limits.maxDecompressedBytes), limits);
  const shrunk = await shrinkOversizedImages(bytes, {
    pageWidthPx: width,
    maxPagePixels: limits.maxPagePixels,
    maxImagePixels: limits.maxImagePixels,
  });
  return openPdf(shrunk.bytes, { maxImagePixels: limits.maxImagePixels });
}

/** Page `number` as a PNG `width` pixels wide (narrower if it would pass maxPagePixels); null past the last page. */
export async function pagePicture(
  bytes: Uint8Array,
  number: number,
  width: number,
  limits: DocumentLimits,
): Promise<PagePicture | null> {
  const { pdf, close } = await openForPicture(bytes, width, limits);
  try {
    if (number < 1 || number > pdf.numPages) return null;
    const page = await pdf.getPage(number);
    const unit = page.getViewport({ scale: 1 });
    // A page far taller than wide is drawn narrower rather than beyond the pixel limit.
    const scale = Math.min(width / unit.width, Math.sqrt(limits.maxPagePixels / (unit.width * unit.height)));
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
    // pdfjs' types expect a DOM context; @napi-rs/canvas implements the part pdfjs uses (as for OCR).
    await page.render({ canvas: null, canvasContext: canvas.getContext('2d') as never, viewport }).promise;
    // A copy the thread owns outright, so that it can be moved to the reader (a few hundred KB).
    const png = new Uint8Array(await canvas.encode('png'));
    return { png, width: canvas.width, height: canvas.height };
  } finally {
    await close();
  }
}
