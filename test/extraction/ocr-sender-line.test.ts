import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, page, type Placed } from './synthetic.js';

/**
 * A window envelope's one-line sender address whose middle dots OCR read as a spaced "+", ":" or
 * "-", an asterisk, an equals sign, a guillemet, a bar with specks, a "+" or "-" run into the word
 * before it, a comma or nothing at all is still the sender's line (fields/addressee-names.ts,
 * `senderParts`): its first part names the seller, the name under it is the addressee, the buyer.
 */

const windowInvoice = (sender: string, addressee: string): Placed[] => [
  { x: 470, y: 41, text: 'Facture' },
  { x: 50, y: 96, text: sender },
  ...lines(50, 111, [addressee, 'rue de la République 75', '69002 Lyon']),
  { x: 340, y: 126, text: 'Numéro de facture' },
  { x: 470, y: 126, text: 'FAC98011' },
  { x: 340, y: 141, text: 'Date de facture' },
  { x: 470, y: 141, text: '15/04/2019' },
  { x: 50, y: 300, text: 'Description' },
  { x: 440, y: 300, text: 'Montant' },
  { x: 50, y: 318, text: 'Papier A4' },
  { x: 440, y: 318, text: '420,50' },
  { x: 380, y: 350, text: 'Total' },
  { x: 440, y: 350, text: '420,50' },
];

const extract = (placed: Placed[], source: 'ocr' | 'text_layer') =>
  extractFields(doc([page(placed, { source })]), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' })
    .extracted_data;

describe('a sender line whose separators OCR misread', () => {
  it.each([
    [
      'Dupont Distribution SAS + avenue Victor Hugo 108 + 75011 Paris',
      'Provence Services SAS',
      'Dupont Distribution SAS',
    ],
    [
      'Dupont Distribution SAS : avenue Victor Hugo 108 : 75011 Paris',
      'Provence Services SAS',
      'Dupont Distribution SAS',
    ],
    ['Nordlicht Handel GmbH + Hauptstraße 1 - 12345 Hamburg', 'Berg Logistik GmbH', 'Nordlicht Handel GmbH'],
    ['Tulp Techniek B.V. : Dorpsstraat 182 + 5611 EM Eindhoven', 'Visser Gereedschap V.O.F.', 'Tulp Techniek B.V.'],
  ])('"%s" over "%s" names the seller in the sender line', (sender, addressee, seller) => {
    expect(extract(windowInvoice(sender, addressee), 'ocr').vendor_name).toBe(seller);
  });

  it("gives the seller the sender line's address", () => {
    const sender = 'Dupont Distribution SAS + avenue Victor Hugo 108 : 75011 Paris';
    expect(extract(windowInvoice(sender, 'Provence Services SAS'), 'ocr').vendor_address).toBe(
      'avenue Victor Hugo 108, 75011 Paris',
    );
  });

  it('takes no key with a spaced colon for a sender line ("Téléphone : 01 45 67 89 10")', () => {
    const placed = windowInvoice('Téléphone : 01 45 67 89 10 : Fax : 01 45 67 89 11', 'Provence Services SAS');
    placed.unshift({ x: 50, y: 60, text: 'Dupont Distribution SAS' });
    expect(extract(placed, 'ocr').vendor_name).toBe('Dupont Distribution SAS');
  });

  it.each([
    [
      'Wojcik Zaopatrzenie Sp. z 0.0. * ul. Floriańska 223, budynek 47 - 50-001 Wrocław',
      'Kamiński Doradztwo Sp. k.',
      'Wojcik Zaopatrzenie Sp. z o.o.',
    ],
    ['Hartley Plumbing Ltd + 14 Mill Lane * Leeds LS1 4AB', 'Greenfield Dental Practice', 'Hartley Plumbing Ltd'],
    ['Brandt Haustechnik GmbH « Lindenallee 14 « 50667 Köln', 'Stadtwerke Neustadt AG', 'Brandt Haustechnik GmbH'],
    ['Zielinska Serwis Sp. |.. ul. Polna 9, 61-001 Poznań', 'Piekarnia Kowalczyk', 'Zielinska Serwis Sp.'],
    ['Lefèvre Rénovation SARL = 12 rue des Lilas = 69003 Lyon', 'Boulangerie Girard', 'Lefèvre Rénovation SARL'],
    ['Praktijk Jeroen Mulder- Marktplein 198 5611EM Eindhoven', 'Jansen Advies B.V.', 'Praktijk Jeroen Mulder'],
  ])('"%s" (a bullet read as another mark) over "%s" names the seller', (sender, addressee, seller) => {
    expect(extract(windowInvoice(sender, addressee), 'ocr').vendor_name).toBe(seller);
  });

  it('keeps a compound\'s hyphen in a name ("Bau- und Möbeltischlerei")', () => {
    const sender = 'Bau- und Möbeltischlerei Berg GmbH · Am Anger 7 · 99084 Erfurt';
    expect(extract(windowInvoice(sender, 'Provence Services SAS'), 'ocr').vendor_name).toBe(
      'Bau- und Möbeltischlerei Berg GmbH',
    );
  });

  it('takes no price line with an asterisk and an equals sign for a sender line', () => {
    const placed = windowInvoice('Papier A4 * 2 = 420,50', 'Provence Services SAS');
    placed.unshift({ x: 50, y: 60, text: 'Dupont Distribution SAS' });
    expect(extract(placed, 'ocr').vendor_name).toBe('Dupont Distribution SAS');
  });
});
