import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, page, type Placed } from './synthetic.js';

/**
 * Invoices whose item table runs over two pages: the sum carried at the foot of the first page
 * and brought to the head of the second ("Carried forward", "Übertrag", "À reporter" / "Report",
 * "Suma y sigue", "Van vorige pagina") is no item and no total; every row on both pages is an item.
 */

interface Words {
  title: string;
  number: string;
  heads: [string, string, string, string];
  carried: string;
  brought: string;
  subtotal: string;
  tax: string;
  total: string;
}

const WORDS: Record<string, Words> = {
  en: {
    title: 'INVOICE',
    number: 'Invoice No.',
    heads: ['Description', 'Qty', 'Unit price', 'Amount'],
    carried: 'Carried forward',
    brought: 'Brought forward',
    subtotal: 'Subtotal',
    tax: 'VAT 20%',
    total: 'Total',
  },
  de: {
    title: 'RECHNUNG',
    number: 'Rechnungsnummer',
    heads: ['Bezeichnung', 'Menge', 'Einzelpreis', 'Betrag'],
    carried: 'Zwischensumme Seite 1',
    brought: 'Übertrag',
    subtotal: 'Nettobetrag',
    tax: 'MwSt. 20 %',
    total: 'Gesamtbetrag',
  },
  fr: {
    title: 'FACTURE',
    number: 'Facture n°',
    heads: ['Désignation', 'Qté', 'Prix unitaire', 'Montant'],
    carried: 'À reporter',
    brought: 'Report',
    subtotal: 'Total HT',
    tax: 'TVA 20 %',
    total: 'Total TTC',
  },
  es: {
    title: 'FACTURA',
    number: 'Factura n.º',
    heads: ['Descripción', 'Cant.', 'Precio', 'Importe'],
    carried: 'Suma y sigue',
    brought: 'Suma anterior',
    subtotal: 'Base imponible',
    tax: 'IVA 20%',
    total: 'Total',
  },
  nl: {
    title: 'FACTUUR',
    number: 'Factuurnummer',
    heads: ['Omschrijving', 'Aantal', 'Prijs', 'Bedrag'],
    carried: 'Transport',
    brought: 'Van vorige pagina',
    subtotal: 'Subtotaal',
    tax: 'BTW 20%',
    total: 'Totaal',
  },
};

/** Rows of 2 x 50.00 (100.00 each): four on the first page, three on the second. */
const FIRST = ['Desk lamp', 'Office chair', 'Paper A4', 'Toner'];
const SECOND = ['Coffee beans', 'USB cable', 'Notebook'];

function row(description: string, y: number): Placed[] {
  return [
    { x: 50, y, text: description },
    { x: 320, y, text: '2' },
    { x: 400, y, text: '50.00' },
    { x: 500, y, text: '100.00' },
  ];
}

function head(w: Words, y: number): Placed[] {
  return [
    { x: 50, y, text: w.heads[0] },
    { x: 320, y, text: w.heads[1] },
    { x: 400, y, text: w.heads[2] },
    { x: 500, y, text: w.heads[3] },
  ];
}

/** Two pages: the header on both, the carried sum at the foot of one and the head of the next, the totals last. */
function invoice(w: Words) {
  const header = (n: number): Placed[] => [
    { x: 50, y: 40, text: w.title },
    { x: 340, y: 110, text: w.number },
    { x: 470, y: 110, text: 'RE-2024-118' },
    { x: 470, y: 780, text: `${n}/2` },
  ];
  const first: Placed[] = [
    ...header(1),
    ...head(w, 300),
    ...FIRST.flatMap((d, i) => row(d, 320 + i * 18)),
    { x: 50, y: 400, text: w.carried },
    { x: 500, y: 400, text: '400.00' },
  ];
  const second: Placed[] = [
    ...header(2),
    ...head(w, 300),
    { x: 50, y: 320, text: w.brought },
    { x: 500, y: 320, text: '400.00' },
    ...SECOND.flatMap((d, i) => row(d, 338 + i * 18)),
    { x: 380, y: 420, text: w.subtotal },
    { x: 500, y: 420, text: '700.00' },
    { x: 380, y: 436, text: w.tax },
    { x: 500, y: 436, text: '140.00' },
    { x: 380, y: 452, text: w.total },
    { x: 500, y: 452, text: '840.00' },
  ];
  return doc([page(first), page(second)]);
}

const extract = (w: Words) =>
  extractFields(invoice(w), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;

describe('an item table over two pages', () => {
  for (const [language, w] of Object.entries(WORDS)) {
    it(`${language}: every row on both pages is an item, "${w.carried}" and "${w.brought}" are none`, () => {
      const items = extract(w).line_items as { description: string; amount: number }[];
      expect(items.map((i) => i.description)).toEqual([...FIRST, ...SECOND]);
      expect(items.every((i) => i.amount === 100)).toBe(true);
    });

    it(`${language}: the carried sum is neither the total nor the subtotal`, () => {
      const fields = extract(w);
      expect(fields.total_amount).toBe(840);
      expect(fields.subtotal).toBe(700);
    });
  }

  it('a priced row whose name is a carried-forward word ("Transport") stays an item', () => {
    const w = WORDS.nl!;
    const document = doc([
      page([
        ...head(w, 300),
        ...row('Transport', 320),
        ...row('Notebook', 338),
        { x: 380, y: 420, text: w.total },
        { x: 500, y: 420, text: '200.00' },
      ]),
    ]);
    const fields = extractFields(document, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
    expect((fields.line_items as { description: string }[]).map((i) => i.description)).toEqual([
      'Transport',
      'Notebook',
    ]);
  });
});
