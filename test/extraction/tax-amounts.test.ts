import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, invoiceBody, type Placed } from './synthetic.js';

/**
 * The tax amount as docs/extraction/README.md ("Tax amounts") defines it, on placed words: the
 * sum of several rates' lines (tax-sums.ts), a tax included in the total, a rate beside the tax
 * that is never taken for it.
 */

/** Summary lines at the right, label and amount on one line each, 16 points apart. */
const summary = (rows: [string, string][], top = 420): Placed[] =>
  rows.flatMap(([label, amount], i) => [
    { x: 330, y: top + i * 16, text: label },
    { x: 480, y: top + i * 16, text: amount },
  ]);

/** The invoice's number, date and item table, without its totals. */
const head = invoiceBody.filter((p) => p.y < 340);

const extract = (placed: Placed[]) => {
  const result = extractFields(doc([...head, ...placed]), [...RECOMMENDED_FIELDS.invoice], {
    documentType: 'invoice',
  });
  return { data: result.extracted_data, confidence: result.confidence };
};

const amounts = ({ data }: ReturnType<typeof extract>) => ({
  subtotal: data.subtotal,
  tax_amount: data.tax_amount,
  total_amount: data.total_amount,
});

describe('tax amounts: several rates', () => {
  it('sums two German rates whose lines, with the net, make the total', () => {
    const result = extract(
      summary([
        ['Nettobetrag', '1.000,00'],
        ['USt. 19 %', '159,60'],
        ['USt. 7 %', '11,20'],
        ['Gesamtbetrag', '1.170,80'],
      ]),
    );
    expect(amounts(result)).toEqual({ subtotal: 1000, tax_amount: 170.8, total_amount: 1170.8 });
  });

  it('sums three French rates', () => {
    const result = extract(
      summary([
        ['Total HT', '300,00'],
        ['TVA 20 %', '20,00'],
        ['TVA 10 %', '10,00'],
        ['TVA 5,5 %', '5,50'],
        ['Total TTC', '335,50'],
      ]),
    );
    expect(amounts(result)).toEqual({ subtotal: 300, tax_amount: 35.5, total_amount: 335.5 });
  });

  it("sums an English tax table's amounts where no tax total is printed", () => {
    const table: Placed[] = [
      { x: 60, y: 480, text: 'Net' },
      { x: 120, y: 480, text: 'Rate' },
      { x: 200, y: 480, text: 'VAT' },
      { x: 60, y: 496, text: '200.00' },
      { x: 120, y: 496, text: '20%' },
      { x: 200, y: 496, text: '40.00' },
      { x: 60, y: 510, text: '50.00' },
      { x: 120, y: 510, text: '5%' },
      { x: 200, y: 510, text: '2.50' },
    ];
    const result = extract([
      ...summary([
        ['Subtotal', '250.00'],
        ['Total', '292.50'],
      ]),
      ...table,
    ]);
    expect(amounts(result)).toEqual({ subtotal: 250, tax_amount: 42.5, total_amount: 292.5 });
  });

  it('takes no sum that the net and the total do not confirm', () => {
    // 19.00 + 7.00 = 26.00, but 100.00 + 26.00 is no total printed: the sum is no candidate.
    const result = extract(
      summary([
        ['Subtotal', '100.00'],
        ['VAT 19%', '19.00'],
        ['VAT 7%', '7.00'],
        ['Total', '119.00'],
      ]),
    );
    expect(amounts(result)).toEqual({ subtotal: 100, tax_amount: 19, total_amount: 119 });
  });
});

describe('tax amounts: included, rates and sales-tax words', () => {
  it('reads the tax a total includes, in English and German', () => {
    const english = extract(
      summary([
        ['Total', '99.99'],
        ['incl. 19% VAT', '15.97'],
      ]),
    );
    expect(english.data.tax_amount).toBe(15.97);
    expect(english.data.total_amount).toBe(99.99);
    const german = extract(
      summary([
        ['Gesamtbetrag', '107,00'],
        ['inkl. 7 % MwSt.', '7,00'],
      ]),
    );
    expect(german.data.tax_amount).toBe(7);
    expect(german.data.total_amount).toBe(107);
  });

  it('never takes the rate printed beside the tax for the tax', () => {
    for (const [label, tax] of [
      ['VAT 20%', '12.00'],
      ['MwSt. 19,00 %', '11,40'],
      ['IVA (21%)', '12,60'],
    ] as const) {
      const net = label.startsWith('VAT') ? '60.00' : '60,00';
      const total = { 'VAT 20%': '72.00', 'MwSt. 19,00 %': '71,40', 'IVA (21%)': '72,60' }[label];
      const result = extract(
        summary([
          ['Net', net],
          [label, tax],
          ['Total', total],
        ]),
      );
      expect(result.data.tax_amount, label).toBe(Number(tax.replace(',', '.')));
    }
  });

  it('reads harmonized sales tax (HST) as a tax label, as GST', () => {
    for (const word of ['HST', 'GST']) {
      const result = extract(
        summary([
          ['Total', '226.00'],
          [`incl. 13% ${word}`, '26.00'],
        ]),
      );
      expect(result.data.tax_amount, word).toBe(26);
      expect(result.data.total_amount, word).toBe(226);
    }
  });
});

