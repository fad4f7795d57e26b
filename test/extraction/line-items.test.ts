import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, page, type Placed } from './synthetic.js';

/** A table as OCR gives it: one header word misread, the rows' numbers as printed. */
function table(header: Placed[], rows: Placed[]) {
  const foot: Placed[] = [
    { x: 380, y: 420, text: 'Total' },
    { x: 480, y: 420, text: '345.00' },
  ];
  return doc([page([...header, ...rows, ...foot], { source: 'ocr' })]);
}

const items = (document: ReturnType<typeof doc>) =>
  extractFields(document, [...RECOMMENDED_FIELDS.invoice]).extracted_data.line_items;

describe('line items: a row that does not add up takes the three of its numbers that do', () => {
  it('a price under a misread header word ("Mettopreis") leaves the description and becomes the unit price', () => {
    const header: Placed[] = [
      { x: 40, y: 300, text: 'Description' },
      { x: 250, y: 300, text: 'Mettopreis' },
      { x: 330, y: 300, text: 'Qty' },
      { x: 480, y: 300, text: 'Amount' },
    ];
    const rows: Placed[] = [
      { x: 40, y: 320, text: 'Solar roof tile' },
      { x: 250, y: 320, text: '205,0000' },
      { x: 330, y: 320, text: '1 Stk' },
      { x: 480, y: 320, text: '205,00' },
    ];
    expect(items(table(header, rows))).toEqual([
      { description: 'Solar roof tile', quantity: 1, unit_price: 205, amount: 205 },
    ]);
  });

  it('an amount under a column whose header was not read is the amount, not the price', () => {
    const header: Placed[] = [
      { x: 40, y: 300, text: 'Description' },
      { x: 300, y: 300, text: 'Qty' },
      { x: 380, y: 300, text: 'Price' },
      // No heading: "Arnount" is read as "Amount" (look-alikes), "Arnounl" has a glyph no look-alike.
      { x: 480, y: 300, text: 'Arnounl' },
    ];
    const rows: Placed[] = [
      { x: 40, y: 320, text: 'Office chair' },
      { x: 300, y: 320, text: '2' },
      { x: 380, y: 320, text: '70.00' },
      { x: 480, y: 320, text: '140.00' },
      { x: 40, y: 340, text: 'Setup fee' },
      { x: 480, y: 340, text: '205.00' },
    ];
    expect(items(table(header, rows))).toEqual([
      { description: 'Office chair', quantity: 2, unit_price: 70, amount: 140 },
      // Nothing to balance: the row stays as the columns read it.
      { description: 'Setup fee', unit_price: 205 },
    ]);
  });

  it('a row that adds up as read is left alone, even when other numbers on it would too', () => {
    const header: Placed[] = [
      { x: 40, y: 300, text: 'Description' },
      { x: 300, y: 300, text: 'Qty' },
      { x: 380, y: 300, text: 'Price' },
      { x: 480, y: 300, text: 'Amount' },
    ];
    const rows: Placed[] = [
      { x: 40, y: 320, text: 'Cable 2.00 m' },
      { x: 300, y: 320, text: '4' },
      { x: 380, y: 320, text: '1.00' },
      { x: 480, y: 320, text: '4.00' },
    ];
    expect(items(table(header, rows))).toEqual([
      { description: 'Cable 2.00 m', quantity: 4, unit_price: 1, amount: 4 },
    ]);
  });
});

