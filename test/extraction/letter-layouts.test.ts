import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * Invoices as small-business invoicing software in German- and French-speaking countries prints
 * them: a window address with an attention line, an information block of the letter's references
 * beside it, and the seller named only in a footer column.
 */

const invoice = (d: ReadDocument) => extractFields(d, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });

/** One item row and the sums under it, with the given labels. */
const body = (net: string, tax: string, total: string): Placed[] => [
  ...lines(50, 300, ['Pos.', '1']),
  ...lines(90, 300, ['Beschreibung', 'Wartung Heizungsanlage']),
  ...lines(440, 300, ['Betrag', '200,00']),
  ...lines(330, 350, [net, tax, total]),
  ...lines(470, 350, ['200,00', '38,00', '238,00']),
];

describe('an attention line in a block without a heading', () => {
  it('marks the organization over it as the addressee, not the seller (German, English)', () => {
    const german = invoice(
      doc([
        ...lines(50, 60, ['Stadtwerke Lindau GmbH', 'z. Hd. Frau Schneider', 'Goethestraße 21', '88131 Lindau']),
        ...lines(360, 60, ['Alpenblick Consulting GmbH', 'Mariahilfer Straße 45', '1060 Wien', 'UID: ATU12345678']),
        ...lines(50, 200, ['Rechnung 2024-118']),
        ...lines(50, 220, ['Rechnungsdatum', 'Zahlungsfrist']),
        ...lines(160, 220, ['02.05.2024', '16.05.2024']),
        ...body('Zwischensumme', 'USt. 19%', 'Gesamt EUR'),
      ]),
    );
    expect(german.extracted_data.vendor_name).toBe('Alpenblick Consulting GmbH');
    const english = invoice(
      doc([
        ...lines(50, 60, [
          'Redwood Property Group LLC',
          'Attn: Accounts Payable',
          '88 Wellington Road',
          'Leeds LS1 4DY',
        ]),
        ...lines(360, 60, ['Blue Fjord Studio Ltd', '27 King William Street', 'London EC4N 7BE']),
        ...lines(50, 200, ['Invoice 118']),
        ...lines(50, 220, ['Invoice date', 'Due date']),
        ...lines(160, 220, ['02/05/2024', '16/05/2024']),
        ...body('Subtotal', 'VAT 19%', 'Total'),
      ]),
    );
    expect(english.extracted_data.vendor_name).toBe('Blue Fjord Studio Ltd');
  });
});
