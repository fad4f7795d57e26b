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

describe('a footer column', () => {
  it('names the seller over its street and place on one line (German, French)', () => {
    const footer = (name: string, address: string): Placed[] => [
      ...lines(30, 790, [name, address]),
      ...lines(260, 790, ['+49 53 3221940', 'info@example.org']),
      ...lines(430, 790, ['IBAN DE89 3704 0044 0532 0130 00', 'USt-IdNr. DE280146299']),
    ];
    const german = invoice(
      doc([
        ...lines(50, 60, ['Hotel Seeblick', 'z. Hd. Frau Schneider', 'Goethestraße 21', '10115 Berlin']),
        ...lines(340, 60, ['Rechnungsnummer', 'Rechnungsdatum', 'Zahlungsbedingungen', 'Ihre Referenz']),
        ...lines(470, 60, ['20240041', '02.05.2024', '7 Tage netto', 'Bestellung 4471']),
        ...body('Betrag ohne MwSt.', 'MwSt. 19 %', 'Gesamtbetrag'),
        ...footer('Gärtnerei Baumann', 'Am Marktplatz 7, 50667 Köln'),
      ]),
    );
    expect(german.extracted_data.vendor_name).toBe('Gärtnerei Baumann');
    expect(german.extracted_data.subtotal).toBe(200);
    const french = invoice(
      doc([
        ...lines(50, 60, ['Commune de Vevey', "À l'attention de M. Favre", 'Rue du Lac 8', '1800 Vevey']),
        ...lines(340, 60, ['N° de facture', 'Date', 'Votre référence']),
        ...lines(470, 60, ['F-2024-77', '02.05.2024', 'Commande 4471']),
        ...body('Total HT', 'TVA 8.1%', 'Total TTC'),
        ...footer('Atelier Dubois', 'Avenue de la Gare 5, 1003 Lausanne'),
      ]),
    );
    expect(french.extracted_data.vendor_name).toBe('Atelier Dubois');
  });
});

describe("a DIN 5008 letter's information block", () => {
  it("gives the invoice date by its own key, not the date of the buyer's message above it", () => {
    const result = invoice(
      doc([
        { x: 50, y: 40, text: 'Weber Druck & Medien GmbH · Hauptstraße 12 · 50667 Köln', height: 6 },
        ...lines(50, 60, ['Praxis Dr. Neumann', 'Lindenallee 4a', '80331 München']),
        ...lines(360, 60, ['Ihr Zeichen', 'Ihre Nachricht vom', 'Kundennummer', 'Rechnungsnummer', 'Datum']),
        ...lines(480, 60, ['ks-41', '23.05.2025', '48213', 'R-2025-311', '05.06.2025']),
        ...lines(50, 200, ['Rechnung für Ihren Auftrag vom 23.05.2025', 'Zahlbar ohne Abzug bis 19.06.2025.']),
        ...body('Nettobetrag', 'Umsatzsteuer 19 %', 'Rechnungsbetrag'),
      ]),
    );
    expect(result.extracted_data.invoice_date).toBe('2025-06-05');
    expect(result.extracted_data.vendor_name).toBe('Weber Druck & Medien GmbH');
  });
});
