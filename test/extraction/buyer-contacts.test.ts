import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, page, type Placed } from './synthetic.js';

/** A purchase order: the issuer's letterhead, a buyer's block under its heading, the number beside it. */
function order(block: Placed[], numberLines: Placed[], options: { ocr?: boolean } = {}) {
  const placed: Placed[] = [
    ...lines(40, 60, ['Nordwind Handel GmbH', 'Hafenstraße 12', '20457 Hamburg']),
    { x: 380, y: 60, text: 'PURCHASE ORDER' },
    ...block,
    ...numberLines,
    { x: 380, y: 420, text: 'Total' },
    { x: 480, y: 420, text: '120.00' },
  ];
  return doc([page(placed, options.ocr ? { source: 'ocr' } : {})]);
}

const extract = (document: ReturnType<typeof doc>) =>
  extractFields(document, [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' }).extracted_data;

describe('buyer names: the person a block names is not the organization', () => {
  it('"Ship to" over the recipient and then the company gives the company (English, no legal form)', () => {
    const block = [
      { x: 300, y: 160, text: 'SHIP TO' },
      ...lines(300, 176, ['Grady Archie', 'Contoso Electronics', '21930 SE 51st St', 'Issaquah, WA 98029']),
    ];
    expect(extract(order(block, [])).buyer_name).toBe('Contoso Electronics');
  });

  it('a titled person over a German company with its legal form gives the company ("Frau Anna Vogt")', () => {
    const block = [
      { x: 40, y: 160, text: 'Besteller' },
      ...lines(40, 176, ['Frau Anna Vogt', 'Berg Logistik GmbH', 'Marktplatz 3', '50667 Köln']),
    ];
    expect(extract(order(block, [])).buyer_name).toBe('Berg Logistik GmbH');
  });

  it('"z. Hd." and "Attn:" lines are passed over, wherever they stand in the block', () => {
    const german = [
      { x: 40, y: 160, text: 'Lieferanschrift' },
      ...lines(40, 176, ['z. Hd. Herr Jonas Keller', 'Schmidt Technik KG', 'Bahnhofstraße 5', '10115 Berlin']),
    ];
    expect(extract(order(german, [])).buyer_name).toBe('Schmidt Technik KG');
    const english = [
      { x: 40, y: 160, text: 'Bill to:' },
      ...lines(40, 176, ['Attn: Priya Natarajan', 'Harbor Foods Ltd', '5 High Street', 'Leeds LS1 4AP']),
    ];
    expect(extract(order(english, [])).buyer_name).toBe('Harbor Foods Ltd');
  });

  it('a person alone in the block stays the buyer: nothing shaped like an organization is there', () => {
    const block = [
      { x: 40, y: 160, text: 'Bill to:' },
      ...lines(40, 176, ['Grace Holloway', '5 High Street', 'Leeds LS1 4AP']),
    ];
    expect(extract(order(block, [])).buyer_name).toBe('Grace Holloway');
  });
});
