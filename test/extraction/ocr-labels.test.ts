import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { createContext } from '../../packages/core/src/extraction/context.js';
import { MISREAD_FACTOR } from '../../packages/core/src/extraction/labels/label-index.js';
import { doc, ocrReceiptMerchant, page, type Placed } from './synthetic.js';

/**
 * OCR misreads labels a letter at a time ("ohne USE," for "ohne USt.") and splits words inside
 * ("Rechnungssum me", "U msatzsteuer"). On OCR lines labels are matched allowing for both; a
 * text layer is matched exactly, but for a typo in a word of ten letters or more.
 */

const HEADER: Placed[] = [
  { x: 40, y: 40, text: 'Musterbetrieb Systemhaus AG' },
  { x: 40, y: 54, text: 'Invoice Number R-2024-17' },
  { x: 40, y: 68, text: 'Invoice Date 03.05.2024' },
];

const hitsOf = (text: string, source: 'ocr' | 'text_layer') => {
  const ctx = createContext(doc([page([...HEADER, { x: 40, y: 200, text }], { source })]), []);
  const line = ctx.lines.find((l) => l.text === text)!;
  return ctx.labels.hitsOn(line).map((h) => ({ key: h.key, label: text.slice(h.start, h.end), strength: h.strength }));
};

describe('labels on OCR lines', () => {
  it.each([
    ['Rechnungssumme ohne USE, 1.500,00', 'subtotal', 'Rechnungssumme ohne USE'],
    ['Rechnungssum me ohne USt. 1.500,00', 'subtotal', 'Rechnungssum me ohne USt'],
    ['U msatzsteuer 285,00', 'tax_amount', 'U msatzsteuer'],
    ['Zwlschensumme 1.500,00', 'subtotal', 'Zwlschensumme'],
  ])('"%s" is a %s label', (text, key, label) => {
    expect(hitsOf(text, 'ocr')).toContainEqual(expect.objectContaining({ key, label }));
  });

  it('weakens a label read a letter off, not one read right', () => {
    const [misread] = hitsOf('Zwlschensumme 1.500,00', 'ocr');
    const [right] = hitsOf('Zwischensumme 1.500,00', 'ocr');
    expect(misread!.strength).toBeLessThan(right!.strength);
  });

  it('matches a text layer exactly but for a typo in a long word ("Umsatzssteuer")', () => {
    expect(hitsOf('Rechnungssumme ohne USE, 1.500,00', 'text_layer')).not.toContainEqual(
      expect.objectContaining({ key: 'subtotal' }),
    );
    expect(hitsOf('Subtotl 1.500,00', 'text_layer')).toEqual([]);
    expect(hitsOf('Subtotl 1.500,00', 'ocr')).toContainEqual(expect.objectContaining({ key: 'subtotal' }));
    expect(hitsOf('Umsatzssteuer (19,00 %) 25,65 €', 'text_layer')).toContainEqual(
      expect.objectContaining({ key: 'tax_amount', label: 'Umsatzssteuer', strength: MISREAD_FACTOR }),
    );
  });

  it('takes no short word a letter off for a label ("Fax" is no "Tax", "RE" no "Ref")', () => {
    expect(hitsOf('Fax 0551 123456', 'ocr')).not.toContainEqual(expect.objectContaining({ key: 'tax_amount' }));
    const invoice = hitsOf('Invoice # RE-20190610/507', 'ocr');
    expect(invoice.map((h) => h.label)).toEqual(['Invoice']);
  });

  it('reads the amounts under misread labels of a scanned invoice', () => {
    const scan = doc([
      page(
        [
          ...HEADER,
          { x: 40, y: 200, text: 'Rechnungssum me ohne USE, 1.500,00' },
          { x: 40, y: 214, text: 'U msatzsteuer 285,00' },
          { x: 40, y: 228, text: 'Bruttosumme 1.785,00' },
        ],
        { source: 'ocr' },
      ),
    ]);
    expect(extractFields(scan, [...RECOMMENDED_FIELDS.invoice]).extracted_data).toMatchObject({
      subtotal: 1500,
      tax_amount: 285,
      total_amount: 1785,
    });
  });
});

describe('words that are label words themselves', () => {
  it('reads them as written: "Invoice Rate" is no misread "Invoice Date"', () => {
    expect(hitsOf('Invoice Rate 19%', 'ocr')).not.toContainEqual(expect.objectContaining({ key: 'invoice_date' }));
    expect(hitsOf('Invoice Dale 03.05.2024', 'ocr')).toContainEqual(
      expect.objectContaining({ key: 'invoice_date', label: 'Invoice Dale' }),
    );
  });
});

describe("a party's label read a letter off", () => {
  it('counts only where it begins its segment ("OFFICE SUPPLIES" ends a name, it is no "Supplier")', () => {
    expect(hitsOf('K STATIONERY & OFFICE SUPPLIES', 'ocr')).not.toContainEqual(
      expect.objectContaining({ key: 'vendor_name' }),
    );
    expect(hitsOf('Supplies: K Stationery Sdn Bhd', 'ocr')).toContainEqual(
      expect.objectContaining({ key: 'vendor_name', label: 'Supplies' }),
    );
  });

  it("leaves an amount's misread label after a bracket a label", () => {
    expect(hitsOf('(Excluded GST) Zwlschensumme 106.10', 'ocr')).toContainEqual(
      expect.objectContaining({ key: 'subtotal', label: 'Zwlschensumme' }),
    );
  });

  it('takes the name under the misread label, and a shop name ending in "SUPPLIES" as the vendor', () => {
    const merchant = ocrReceiptMerchant([
      'K STATIONERY & OFFICE SUPPLIES',
      'NO.9, JALAN MANIS 3, TAMAN SEGAR',
      'CHERAS, 56100 KUALA LUMPUR',
    ]);
    expect(merchant).toBe('K STATIONERY & OFFICE SUPPLIES');
  });
});

describe('date labels with an article', () => {
  it.each([
    ['Date de la facture: 1 octobre 2023', 'Date de la facture'],
    ['Fecha de la factura: 1 de octubre de 2023', 'Fecha de la factura'],
  ])('"%s" is an invoice date label', (text, label) => {
    expect(hitsOf(text, 'text_layer')).toContainEqual({ key: 'invoice_date', label, strength: 1 });
  });
});
