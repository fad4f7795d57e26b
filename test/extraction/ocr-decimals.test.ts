import { describe, expect, it } from 'vitest';
import type { ReadDocument, Word } from '@intake/core';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { doc, page, type Placed } from './synthetic.js';

/**
 * Amounts whose decimals OCR set apart after the comma or point ("TOTAL 59, 06", "€991, 07"),
 * joined on OCR'd lines, or whose separators OCR read alike ("£2.074.20": layout/ocr-decimals.ts);
 * and an OCR'd table with a row that does not add up, which stays below 0.9 (fields/arrays.ts).
 */

const word = (text: string, x0: number): Word => ({
  text,
  confidence: 0.9,
  bbox: { x0, y0: 100, x1: x0 + text.length * 12, y1: 130 },
});
const lineText = (source: 'ocr' | 'text_layer', texts: string[]): string => {
  let x = 100;
  const words = texts.map((text) => {
    const w = word(text, x);
    x = w.bbox.x1 + 10;
    return w;
  });
  const document: ReadDocument = {
    mimeType: source === 'ocr' ? 'image/jpeg' : 'application/pdf',
    attachments: [],
    pages: [{ number: 1, width: 1400, height: 1000, source, words }],
  };
  return buildLines(document)[0]!.text;
};

describe('decimals OCR set apart from their amount', () => {
  it.each([
    [['TOTAL', '59,', '06'], 'TOTAL 59,06'],
    [['Subtotal', '€991,', '07'], 'Subtotal €991,07'],
    [['Brake', 'pads', '8', '49.50', '396.', '00'], 'Brake pads 8 49.50 396.00'],
    [['Cable', '2', '€165,', '20', '€330,', '40'], 'Cable 2 €165,20 €330,40'],
    [['Versand', '3', '2.536,41', 'kr.', '7.609,', '23', 'kr'], 'Versand 3 2.536,41 kr. 7.609,23 kr'],
  ])("%j is joined on an OCR'd line", (read, meant) => {
    expect(lineText('ocr', read)).toBe(meant);
  });

  it("an address's numbers go on with words, and a text layer is read as written", () => {
    expect(lineText('ocr', ['Level', '2,', '45', 'George', 'Street'])).toBe('Level 2, 45 George Street');
    expect(lineText('ocr', ['Bâtiment', '36,', '32', 'rue', 'du', 'Commerce'])).toBe('Bâtiment 36, 32 rue du Commerce');
    expect(lineText('ocr', ['Pos.', '3,', '125'])).toBe('Pos. 3, 125');
    expect(lineText('text_layer', ['TOTAL', '59,', '06'])).toBe('TOTAL 59, 06');
  });

  it("gives an OCR'd invoice its subtotal and total", () => {
    const placed: Placed[] = [
      { x: 40, y: 40, text: 'Suministros Garcia S.L.' },
      { x: 350, y: 60, text: 'Factura N.º F-2024-118' },
      { x: 350, y: 74, text: 'Fecha 12/03/2024' },
      { x: 300, y: 400, text: 'Subtotal €991, 07' },
      { x: 300, y: 414, text: 'Cuota IVA €208,12' },
      { x: 300, y: 428, text: 'Importe total €1.199, 19' },
    ];
    const read = doc([page(placed, { source: 'ocr' })]);
    const { extracted_data } = extractFields(read, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
    expect(extracted_data.subtotal).toBe(991.07);
    expect(extracted_data.total_amount).toBe(1199.19);
  });
});

describe("an amount's thousands separator read as its decimal one, or the other way round", () => {
  it.each([
    [['GRAND', 'TOTAL', '£2.074.20'], 'GRAND TOTAL £2074.20'],
    [['(differita)', '10,00', '6.877.57', '687,76'], '(differita) 10,00 6877.57 687,76'],
    [['Totale', '1,234,567,89'], 'Totale 1234567,89'],
  ])("%j has one decimal separator on an OCR'd line", (read, meant) => {
    expect(lineText('ocr', read)).toBe(meant);
  });

  it('is left where the groups say otherwise, and on a text layer', () => {
    expect(lineText('ocr', ['12.03.24', '1.234.567', '1.234,56', '12,50.00'])).toBe(
      '12.03.24 1.234.567 1.234,56 12,50.00',
    );
    expect(lineText('text_layer', ['TOTAL', '£2.074.20'])).toBe('TOTAL £2.074.20');
  });

  it("gives an OCR'd invoice its total, which its subtotal and tax witness", () => {
    const placed: Placed[] = [
      { x: 40, y: 40, text: 'Peak Performance Physio' },
      { x: 350, y: 60, text: 'Invoice No. 0042' },
      { x: 350, y: 74, text: 'Date 12/03/2024' },
      { x: 300, y: 400, text: 'Sub Total £1,728.50' },
      { x: 300, y: 414, text: 'Tax (20%) £345.70' },
      { x: 300, y: 428, text: 'GRAND TOTAL £2.074.20' },
    ];
    const read = doc([page(placed, { source: 'ocr' })]);
    const { extracted_data } = extractFields(read, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
    expect(extracted_data.total_amount).toBe(2074.2);
  });
});

describe("an OCR'd table with a row that does not add up", () => {
  const table = (source: 'ocr' | 'text_layer', secondQuantity: string) => {
    const placed: Placed[] = [
      { x: 40, y: 300, text: 'Description' },
      { x: 250, y: 300, text: 'Qty' },
      { x: 330, y: 300, text: 'Unit price' },
      { x: 480, y: 300, text: 'Amount' },
      ...[
        ['Office chair', '12', '40.24', '482.88'],
        ['Software licence', secondQuantity, '3.38', '37.18'],
        ['Printer paper A4', '8', '3.07', '24.56'],
        ['Desk lamp', '12', '1,107.44', '13,289.28'],
      ].flatMap(([d, q, p, a], i) => [
        { x: 40, y: 320 + 20 * i, text: d! },
        { x: 250, y: 320 + 20 * i, text: q! },
        { x: 330, y: 320 + 20 * i, text: p! },
        { x: 480, y: 320 + 20 * i, text: a! },
      ]),
      { x: 330, y: 420, text: 'Total' },
      { x: 480, y: 420, text: '13,833.90' },
    ];
    const read = doc([
      page(
        placed.map((p) => ({ ...p, confidence: 0.96 })),
        { source },
      ),
    ]);
    const result = extractFields(read, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
    return { items: result.extracted_data.line_items as unknown[], confidence: result.confidence.line_items ?? 0 };
  };

  it('stays below 0.9: the misread row ("13" for 11) holds a misread digit', () => {
    const { items, confidence } = table('ocr', '13');
    expect(items).toHaveLength(4);
    expect(confidence).toBeLessThan(0.9);
  });

  it('every row adding up, or on a text layer, it is not capped so', () => {
    expect(table('ocr', '11').confidence).toBeGreaterThanOrEqual(0.9);
    expect(table('text_layer', '13').confidence).toBeGreaterThanOrEqual(0.9);
  });
});