describe('line items: where a table row starts and ends', () => {
  const header: Placed[] = [
    { x: 40, y: 700, text: 'Beschreibung' },
    { x: 250, y: 700, text: 'Nettopreis' },
    { x: 330, y: 700, text: 'Menge' },
    { x: 400, y: 700, text: 'Steuer' },
    { x: 480, y: 700, text: 'Entgelt' },
  ];
  const row = (y: number, name: string, price: string, quantity: string, rate: string, amount: string): Placed[] => [
    { x: 40, y, text: name },
    { x: 250, y, text: price },
    { x: 330, y, text: quantity },
    { x: 400, y, text: `${rate} % VAT` },
    { x: 480, y, text: amount },
  ];

  it('a row with its tax rate in it is a row, and the table goes on at the top of the next page', () => {
    const first = page([...header, ...row(720, 'Trennblätter A4', '9,90', '20 Stk', '19', '198,00')]);
    const second = page([
      ...row(60, 'Joghurt Banane', '5,50', '50 Stk', '7', '275,00'),
      { x: 40, y: 120, text: 'Zahlbar innerhalb 30 Tagen' },
      { x: 40, y: 200, text: 'Gesamtbetrag' },
      { x: 480, y: 200, text: '473,00' },
    ]);
    expect(items(doc([first, second]))).toEqual([
      { description: 'Trennblätter A4', quantity: 20, unit_price: 9.9, amount: 198 },
      { description: 'Joghurt Banane', quantity: 50, unit_price: 5.5, amount: 275 },
    ]);
  });

  it('a next page with a header of its own is read once, under that header', () => {
    const first = page([...header, ...row(720, 'Trennblätter A4', '9,90', '20 Stk', '19', '198,00')]);
    const second = page([
      ...header.map((p) => ({ ...p, y: 40 })),
      ...row(60, 'Joghurt Banane', '5,50', '50 Stk', '7', '275,00'),
      { x: 40, y: 200, text: 'Gesamtbetrag' },
      { x: 480, y: 200, text: '473,00' },
    ]);
    expect(items(doc([first, second]))).toEqual([
      { description: 'Trennblätter A4', quantity: 20, unit_price: 9.9, amount: 198 },
      { description: 'Joghurt Banane', quantity: 50, unit_price: 5.5, amount: 275 },
    ]);
  });

  it('a line of text is no item name for numbers printed far below it', () => {
    const lines = page([
      ...header.map((p) => ({ ...p, y: 300 })),
      ...row(320, 'Trennblätter A4', '9,90', '20 Stk', '19', '198,00'),
      { x: 40, y: 360, text: 'Skonto bei Zahlung' },
      { x: 480, y: 420, text: '22,00' },
      { x: 40, y: 480, text: 'Gesamtbetrag' },
      { x: 480, y: 480, text: '235,62' },
    ]);
    expect(items(doc([lines]))).toEqual([
      { description: 'Trennblätter A4', quantity: 20, unit_price: 9.9, amount: 198 },
    ]);
  });
});

describe('line items: numbers in neighbouring columns', () => {
  it('a quantity and an amount with a space as thousands separator are two numbers, not one', () => {
    const table = doc([
      { x: 40, y: 300, text: 'Description' },
      { x: 300, y: 300, text: 'Qty' },
      { x: 480, y: 300, text: 'Amount' },
      { x: 40, y: 320, text: 'Consulting' },
      { x: 300, y: 320, text: '10' },
      { x: 480, y: 320, text: '1 260,00' },
    ]);
    expect(items(table)).toEqual([{ description: 'Consulting', quantity: 10, amount: 1260 }]);
  });
});

