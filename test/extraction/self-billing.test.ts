import { describe, expect, it } from 'vitest';
import { extractInvoice, invoiceBody, lines, type Placed } from './synthetic.js';

/**
 * A self-billed invoice: the buyer's letterhead at the top, the supplier's address block under it
 * (the addressee), the invoice's number, date and figures, and a sentence that may say the
 * customer issued it for the supplier. The vendor is the supplier.
 */
function issuedByBuyer(statement: string, supplierHeading?: string): Placed[] {
  return [
    ...lines(50, 40, ['Hausverwaltung Seidel GmbH', 'Industriestraße 14', '70565 Stuttgart', 'Tel. 0711 4455660']),
    ...lines(50, 110, [
      ...(supplierHeading ? [supplierHeading] : []),
      'Brandt Metallbau GmbH & Co. KG',
      'Am Markt 3',
      '04109 Leipzig',
    ]),
    ...invoiceBody,
    { x: 50, y: 400, text: statement },
  ];
}

describe('self-billed invoices: the supplier is the vendor', () => {
  it.each([
    ['Abrechnung im Gutschriftsverfahren gemäß § 14 Abs. 2 UStG.'],
    ['Self-billing: issued by the customer on behalf of the supplier.'],
    ['Autofacturation : facture émise par le client au nom du fournisseur.'],
  ])('a page stating "%s" has its addressee, not its letterhead, as the vendor', (statement) => {
    expect(extractInvoice(issuedByBuyer(statement)).vendor_name).toBe('Brandt Metallbau GmbH & Co. KG');
  });

  it('without such a statement the letterhead is the vendor, as on any invoice', () => {
    expect(extractInvoice(issuedByBuyer('Vielen Dank für die gute Zusammenarbeit.')).vendor_name).toBe(
      'Hausverwaltung Seidel GmbH',
    );
  });

  it('a supplier heading over the addressee ("Gutschriftsempfänger") keeps the supplier the vendor', () => {
    expect(
      extractInvoice(issuedByBuyer('Autofattura emessa dal committente.', 'Gutschriftsempfänger')).vendor_name,
    ).toBe('Brandt Metallbau GmbH & Co. KG');
  });
});
