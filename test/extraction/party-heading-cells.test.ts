import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, extractInvoice as invoice, lines, type Placed } from './synthetic.js';

/**
 * A buyer's block as stranger layouts print it (labels/label-index.ts, fields/labelled-names.ts):
 * its heading on the row of the document's labelled values, the next cell beginning with a word a
 * longer label shares ("Cliente ‖ N.º documento", where "Cliente N.º" is a customer number's
 * label); and a person addressed by a courtesy title over the party's name.
 */

const order = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' }).extracted_data;

/** One item row and the total under it. */
const items: Placed[] = [
  { x: 50, y: 300, text: 'Artigo' },
  { x: 330, y: 300, text: 'Qtd.' },
  { x: 470, y: 300, text: 'Total' },
  { x: 50, y: 316, text: 'Cadeira de escritório' },
  { x: 330, y: 316, text: '2' },
  { x: 470, y: 316, text: '420,50 €' },
  { x: 380, y: 350, text: 'Total' },
  { x: 470, y: 350, text: '420,50 €' },
];

describe("a buyer's heading on the row of a labelled value", () => {
  it.each([
    ['Cliente', 'N.º documento', 'Lusitana Distribuição', 'Rua Augusta, 37', '8000-078 Faro'],
    ['Cliente', 'N.º factura', 'Norte Servicios', 'Calle Mayor 14', '28013 Madrid'],
  ])('"%s" beside "%s" heads the buyer\'s block: "%s" is no seller', (heading, label, buyer, street, place) => {
    const result = invoice([
      { x: 50, y: 40, text: 'FATURA', height: 16 },
      { x: 50, y: 100, text: heading },
      { x: 330, y: 100, text: label },
      { x: 470, y: 100, text: 'F86-10655' },
      ...lines(50, 114, ['Sra. Ana Rodrigues', buyer, street, place]),
      { x: 330, y: 114, text: 'Data' },
      { x: 470, y: 114, text: '28-11-2024' },
      ...items,
      { x: 50, y: 700, text: 'Atenciosamente,' },
      { x: 50, y: 714, text: 'Inês Carvalho' },
      { x: 50, y: 728, text: 'Por Ribeiro & Irmãos, Lda.' },
    ]);
    expect(result.vendor_name).not.toBe(buyer);
    expect(result.invoice_number).toBe('F86-10655');
  });
});

describe("a person addressed by a courtesy title over the party's name", () => {
  it.each([
    ['DESTINAZIONE MERCE', 'Sig.ra Giulia Marchetti', 'Padana Consulenze', 'Piazza della Repubblica 7', '20121 Milano'],
    ['Ship To', 'Mr Tom Hale', 'Marlow Finch', '12 Mill Lane', 'Leeds LS1 4DY'],
    ['Lieferanschrift', 'Herr Jonas Keller', 'Brandt Seidel', 'Hauptstraße 12', '80331 München'],
  ])('under "%s", "%s" over "%s" gives the buyer', (heading, person, buyer, street, place) => {
    const result = order([
      { x: 50, y: 40, text: 'Purchase Order', height: 16 },
      ...lines(50, 100, ['Supplier', 'Rinaldi e Associati S.r.l.', 'Via Garibaldi 33', '00184 Roma']),
      ...lines(300, 100, [heading, person, buyer, street, place]),
      { x: 50, y: 200, text: 'Order No.' },
      { x: 200, y: 200, text: '2026/56264' },
      ...items,
    ]);
    expect(result.buyer_name).toBe(buyer);
  });

  it('a person without a courtesy title over a name of two capitalised words stays the name', () => {
    const result = order([
      { x: 50, y: 40, text: 'Purchase Order', height: 16 },
      ...lines(50, 100, ['Supplier', 'Rinaldi e Associati S.r.l.', 'Via Garibaldi 33', '00184 Roma']),
      ...lines(300, 100, ['Ship To', 'Giulia Marchetti', 'Padana Consulenze', 'Piazza della Repubblica 7']),
      { x: 50, y: 200, text: 'Order No.' },
      { x: 200, y: 200, text: '2026/56264' },
      ...items,
    ]);
    expect(result.buyer_name).toBe('Giulia Marchetti');
  });
});
