import { describe, expect, it } from 'vitest';
import type { ReadDocument } from '@intake/core';
import { addressHoldsContact } from '../../packages/core/src/extraction/confidence/party-blocks.js';
import { doc, extractWithAndWithoutCaps, lines, page, type Placed } from './synthetic.js';

/**
 * Values a party's block puts in doubt (caps at 0.85, see confidence/party-blocks.ts): a person's
 * name with a second name line under it in the same block, an address with a contact person in
 * it, and a seller's block under a heading no seller label matches. Each case is compared with the same extraction without the
 * caps, so that a test fails when the cap stops applying and when it applies where it should not.
 */

const CEILING = 0.85;

const extract = extractWithAndWithoutCaps;

function read(items: Placed[]): ReadDocument {
  return doc([page(items, { source: 'text_layer' })]);
}

describe('evidence caps: a person over a second name line in a buyer block', () => {
  /** A French order: the buyer's block under "Adresse de facturation", the seller's at the foot. */
  function frenchOrder(buyerLines: string[]) {
    return read([
      { x: 380, y: 40, text: 'BON DE COMMANDE' },
      ...lines(50, 90, ['Adresse de facturation', ...buyerLines]),
      ...lines(330, 90, ['N° de commande 059700', 'Date de commande 2024/12/09']),
      { x: 50, y: 240, text: 'Article' },
      { x: 460, y: 240, text: 'Total HT' },
      { x: 50, y: 258, text: 'Chaise de bureau' },
      { x: 460, y: 258, text: 'EUR 32,88' },
      ...lines(330, 300, ['Total HT', 'TVA collectée', 'Total TTC']),
      ...lines(460, 300, ['EUR 32,88', 'EUR 3,29', 'EUR 36,17']),
      ...lines(400, 700, ['Dupont Fournitures SAS', 'rue du Commerce 178', '69002 Lyon', 'info@dupontfournitures.fr']),
    ]);
  }

  it('"Sophie Laurent" over "Lumière Équipements" taken as the buyer keeps at most 0.85', () => {
    const { capped, free, values } = extract(
      frenchOrder(['Sophie Laurent', 'Lumière Équipements', 'rue du Commerce 195', '33000 Bordeaux']),
      'purchase_order',
    );
    expect(values.buyer_name).toBe('Sophie Laurent');
    expect(free.buyer_name).toBeGreaterThan(CEILING);
    expect(capped.buyer_name).toBe(CEILING);
  });

  it('a person with the address right under the name (a private buyer) keeps what the rules give', () => {
    const { capped, free, values } = extract(
      frenchOrder(['Sophie Laurent', 'rue du Commerce 195', '33000 Bordeaux']),
      'purchase_order',
    );
    expect(values.buyer_name).toBe('Sophie Laurent');
    expect(capped.buyer_name).toBe(free.buyer_name);
    expect(capped.buyer_name).toBeGreaterThan(CEILING);
  });
});

