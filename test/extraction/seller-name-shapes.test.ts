import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { collectExamples, featureNames } from '@intake/core/extraction';
import { doc, invoiceBody, lines, type Placed } from './synthetic.js';

/**
 * What a seller's name is not, and what the ranker sees of a name, on layouts the development
 * corpus lacks (found with the lab's `synth` and `weak` on seeds of both families): an item with
 * its unit, a street with a trading word, a heading word, a logo word; an order's letterhead over
 * the buyer's heading; a legal form printed with dots.
 */

const invoice = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
const order = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' });
/** The values the rules offer the ranker for a document's seller. */
const sellerCandidates = (placed: Placed[], type: 'invoice' | 'purchase_order') =>
  collectExamples(doc(placed), [...RECOMMENDED_FIELDS[type]], { vendor_name: '?', supplier_name: '?' }, type)
    .find((l) => l.role === 'vendor_name')!
    .candidates.map((c) => String(c.value));

/** An order's right column and foot: number, date, one row and its total. */
const orderBody: Placed[] = [
  { x: 340, y: 180, text: 'Order No.' },
  { x: 470, y: 180, text: 'PO-88213' },
  { x: 340, y: 194, text: 'Date' },
  { x: 470, y: 194, text: '2024-03-08' },
  { x: 50, y: 300, text: 'Qty' },
  { x: 100, y: 300, text: 'Description' },
  { x: 440, y: 300, text: 'Amount' },
  { x: 50, y: 318, text: '4' },
  { x: 100, y: 318, text: 'Coffee beans 1 kg' },
  { x: 440, y: 318, text: '48.00' },
  { x: 380, y: 350, text: 'Total' },
  { x: 440, y: 350, text: '48.00' },
];

describe("an order's letterhead over a buyer's heading", () => {
  it('is the supplier, with no legal form, where the buyer is named under its heading', () => {
    const result = order([
      ...lines(220, 60, ['Granite Office Goods', '12 Mill Lane', 'Leeds LS1 4DY']),
      { x: 420, y: 140, text: 'PURCHASE ORDER' },
      ...lines(50, 180, ['Buyer', 'Summit Traders Ltd', '5 Market Road', 'Manchester M1 1AA']),
      ...orderBody,
    ]);
    expect(result.extracted_data.supplier_name).toBe('Granite Office Goods');
    expect(result.extracted_data.buyer_name).toBe('Summit Traders Ltd');
  });

  it('a legal form printed with dots ("V.O.F.") marks the letterhead as a company', () => {
    const page = [
      { x: 340, y: 140, text: 'INKOOPORDER' },
      ...lines(50, 180, ['Koper', 'Visser Groothandel N.V.', 'Stationsweg 157', '3511 BK Utrecht']),
      ...orderBody,
      { x: 150, y: 790, text: 'Bakker Advies V.O.F.' },
    ];
    expect(order(page).extracted_data.supplier_name).toBe('Bakker Advies V.O.F.');
  });

  it('a heading word of the language ("Bestelling") is no name', () => {
    const result = order([
      { x: 420, y: 40, text: 'Bestelling' },
      ...lines(220, 60, ['De Vries Groothandel', 'Molenweg 43', '5611 EM Eindhoven']),
      ...lines(50, 180, ['Koper', 'Visser Groothandel V.O.F.', 'Molenweg 47', '3511 BK Utrecht']),
      ...orderBody,
    ]);
    expect(result.extracted_data.supplier_name).toBe('De Vries Groothandel');
  });
});

describe('words that look like a legal form but are not one', () => {
  it('"1 kg" after an item is a unit, not a KG: the item is no candidate for the supplier', () => {
    const page = [
      ...lines(50, 60, ['Polder Gereedschap', 'Kerkstraat 81', '3511 BK Utrecht']),
      ...lines(50, 180, ['Koper', 'Jansen Voeding B.V.', 'Stationsweg 12', '2511 CV Den Haag']),
      ...orderBody,
    ];
    expect(sellerCandidates(page, 'purchase_order')).not.toContain('Coffee beans 1 kg');
    expect(order(page).extracted_data.supplier_name).toBe('Polder Gereedschap');
  });

  it('a street with a trading word ("34 Market Road") is no name', () => {
    const result = invoice([
      ...lines(220, 60, ['Summit Traders', '34 Market Road', 'Manchester M1 1AA']),
      { x: 420, y: 140, text: 'INVOICE' },
      ...lines(50, 180, ['Bill To', 'Oak Supplies Inc.', '5 Station Street', 'Austin, TX 78701']),
      { x: 340, y: 180, text: 'Invoice No.' },
      { x: 470, y: 180, text: 'INV-0042' },
      { x: 340, y: 194, text: 'Invoice Date' },
      { x: 470, y: 194, text: '2024-03-08' },
      { x: 380, y: 350, text: 'Total' },
      { x: 440, y: 350, text: '48.00' },
    ]);
    expect(result.extracted_data.vendor_name).toBe('Summit Traders');
  });
});

