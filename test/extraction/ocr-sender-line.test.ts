import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { senderParts } from '../../packages/core/src/extraction/fields/addressee-names.js';
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

/**
 * OCR puts a sender line's bullets on a row of their own ("-  -" over the line): the line is read
 * with no separators, or cut into pieces at the bullets' gaps. The pieces joined, or the name split
 * from the street at its house number, still make a sender line of the strict shape.
 */
describe('a sender line whose bullets OCR put on a row of their own', () => {
  const withBulletRow = (pieces: [string, number][], addressee: string): Placed[] => {
    const placed = windowInvoice('', addressee).filter((p) => p.text !== '');
    const bullets = pieces.slice(1).map(([, x]) => ({ x: x - 8, y: 86, text: '-' }));
    // Set small, as over a window: the addressee under it is printed bigger than the seller's name.
    const sender = pieces.map(([text, x]) => ({ x, y: 96, text, height: 7 }));
    return [...bullets, ...sender, ...placed];
  };

  it.each([
    [
      [
        ['Carter & Sons Joinery', 50],
        ['7 Station Road - Bristol BS1 6QF', 215],
      ],
      'Ashton Cafe Ltd',
      'Carter & Sons Joinery',
    ],
    [
      [
        ['Keller Metallbau GmbH Am Anger 7', 50],
        ['99084 Erfurt', 290],
      ],
      'Stadtwerke Neustadt AG',
      'Keller Metallbau GmbH',
    ],
    [[['Keller Metallbau GmbH Am Anger 7 99084 Erfurt', 50]], 'Stadtwerke Neustadt AG', 'Keller Metallbau GmbH'],
    [[['Brandt Haustechnik GmbH Lindenallee 14 50667 Köln', 50]], 'Stadtwerke Neustadt AG', 'Brandt Haustechnik GmbH'],
    [
      [
        ['De Vries Schilderwerken Dorpsweg 12', 50],
        ['1741 AB Schagen', 270],
      ],
      'Visser Logistiek B.V.',
      'De Vries Schilderwerken',
    ],
    [
      [
        ['Zielinska Serwis Sp. |.', 50],
        ['ul. Polna 9', 200],
        ['61-001 Poznań', 280],
      ],
      'Lewandowski Handel Sp. k.',
      'Zielinska Serwis Sp. j.',
    ],
  ] as [[string, number][], string, string][])('%j over "%s" names the seller', (pieces, addressee, seller) => {
    expect(extract(withBulletRow(pieces, addressee), 'ocr').vendor_name).toBe(seller);
  });

  it('gives the seller the address of a line OCR cut into pieces', () => {
    const placed = withBulletRow(
      [
        ['Keller Metallbau GmbH Am Anger 7', 50],
        ['99084 Erfurt', 290],
      ],
      'Stadtwerke AG',
    );
    expect(extract(placed, 'ocr').vendor_address).toBe('Am Anger 7, 99084 Erfurt');
  });

  it('splits a name from its street only before a postcode and its place, on OCR lines only', () => {
    expect(senderParts('Keller Metallbau GmbH Am Anger 7 99084 Erfurt', true)).toEqual([
      'Keller Metallbau GmbH',
      'Am Anger 7 99084 Erfurt',
    ]);
    expect(senderParts('Keller Metallbau GmbH Am Anger 7', true)).toBeNull();
    expect(senderParts('Wartung Heizungsanlage 2 Stück 7.173,19', true)).toBeNull();
    expect(senderParts('Keller Metallbau GmbH Am Anger 7 99084 Erfurt', false)).toBeNull();
  });
});
