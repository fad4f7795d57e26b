import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, lines, type Placed } from './synthetic.js';

/**
 * Seller names as invoicing software prints them (the lab's stranger identities): only in a
 * sentence at the foot or a bank block, as a trading name beside its parent's legal name, over
 * two lines in a block, in a "From" block beside the buyer's.
 */

const invoice = (placed: Placed[]) => extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice]);
const order = (placed: Placed[]) => extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order]);

/** An invoice's middle under a buyer's block with a legal form: number, date, one row and the total. */
const invoiceBody: Placed[] = [
  { x: 420, y: 40, text: 'INVOICE' },
  ...lines(50, 110, ['Bill To', 'Pioneer Hardware Ltd', '12 Mill Lane', 'Leeds LS1 4DY']),
  { x: 340, y: 110, text: 'Invoice No.' },
  { x: 470, y: 110, text: 'INV-2024-0042' },
  { x: 340, y: 125, text: 'Invoice Date' },
  { x: 470, y: 125, text: '2024-03-08' },
  { x: 50, y: 270, text: 'Description' },
  { x: 440, y: 270, text: 'Amount' },
  { x: 50, y: 288, text: 'Consulting hours' },
  { x: 440, y: 288, text: '200.00' },
  { x: 380, y: 320, text: 'Total' },
  { x: 440, y: 320, text: '200.00' },
];

describe('a seller named only in a sentence at the foot of the page', () => {
  it.each([
    ['Please make cheques payable to Blue Foods Corp.', 'Blue Foods Corp.'],
    ["Chèques à l'ordre de Azur Négoce SA", 'Azur Négoce SA'],
    ['Thank you for your business, Summit Traders LLC', 'Summit Traders LLC'],
    ['Merci pour votre confiance, Moreau Négoce SA', 'Moreau Négoce SA'],
    ['Kontoinhaber Granit Systeme GmbH', 'Granit Systeme GmbH'],
  ])('"%s" names the seller without the sentence', (sentence, seller) => {
    const result = invoice([
      ...invoiceBody,
      { x: 50, y: 740, text: sentence },
      { x: 150, y: 790, text: '5 High Street · Bristol BS1 5TR' },
    ]);
    expect(result.extracted_data.vendor_name).toBe(seller);
  });
});

describe("a trading name with its parent's legal name in the footer", () => {
  it.each([
    ['Polder Techniek, handelsnaam van Polder Holding V.O.F. · Kerkstraat 5 · 3511 BK Utrecht', 'Polder Techniek'],
    ['Harbor Holdings Ltd trading as Harbor Foods · 5 High Street · Bristol BS1 5TR', 'Harbor Foods'],
  ])('"%s" names the trading name', (footer, seller) => {
    const result = invoice([{ x: 50, y: 36, text: seller }, ...invoiceBody, { x: 60, y: 790, text: footer }]);
    expect(result.extracted_data.vendor_name).toBe(seller);
  });

  it('is the seller, not the parent company or the sentence', () => {
    const result = invoice([
      { x: 50, y: 36, text: 'Bernard Distribution' },
      ...invoiceBody,
      {
        x: 100,
        y: 790,
        text: 'Bernard Distribution est une marque de Bernard Holding SARL · rue du Commerce 77 · 75011 Paris',
      },
    ]);
    expect(result.extracted_data.vendor_name).toBe('Bernard Distribution');
    // The logo line has no address of its own (the buyer's block is under it): the footer's is the seller's.
    expect(result.extracted_data.vendor_address).toBe('rue du Commerce 77, 75011 Paris');
  });
});