describe('a logo word', () => {
  it('gives way to the full name it begins, printed only in the footer and spelled by no address', () => {
    const page = [
      { x: 50, y: 40, text: 'AZUR' },
      ...lines(50, 110, ['Facturé à', 'Lefèvre Conseil SA', '12 rue de la Paix', '75002 Paris']),
      { x: 340, y: 110, text: 'Facture n°' },
      { x: 470, y: 110, text: 'F-2024-118' },
      { x: 340, y: 125, text: 'Date' },
      { x: 470, y: 125, text: '08/03/2024' },
      { x: 380, y: 320, text: 'Total' },
      { x: 440, y: 320, text: '200,00' },
      { x: 150, y: 790, text: 'Azur Équipements SARL · 4 avenue Jean Médecin · 06000 Nice' },
    ];
    const result = invoice(page);
    expect(result.extracted_data.vendor_name).toBe('Azur Équipements SARL');
    expect(sellerCandidates(page, 'invoice')).not.toContain('AZUR');
  });
});

describe("the name ranker's features", () => {
  const names = featureNames('name');
  const feature = (row: number[], name: string) => row[names.indexOf(name)];
  /** The features of each vendor candidate, by its value. */
  function rowsOf(placed: Placed[]): Map<string, number[]> {
    const list = collectExamples(doc(placed), [...RECOMMENDED_FIELDS.invoice], { vendor_name: '?' }, 'invoice').find(
      (l) => l.role === 'vendor_name',
    );
    return new Map(list!.candidates.map((c, i) => [String(c.value), list!.rows[i]!]));
  }
  const page: Placed[] = [
    { x: 50, y: 40, text: 'HARBOR' },
    ...lines(50, 110, ['Bill To', 'Oak Supplies Inc.', '5 Market Road', 'Austin, TX 78701']),
    { x: 340, y: 110, text: 'Invoice No.' },
    { x: 470, y: 110, text: 'INV-0042' },
    { x: 50, y: 400, text: 'Seller:' },
    { x: 110, y: 400, text: 'Pour vous informer sur nos tarifs contactez le Service Clients.' },
    { x: 150, y: 790, text: 'Harbor Foods LLC · 80 Station Avenue · Denver, CO 80202' },
    { x: 230, y: 804, text: 'billing@harborfoods.com' },
  ];
  const rows = rowsOf(page);

  it('mark the name the e-mail address spells, and not its logo word', () => {
    const name = rows.get('Harbor Foods LLC')!;
    expect(feature(name, 'name_spelled_by_site')).toBe(1);
    expect(feature(name, 'name_lowercase_words')).toBe(0);
    expect(rows.has('HARBOR')).toBe(false);
  });

  it("count a sentence's words in lower case", () => {
    const sentence = rows.get('Pour vous informer sur nos tarifs contactez le Service Clients.')!;
    expect(feature(sentence, 'name_lowercase_words')).toBe(1);
    expect(feature(sentence, 'name_spelled_by_site')).toBe(0);
  });
});

describe('a name whose first line is initials or a letter and a digit', () => {
  it.each([
    ['B&L', 'Supplies', 'contact@blsupplies.net', 'B&L Supplies'],
    ['B.W.', 'Technik', 'www.bwtechnik.de', 'B.W. Technik'],
    ['3D', 'Impresión S.L.', 'info@3dimpresion.es', '3D Impresión S.L.'],
  ])('"%s" over "%s" is one name where "%s" spells it', (first, second, site, name) => {
    const top: Placed[] = [
      { x: 50, y: 40, text: 'INVOICE' },
      { x: 480, y: 40, text: first },
      { x: 480, y: 54, text: second },
      ...lines(480, 68, ['12 Mill Lane', 'Leeds LS1 4DY', site]),
      ...lines(50, 140, ['Bill To', 'Pioneer Hardware Ltd', '61 Market Road', 'Denver, CO 80202']),
      ...invoiceBody,
    ];
    expect(invoice(top).extracted_data.vendor_name).toBe(name);
    // Without the site, nothing says the two lines are one name: the second stands alone.
    expect(invoice(top.filter((p) => p.text !== site)).extracted_data.vendor_name).not.toBe(name);
  });
});
