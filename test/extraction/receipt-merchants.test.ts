import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { isBranchLine } from '../../packages/core/src/extraction/fields/branch-lines.js';
import { namesInSentence } from '../../packages/core/src/extraction/fields/sentence-names.js';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * A shop's name on receipts from shops the development corpus lacks (the lab's stranger receipts):
 * a branch line under the brand, the brand named again in a thanks sentence, and the company that
 * operates the shop on a line of its own.
 */

const merchant = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.receipt], { documentType: 'receipt' }).extracted_data.merchant_name;

/** A till slip's middle: number and date, two rows, the total and the payment. */
const slip = (top: number): Placed[] =>
  lines(12, top, [
    'Receipt # 4711  03/08/2024 14:32',
    'Coffee 12oz                 7.49',
    'Bananas                     1.20',
    'TOTAL                       8.69',
    'VISA                        8.69',
  ]);

describe('a branch line under the brand', () => {
  it('is no name and no rest of one, in every language the words are listed in', () => {
    for (const line of [
      'Store #1234',
      'STORE 2860',
      'Store No. 7394',
      'Filiale 0423',
      'Fil.-Nr. 12',
      'Filiale Leipzig',
      'Magasin n° 12',
      'Tienda nº 045',
      'Sucursal Centro',
      'Filiaal Utrecht',
      'Cawangan Taman Melawati',
      'Leeds Branch',
      'Outlet 12',
      'Store 6347 - Austin, TX 78701',
    ])
      expect(isBranchLine(line), line).toBe(true);
    for (const line of [
      'The Store (Malaysia) Sdn Bhd',
      'Corner Store',
      'Unit 4, 17 Mill Lane',
      'Store',
      'Harbor Market',
    ])
      expect(isBranchLine(line), line).toBe(false);
  });

  it('stays apart from the brand above it, and is never taken for the name', () => {
    expect(
      merchant([...lines(12, 20, ['HARBOR LIQUORS', 'STORE 2860', '12 Main St', 'Austin, TX 78701']), ...slip(90)]),
    ).toBe('HARBOR LIQUORS');
    expect(
      merchant([
        ...lines(12, 20, ['The Riverside Bakery', 'Store No. 7394', '20 Market Place', 'York YO1 7HH']),
        ...slip(90),
      ]),
    ).toBe('The Riverside Bakery');
    // The brand only in a logo image: the branch line is the first line of the text, and no name.
    expect(merchant([...lines(12, 20, ['Filiale Leipzig', 'Hauptstraße 12', '04109 Leipzig']), ...slip(90)])).not.toBe(
      'Filiale Leipzig',
    );
  });
});

describe('the street and place lines of a shop that prints its address first', () => {
  it('are no name: a street word of any language with the number on either side, a British postcode', () => {
    for (const address of [
      ['20 Market Place', 'York YO1 7HH'],
      ['Marktplatz 124', '80331 München'],
      ['111 Lorong Maarof', '50450 Kuala Lumpur'],
      ['91 Queen Street', 'Bristol BS1 5TR'],
    ])
      expect(merchant([...lines(12, 20, [...address, 'Tel 01904 612345', 'Evans Hardware']), ...slip(90)])).toBe(
        'Evans Hardware',
      );
  });
});

describe('the rows of a receipt whose name is a logo image', () => {
  const rows = lines(12, 60, ['Naranjas kg    3,20', 'Mineralwasser    1,52', 'TOTAL    4,72']);

  it('are no name: an item with its price, and "kg" in lower case, a unit and no KG', () => {
    expect(merchant([...lines(12, 20, ['Calle Mayor 14', '28013 Madrid']), ...rows])).toBeUndefined();
    expect(
      merchant([...lines(12, 20, ['Calle Mayor 14', '28013 Madrid']), ...rows, { x: 12, y: 120, text: 'Bodega Mar' }]),
    ).toBe('Bodega Mar');
  });

  it('leave a company whose form is printed in capitals as it is', () => {
    expect(merchant([...lines(12, 20, ['Becker Technik KG', 'Hauptstraße 12', '50667 Köln']), ...rows])).toBe(
      'Becker Technik KG',
    );
  });
});

describe("a thanks sentence that names the shop, in each language's words", () => {
  it('holds the name after its phrase', () => {
    expect(namesInSentence('Thanks for choosing Liberty Coffee Co.')).toEqual(['Liberty Coffee Co.']);
    expect(namesInSentence('Thank you for shopping at KOWALSKI LIQUORS CORP.')).toEqual(['KOWALSKI LIQUORS CORP.']);
    expect(namesInSentence('Bedankt en tot ziens bij Gracht Bakkerij N.V.')).toEqual(['Gracht Bakkerij N.V.']);
    expect(namesInSentence('Terima kasih kerana membeli-belah di Sentosa Pasar Mini Enterprise')).toEqual([
      'Sentosa Pasar Mini Enterprise',
    ]);
    expect(namesInSentence('Vielen Dank für Ihren Einkauf bei Sonnen Bäckerei')).toEqual(['Sonnen Bäckerei']);
  });

  it('gives the name, not the sentence, where only the sentence prints it (the brand a logo image)', () => {
    for (const sentence of [
      'Thank you for visiting Liberty Coffee Co. Corp.',
      'Thanks for choosing KOWALSKI LIQUORS CORP.',
    ]) {
      const name = sentence.replace(/^.* (?=Liberty|KOWALSKI)/, '');
      expect(
        merchant([
          ...lines(12, 20, ['55 Elm Street', 'Portland, OR 97205']),
          ...slip(60),
          { x: 12, y: 150, text: sentence },
        ]),
      ).toBe(name);
    }
  });
});

describe('the company that operates the shop', () => {
  it('is the parent, never the shop, after an operator phrase', () => {
    expect(namesInSentence('Operated by Northgate Trading Limited')).toEqual([]);
    expect(namesInSentence('Ein Unternehmen der Hansa Lebensmittel e.K.')).toEqual([]);
    expect(namesInSentence('Explotado por Alimentación del Norte S.A.')).toEqual([]);
    expect(namesInSentence('Exploité par Sodipar SA')).toEqual([]);
    expect(namesInSentence('Harbor Market is operated by Meridian Retail Inc.')).toEqual(['Harbor Market']);
  });

  it('gives way to the brand at the top, in the header or at the foot', () => {
    expect(
      merchant([
        ...lines(12, 20, [
          'Thistle Wine Merchants',
          'Operated by Northgate Trading Limited',
          '4 High Street',
          'Leeds LS1 4DY',
        ]),
        ...slip(90),
      ]),
    ).toBe('Thistle Wine Merchants');
    expect(
      merchant([
        ...lines(12, 20, ['Drogerie Schmidt', 'Hauptstraße 12', '50667 Köln']),
        ...slip(80),
        { x: 12, y: 160, text: 'Ein Unternehmen der Hansa Lebensmittel e.K.' },
      ]),
    ).toBe('Drogerie Schmidt');
  });
});
