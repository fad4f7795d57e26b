import { extractFields, RECOMMENDED_FIELDS, type EmbeddedFile, type ReadDocument, type Word } from '@intake/core';

/**
 * Builds ReadDocuments by hand for unit tests: text placed at x/y positions on an A4-sized page
 * (595 x 842 points), split into words 6 points per character wide and 10 points high, the way
 * a PDF text layer reports them.
 */

export interface Placed {
  x: number;
  y: number;
  text: string;
  /** OCR confidence of the words (1 for a text layer). */
  confidence?: number;
  /** Height of the words' boxes (10 points unless given). */
  height?: number;
  /**
   * Degrees the text runs counterclockwise (Word.turn): from (x, y), the top of its first letter in
   * its own frame, along that direction; each word's box then encloses its turned rectangle.
   */
  turn?: number;
}

const CHAR_WIDTH = 6;
const HEIGHT = 10;

export function page(
  items: Placed[],
  options: { width?: number; height?: number; source?: 'text_layer' | 'ocr' } = {},
) {
  return { items, ...options };
}

export function doc(pages: ReturnType<typeof page>[] | Placed[], attachments: EmbeddedFile[] = []): ReadDocument {
  const list = isPlacedList(pages) ? [page(pages)] : pages;
  return {
    mimeType: 'application/pdf',
    attachments,
    pages: list.map((p, i) => ({
      number: i + 1,
      width: p.width ?? 595,
      height: p.height ?? 842,
      source: p.source ?? 'text_layer',
      words: p.items.flatMap(words),
    })),
  };
}

/** Lines of text one under the other from (x, y), 14 points apart. */
export function lines(x: number, y: number, texts: string[]): Placed[] {
  return texts.map((text, i) => ({ x, y: y + i * 14, text }));
}

/** An invoice's fields, extracted as an invoice (the recommended set), from placed text. */
export const extractInvoice = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;

/** One item row under its headings and the total under it, labelled `total` (no parties, no number). */
export const oneItemTable = (total: string): Placed[] => [
  { x: 65, y: 200, text: 'Description' },
  { x: 470, y: 200, text: 'Amount' },
  { x: 65, y: 220, text: 'Server hosting' },
  { x: 500, y: 220, text: '750.00' },
  { x: 400, y: 250, text: total },
  { x: 500, y: 250, text: '750.00' },
];

/** A Dutch invoice's title, one item under its headings and its totals (1.185,00 + 21% BTW = 1.433,85 €). */
export const dutchItemAndTotals = (item: string): Placed[] => [
  { x: 50, y: 210, text: 'FACTUUR RE56028' },
  { x: 50, y: 240, text: 'Omschrijving' },
  { x: 400, y: 240, text: 'Bedrag' },
  { x: 50, y: 256, text: item },
  { x: 400, y: 256, text: '1.185,00' },
  { x: 330, y: 290, text: 'Subtotaal' },
  { x: 430, y: 290, text: '1.185,00 €' },
  { x: 330, y: 304, text: 'BTW 21%' },
  { x: 430, y: 304, text: '248,85 €' },
  { x: 330, y: 318, text: 'Totaal te betalen' },
  { x: 430, y: 318, text: '1.433,85 €' },
];

/** An invoice's number and date in the right column, one row and its totals (no parties). */
export const invoiceBody: Placed[] = [
  { x: 340, y: 110, text: 'Invoice No.' },
  { x: 470, y: 110, text: 'INV-2024-0042' },
  { x: 340, y: 125, text: 'Invoice Date' },
  { x: 470, y: 125, text: '2024-03-08' },
  { x: 50, y: 300, text: 'Description' },
  { x: 330, y: 300, text: 'Qty' },
  { x: 440, y: 300, text: 'Amount' },
  { x: 50, y: 318, text: 'Desk lamp' },
  { x: 330, y: 318, text: '2' },
  { x: 440, y: 318, text: '80.00' },
  { x: 380, y: 350, text: 'Subtotal' },
  { x: 470, y: 350, text: '80.00' },
  { x: 380, y: 366, text: 'VAT' },
  { x: 470, y: 366, text: '16.00' },
  { x: 380, y: 382, text: 'Total' },
  { x: 470, y: 382, text: '96.00' },
];