describe("line items: headings at their cells' left edge over right-aligned numbers", () => {
  // Cells from each heading's left edge to the next heading's; the numbers end at their cell's right edge.
  const headings: Placed[] = [
    { x: 40, y: 300, text: 'Description' },
    { x: 250, y: 300, text: 'Unit price' },
    { x: 330, y: 300, text: 'Qty' },
    { x: 400, y: 300, text: 'VAT' },
    { x: 470, y: 300, text: 'Amount' },
  ];
  /** A row with each number ending where its cell ends (6 points a character). */
  const row = (y: number, name: string, price: string, qty: string, amount: string): Placed[] => [
    { x: 40, y, text: name },
    { x: 322 - price.length * 6, y, text: price },
    { x: 392 - qty.length * 6, y, text: qty },
    { x: 462 - 18, y, text: '19%' },
    { x: 540 - amount.length * 6, y, text: amount },
  ];

  it('puts each number under the heading whose cell holds it, not the nearer next heading', () => {
    // The quantities stand nearer "VAT" than "Qty", the tax rates nearer "Amount" than "VAT".
    const table = doc([
      ...headings,
      ...row(320, 'Wall bracket', '4.35', '2', '8.70'),
      ...row(340, 'Installation', '120.00', '3', '360.00'),
    ]);
    expect(items(table)).toEqual([
      { description: 'Wall bracket', quantity: 2, unit_price: 4.35, amount: 8.7 },
      { description: 'Installation', quantity: 3, unit_price: 120, amount: 360 },
    ]);
  });

  it('keeps a wide number that reaches left past its right-aligned heading under that heading', () => {
    // The same cells with every heading at its cell's right edge: a wide amount reaches left past its heading.
    const right = (text: string, x1: number): Placed => ({ x: x1 - text.length * 6, y: 300, text });
    const table = doc([
      headings[0]!,
      right('Unit price', 322),
      right('Qty', 392),
      right('VAT', 462),
      right('Amount', 540),
      ...row(320, 'Wall bracket', '4.35', '2', '8.70'),
      ...row(340, 'Installation', '1,250.00', '3', '3,750.00'),
    ]);
    expect(items(table)).toEqual([
      { description: 'Wall bracket', quantity: 2, unit_price: 4.35, amount: 8.7 },
      { description: 'Installation', quantity: 3, unit_price: 1250, amount: 3750 },
    ]);
  });
});

describe('line items: a quantity column left of the description', () => {
  const table = doc([
    { x: 40, y: 300, text: 'Qty' },
    { x: 100, y: 300, text: 'Description' },
    { x: 300, y: 300, text: 'VAT' },
    { x: 380, y: 300, text: 'Unit Price' },
    { x: 480, y: 300, text: 'Amount' },
    { x: 40, y: 320, text: '2' },
    { x: 100, y: 320, text: 'Office chair' },
    { x: 300, y: 320, text: '19%' },
    { x: 380, y: 320, text: '70.00' },
    { x: 480, y: 320, text: '140.00' },
    { x: 40, y: 340, text: '400.00' },
    { x: 100, y: 340, text: 'Balloons: assorted colours' },
    { x: 300, y: 340, text: '19%' },
    { x: 380, y: 340, text: '0.79' },
    { x: 480, y: 340, text: '316.00' },
    { x: 100, y: 354, text: 'Colour: red' },
  ]);

  it('reads the quantity on the left, the description up to the next column, and a "Name: detail" row that adds up', () => {
    expect(items(table)).toEqual([
      { description: 'Office chair', quantity: 2, unit_price: 70, amount: 140 },
      { description: 'Balloons: assorted colours', quantity: 400, unit_price: 0.79, amount: 316 },
    ]);
  });
});

describe('line items: a price alone on a line', () => {
  const rows: Placed[] = [
    { x: 40, y: 320, text: 'Office chair' },
    { x: 380, y: 320, text: '70.00' },
    { x: 40, y: 334, text: 'Gross price' },
    { x: 380, y: 334, text: '83.30' },
  ];

  it('is a detail of the row above when the table has an amount column', () => {
    const header: Placed[] = [
      { x: 40, y: 300, text: 'Description' },
      { x: 300, y: 300, text: 'Qty' },
      { x: 380, y: 300, text: 'Price' },
      { x: 480, y: 300, text: 'Amount' },
    ];
    const table = doc([...header, { x: 300, y: 320, text: '2' }, { x: 480, y: 320, text: '140.00' }, ...rows]);
    expect(items(table)).toEqual([{ description: 'Office chair', quantity: 2, unit_price: 70, amount: 140 }]);
  });

  it('is an item of its own when the table has no amount column ("Item  Price")', () => {
    const header: Placed[] = [
      { x: 40, y: 300, text: 'Item' },
      { x: 300, y: 300, text: 'Qty' },
      { x: 380, y: 300, text: 'Price' },
    ];
    expect(items(doc([...header, ...rows]))).toEqual([
      { description: 'Office chair', unit_price: 70 },
      { description: 'Gross price', unit_price: 83.3 },
    ]);
  });
});

