import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

/**
 * A marketplace or platform issues the invoice in its seller's name: its own name heads the page
 * in large type, and a line under it says whose invoice it is ("Rechnung im Namen und für Rechnung
 * von", "Facture émise au nom et pour le compte de"), the seller's name and address on the lines
 * after. The seller is the one named there, not the platform at the top and in the footer.
 */

const vendor = (phrase: string, seller: string, street: string, place: string) => {
  const placed: Placed[] = [
    { x: 50, y: 40, text: 'Kaufnetz Marktplatz', height: 20 },
    { x: 50, y: 70, text: phrase },
    { x: 50, y: 82, text: seller },
    { x: 50, y: 94, text: street },
    { x: 50, y: 106, text: place },
    { x: 50, y: 150, text: 'Hausverwaltung Seidel GmbH' },
    { x: 50, y: 162, text: 'Industriestraße 14' },
    { x: 50, y: 174, text: '70565 Stuttgart' },
    { x: 340, y: 150, text: 'Rechnungsnr.' },
    { x: 470, y: 150, text: '2025-233' },
    { x: 340, y: 162, text: 'Rechnungsdatum' },
    { x: 470, y: 162, text: '21.06.2025' },
    { x: 50, y: 300, text: 'Bezeichnung' },
    { x: 440, y: 300, text: 'Gesamt' },
    { x: 50, y: 318, text: 'Arbeitszeit' },
    { x: 440, y: 318, text: '37,00' },
    { x: 380, y: 350, text: 'Nettobetrag' },
    { x: 470, y: 350, text: '37,00' },
    { x: 380, y: 366, text: 'USt. 19%' },
    { x: 470, y: 366, text: '7,03' },
    { x: 380, y: 382, text: 'Rechnungsbetrag' },
    { x: 470, y: 382, text: '44,03' },
    { x: 50, y: 790, text: 'Kaufnetz Marktplatz' },
    { x: 50, y: 802, text: 'Friedrichstraße 68' },
    { x: 50, y: 814, text: '10117 Berlin' },
    { x: 400, y: 790, text: 'service@kaufnetzmarktplatz.com' },
    { x: 400, y: 802, text: 'www.kaufnetzmarktplatz.com' },
  ];
  return extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data
    .vendor_name;
};

describe('an invoice issued in the name and for the account of its seller', () => {
  it('German: "im Namen und für Rechnung von" names the seller on the next line', () => {
    expect(
      vendor('Rechnung im Namen und für Rechnung von', 'Brandt Metallbau GmbH & Co. KG', 'Am Markt 3', '04109 Leipzig'),
    ).toBe('Brandt Metallbau GmbH & Co. KG');
  });

  it('French: "au nom et pour le compte de" names the seller on the next line', () => {
    expect(
      vendor('Facture émise au nom et pour le compte de', 'Menuiserie Caron SARL', '8 rue Pasteur', '67000 Strasbourg'),
    ).toBe('Menuiserie Caron SARL');
  });

  it('Italian: "in nome e per conto di" names the seller on the next line', () => {
    expect(
      vendor('Fattura emessa in nome e per conto di', 'Falegnameria Conti S.r.l.', 'Via Roma 45', '20121 Milano'),
    ).toBe('Falegnameria Conti S.r.l.');
  });

  it('Spanish: "en nombre y por cuenta de" names the seller on the next line', () => {
    expect(
      vendor('Factura emitida en nombre y por cuenta de', 'Gráficas Vidal S.L.', 'Calle Alcalá 120', '28009 Madrid'),
    ).toBe('Gráficas Vidal S.L.');
  });
});