describe('a name whose legal form went to the next line of its block', () => {
  it('under a seller heading, right-aligned, is the name with its form', () => {
    const result = invoice([
      ...invoiceBody,
      { x: 503, y: 661, text: 'Fournisseur' },
      { x: 419, y: 673, text: 'Provence Alimentation' },
      { x: 515, y: 688, text: 'SARL' },
      { x: 461, y: 703, text: 'boulevard Voltaire 85' },
      { x: 461, y: 715, text: '31000 Toulouse' },
    ]);
    expect(result.extracted_data.vendor_name).toBe('Provence Alimentation SARL');
  });

  it("in a From block beside the buyer's, joins its own column's line only", () => {
    const result = invoice([
      { x: 377, y: 42, text: 'Factuur Nr. 038533' },
      { x: 50, y: 111, text: 'Gefactureerd door' },
      { x: 210, y: 111, text: 'Gefactureerd aan' },
      { x: 50, y: 123, text: 'Polder Groothandel' },
      { x: 210, y: 123, text: 'Eva Visser' },
      { x: 50, y: 137, text: 'V.O.F.' },
      { x: 210, y: 137, text: 'De Vries Groothandel V.O.F.' },
      { x: 50, y: 150, text: 'Marktplein 110' },
      { x: 210, y: 150, text: 'Dorpsstraat 176' },
      { x: 50, y: 162, text: '2511 CV Den Haag' },
      { x: 50, y: 338, text: 'Factuurdatum' },
      { x: 50, y: 351, text: '2019-06-16' },
      { x: 50, y: 430, text: 'Totaal' },
      { x: 480, y: 430, text: '330,43' },
    ]);
    expect(result.extracted_data.vendor_name).toBe('Polder Groothandel V.O.F.');
    expect(result.extracted_data.vendor_address).toBe('Marktplein 110, 2511 CV Den Haag');
  });
});

describe("a buyer heading with another column's key right of it", () => {
  it('"Factuuradres ... Telefoon:" names no buyer "Telefoon"', () => {
    const result = order([
      { x: 50, y: 41, text: 'De Vries Handel' },
      { x: 433, y: 41, text: 'Inkooporder' },
      { x: 50, y: 112, text: 'Factuuradres' },
      { x: 340, y: 112, text: 'Telefoon:' },
      { x: 464, y: 112, text: '010 - 234 56 78' },
      { x: 50, y: 124, text: 'Delta Kantoorartikelen V.O.F.' },
      { x: 340, y: 124, text: 'Inkoopnr.' },
      { x: 513, y: 124, text: '063133' },
      { x: 50, y: 139, text: 'Dorpsstraat 186' },
      { x: 340, y: 139, text: 'Datum' },
      { x: 486, y: 139, text: '1 juli 2020' },
      { x: 50, y: 151, text: '3011 AD Rotterdam' },
      { x: 50, y: 386, text: 'Totaal' },
      { x: 486, y: 386, text: '82,17' },
    ]);
    expect(result.extracted_data.buyer_name).toBe('Delta Kantoorartikelen V.O.F.');
  });
});

describe("a name run into the next column's label", () => {
  it('"Lefèvre Fournitures SAS Date" under the buyer heading names the buyer before the label', () => {
    const result = order([
      { x: 50, y: 42, text: 'BON DE COMMANDE' },
      { x: 50, y: 111, text: 'Fournisseur' },
      { x: 210, y: 111, text: 'Acheteur' },
      { x: 50, y: 123, text: 'Azur Négoce SA' },
      { x: 210, y: 123, text: 'Lefèvre Fournitures SAS Date' },
      { x: 470, y: 123, text: '2024-03-08' },
      { x: 50, y: 137, text: 'rue du Commerce 77' },
      { x: 210, y: 137, text: 'rue de la Paix 12' },
      { x: 340, y: 150, text: 'N° de commande' },
      { x: 470, y: 150, text: 'OC27-40390' },
      { x: 380, y: 320, text: 'Total' },
      { x: 440, y: 320, text: '200,00' },
    ]);
    expect(result.extracted_data.buyer_name).toBe('Lefèvre Fournitures SAS');
  });
});