describe('line items: the sum of the positions', () => {
  it('"Positionssumme" is the subtotal, not an item', () => {
    const table = doc([
      { x: 40, y: 300, text: 'Beschreibung' },
      { x: 300, y: 300, text: 'Menge' },
      { x: 380, y: 300, text: 'Einzelpreis' },
      { x: 480, y: 300, text: 'Gesamtpreis' },
      { x: 40, y: 320, text: 'Trennblätter A4' },
      { x: 300, y: 320, text: '20' },
      { x: 380, y: 320, text: '9,90' },
      { x: 480, y: 320, text: '198,00' },
      { x: 40, y: 340, text: 'Joghurt Banane' },
      { x: 300, y: 340, text: '50' },
      { x: 380, y: 340, text: '5,50' },
      { x: 480, y: 340, text: '275,00' },
      { x: 300, y: 380, text: 'Positionssumme' },
      { x: 480, y: 380, text: '473,00' },
      { x: 300, y: 400, text: 'Umsatzsteuer' },
      { x: 480, y: 400, text: '56,87' },
      { x: 300, y: 420, text: 'Gesamtbetrag' },
      { x: 480, y: 420, text: '529,87' },
    ]);
    const data = extractFields(table, [...RECOMMENDED_FIELDS.invoice]).extracted_data;
    expect(data.line_items).toEqual([
      { description: 'Trennblätter A4', quantity: 20, unit_price: 9.9, amount: 198 },
      { description: 'Joghurt Banane', quantity: 50, unit_price: 5.5, amount: 275 },
    ]);
    expect(data.subtotal).toBe(473);
  });
});

describe('line items: a name over two lines, the amount on the second', () => {
  const header: Placed[] = [
    { x: 40, y: 300, text: 'Beschreibung' },
    { x: 250, y: 300, text: 'Nettopreis' },
    { x: 330, y: 300, text: 'Menge' },
    { x: 480, y: 300, text: 'Nettobetrag' },
  ];

  it('is one row when the second line brings the amount that makes it add up', () => {
    const table = doc([
      ...header,
      { x: 40, y: 320, text: 'Mineralwasser Medium' },
      { x: 250, y: 320, text: '5,49' },
      { x: 330, y: 320, text: '20 Stk' },
      { x: 40, y: 332, text: '12 x 1,0l PET' },
      { x: 480, y: 332, text: '109,80' },
    ]);
    expect(items(table)).toEqual([
      { description: 'Mineralwasser Medium 12 x 1,0l PET', quantity: 20, unit_price: 5.49, amount: 109.8 },
    ]);
  });

  it('is two rows when the amount under it does not add up with the row above', () => {
    const table = doc([
      ...header,
      { x: 40, y: 320, text: 'Mineralwasser Medium' },
      { x: 250, y: 320, text: '5,49' },
      { x: 330, y: 320, text: '20 Stk' },
      { x: 40, y: 332, text: 'Versandkosten' },
      { x: 480, y: 332, text: '4,90' },
    ]);
    expect(items(table)).toEqual([
      { description: 'Mineralwasser Medium', quantity: 20, unit_price: 5.49 },
      { description: 'Versandkosten', amount: 4.9 },
    ]);
  });
});

