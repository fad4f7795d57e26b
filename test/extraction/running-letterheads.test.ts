import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, page, type Placed } from './synthetic.js';

/**
 * A seller without a legal form whose name heads every page, and a buyer with one in a block
 * without a heading under the letterhead: an ERP report's company header over each page, or a
 * cover letter before the invoice, both printed with the seller's name first. The name that heads
 * the pages is the seller's, whatever the legal forms say.
 */

const head = (seller: string, street: string, place: string): Placed[] => [
  { x: 34, y: 30, text: seller, height: 16 },
  { x: 440, y: 30, text: street },
  { x: 440, y: 44, text: place },
];

const rows = (y: number, count: number): Placed[] =>
  Array.from({ length: count }, (_, i) => [
    { x: 34, y: y + i * 16, text: `${i + 1}` },
    { x: 60, y: y + i * 16, text: `Leistung ${i + 1}` },
    { x: 500, y: y + i * 16, text: '100,00' },
  ]).flat();

/** An ERP report: the company header on both pages, the buyer's block under it on the first. */
function erpReport(seller: string, buyer: string[]): Placed[][] {
  return [
    [
      ...head(seller, 'Am Kai 7', '28195 Bremen'),
      ...lines(300, 90, buyer),
      { x: 34, y: 150, text: 'Rechnung R-2025-117' },
      { x: 34, y: 170, text: 'Rechnungsdatum' },
      { x: 34, y: 184, text: '12.05.2025' },
      { x: 34, y: 210, text: 'Pos.' },
      { x: 60, y: 210, text: 'Bezeichnung' },
      { x: 480, y: 210, text: 'Gesamtpreis' },
      ...rows(228, 3),
    ],
    [
      ...head(seller, 'Am Kai 7', '28195 Bremen'),
      { x: 34, y: 90, text: 'Pos.' },
      { x: 60, y: 90, text: 'Bezeichnung' },
      { x: 480, y: 90, text: 'Gesamtpreis' },
      ...rows(108, 2),
      { x: 380, y: 160, text: 'Nettobetrag' },
      { x: 500, y: 160, text: '500,00' },
      { x: 380, y: 176, text: 'MwSt. 19 %' },
      { x: 500, y: 176, text: '95,00' },
      { x: 380, y: 192, text: 'Rechnungsbetrag' },
      { x: 500, y: 192, text: '595,00' },
    ],
  ];
}

/** A cover letter to the buyer, then the invoice: both pages headed by the seller's letterhead. */
function coverLetter(seller: string, buyer: string[]): Placed[][] {
  return [
    [
      ...head(seller, 'Calle Mayor 21', '46001 Valencia'),
      ...lines(34, 90, buyer),
      { x: 34, y: 160, text: 'Estimados señores:' },
      { x: 34, y: 178, text: 'Adjunto les remitimos nuestra factura FA-2291.' },
      { x: 34, y: 210, text: 'Atentamente,' },
    ],
    [
      ...head(seller, 'Calle Mayor 21', '46001 Valencia'),
      ...lines(34, 90, buyer),
      { x: 34, y: 150, text: 'Nº factura' },
      { x: 200, y: 150, text: 'Fecha factura' },
      { x: 34, y: 164, text: 'FA-2291' },
      { x: 200, y: 164, text: '03/04/2025' },
      { x: 34, y: 200, text: 'Concepto' },
      { x: 480, y: 200, text: 'Importe' },
      { x: 34, y: 216, text: 'Mantenimiento' },
      { x: 480, y: 216, text: '400,00' },
      { x: 380, y: 250, text: 'Base imponible' },
      { x: 480, y: 250, text: '400,00 €' },
      { x: 380, y: 266, text: 'IVA 21%' },
      { x: 480, y: 266, text: '84,00 €' },
      { x: 380, y: 282, text: 'Total factura' },
      { x: 480, y: 282, text: '484,00 €' },
    ],
  ];
}

const vendorOf = (pages: Placed[][]) =>
  extractFields(doc(pages.map((items) => page(items))), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' })
    .extracted_data.vendor_name;

describe('a seller whose name heads every page', () => {
  it('is the vendor over a buyer with a legal form under an ERP company header (de)', () => {
    const pages = erpReport('Tischlerei Albers', ['Kreiswerke Oldau GmbH', 'Hafenstraße 14', '70565 Stuttgart']);
    expect(vendorOf(pages)).toBe('Tischlerei Albers');
  });

  it('is the vendor when a cover letter to the buyer comes before the invoice (es)', () => {
    const pages = coverLetter('Fontanería Navarro', ['Residencia Olmos S.L.', 'Calle Alcalá 88', '28009 Madrid']);
    expect(vendorOf(pages)).toBe('Fontanería Navarro');
  });

  it('needs the name at the head of two pages: one page is no running letterhead', () => {
    // The seller's name heads the second page only: the buyer's legal form decides, as before.
    const pages = erpReport('Tischlerei Albers', ['Kreiswerke Oldau GmbH', 'Hafenstraße 14', '70565 Stuttgart']);
    const moved = [pages[0]!.filter((p) => p.text !== 'Tischlerei Albers'), pages[1]!];
    expect(vendorOf(moved)).not.toBe('Tischlerei Albers');
  });
});
