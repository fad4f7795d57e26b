import { describe, expect, it } from 'vitest';
import { extractInvoice as invoice, lines, type Placed } from './synthetic.js';

/**
 * A buyer's block as stranger layouts print it (labels/label-index.ts, fields/labelled-names.ts):
 * its heading on the row of the document's labelled values, the next cell beginning with a word a
 * longer label shares ("Cliente ‖ N.º documento", where "Cliente N.º" is a customer number's
 * label).
 */

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