describe('line items: a header word broken over two lines, a name running past its column', () => {
  it('reads "Positions-" over "betrag" as the amount column, and a long name whose middle is in the description column', () => {
    const table = doc([
      { x: 40, y: 300, text: 'Beschreibung' },
      { x: 150, y: 300, text: 'Nettopreis' },
      { x: 250, y: 300, text: 'Menge' },
      { x: 400, y: 300, text: 'Positions-' },
      { x: 400, y: 311, text: 'betrag' },
      { x: 40, y: 330, text: 'Abrechnungskreislauf' },
      { x: 175, y: 330, text: '15.387,08' },
      { x: 250, y: 330, text: '1 Stk' },
      { x: 400, y: 330, text: '15.387,08' },
    ]);
    expect(items(table)).toEqual([
      { description: 'Abrechnungskreislauf', quantity: 1, unit_price: 15387.08, amount: 15387.08 },
    ]);
  });
});

describe('line items: French headers, and a "Key: value" row under the columns', () => {
  it('reads "Produit / Quantité / Prix unitaire / Taxe / Prix total" as a table, the tax rate under no price column', () => {
    const table = doc([
      { x: 40, y: 300, text: 'Produit' },
      { x: 250, y: 300, text: 'Quantité' },
      { x: 320, y: 300, text: 'Prix unitaire' },
      { x: 410, y: 300, text: 'Taxe' },
      { x: 480, y: 300, text: 'Prix total' },
      { x: 40, y: 320, text: 'Vis inox A4' },
      { x: 250, y: 320, text: '5' },
      { x: 320, y: 320, text: '18,00 €' },
      { x: 410, y: 320, text: '20 %' },
      { x: 480, y: 320, text: '90,00 €' },
    ]);
    expect(items(table)).toEqual([{ description: 'Vis inox A4', quantity: 5, unit_price: 18, amount: 90 }]);
  });

  it('reads "P.U. HT" as the unit price column, its prices out of the tax rate\'s cell before it', () => {
    // Headings at their cells' left edge, the numbers right-aligned in their cells.
    const cell = (x1: number, y: number, text: string): Placed => ({ x: x1 - text.length * 6, y, text });
    const table = doc([
      { x: 40, y: 300, text: 'Désignation' },
      { x: 260, y: 300, text: 'TVA' },
      { x: 300, y: 300, text: 'P.U. HT' },
      { x: 360, y: 300, text: 'Qté' },
      { x: 420, y: 300, text: 'Total HT' },
      { x: 40, y: 320, text: 'Pose de parquet' },
      cell(294, 320, '5,5%'),
      cell(354, 320, '329,90'),
      cell(414, 320, '2'),
      cell(534, 320, '659,80'),
      { x: 40, y: 340, text: 'Remplacement vitrage' },
      cell(294, 340, '20%'),
      cell(354, 340, '53,09'),
      cell(414, 340, '10'),
      cell(534, 340, '530,90'),
    ]);
    expect(items(table)).toEqual([
      { description: 'Pose de parquet', quantity: 2, unit_price: 329.9, amount: 659.8 },
      { description: 'Remplacement vitrage', quantity: 10, unit_price: 53.09, amount: 530.9 },
    ]);
  });

  it('keeps a "Key: value" row whose quantity and amount stand under their columns, and drops one that only has a number', () => {
    const table = doc([
      { x: 40, y: 300, text: 'Artikel' },
      { x: 330, y: 300, text: 'Aantal' },
      { x: 380, y: 300, text: 'Prijs per stuk' },
      { x: 480, y: 300, text: 'Bedrag' },
      { x: 40, y: 320, text: 'Laptop 13 inch' },
      { x: 330, y: 320, text: '1' },
      { x: 380, y: 320, text: '€ 999,00' },
      { x: 480, y: 320, text: '€ 999,00' },
      { x: 40, y: 334, text: 'Incl. Thuiskopieheffing: laptop €3.50' },
      { x: 330, y: 334, text: '1' },
      { x: 480, y: 334, text: '€ 4,24' },
      { x: 40, y: 348, text: 'Serienummer: SN 2014' },
      { x: 330, y: 348, text: '7' },
    ]);
    expect(items(table)).toEqual([
      { description: 'Laptop 13 inch', quantity: 1, unit_price: 999, amount: 999 },
      { description: 'Incl. Thuiskopieheffing: laptop €3.50', quantity: 1, amount: 4.24 },
    ]);
  });
});

