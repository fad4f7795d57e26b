/**
 * A PDF, page by page: the text layer where it is usable (exact and about a hundred times cheaper
 * than OCR), otherwise the page rendered, once the OCR page gate has a place for it, and read by
 * OCR; plus the files embedded in it. pdfjs runs
 * in a PDF thread (see thread/pdf-threads.ts), held from opening to closing; this thread only hands
 * rendered pages to OCR. Opening the document (its thread started for it where the slot has none,
 * pdfjs loaded, the document parsed) is a step of the reader's memory gate: it waits there while
 * the budget has no room for it beside the pages being read; once open, the document holds memory
 * at the gate until it is closed, and its pages go ahead of others waiting for memory.
 */
import type { DocumentPage, ReadDocument } from '@intake/core';
import { mapPages } from '../map-pages.js';
import { ocrPage } from '../ocr/ocr-page.js';
import type { GateHold, GateLane } from '../ocr/page-gate.js';
import { lanes, type ReadContext } from '../read-context.js';
import { inReadingOrder } from '../reading-order.js';
import type { OpenedPdf, PdfPage, ScanPicture } from './thread/protocol.js';
import type { PdfCall } from './thread/pdf-threads.js';

let nextDocument = 0;

/**
 * Opening a PDF, at the memory gate. Its cost is not learned: one text PDF's opening says nothing
 * of the next scan's (its parse, its picture shrunk), and a cost learned from cheap openings let
 * several PDFs open beside OCR pages and wait there holding their threads (docs/resources.md).
 */
const OPENING: GateLane = { varies: true };

export async function readPdf(bytes: Uint8Array, context: ReadContext): Promise<ReadDocument> {
  const { renderDpi, minTextLayerWords, limits } = context;
  return context.pdf.run(context.signal, async (call) => {
    const doc = nextDocument++;
    const open = () => call({ op: 'open', doc, bytes, settings: { limits, renderDpi, minTextLayerWords } });
    const opened = (await context.gate.step(context.signal, open, OPENING)) as OpenedPdf;
    const hold = context.gate.hold();
    try {
      const pages = await mapPages(opened.pageCount, lanes(context), context.signal, (index, signal) =>
        readPage(call, doc, index + 1, context, signal, hold),
      );
      return { mimeType: 'application/pdf', pages, attachments: opened.attachments };
    } finally {
      // A thread ended by an abort or a budget has nothing left to close.
      await call({ op: 'close', doc }).catch(() => undefined);
      hold.release();
    }
  });
}

async function readPage(
  call: PdfCall,
  doc: number,
  number: number,
  context: ReadContext,
  signal: AbortSignal,
  hold: GateHold,
): Promise<DocumentPage> {
  const page = (await call({ op: 'page', doc, number })) as PdfPage;
  signal.throwIfAborted();
  const { width, height } = page;
  if (page.kind === 'text') {
    // Another program's OCR under a scan has OCR's misreads: it is read as an OCR'd page.
    const source = page.ocr ? 'ocr' : 'text_layer';
    return { number, width, height, words: inReadingOrder(page.words), source };
  }
  const engine = context.enginePages === 'scans' ? context.engine : undefined;
  return ocrPage(
    context.pool,
    // A scanned page: a local threshold (see OcrPageInput.binarisation).
    { number, width, height, binarisation: 'local' },
    async () => (await call({ op: 'render', doc, number })) as ScanPicture,
    signal,
    engine,
    context.gate,
    hold,
  );
}

/** Page count only, in a PDF thread: pdfjs reads the cross-reference table and the page tree, no content. */
export async function pdfPageCount(bytes: Uint8Array, context: Pick<ReadContext, 'pdf'>): Promise<number> {
  return (await context.pdf.run(undefined, (call) => call({ op: 'count', bytes }))) as number;
}