describe('a name over two lines without its legal form on the second alone', () => {
  it('joins the next line of its column where the footer prints the two as one name', () => {
    const result = invoice([
      { x: 420, y: 40, text: 'INVOICE' },
      { x: 50, y: 111, text: 'From' },
      { x: 210, y: 111, text: 'Bill To' },
      { x: 50, y: 123, text: 'Summit Office' },
      { x: 210, y: 127, text: 'Pioneer Hardware Ltd' },
      { x: 50, y: 137, text: 'Goods LLC' },
      { x: 210, y: 141, text: '12 Mill Lane' },
      { x: 50, y: 151, text: '5 High Street' },
      { x: 340, y: 200, text: 'Invoice No.' },
      { x: 470, y: 200, text: 'INV-2024-0042' },
      { x: 340, y: 215, text: 'Invoice Date' },
      { x: 470, y: 215, text: '2024-03-08' },
      { x: 380, y: 320, text: 'Total' },
      { x: 440, y: 320, text: '200.00' },
      { x: 150, y: 790, text: 'Summit Office Goods LLC · 5 High Street · Bristol BS1 5TR' },
    ]);
    expect(result.extracted_data.vendor_name).toBe('Summit Office Goods LLC');
  });

  it("joins a name's first line above it where the page's web address spells both", () => {
    const result = order([
      { x: 50, y: 41, text: 'BESTELLING' },
      { x: 50, y: 111, text: 'Leverancier' },
      { x: 210, y: 111, text: 'Koper' },
      { x: 50, y: 123, text: 'Oranje' },
      { x: 210, y: 123, text: 'Bakker Groothandel V.O.F.' },
      { x: 50, y: 137, text: 'Voeding' },
      { x: 210, y: 137, text: 'Kerkstraat 80' },
      { x: 50, y: 150, text: 'Molenweg 35' },
      { x: 50, y: 162, text: 'www.oranjevoeding.nl' },
      { x: 340, y: 200, text: 'Inkoopnr.' },
      { x: 470, y: 200, text: 'BE18843' },
      { x: 340, y: 215, text: 'Datum' },
      { x: 470, y: 215, text: '2021-06-06' },
      { x: 380, y: 320, text: 'Totaal' },
      { x: 440, y: 320, text: '200,00' },
    ]);
    expect(result.extracted_data.supplier_name).toBe('Oranje Voeding');
  });

  it('a title at the left of the line is no part of a legal form at the right', () => {
    const result = invoice([
      { x: 397, y: 23, text: 'García Alimentación' },
      { x: 50, y: 40, text: 'FACTURA' },
      { x: 497, y: 40, text: 'S.L.U.' },
      { x: 460, y: 54, text: 'Calle Mayor 127' },
      ...lines(50, 111, ['Facturar a', 'Mediterráneo Servicios', 'Avenida de la Constitución 205']),
      { x: 340, y: 111, text: 'N.º factura' },
      { x: 480, y: 111, text: 'INV-2025-44545' },
      { x: 340, y: 125, text: 'Fecha de factura' },
      { x: 480, y: 125, text: '2025-03-03' },
      { x: 400, y: 403, text: 'Importe total' },
      { x: 485, y: 403, text: '141,66' },
    ]);
    expect(result.extracted_data.vendor_name).not.toMatch(/FACTURA/);
  });
});

describe('a seller named only under a signature, as "for X"', () => {
  it.each([
    ['Yours faithfully,', 'Tom Becker', 'for Harbor Foods Ltd', 'Harbor Foods Ltd'],
    ['Mit freundlichen Grüßen', 'Lukas Brandt', 'i. A. der Becker Technik e.K.', 'Becker Technik e.K.'],
    ['Cordialement,', 'Sophie Laurent', 'Pour la société Provence Négoce SAS', 'Provence Négoce SAS'],
    ['Atentamente,', 'Sr. Javier Ortega', 'p.p. Fernández Logística S.L.', 'Fernández Logística S.L.'],
    ['Met vriendelijke groet,', 'Eva Visser', 'Namens ORANJE VOEDING N.V.', 'ORANJE VOEDING N.V.'],
  ])('"%s / %s / %s" names the company, not the person or the words before it', (regards, person, line, seller) => {
    const result = invoice([
      ...invoiceBody,
      ...lines(50, 676, [regards, person, line]),
      { x: 150, y: 790, text: '5 High Street · Bristol BS1 5TR' },
    ]);
    expect(result.extracted_data.vendor_name).toBe(seller);
  });
});