describe('line items: where the table ends', () => {
  it('a line of ruling between rows ("-", a few points high) does not end the table', () => {
    const table = doc([
      { x: 40, y: 300, text: 'Description' },
      { x: 300, y: 300, text: 'Qty' },
      { x: 380, y: 300, text: 'Price' },
      { x: 480, y: 300, text: 'Amount' },
      { x: 40, y: 320, text: 'Widget' },
      { x: 300, y: 320, text: '2' },
      { x: 380, y: 320, text: '5.00' },
      { x: 480, y: 320, text: '10.00' },
      { x: 40, y: 336, text: '-' },
      { x: 40, y: 356, text: 'Gadget' },
      { x: 300, y: 356, text: '1' },
      { x: 380, y: 356, text: '7.50' },
      { x: 480, y: 356, text: '7.50' },
    ]);
    // The dash is read as OCR reads a rule: a box two points high in the middle of its line.
    const dash = table.pages[0]!.words.find((w) => w.text === '-')!;
    dash.bbox = { ...dash.bbox, y0: dash.bbox.y0 + 4, y1: dash.bbox.y0 + 6 };
    expect(items(table)).toEqual([
      { description: 'Widget', quantity: 2, unit_price: 5, amount: 10 },
      { description: 'Gadget', quantity: 1, unit_price: 7.5, amount: 7.5 },
    ]);
  });

  it("another table's header under the rows (its description column elsewhere) ends the table", () => {
    const table = doc([
      { x: 40, y: 300, text: 'Pos' },
      { x: 100, y: 300, text: 'Description' },
      { x: 300, y: 300, text: 'Qty' },
      { x: 380, y: 300, text: 'Price' },
      { x: 480, y: 300, text: 'Amount' },
      { x: 40, y: 320, text: '1' },
      { x: 100, y: 320, text: 'Widget' },
      { x: 300, y: 320, text: '2' },
      { x: 380, y: 320, text: '5.00' },
      { x: 480, y: 320, text: '10.00' },
      { x: 40, y: 350, text: 'Description' },
      { x: 300, y: 350, text: 'Due' },
      { x: 480, y: 350, text: 'Instalment' },
      { x: 40, y: 366, text: 'Transfer' },
      { x: 100, y: 366, text: 'within the term' },
      { x: 480, y: 366, text: '10.00' },
    ]);
    expect(items(table)).toEqual([{ description: 'Widget', quantity: 2, unit_price: 5, amount: 10 }]);
  });
});

describe('line items: a deduction printed under a row', () => {
  const table = (discountY: number) =>
    doc([
      { x: 40, y: 300, text: 'Product' },
      { x: 250, y: 300, text: 'Qty' },
      { x: 320, y: 300, text: 'Unit price' },
      { x: 480, y: 300, text: 'Total price' },
      { x: 40, y: 320, text: 'Industrial' },
      { x: 250, y: 320, text: '5' },
      { x: 320, y: 320, text: '20.00' },
      { x: 480, y: 320, text: '90.00' },
      { x: 40, y: discountY, text: 'Fasteners' },
      { x: 480, y: discountY, text: '-2.00' },
    ]);

  it('on the line right under it, is the row’s discount: its words continue the name, its number is no item', () => {
    expect(items(table(330))).toEqual([
      { description: 'Industrial Fasteners', quantity: 5, unit_price: 20, amount: 90 },
    ]);
  });

  it('a line further down, it is a row of its own', () => {
    expect(items(table(345))).toEqual([
      { description: 'Industrial', quantity: 5, unit_price: 20, amount: 90 },
      { description: 'Fasteners', amount: -2 },
    ]);
  });
});
