import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { createContext } from '../../packages/core/src/extraction/context.js';
import { doc, extractInvoice as invoice, invoiceBody, lines, type Placed } from './synthetic.js';

/**
 * Headings, labels and party blocks as invoices and orders print them beyond the development
 * corpus (found with the lab's `synth --family stranger` and `weak` on fresh seeds): buyer headings
 * and date labels of the lexicon, a letterhead beside a logo with the address in the footer, a
 * footer that goes on past the address, a title beside the letterhead, a column of "Key: value"
 * beside the buyer's name, abbreviated quantity headers, and the dates of a quote or a supply
 * that open with the generic "Date" or "Fecha".
 */

const order = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], { documentType: 'purchase_order' }).extracted_data;

/** An order's number and date in the right column, one row and its total. */
const orderBody: Placed[] = [
  { x: 340, y: 110, text: 'PO Number' },
  { x: 470, y: 110, text: 'PO-88213' },
  { x: 340, y: 125, text: 'Order Date' },
  { x: 470, y: 125, text: '2024-03-08' },
  { x: 50, y: 300, text: 'Description' },
  { x: 330, y: 300, text: 'Qty' },
  { x: 440, y: 300, text: 'Amount' },
  { x: 50, y: 318, text: 'Toner cartridge' },
  { x: 330, y: 318, text: '4' },
  { x: 440, y: 318, text: '48.00' },
  { x: 380, y: 350, text: 'Total' },
  { x: 440, y: 350, text: '48.00' },
];

const footer = (text: string): Placed => ({ x: 60, y: 790, text });

describe('buyer headings and date labels of the lexicon (lexicons/field-labels.json)', () => {
  it.each([
    ['Ordered By', 'Northern Supplies Corp.'],
    ["Donneur d'ordre", 'Atlantique Négoce SARL'],
    ['Opdrachtgever', 'Bakker Groothandel V.O.F.'],
    ['Solicitante', 'López Ferretería S.L.U.'],
  ])('an order\'s buyer under "%s" is the name under it, not the heading', (heading, buyer) => {
    const result = order([
      ...lines(50, 110, [heading, buyer, '12 Mill Lane', 'Leeds LS1 4DY']),
      ...orderBody,
      footer('Summit Office Goods · 5 Market Road · Manchester M1 1AA'),
    ]);
    expect(result.buyer_name).toBe(buyer);
    expect(result.supplier_name).toBe('Summit Office Goods');
  });

  it.each([
    ['Due', 'May 23, 2024', '2024-05-23'],
    ['Vence', '19/11/2025', '2025-11-19'],
    ['Betaaltermijn tot', '2 november 2025', '2025-11-02'],
  ])('"%s" labels the due date', (label, printed, iso) => {
    const result = invoice([
      ...lines(50, 110, ['Bill To', 'Granite Foods LLC', '171 Commerce Street', 'Manchester M1 1AA']),
      ...invoiceBody,
      { x: 340, y: 140, text: label },
      { x: 470, y: 140, text: printed },
    ]);
    expect(result.due_date).toBe(iso);
  });

  it.each([
    ['Required By', '2024-04-02'],
    ['Wunschtermin', '02.04.2024'],
    ['Gewenste levering', '02-04-2024'],
  ])('"%s" labels the delivery date', (label, printed) => {
    const result = order([
      ...lines(50, 110, ['Buyer', 'Granite Foods LLC', '171 Commerce Street', 'Manchester M1 1AA']),
      ...orderBody,
      { x: 340, y: 140, text: label },
      { x: 470, y: 140, text: printed },
    ]);
    expect(result.delivery_date).toBe('2024-04-02');
  });
});

describe('a seller named at the top and addressed in the footer', () => {
  it('a letterhead beside a logo takes the address of the footer that prints its name again', () => {
    const result = invoice([
      { x: 84, y: 30, text: 'Moreau Services SARL' },
      ...lines(50, 110, ['Facturé à', 'Horizon Fournitures SA', 'place de la Gare 206', '33000 Bordeaux']),
      ...invoiceBody,
      footer('Moreau Services SARL · rue de la République 73 · 31000 Toulouse'),
    ]);
    expect(result.vendor_name).toBe('Moreau Services SARL');
    expect(result.vendor_address).toBe('rue de la République 73, 31000 Toulouse');
  });

  it("a footer's address ends before the web address, the phone and the contact person after it", () => {
    const result = invoice([
      ...lines(50, 110, ['Bill To', 'Granite Foods LLC', '171 Commerce Street', 'Manchester M1 1AA']),
      ...invoiceBody,
      footer(
        'Oranje Voeding B.V. · Kerkstraat 46 · 3011 AD Rotterdam · info@oranjevoeding.nl · Telefoon: +31 20 123 4567',
      ),
    ]);
    expect(result.vendor_name).toBe('Oranje Voeding B.V.');
    expect(result.vendor_address).toBe('Kerkstraat 46, 3011 AD Rotterdam');
  });

  it('the title beside the letterhead is no line of its address', () => {
    const result = invoice([
      { x: 84, y: 30, text: 'Pioneer Supplies Ltd' },
      { x: 300, y: 44, text: 'INVOICE # 2022/91051' },
      ...lines(50, 110, ['Sold To', 'Granite Foods LLC', '171 Commerce Street', 'Manchester M1 1AA']),
      ...invoiceBody,
      footer('Pioneer Supplies Ltd · 212 Mill Lane · Bristol BS1 5TR'),
    ]);
    expect(result.vendor_address).toBe('212 Mill Lane, Bristol BS1 5TR');
  });

  it('a heading under a logo word that a weak seller label reads ("DE") is no seller\'s name', () => {
    const result = invoice([
      { x: 50, y: 30, text: 'DE' },
      ...lines(50, 110, ['Klantgegevens', 'De Vries Gereedschap N.V.', 'Molenweg 30', '2511 CV Den Haag']),
      ...invoiceBody,
      footer('De Vries Techniek N.V. · Dorpsstraat 113 · 1012 AB Amsterdam'),
    ]);
    expect(result.vendor_name).toBe('De Vries Techniek N.V.');
  });
});