describe('tax amounts: a tax nothing on the page confirms goes to review', () => {
  const run = (placed: Placed[]) =>
    extractFields(doc([...head, ...placed]), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
  const flagged = (result: ReturnType<typeof run>) =>
    result.validation_errors.filter((e) => e.field === 'tax_amount' && /tax_unconfirmed/.test(e.message ?? ''));

  it('flags a tax that is no rate of the net it leaves, when that net is printed nowhere', () => {
    const result = run(
      summary([
        ['Tax', '26.00'],
        ['Total', '200.00'],
      ]),
    );
    expect(result.extracted_data.tax_amount).toBe(26);
    expect(flagged(result)).toHaveLength(1);
    expect(result.confidence.tax_amount).toBeLessThanOrEqual(0.3);
  });

  it('leaves a tax alone whose net is printed, or that is a rate of its net (English, German, French)', () => {
    for (const rows of [
      [
        ['Tax', '26.00'],
        ['Total', '200.00'],
        ['Amount before tax', '174.00'],
      ],
      [
        ['Gesamtbetrag', '107,00'],
        ['darin enthaltene MwSt.', '7,00'],
      ],
      [
        ['Net à payer', '120,00'],
        ['dont TVA', '20,00'],
      ],
    ] as [string, string][][]) {
      const result = run(summary(rows));
      expect(result.extracted_data.tax_amount, rows[0]![0]).toBeGreaterThan(0);
      expect(flagged(result), rows[0]![0]).toEqual([]);
    }
  });
});

describe('tax amounts: shipping or a discount between the subtotal and the tax', () => {
  const run = (rows: [string, string][]) =>
    extractFields(doc([...head, ...summary(rows)]), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });

  it('balances with a printed charge or discount, in English, Spanish and Dutch, and puts nothing in doubt', () => {
    const cases: [[string, string][], { subtotal: number; tax_amount: number; total_amount: number }][] = [
      [
        [
          ['Subtotal', '100.00'],
          ['Shipping', '12.50'],
          ['VAT 20%', '22.50'],
          ['Total', '135.00'],
        ],
        { subtotal: 100, tax_amount: 22.5, total_amount: 135 },
      ],
      [
        [
          ['Base imponible', '1.000,00'],
          ['Descuento', '-50,00'],
          ['IVA 21%', '199,50'],
          ['Total', '1.149,50'],
        ],
        { subtotal: 1000, tax_amount: 199.5, total_amount: 1149.5 },
      ],
      [
        [
          ['Subtotaal', '80,00'],
          ['Verzendkosten', '6,95'],
          ['BTW 21%', '18,26'],
          ['Totaal', '105,21'],
        ],
        { subtotal: 80, tax_amount: 18.26, total_amount: 105.21 },
      ],
    ];
    for (const [rows, want] of cases) {
      const result = run(rows);
      const got = result.extracted_data;
      expect(
        { subtotal: got.subtotal, tax_amount: got.tax_amount, total_amount: got.total_amount },
        rows[0]![0],
      ).toEqual(want);
      const amountDoubts = result.validation_errors.filter((e) => /^(subtotal|tax_amount|total_amount)$/.test(e.field));
      expect(amountDoubts, rows[0]![0]).toEqual([]);
      expect(result.confidence.tax_amount, rows[0]![0]).toBeGreaterThan(0.5);
    }
  });

  it('still doubts a subtotal and tax that no printed line reconciles with the total', () => {
    const result = run([
      ['Subtotal', '100.00'],
      ['Shipping', '12.50'],
      ['VAT 20%', '22.50'],
      ['Total', '140.00'],
    ]);
    expect(result.validation_errors.map((e) => e.field)).toEqual(expect.arrayContaining(['subtotal', 'tax_amount']));
  });
});