describe('evidence caps: an address with a contact person in it', () => {
  it('a part that begins with a contact word ("t.a.v.", "z.Hd.", "Attn:") is no part of an address', () => {
    expect(addressHoldsContact('Molenweg 85, 3511 BK Utrecht, t.a.v. Mevr. Sanne Jansen')).toBe(true);
    expect(addressHoldsContact('Industriestraße 194, 70173 Stuttgart, z.Hd. Frau Anna Vogt')).toBe(true);
    expect(addressHoldsContact('Attn: Accounts Payable, 12 Market Road, Leeds LS1 4AP')).toBe(true);
    expect(addressHoldsContact('Attenborough Road 5, Leeds LS1 4AP')).toBe(false);
    expect(addressHoldsContact('Marktplatz 100, 70173 Stuttgart')).toBe(false);
  });

  it("taken as the seller's address under a name a footer names too, it keeps at most 0.85", () => {
    const document = read([
      { x: 60, y: 30, text: 'Berg Technik GmbH' },
      { x: 400, y: 30, text: 'RECHNUNG' },
      ...lines(60, 44, ['Industriestraße 194', '70173 Stuttgart', 'z.Hd. Frau Anna Vogt']),
      ...lines(330, 100, ['Rechnungsnummer: RE-2025-118', 'Rechnungsdatum: 12.03.2025']),
      { x: 40, y: 240, text: 'Bezeichnung' },
      { x: 460, y: 240, text: 'Betrag' },
      { x: 40, y: 258, text: 'Bürostuhl' },
      { x: 460, y: 258, text: '200,00 €' },
      ...lines(330, 300, ['Zwischensumme', 'USt.', 'Gesamtbetrag']),
      ...lines(460, 300, ['200,00 €', '38,00 €', '238,00 €']),
      { x: 60, y: 800, text: 'Berg Technik GmbH · Marktplatz 100 · 70173 Stuttgart' },
    ]);
    const { capped, free, values } = extract(document);
    expect(String(values.vendor_address)).toContain('z.Hd. Frau Anna Vogt');
    expect(free.vendor_address).toBeGreaterThan(CEILING);
    expect(capped.vendor_address).toBe(CEILING);
  });
});

describe("evidence caps: a seller's block under a heading no seller label matches", () => {
  /** A Dutch invoice: a letterhead, then the buyer's block under `heading`, the seller in the footer. */
  function dutchInvoice(heading: string, beside: Placed[] = []) {
    return read([
      ...beside,
      { x: 60, y: 30, text: 'Smit Groothandel' },
      { x: 330, y: 50, text: 'Factuur' },
      { x: 40, y: 70, text: heading },
      ...lines(40, 84, ['Noordzee Voeding B.V.', 'Molenweg 68', '5611 EM Eindhoven']),
      ...lines(230, 70, ['Factuur nr. INV78-75729', 'Factuurdatum 17-03-2024']),
      { x: 40, y: 240, text: 'Product' },
      { x: 460, y: 240, text: 'Totaal' },
      { x: 40, y: 258, text: 'Notitieboek' },
      { x: 460, y: 258, text: '100,00 €' },
      ...lines(330, 300, ['Subtotaal', 'BTW', 'Totaal']),
      ...lines(460, 300, ['100,00 €', '21,00 €', '121,00 €']),
      { x: 60, y: 800, text: 'Smit Groothandel · Molenweg 74 · 3011 AD Rotterdam' },
    ]);
  }

  // "Aan" alone over a block is a buyer heading now (buyer-heading-only.test.ts); the cap is for headings no lexicon lists.
  it('the address of a name under "Geadresseerde", taken for the seller, keeps at most 0.85', () => {
    const { capped, free, values } = extract(dutchInvoice('Geadresseerde'));
    expect(values.vendor_name).toBe('Noordzee Voeding B.V.');
    expect(values.vendor_address).toBe('Molenweg 68, 5611 EM Eindhoven');
    expect(free.vendor_address).toBeGreaterThan(CEILING);
    expect(capped.vendor_address).toBe(CEILING);
  });

  it('under a seller heading ("Leverancier") the address keeps what the rules give', () => {
    const { capped, free, values } = extract(dutchInvoice('Leverancier'));
    expect(values.vendor_address).toBe('Molenweg 68, 5611 EM Eindhoven');
    expect(capped.vendor_address).toBe(free.vendor_address);
    expect(capped.vendor_address).toBeGreaterThan(CEILING);
  });

  it('under a key with its value set apart ("Nummer    : 12345676") the address keeps what the rules give', () => {
    const { capped, free, values } = extract(dutchInvoice('Nummer', [{ x: 110, y: 70, text: ': 12345676' }]));
    expect(values.vendor_address).toBe('Molenweg 68, 5611 EM Eindhoven');
    expect(capped.vendor_address).toBe(free.vendor_address);
    expect(capped.vendor_address).toBeGreaterThan(CEILING);
  });
});
