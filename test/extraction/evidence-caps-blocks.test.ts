import { describe, expect, it } from 'vitest';
import type { ReadDocument } from '@intake/core';
import { dateShaped } from '../../packages/core/src/extraction/confidence/identifier-shape.js';
import { splitByOcr } from '../../packages/core/src/extraction/confidence/name-shape.js';
import { addressHoldsOtherLine } from '../../packages/core/src/extraction/confidence/party-blocks.js';
import type { Candidate } from '../../packages/core/src/extraction/fields/candidates.js';
import type { Line } from '../../packages/core/src/extraction/layout/lines.js';
import { cappedInvoice, doc, extractWithAndWithoutCaps, lines, page, type Placed } from './synthetic.js';

/**
 * Caps at 0.85 where a block or a row leaves the value in doubt (confidence/evidence-caps.ts): a
 * name whose column's next line may be its rest, an address holding another line of a block, a
 * value a turned photo may have paired with the row of a label no lexicon lists, a document number
 * that is a date with its month's name, and names OCR split inside a word. Each extraction is
 * compared with the same one without the caps.
 */

const CEILING = 0.85;

const extract = extractWithAndWithoutCaps;

/**
 * An order whose supplier's block stands under "Lieferant", the order's keys at the right; the
 * footer prints the block's first line again (a witness: the name is not capped for lack of one).
 */
function order(supplier: string[]): ReadDocument {
  return doc([
    page(
      [
        ...lines(50, 30, ['Schmidt Beratung AG', 'Industriestraße 99, 50667 Köln']),
        { x: 420, y: 70, text: 'Bestellung' },
        ...lines(50, 110, ['Lieferant', ...supplier]),
        ...lines(330, 110, ['Auftragsnummer', 'Bestelldatum']),
        ...lines(460, 110, ['PO95925', '27.12.2021']),
        { x: 50, y: 240, text: 'Artikel' },
        { x: 460, y: 240, text: 'Summe' },
        { x: 50, y: 258, text: 'Tonerkartusche' },
        { x: 460, y: 258, text: '100,00' },
        ...lines(330, 300, ['Summe netto', 'MwSt. 19 %', 'Gesamtbetrag']),
        ...lines(460, 300, ['100,00', '19,00', '119,00']),
        { x: 50, y: 780, text: `${supplier[0]} · Lindenweg 66 · 10115 Berlin` },
      ],
      { source: 'text_layer' },
    ),
  ]);
}

describe('evidence caps: a name its column may continue on the next line', () => {
  it('"Bernard" over "Distribution" keeps at most 0.85: the name may be cut at its line end', () => {
    const { capped, free, values } = extract(
      order(['Bernard', 'Distribution', 'Lindenweg 66', '10115 Berlin']),
      'purchase_order',
    );
    expect(values.supplier_name).toBe('Bernard');
    expect(free.supplier_name).toBeGreaterThan(CEILING);
    expect(capped.supplier_name).toBe(CEILING);
  });

  it('a name with its legal form, or over its street, keeps what the ranker gives', () => {
    for (const block of [
      ['Bernard Distribution GmbH', 'Vertrieb Nord', 'Lindenweg 66', '10115 Berlin'],
      ['Bernard Distribution', 'Lindenweg 66', '10115 Berlin'],
    ]) {
      const { capped, free } = extract(order(block), 'purchase_order');
      expect(capped.supplier_name, block[0]).toBe(free.supplier_name);
      expect(capped.supplier_name, block[0]).toBeGreaterThan(CEILING);
    }
  });

  it('a contact person under the name is no rest of it', () => {
    const { capped, free } = extract(
      order(['Bernard Distribution', 'z. Hd. Anna Weber', 'Lindenweg 66', '10115 Berlin']),
      'purchase_order',
    );
    expect(capped.supplier_name).toBe(free.supplier_name);
  });
});

