import { describe, expect, it } from 'vitest';
import { extractInvoice, type Placed } from './synthetic.js';

/**
 * Invoices printed from spreadsheet and word-processor tables: narrow cells wrap their headings
 * ("DUE" over "DATE") and their dates ("12-Sep-" over "25").
 */
const head: Placed[] = [
  { x: 40, y: 40, text: 'Cedar Creek Landscaping' },
  { x: 40, y: 54, text: '88 River Rd, Boise, ID 83702' },
  { x: 420, y: 40, text: 'INVOICE' },
  { x: 380, y: 60, text: 'INVOICE #' },
  { x: 460, y: 60, text: 'R88563' },
];
const foot: Placed[] = [
  { x: 380, y: 400, text: 'TOTAL' },
  { x: 460, y: 400, text: '$1,566.50' },
];

/** A heading row of seven narrow cells, two of which wrap, over one row of values. */
function headingRow(top: number, values: Placed[]): Placed[] {
  return [
    { x: 40, y: top, text: 'SALESPERSON' },
    { x: 130, y: top, text: 'P.O.' },
    { x: 200, y: top, text: 'SHIP DATE' },
    { x: 280, y: top, text: 'SHIP' },
    { x: 340, y: top, text: 'TERMS' },
    { x: 420, y: top, text: 'DUE' },
    { x: 130, y: top + 11, text: 'NUMBER' },
    { x: 280, y: top + 11, text: 'VIA' },
    { x: 420, y: top + 11, text: 'DATE' },
    ...values,
  ];
}

describe('a column heading wrapped in its cell', () => {
  it('reads "DUE" over "DATE" as the due date over its value, and "DATE" as no invoice date', () => {
    const values: Placed[] = [
      { x: 40, y: 230, text: 'J. Reyes' },
      { x: 130, y: 230, text: '4864' },
      { x: 200, y: 230, text: '13-Jan-24' },
      { x: 280, y: 230, text: 'FedEx' },
      { x: 340, y: 230, text: 'Net 14' },
      { x: 420, y: 230, text: '25-Jan-24' },
    ];
    const data = extractInvoice([
      ...head,
      { x: 380, y: 74, text: 'DATE:' },
      { x: 460, y: 74, text: '11-Jan-24' },
      ...headingRow(200, values),
      ...foot,
    ]);
    expect(data.due_date).toBe('2024-01-25');
    expect(data.invoice_date).toBe('2024-01-11');
    expect(data.invoice_number).toBe('R88563');
  });

  it('joins a German heading broken at its hyphen ("Rechnungs-" over "datum") and keeps "Kunden-" over "nummer" apart from the number', () => {
    const top = 200;
    const data = extractInvoice([
      { x: 40, y: 40, text: 'Malerbetrieb Krause' },
      { x: 40, y: 54, text: 'Hauptstraße 12, 10115 Berlin' },
      { x: 40, y: 100, text: 'Rechnung' },
      { x: 40, y: top, text: 'Kunden\u2010' },
      { x: 140, y: top, text: 'Rechnungs\u2010' },
      { x: 250, y: top, text: 'Rechnungs\u2010' },
      { x: 360, y: top, text: 'Fälligkeits\u2010' },
      { x: 40, y: top + 11, text: 'nummer' },
      { x: 140, y: top + 11, text: 'nummer' },
      { x: 250, y: top + 11, text: 'datum' },
      { x: 360, y: top + 11, text: 'datum' },
      { x: 40, y: top + 30, text: '21025' },
      { x: 140, y: top + 30, text: '2025-149' },
      { x: 250, y: top + 30, text: '07.08.25' },
      { x: 360, y: top + 30, text: '06.09.25' },
      { x: 300, y: 400, text: 'Rechnungsbetrag' },
      { x: 420, y: 400, text: '853,23 €' },
    ]);
    expect(data.invoice_number).toBe('2025-149');
    expect(data.invoice_date).toBe('2025-08-07');
    expect(data.due_date).toBe('2025-09-06');
  });
});

describe('a wrapped heading in a row whose cells run together', () => {
  it('joins "Verval-" over "datum" though "Leverdatum" stands in the same segment beside it', () => {
    const top = 200;
    const data = extractInvoice([
      { x: 40, y: 40, text: 'Schildersbedrijf de Vries' },
      { x: 40, y: 54, text: 'Kerkstraat 14, 1017 GC Amsterdam' },
      { x: 40, y: 100, text: 'Factuur' },
      { x: 40, y: top, text: 'Factuur\u2010' },
      { x: 140, y: top, text: 'Factuur\u2010' },
      { x: 300, y: top, text: 'Leverdatum' },
      { x: 366, y: top, text: 'Verval\u2010' },
      { x: 40, y: top + 11, text: 'nummer' },
      { x: 140, y: top + 11, text: 'datum' },
      { x: 366, y: top + 11, text: 'datum' },
      { x: 40, y: top + 30, text: '58616' },
      { x: 140, y: top + 30, text: '22/04/2024' },
      { x: 300, y: top + 30, text: '16/04/2024' },
      { x: 380, y: top + 30, text: '22/05/2024' },
      { x: 300, y: 400, text: 'Totaal' },
      { x: 420, y: 400, text: '€ 1.250,00' },
    ]);
    expect(data.invoice_number).toBe('58616');
    expect(data.invoice_date).toBe('2024-04-22');
    expect(data.due_date).toBe('2024-05-22');
  });
});

describe('a date wrapped at its last separator', () => {
  it('joins "12-Sep-" beside its label to the year under it', () => {
    const data = extractInvoice([
      ...head,
      { x: 380, y: 74, text: 'DATE:' },
      { x: 460, y: 74, text: '12-Sep-' },
      { x: 460, y: 85, text: '25' },
      ...foot,
    ]);
    expect(data.invoice_date).toBe('2025-09-12');
  });

  it('joins a date under its heading to the year under it ("26-Sep-" over "25" under "DUE DATE")', () => {
    const values: Placed[] = [
      { x: 130, y: 230, text: '4864' },
      { x: 420, y: 230, text: '26-Sep-' },
      { x: 420, y: 241, text: '25' },
    ];
    const data = extractInvoice([...head, ...headingRow(200, values), ...foot]);
    expect(data.due_date).toBe('2025-09-26');
  });

  it('takes no lone number under a whole date for its year', () => {
    const data = extractInvoice([
      ...head,
      { x: 380, y: 74, text: 'DATE:' },
      { x: 460, y: 74, text: '12-Sep-2025' },
      { x: 460, y: 85, text: '24' },
      ...foot,
    ]);
    expect(data.invoice_date).toBe('2025-09-12');
  });
});