function words(item: Placed): Word[] {
  if (item.turn !== undefined) return turnedWords(item, item.turn);
  const result: Word[] = [];
  for (const m of item.text.matchAll(/\S+/g)) {
    const x0 = item.x + m.index * CHAR_WIDTH;
    result.push({
      text: m[0],
      bbox: { x0, y0: item.y, x1: x0 + m[0].length * CHAR_WIDTH, y1: item.y + (item.height ?? HEIGHT) },
      confidence: item.confidence ?? 1,
    });
  }
  return result;
}

/** Words of text turned `degrees`: along is (cos, -sin) on a page whose y points down, down across it (sin, cos). */
function turnedWords(item: Placed, degrees: number): Word[] {
  const radians = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const height = item.height ?? HEIGHT;
  return [...item.text.matchAll(/\S+/g)].map((m) => {
    const corners = [m.index, m.index + m[0].length].flatMap((chars) =>
      [0, height].map((down) => [
        item.x + chars * CHAR_WIDTH * cos + down * sin,
        item.y - chars * CHAR_WIDTH * sin + down * cos,
      ]),
    );
    const xs = corners.map(([x]) => x!);
    const ys = corners.map(([, y]) => y!);
    return {
      text: m[0],
      bbox: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
      confidence: item.confidence ?? 1,
      turn: { degrees, height },
    };
  });
}

function isPlacedList(value: ReturnType<typeof page>[] | Placed[]): value is Placed[] {
  return value.length === 0 || 'text' in value[0]!;
}

export function xmlAttachment(name: string, xml: string): EmbeddedFile {
  return { name, mimeType: 'text/xml', bytes: new TextEncoder().encode(xml) };
}

/**
 * The merchant name extracted from a receipt photo's head: `head` (name, address, phone) printed
 * from the top as OCR'd lines, then a title, a date and a total under them.
 */
export function ocrReceiptMerchant(head: string[], date = '02/02/17'): unknown {
  const items: Placed[] = [
    ...head.map((text, i) => ({ x: 40, y: 40 + 14 * i, text })),
    { x: 40, y: 100, text: 'TAX INVOICE' },
    { x: 40, y: 114, text: `Date: ${date}` },
    { x: 40, y: 128, text: 'TOTAL 12.50' },
  ];
  const receipt = doc([page(items, { source: 'ocr' })]);
  return extractFields(receipt, [...RECOMMENDED_FIELDS.receipt], { documentType: 'receipt' }).extracted_data
    .merchant_name;
}

/**
 * A one-page invoice (seller block, one item row, subtotal, VAT and total) with `head` placed
 * between the seller and the table: the labelled values a test is about. Every word is read at
 * 0.96 from OCR (or at the confidence it is placed with), or at 1 from a text layer.
 */
export function cappedInvoice(
  head: Placed[],
  extra: Placed[] = [],
  source: 'ocr' | 'text_layer' = 'text_layer',
): ReadDocument {
  const items: Placed[] = [
    ...lines(50, 40, ['Atlas Consulting Ltd', '5 High Street', 'Bristol BS1 5TR']),
    ...head,
    { x: 50, y: 270, text: 'Description' },
    { x: 480, y: 270, text: 'Amount' },
    { x: 50, y: 288, text: 'Consulting hours' },
    { x: 480, y: 288, text: '200.00' },
    ...lines(400, 320, ['Subtotal', 'VAT', 'Total']),
    ...lines(480, 320, ['200.00', '40.00', '240.00']),
    ...extra,
  ];
  return doc([
    page(
      items.map((item) => ({ ...item, confidence: source === 'ocr' ? (item.confidence ?? 0.96) : 1 })),
      { source },
    ),
  ]);
}

/** The recommended fields extracted with and without the evidence caps: their confidences and the values. */
export function extractWithAndWithoutCaps(
  document: ReadDocument,
  type: 'invoice' | 'receipt' | 'purchase_order' = 'invoice',
) {
  const fields = [...RECOMMENDED_FIELDS[type]];
  const capped = extractFields(document, fields, { documentType: type });
  const free = extractFields(document, fields, { documentType: type, evidenceCaps: false });
  return { capped: capped.confidence, free: free.confidence, values: capped.extracted_data };
}