describe("the buyer's block beside a column of labelled values", () => {
  it('"Key: value" in the next column on the name\'s line makes no key of the name', () => {
    const result = order([
      ...lines(50, 40, ['Order from', 'Granite Systems', '78 Commerce Street', 'Leeds LS1 4DY']),
      { x: 50, y: 160, text: 'Ship To' },
      { x: 260, y: 160, text: 'PO Number: BE30325' },
      { x: 50, y: 174, text: 'Granite Foods LLC' },
      { x: 260, y: 174, text: 'Order Date: 18 May 2023' },
      { x: 50, y: 188, text: '171 Commerce Street' },
      { x: 260, y: 188, text: 'Required By: 17 June 2023' },
      { x: 50, y: 202, text: 'Manchester M1 1AA' },
      ...orderBody.slice(4),
    ]);
    expect(result.buyer_name).toBe('Granite Foods LLC');
    expect(result.po_number).toBe('BE30325');
  });

  it('a key set apart from its first word ("Globale" + "Nummer:") is still a key, passed over to the name', () => {
    const result = invoice([
      ...invoiceBody,
      { x: 50, y: 180, text: 'Verkäufer' },
      { x: 50, y: 196, text: 'Nummer:' },
      { x: 300, y: 196, text: '549910' },
      { x: 50, y: 212, text: 'Globale' },
      { x: 110, y: 212, text: 'Nummer:' },
      { x: 300, y: 212, text: '4000001123452 (GLN)' },
      { x: 50, y: 228, text: 'Name:' },
      { x: 300, y: 228, text: 'Handwerker GmbH' },
    ]);
    expect(result.vendor_name).toBe('Handwerker GmbH');
  });
});

describe('abbreviated quantity headers', () => {
  it.each([
    ['Bezeichnung', 'Anz.', 'Preis', 'Betrag', 'Kopierpapier A4'],
    ['Omschrijving', 'Aant.', 'Prijs', 'Bedrag', 'Bureaustoel'],
  ])('"%s  %s  %s  %s" reads the quantity apart from the description', (desc, qty, price, amount, item) => {
    const result = invoice([
      ...lines(50, 110, ['Kunde', 'Becker Handel KG', 'Lindenweg 183', '50667 Köln']),
      ...invoiceBody.slice(0, 4),
      { x: 50, y: 300, text: desc },
      { x: 320, y: 300, text: qty },
      { x: 390, y: 300, text: price },
      { x: 480, y: 300, text: amount },
      { x: 50, y: 318, text: item },
      { x: 330, y: 318, text: '7' },
      { x: 390, y: 318, text: '10,56' },
      { x: 480, y: 318, text: '73,92' },
      { x: 400, y: 350, text: 'Summe' },
      { x: 480, y: 350, text: '73,92' },
    ]);
    expect(result.line_items).toEqual([{ description: item, quantity: 7, unit_price: 10.56, amount: 73.92 }]);
  });
});

describe('dates labelled "Date ..." or "Fecha ..." that are no date of issue or order', () => {
  const keysOn = (label: string) => {
    const ctx = createContext(doc([{ x: 340, y: 140, text: `${label} 30-JAN-23` }]), []);
    return ctx.labels.hitsOn(ctx.lines[0]!).map((h) => h.key);
  };

  it.each(['Date du devis', 'Quotation date', 'Fecha de oferta', 'Fecha del presupuesto'])(
    '"%s" labels a quote\'s date: no generic date label inside it',
    (label) => {
      expect(keysOn(label)).toEqual(['other']);
    },
  );

  it.each([
    ['Date de prestation', 'Date', '18-FÉV-23', '2023-02-18', '03-MAR-23', '2023-03-03'],
    ['Fecha de operación', 'Fecha del pedido', '08-nov-2020', '2020-11-08', '27-nov-2020', '2020-11-27'],
  ])(
    '"%s" labels the date of supply, "%s" the order\'s',
    (supplyLabel, orderLabel, printed, iso, supply, supplyIso) => {
      const result = order([
        ...lines(50, 110, ['Comprador', 'López Ferretería S.L.U.', 'Calle Mayor 12', '28013 Madrid']),
        ...orderBody.slice(0, 2),
        { x: 340, y: 125, text: supplyLabel },
        { x: 470, y: 125, text: supply },
        { x: 340, y: 140, text: orderLabel },
        { x: 470, y: 140, text: printed },
        ...orderBody.slice(4),
      ]);
      expect(result).toMatchObject({ order_date: iso, delivery_date: supplyIso });
    },
  );
});
