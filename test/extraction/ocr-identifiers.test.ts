import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument } from '@intake/core';
import { cappedInvoice, doc, extractWithAndWithoutCaps, page, type Placed } from './synthetic.js';

/**
 * A document number read by OCR with a look-alike glyph of the other class (values/identifiers.ts):
 * a 0 or 1 in the letter prefix is the letter, an O, o, I or l between digits is the digit. The
 * placed words stand for a scan's OCR; the same characters in a text layer are the document's own.
 */

const CEILING = 0.85;

function invoice(number: string, source: 'ocr' | 'text_layer'): ReadDocument {
  return cappedInvoice(
    [
      { x: 340, y: 110, text: `Invoice No.: ${number}` },
      { x: 340, y: 125, text: 'Invoice Date: 20.03.2024' },
    ],
    [],
    source,
  );
}

function order(number: string, source: 'ocr' | 'text_layer'): ReadDocument {
  const items: Placed[] = [
    { x: 50, y: 40, text: 'Dupont Fournitures SARL' },
    { x: 50, y: 54, text: '12 rue de la Paix, 75002 Paris' },
    { x: 340, y: 110, text: 'Bon de commande' },
    { x: 340, y: 125, text: `Commande n°: ${number}` },
    { x: 340, y: 140, text: 'Date: 20/03/2024' },
    { x: 50, y: 270, text: 'Description' },
    { x: 480, y: 270, text: 'Montant' },
    { x: 50, y: 288, text: 'Papier A4' },
    { x: 480, y: 288, text: '200,00' },
    { x: 400, y: 320, text: 'Total' },
    { x: 480, y: 320, text: '240,00' },
  ];
  return doc([
    page(
      items.map((i) => ({ ...i, confidence: source === 'ocr' ? 0.96 : 1 })),
      { source },
    ),
  ]);
}

const invoiceNumber = (document: ReadDocument) =>
  extractFields(document, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
const poNumber = (document: ReadDocument) =>
  extractFields(document, [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' });

describe('OCR identifiers: a zero or one in the letter prefix is the letter', () => {
  it('"0C-2021-98660" read by OCR is the order number "OC-2021-98660"', () => {
    expect(poNumber(order('0C-2021-98660', 'ocr')).extracted_data.po_number).toBe('OC-2021-98660');
  });

  it('"0C15345" and "0C25-11049" (the prefix right before the digits) are "OC15345" and "OC25-11049"', () => {
    expect(poNumber(order('0C15345', 'ocr')).extracted_data.po_number).toBe('OC15345');
    expect(poNumber(order('0C25-11049', 'ocr')).extracted_data.po_number).toBe('OC25-11049');
  });

  it('"1NV-2024-0042" is "INV-2024-0042"; the look-alike keeps the value under 0.9', () => {
    const result = invoiceNumber(invoice('1NV-2024-0042', 'ocr'));
    expect(result.extracted_data.invoice_number).toBe('INV-2024-0042');
    // Which glyph was printed is still a guess from the shape: the cap on look-alikes stays.
    expect(result.confidence.invoice_number).toBe(CEILING);
  });

  it('a text layer\'s "0C15345" is the document\'s own and stays as printed', () => {
    expect(poNumber(order('0C15345', 'text_layer')).extracted_data.po_number).toBe('0C15345');
  });

  it('a prefix the shape cannot settle stays as read ("10A123", "0A1F")', () => {
    expect(invoiceNumber(invoice('10A123', 'ocr')).extracted_data.invoice_number).toBe('10A123');
    expect(invoiceNumber(invoice('0A1F', 'ocr')).extracted_data.invoice_number).toBe('0A1F');
  });
});

describe('OCR identifiers: an order number opening "P0" and a significant digit has the prefix "PO"', () => {
  it('"P027-28480" and "P0-2021-56313" read by OCR are "PO27-28480" and "PO-2021-56313"', () => {
    const result = poNumber(order('P027-28480', 'ocr'));
    expect(result.extracted_data.po_number).toBe('PO27-28480');
    expect(result.confidence.po_number).toBe(CEILING);
    expect(poNumber(order('P0-2021-56313', 'ocr')).extracted_data.po_number).toBe('PO-2021-56313');
  });

  it('"P0O-2024-14016" and "P0O46-56937", the O read twice, are "PO-2024-14016" and "PO46-56937"', () => {
    expect(poNumber(order('P0O-2024-14016', 'ocr')).extracted_data.po_number).toBe('PO-2024-14016');
    expect(poNumber(order('P0O46-56937', 'ocr')).extracted_data.po_number).toBe('PO46-56937');
    expect(poNumber(order('P0O-2024-14016', 'text_layer')).extracted_data.po_number).toBe('P0O-2024-14016');
  });

  it('zero padding ("P000123"), an invoice\'s "P074084" and a text layer\'s "P027-28480" stay', () => {
    expect(poNumber(order('P000123', 'ocr')).extracted_data.po_number).toBe('P000123');
    expect(invoiceNumber(invoice('P074084', 'ocr')).extracted_data.invoice_number).toBe('P074084');
    expect(poNumber(order('P027-28480', 'text_layer')).extracted_data.po_number).toBe('P027-28480');
  });
});

describe('OCR identifiers: an O, o, I or l between digits is the digit', () => {
  it('"19O311" and "47l102" read by OCR are "190311" and "471102"', () => {
    expect(invoiceNumber(invoice('19O311', 'ocr')).extracted_data.invoice_number).toBe('190311');
    expect(invoiceNumber(invoice('47l102', 'ocr')).extracted_data.invoice_number).toBe('471102');
  });

  it('a letter after the digits or in a text layer stays ("2024-0042A", "19O311" printed)', () => {
    expect(invoiceNumber(invoice('2024-0042A', 'ocr')).extracted_data.invoice_number).toBe('2024-0042A');
    expect(invoiceNumber(invoice('19O311', 'text_layer')).extracted_data.invoice_number).toBe('19O311');
  });
});

describe('OCR identifiers: a number cut from its word by a stray glyph keeps at most 0.85', () => {
  it('"0€93-44412" gives "93-44412", capped: the printed number ran on through the "€"', () => {
    const { capped, free, values } = extractWithAndWithoutCaps(invoice('0€93-44412', 'ocr'));
    expect(values.invoice_number).toBe('93-44412');
    expect(free.invoice_number).toBeGreaterThan(CEILING);
    expect(capped.invoice_number).toBe(CEILING);
  });

  it('a label glued to its number ("n°562044387", "#4471-2024") is no stray glyph', () => {
    for (const [printed, value] of [
      ['n°562044387', '562044387'],
      ['#4471-2024', '4471-2024'],
    ]) {
      const { capped, free, values } = extractWithAndWithoutCaps(invoice(printed!, 'ocr'));
      expect(values.invoice_number).toBe(value);
      expect(capped.invoice_number).toBe(free.invoice_number);
      expect(capped.invoice_number).toBeGreaterThan(CEILING);
    }
  });

  it("in a text layer the same characters are the document's own", () => {
    const { capped, free } = extractWithAndWithoutCaps(invoice('0€93-44412', 'text_layer'));
    expect(capped.invoice_number).toBe(free.invoice_number);
  });
});
