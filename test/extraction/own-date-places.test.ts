import { describe, expect, it } from 'vitest';
import type { ReadDocument } from '@intake/core';
import { doc, extractWithAndWithoutCaps, lines, page, type Placed } from './synthetic.js';

/**
 * Where an invoice prints its own date besides a labelled row of its own (docs/extraction/
 * README.md, "Dates"): in the title line ("Rechnung Nr. 4711 vom 03.03.2024"), in a dateline under
 * the place at the top right ("Berlin, den 3. März 2024", "Paris, le lundi 4 mars 2024"), under a
 * label that names the date of supply too ("Invoice date / tax point", "Rechnungs- und
 * Leistungsdatum"), with its weekday. Other labelled dates on the page (an order's, a delivery's,
 * the due date) are not the invoice's.
 */

/** An invoice: the seller at the top left, `head` at the top right, the keys and values in two columns. */
function invoice(head: Placed[], keys: string[], values: string[]): ReadDocument {
  return doc([
    page([
      ...lines(50, 40, ['Berg Logistik AG', 'Industriestraße 42', '10115 Berlin']),
      ...head,
      ...lines(330, 110, keys),
      ...lines(520, 110, values),
      { x: 50, y: 240, text: 'Bezeichnung' },
      { x: 460, y: 240, text: 'Summe' },
      { x: 50, y: 258, text: 'Softwarelizenz' },
      { x: 460, y: 258, text: '100,00' },
      ...lines(330, 300, ['Summe netto', 'MwSt. 19 %', 'Endbetrag']),
      ...lines(460, 300, ['100,00', '19,00', '119,00']),
    ]),
  ]);
}

const title = (text: string): Placed => ({ x: 330, y: 40, text });
const dateline = (text: string): Placed => ({ x: 380, y: 88, text });

describe("an invoice's date in its title line", () => {
  it.each([
    ['Rechnung Nr. 4711 vom 03.03.2024', ['Lieferdatum', 'Fällig am'], ['28.02.2024', '17.03.2024'], '2024-03-03'],
    ['Facture n° 4711 du 03/03/2024', ['Date de commande', 'Échéance'], ['25/02/2024', '02/04/2024'], '2024-03-03'],
    ['Invoice 4711 of 3 March 2024', ['Your order of', 'Due Date'], ['27 February 2024', '2 April 2024'], '2024-03-03'],
  ])('"%s"', (line, keys, values, iso) => {
    expect(extractWithAndWithoutCaps(invoice([title(line)], keys, values)).values.invoice_date).toBe(iso);
  });
});

describe("an invoice's date in a dateline under the place", () => {
  it.each([
    ['Berlin, den 3. März 2024', ['Rechnung Nr.', 'Lieferdatum', 'Fällig am'], ['4711', '28.02.2024', '17.03.2024']],
    ['Paris, le lundi 4 mars 2024', ['Facture n°', 'Date de commande'], ['4711', 'le 1er mars 2024']],
    ['London, 4th March 2024', ['Invoice No.', 'Delivery date', 'Due Date'], ['4711', '28/02/2024', '03/04/2024']],
  ])('"%s"', (line, keys, values) => {
    const document = invoice([title('INVOICE'), dateline(line)], keys, values);
    expect(extractWithAndWithoutCaps(document).values.invoice_date).toMatch(/^2024-03-0[34]$/);
  });
});

describe('a label that names the invoice date and the date of supply', () => {
  it.each([
    ['Invoice date / tax point', 'Order date'],
    ['Rechnungs- und Leistungsdatum', 'Bestelldatum'],
    ['Factuur- en leverdatum', 'Besteldatum'],
    ['Date de facture / de livraison', 'Date de commande'],
    ['Fecha de factura / operación', 'Fecha de pedido'],
  ])('"%s" above "%s"', (label, other) => {
    const document = invoice([title('INVOICE')], ['No.', other, label], ['4711', '27.02.2024', '03.03.2024']);
    expect(extractWithAndWithoutCaps(document).values.invoice_date).toBe('2024-03-03');
  });
});

describe('a date with its weekday', () => {
  it.each([
    ['Mo., 04.03.2024', '2024-03-04'],
    ['Monday, 4 March 2024', '2024-03-04'],
    ['lundi 4 mars 2024', '2024-03-04'],
    ['Mon 04/03/24', '2024-03-04'],
  ])('"%s"', (value, iso) => {
    const document = invoice([title('INVOICE')], ['No.', 'Date'], ['4711', value]);
    expect(extractWithAndWithoutCaps(document).values.invoice_date).toBe(iso);
  });
});
