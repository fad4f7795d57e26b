import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { createContext } from '../../packages/core/src/extraction/context.js';
import { labelledCandidates } from '../../packages/core/src/extraction/fields/candidates.js';
import { columnTotals } from '../../packages/core/src/extraction/fields/column-totals.js';
import { doc, page, type Placed } from './synthetic.js';

/**
 * A VAT breakdown table (a row per rate under net, tax and gross headings, a sum row under them)
 * gives the invoice's net, tax and total in its sum row, not in the first rate's row, which
 * balances as well (fields/column-totals.ts).
 */

const CHAR_WIDTH = 6;

/** Text whose right edge is at `right` (6 points a character, as synthetic.ts places words). */
const ending = (y: number, text: string, right: number): Placed => ({ x: right - text.length * CHAR_WIDTH, y, text });

/** Columns' right edges: rate, net, tax, gross. */
const RIGHTS = [260, 360, 450, 545] as const;

function breakdown(headings: string[], rows: string[][], top: number): Placed[] {
  return [headings, ...rows].flatMap((cells, i) =>
    cells.map((cell, c) =>
      c === 0 ? { x: 200, y: top + i * 18, text: cell } : ending(top + i * 18, cell, RIGHTS[c]!),
    ),
  );
}

function extract(head: Placed[], table: Placed[]) {
  const data = extractFields(doc([...head, ...table]), [...RECOMMENDED_FIELDS.invoice], {
    documentType: 'invoice',
  }).extracted_data;
  return { subtotal: data.subtotal, tax_amount: data.tax_amount, total_amount: data.total_amount };
}

const german: Placed[] = [
  { x: 50, y: 60, text: 'Schreinerei Albrecht GmbH' },
  { x: 380, y: 100, text: 'Rechnung Nr. 2024-117' },
  { x: 380, y: 115, text: 'Datum 08.03.2024' },
  { x: 50, y: 200, text: 'Bezeichnung' },
  ending(200, 'Betrag', 545),
  { x: 50, y: 218, text: 'Montage' },
  ending(218, '1.200,00', 545),
  { x: 50, y: 236, text: 'Fachbuch' },
  ending(236, '300,00', 545),
];

const french: Placed[] = [
  { x: 50, y: 60, text: 'Menuiserie Gauthier SARL' },
  { x: 380, y: 100, text: 'Facture n° F2024-0312' },
  { x: 380, y: 115, text: 'Date 14/05/2024' },
  { x: 50, y: 200, text: 'Désignation' },
  ending(200, 'Montant', 545),
  { x: 50, y: 218, text: 'Plan de travail' },
  ending(218, '640,00', 545),
  { x: 50, y: 236, text: 'Déplacement' },
  ending(236, '80,00', 545),
  { x: 50, y: 254, text: 'Livre technique' },
  ending(254, '42,00', 545),
];

describe('a VAT breakdown table: the sum row, not the first rate row', () => {
  it('takes the net, tax and gross of a German table\'s "Summe" row over two rates', () => {
    const table = breakdown(
      ['USt.-Satz', 'Netto', 'USt.', 'Brutto'],
      [
        ['19 %', '1.200,00', '228,00', '1.428,00'],
        ['7 %', '300,00', '21,00', '321,00'],
        ['Summe', '1.500,00', '249,00', '1.749,00'],
      ],
      300,
    );
    expect(extract(german, table)).toEqual({ subtotal: 1500, tax_amount: 249, total_amount: 1749 });
  });

  it('takes the "Total" row of a French table over three rates', () => {
    const table = breakdown(
      ['Taux TVA', 'Base HT', 'Montant TVA', 'Total TTC'],
      [
        ['20 %', '640,00', '128,00', '768,00'],
        ['10 %', '80,00', '8,00', '88,00'],
        ['5,5 %', '42,00', '2,31', '44,31'],
        ['Total', '762,00', '138,31', '900,31'],
      ],
      300,
    );
    expect(extract(french, table)).toEqual({ subtotal: 762, tax_amount: 138.31, total_amount: 900.31 });
  });

  it('keeps a table of one rate, whose row is the sum', () => {
    const table = breakdown(
      ['USt.-Satz', 'Netto', 'USt.', 'Brutto'],
      [['19 %', '1.500,00', '285,00', '1.785,00']],
      300,
    );
    expect(extract(german, table)).toEqual({ subtotal: 1500, tax_amount: 285, total_amount: 1785 });
  });

  it('keeps a tax of 0,00 whose column goes on with the net repeated under it', () => {
    const table = breakdown(['USt.-Satz', 'Netto', 'USt.', 'Brutto'], [['0 %', '1.500,00', '0,00', '1.500,00']], 300);
    const totals: Placed[] = [
      { x: 200, y: 360, text: 'Positionssumme' },
      ending(360, '1.500,00', RIGHTS[2]),
      { x: 200, y: 378, text: 'Rechnungssumme ohne USt.' },
      ending(378, '1.500,00', RIGHTS[2]),
      { x: 200, y: 396, text: 'Bruttosumme' },
      ending(396, '1.500,00', RIGHTS[2]),
    ];
    expect(extract(german, [...table, ...totals]).tax_amount).toBe(0);
  });

  it('finds the sum row at the top of the next page where a page end broke the table', () => {
    const [headings, first, second, sum] = breakdown(
      ['USt.-Satz', 'Netto', 'USt.', 'Brutto'],
      [
        ['19 %', '1.200,00', '228,00', '1.428,00'],
        ['7 %', '300,00', '21,00', '321,00'],
        ['Summe', '1.500,00', '249,00', '1.749,00'],
      ],
      760,
    ).reduce<Placed[][]>((rows, cell, i) => (i % 4 ? rows.at(-1)!.push(cell) : rows.push([cell]), rows), []);
    const top = sum!.map((cell) => ({ ...cell, y: 60 }));
    const data = extractFields(doc([page([...german, ...headings!, ...first!, ...second!]), page(top)]), [
      ...RECOMMENDED_FIELDS.invoice,
    ]).extracted_data;
    expect([data.subtotal, data.tax_amount, data.total_amount]).toEqual([1500, 249, 1749]);
  });
});

describe("a column's sum is the field's candidate only beside a total's label or the field's own", () => {
  /** An item table whose "TOTAL" column sums to the amount on the foot's line. */
  const invoice = (foot: string): Placed[] => [
    { x: 50, y: 200, text: 'Description' },
    ending(200, 'TOTAL', 545),
    { x: 50, y: 218, text: 'Micro-Motor #4' },
    ending(218, '5,518.00', 545),
    { x: 50, y: 236, text: 'Standard Housing, Large' },
    ending(236, '242.00', 545),
    { x: 380, y: 400, text: foot },
    ending(400, '5,760.00', 545),
  ];
  const totals = (placed: Placed[]) =>
    labelledCandidates(createContext(doc(placed), []), ['total_amount'], {
      type: 'currency',
      prefer: 'last',
      adjust: columnTotals,
    }).map((c) => c.value);

  it('moves the first row to the sum under a total label', () => {
    expect(totals(invoice('Total'))).toContain(5760);
    expect(totals(invoice('Total'))).not.toContain(5518);
  });

  it('keeps the first row where the sum is a net\'s ("SUBTOTAL")', () => {
    expect(totals(invoice('SUBTOTAL'))).toContain(5518);
    expect(totals(invoice('SUBTOTAL'))).not.toContain(5760);
  });
});
