import { describe, expect, it } from 'vitest';
import type { ReadDocument } from '@intake/core';
import { doc, extractWithAndWithoutCaps, lines, page, type Placed } from './synthetic.js';

/**
 * A supplier's name whose last word wrapped alone onto the next line of a narrow column, above the
 * block's street or post box (fields/name-continuation.ts, wrappedWord), as French and Portuguese
 * order layouts print it: with no witness on the page the two lines are joined, and the name stays
 * under 0.9.
 */

const CEILING = 0.85;

/** A purchase order whose supplier's block stands under `heading`, the buyer's beside it. */
function order(heading: string, supplier: string[], extra: Placed[] = []): ReadDocument {
  return doc([
    page([
      ...lines(50, 30, ['Silva Consultores S.A.', 'Rua Augusta 12, 1100-053 Lisboa']),
      { x: 420, y: 70, text: 'Encomenda' },
      ...lines(50, 110, [heading, ...supplier]),
      ...lines(330, 110, ['Local de entrega', 'Silva Consultores S.A.', 'Rua Augusta 12']),
      ...lines(330, 200, ['N.º da encomenda', 'Data da encomenda']),
      ...lines(460, 200, ['BE90-26396', '22-03-2021']),
      { x: 50, y: 260, text: 'Designação' },
      { x: 460, y: 260, text: 'Total' },
      { x: 50, y: 278, text: 'Caderno' },
      { x: 460, y: 278, text: '100,00' },
      ...lines(330, 320, ['Subtotal', 'IVA 23 %', 'Total']),
      ...lines(460, 320, ['100,00', '23,00', '123,00']),
      ...extra,
    ]),
  ]);
}

describe('a name whose last word wrapped onto the next line', () => {
  it.each([
    ['Fornecedor', ['FERREIRA', 'DISTRIBUICAO', 'Apartado 4648', '8000-078 Faro'], 'FERREIRA DISTRIBUICAO'],
    ['Fournisseur', ['Dr Camille', 'Roux', 'avenue Victor Hugo 94', '69002 Lyon'], 'Dr Camille Roux'],
  ])('under %j, %j is one name, kept under 0.9', (heading, supplier, name) => {
    const { capped, values } = extractWithAndWithoutCaps(order(heading, supplier), 'purchase_order');
    expect(values.supplier_name).toBe(name);
    expect(capped.supplier_name).toBe(CEILING);
  });

  it('two words, or a line with no address under it, are no wrapped word', () => {
    for (const [supplier, name] of [
      [['Ferreira', 'Armazém Central', 'Apartado 4648', '8000-078 Faro'], 'Ferreira'],
      [['Ferreira', 'Distribuição'], 'Ferreira'],
    ] as const) {
      const { values } = extractWithAndWithoutCaps(order('Fornecedor', [...supplier]), 'purchase_order');
      expect(values.supplier_name, supplier.join(' / ')).toBe(name);
    }
  });

  it('a page that prints the first line alone elsewhere ends the name there', () => {
    const footer = { x: 50, y: 780, text: 'Ferreira · Apartado 4648 · 8000-078 Faro' };
    const { values } = extractWithAndWithoutCaps(
      order('Fornecedor', ['Ferreira', 'Distribuição', 'Apartado 4648', '8000-078 Faro'], [footer]),
      'purchase_order',
    );
    expect(values.supplier_name).toBe('Ferreira');
  });
});

describe("a word under a letterhead's name in smaller type", () => {
  /** A scanned invoice: the seller's name in large type, `under` in body type below it, then an address. */
  const invoice = (under: string) =>
    doc([
      page(
        [
          { x: 50, y: 30, text: 'Biuro Rachunkowe Kaczmarek', height: 24 },
          { x: 420, y: 34, text: 'FAKTURA VAT', height: 18 },
          { x: 50, y: 66, text: under },
          // The buyer's form as OCR reads it, with digits: a line that could start an address.
          ...lines(50, 80, ['Tatry Spożywczy Sp. z 0.0.', 'ul. Floriańska 59', '80-831 Gdańsk']),
          ...lines(330, 130, ['Numer faktury', 'Data wystawienia']),
          ...lines(460, 130, ['FV/2024/118', '12.03.2024']),
          { x: 50, y: 260, text: 'Nazwa' },
          { x: 460, y: 260, text: 'Wartość' },
          { x: 50, y: 278, text: 'Usługi księgowe' },
          { x: 460, y: 278, text: '100,00' },
          ...lines(330, 320, ['Netto', 'VAT 23%', 'Razem']),
          ...lines(460, 320, ['100,00', '23,00', '123,00']),
        ].map((item) => ({ ...item, confidence: 0.95 })),
        { source: 'ocr' },
      ),
    ]);

  it("is another block's heading, no word of the name wrapped", () => {
    const { values } = extractWithAndWithoutCaps(invoice('NABYWCA'));
    expect(values.vendor_name).toBe('Biuro Rachunkowe Kaczmarek');
  });
});