describe('evidence caps: an address holding another line of a block', () => {
  it('a company name, a department or a registration as a part of the address', () => {
    expect(addressHoldsOtherLine('Paseo de Gracia 216, Martínez Servicios S.L.U., 28013 Madrid')).toBe(true);
    expect(addressHoldsOtherLine('Buchhaltung, Hauptstraße 200, 80331 München')).toBe(true);
    expect(addressHoldsOtherLine('rue du Commerce 57, 33000 Bordeaux, RCS Lyon B 532 418 907')).toBe(true);
    expect(addressHoldsOtherLine('rue du Commerce 57, 33000 Bordeaux')).toBe(false);
    expect(addressHoldsOtherLine('Unit 28, 71 Market Road, Manchester M1 1AA')).toBe(false);
  });

  it("the seller's address read with its department keeps at most 0.85", () => {
    const document = doc([
      page(
        [
          ...lines(50, 40, ['Berg Logistik AG', 'Buchhaltung', 'Hauptstraße 200', '80331 München']),
          { x: 430, y: 40, text: 'Rechnung' },
          ...lines(330, 110, ['Rechnungsnummer: RE-2024-118', 'Rechnungsdatum: 19.01.2024']),
          { x: 50, y: 240, text: 'Bezeichnung' },
          { x: 460, y: 240, text: 'Summe' },
          { x: 50, y: 258, text: 'Softwarelizenz' },
          { x: 460, y: 258, text: '100,00' },
          ...lines(330, 300, ['Summe netto', 'MwSt. 19 %', 'Endbetrag']),
          ...lines(460, 300, ['100,00', '19,00', '119,00']),
        ],
        { source: 'text_layer' },
      ),
    ]);
    const { capped, free, values } = extract(document);
    expect(values.vendor_address).toContain('Buchhaltung');
    expect(free.vendor_address).toBeGreaterThan(CEILING);
    expect(capped.vendor_address).toBe(CEILING);
  });
});

describe('evidence caps: a value a turned photo may have paired with an unknown label', () => {
  // Labels in a column at x 340, values at x 460, the date 4 points above its label's row.
  const column = (above: string): Placed[] => [
    { x: 340, y: 96, text: 'Invoice No.: INV-2024-0042' },
    { x: 340, y: 111, text: above },
    { x: 340, y: 125, text: 'Date of issue' },
    { x: 460, y: 121, text: '20.03.2024' },
  ];

  it('a date 0.4 of a row off its label, towards "Tax point" (a label no lexicon lists), keeps at most 0.85', () => {
    const { capped, free, values } = extract(cappedInvoice(column('Tax point'), [], 'ocr'));
    expect(values.invoice_date).toBe('2024-03-20');
    expect(free.invoice_date).toBeGreaterThan(CEILING);
    expect(capped.invoice_date).toBe(CEILING);
  });

  it('towards a row of digits (no label) it keeps what the ranker gives', () => {
    const { capped, free } = extract(cappedInvoice(column('+1 415 555 0192'), [], 'ocr'));
    expect(capped.invoice_date).toBe(free.invoice_date);
    expect(capped.invoice_date).toBeGreaterThan(CEILING);
  });
});

describe('evidence caps: a document number that is a date with its month name', () => {
  it('"22-NOV-22" and "3 mars 2024" are dates; "12-INV-2024" and "OC99245" are not', () => {
    expect(dateShaped('22-NOV-22')).toBe(true);
    expect(dateShaped('3 mars 2024')).toBe(true);
    expect(dateShaped('2024-03-19')).toBe(true);
    expect(dateShaped('12-INV-2024')).toBe(false);
    expect(dateShaped('OC99245')).toBe(false);
  });

  it('"22-NOV-22" taken as the invoice number keeps at most 0.85', () => {
    const head = [
      { x: 340, y: 110, text: 'Invoice No.: 22-NOV-22' },
      { x: 340, y: 125, text: 'Invoice Date: 20.03.2024' },
    ];
    const { capped, free, values } = extract(cappedInvoice(head));
    expect(values.invoice_number).toBe('22-NOV-22');
    expect(free.invoice_number).toBeGreaterThan(CEILING);
    expect(capped.invoice_number).toBe(CEILING);
  });
});

describe('evidence caps: a name OCR split inside a word', () => {
  const read = (value: string, ocr = true) => ({ value, line: { ocr } as Line }) as Candidate;

  it('two single letters in a row, or a capital glued to the word before it, read by OCR', () => {
    expect(splitByOcr(read('Delta Gereedsch a p'))).toBe(true);
    expect(splitByOcr(read('FotografieJ ulia Seidel'))).toBe(true);
    expect(splitByOcr(read('G lobal Consulting Ltd'))).toBe(true);
  });

  it('particles and conjunctions of one letter, and text layers, are not split words', () => {
    expect(splitByOcr(read('Pintura y Decoración'))).toBe(false);
    expect(splitByOcr(read('Schildersbedrijf de Vries'))).toBe(false);
    expect(splitByOcr(read('McDonald Trading'))).toBe(false);
    expect(splitByOcr(read('Delta Gereedsch a p', false))).toBe(false);
  });
});
