import { PDFDocument } from 'pdf-lib';
import type { SyntheticContent } from './document.js';
import type { Layout } from './layout.js';
import { createPen, embedFonts } from './pen.js';
import type { Random } from './random.js';
import { drawFullPage } from './render-page.js';
import { drawReceipt, RECEIPT_WIDTH, receiptHeight } from './render-receipt.js';

/**
 * The document as a one-page text PDF. No creation or modification date is written, so the same
 * content and layout give the same bytes.
 */
export async function renderPdf(content: SyntheticContent, layout: Layout, random: Random): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(pdf, layout.font);
  const receipt = content.kind === 'receipt';
  const page = pdf.addPage(receipt ? [RECEIPT_WIDTH, receiptHeight(content.rows.length)] : [595, 842]);
  const pen = createPen(page, fonts);
  if (receipt) drawReceipt(pen, content, layout, random);
  else drawFullPage(pen, content, layout, random);
  return pdf.save({ useObjectStreams: false });
}
