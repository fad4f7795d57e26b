import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * Two unlabelled name-over-address blocks side by side at the top (fields/contact-blocks.ts): the
 * client's set flush left, the company's set flush right in the top right corner, each with a
 * phone line after a gap, as invoicing programs print them. The block set flush right is the
 * seller's; a postal address is set flush left whichever side it stands on.
 */

/** 6 points per character (synthetic.ts): the x at which a text ends at `right`. */
const endingAt = (right: number, text: string) => right - text.length * 6;

/** Lines set flush right, ending at x = 545, one under the other from y. */
const flushRight = (y: number, texts: string[]): Placed[] =>
  texts.map((text, i) => ({ x: endingAt(545, text), y: y + i * 14, text }));

const body: Placed[] = [
  { x: 50, y: 230, text: 'Invoice 2023/61' },
  { x: 50, y: 260, text: 'Item' },
  { x: 440, y: 260, text: 'Total' },
  { x: 50, y: 278, text: 'Labour' },
  { x: 440, y: 278, text: '652.44' },
  { x: 380, y: 310, text: 'Total' },
  { x: 440, y: 310, text: '652.44' },
];

const vendorOf = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data.vendor_name;

describe('two unlabelled blocks at the top', () => {
  it.each([
    [
      ['The Old Mill Hotel', '220 Pine Avenue', 'Portland OR 97201'],
      ['Blue Fern Design Studio', '14 Harbour Street', 'Ashford TN24 8AB'],
    ],
    [
      ['Mme Claire Fontaine', 'N° TVA: FR66448163', '4 avenue Jean Jaurès', 'Toulouse 31000'],
      ['Paysages Dubois', '27 boulevard Voltaire', 'Paris 75011'],
    ],
  ])('the block set flush right names the seller: %j beside %j', (client, company) => {
    const placed = [
      ...lines(50, 40, client),
      { x: 50, y: 40 + (client.length + 1) * 14, text: 'Phone: 0643 167434' },
      ...flushRight(40, company),
      ...flushRight(40 + (company.length + 1) * 14, ['Phone: 0863 274547']),
      ...body,
    ];
    expect(vendorOf(placed)).toBe(company[0]);
  });

  it('a block at the right set flush left is an address, not the seller', () => {
    const placed = [
      ...lines(50, 40, ['Atelier Moreau SARL', '12 rue des Lilas', '69003 Lyon']),
      ...lines(330, 40, ['Hôtel du Parc', '4 avenue Jean Jaurès', '31000 Toulouse']),
      ...body,
    ];
    expect(vendorOf(placed)).toBe('Atelier Moreau SARL');
  });
});