describe('tax amounts: a tax printed only per row, or not read, from the subtotal and the total', () => {
  const run = (placed: Placed[]) =>
    extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' });
  /** An item table with a tax column per row, and a summary of net and gross only. */
  const perRow = (heads: string[], rows: string[][], foot: [string, string][]): Placed[] => [
    ...invoiceBody.filter((p) => p.y < 300),
    ...[heads, ...rows].flatMap((cells, r) =>
      cells.map((text, c) => ({ x: [50, 250, 330, 400, 480][c]!, y: 300 + r * 18, text })),
    ),
    ...summary(foot),
  ];

  it('is the total less the subtotal where that is a rate of the subtotal (English, German), never above 0.85', () => {
    const english = run(
      perRow(
        ['Description', 'Qty', 'Price', 'VAT 20%', 'Amount'],
        // Four rows: more than the three parts a sum of tax lines takes (tax-sums.ts).
        [
          ['Desk lamp', '2', '40.00', '16.00', '80.00'],
          ['Chair', '1', '120.00', '24.00', '120.00'],
          ['Paper', '5', '10.00', '10.00', '50.00'],
          ['Pens', '3', '10.00', '6.00', '30.00'],
        ],
        [
          ['Net total', '280.00'],
          ['Total', '336.00'],
        ],
      ),
    );
    expect(english.extracted_data.tax_amount).toBe(56);
    expect(english.confidence.tax_amount).toBeLessThanOrEqual(0.85);
    const german = run(
      perRow(
        ['Bezeichnung', 'Menge', 'Preis', 'MwSt. 19 %', 'Betrag'],
        [
          ['Schreibtischlampe', '2', '40,00', '15,20', '80,00'],
          ['Stuhl', '1', '120,00', '22,80', '120,00'],
        ],
        [
          ['Summe netto', '200,00'],
          ['Gesamtbetrag', '238,00'],
        ],
      ),
    );
    expect(german.extracted_data.tax_amount).toBe(38);
  });

  it('derives nothing where the difference is no rate of the subtotal (a charge, a deposit)', () => {
    const result = run([
      ...invoiceBody.filter((p) => p.y < 340),
      ...summary([
        ['Subtotal', '200.00'],
        ['Total', '223.45'],
      ]),
    ]);
    expect(result.extracted_data.total_amount).toBe(223.45);
    expect(result.extracted_data.tax_amount).toBeUndefined();
  });
});

describe('tax amounts: an item row that names a charge is no charge', () => {
  it("does not take a row's price for a shipping charge that balances one rate alone", () => {
    // 10 x 1,69 at 10%: the row's price is the 10% rate's tax; the two rates sum to the tax.
    const result = extract([
      { x: 50, y: 360, text: 'Frais de port' },
      { x: 330, y: 360, text: '10' },
      { x: 400, y: 360, text: '1,69' },
      { x: 480, y: 360, text: '16,90' },
      ...summary([
        ['Sous-total', '76,99'],
        ['TVA 20 %', '12,02'],
        ['TVA 10 %', '1,69'],
        ['Net à payer', '90,70'],
      ]),
    ]);
    expect(amounts(result)).toEqual({ subtotal: 76.99, tax_amount: 13.71, total_amount: 90.7 });
  });
});

describe('tax amounts: Italian stamp duty is no tax', () => {
  it('takes the VAT alone and balances with the stamp duty ("bollo") as a charge, taxed or exempt', () => {
    const stamped = extract(
      summary([
        ['Imponibile IVA', '834,64'],
        ['IVA 22%', '183,62'],
        ['Imposta di bollo', '2,00'],
        ['Totale documento', '1.020,26'],
      ]),
    );
    expect(amounts(stamped)).toEqual({ subtotal: 834.64, tax_amount: 183.62, total_amount: 1020.26 });
    const exempt = extract(
      summary([
        ['Imponibile', '1.250,00'],
        ['IVA 0%', '0,00'],
        ['Marca da bollo', '2,00'],
        ['Totale documento', '1.252,00'],
      ]),
    );
    expect(amounts(exempt)).toEqual({ subtotal: 1250, tax_amount: 0, total_amount: 1252 });
  });
});
