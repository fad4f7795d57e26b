import { describe, expect, it } from 'vitest';
import { createContext } from '../../packages/core/src/extraction/context.js';
import { dateCandidates } from '../../packages/core/src/extraction/fields/dates.js';
import { doc, extractInvoice, lines, type Placed } from './synthetic.js';

/**
 * Invoices that print several dates besides their own, which stands unlabelled beside the title:
 * dated item rows, a billing period, a print stamp, the date a customer's account was opened.
 */

/** The seller, the title with the invoice's date under it, and the number's label and value. */
const head = (title: string, date: string, numberLabel: string): Placed[] => [
  ...lines(50, 50, ['Halvorsen Tooling Ltd', '12 Market Street', 'Leeds']),
  ...lines(430, 60, [title, date]),
  { x: 340, y: 130, text: numberLabel },
  { x: 460, y: 130, text: '2024-7058' },
];

/** An item table with a date column, and its sums. */
const datedRows = (headings: string[], rows: string[][], sums: string[]): Placed[] => [
  ...headings.map((text, i) => ({ x: [50, 130, 400, 480][i]!, y: 250, text })),
  ...rows.flatMap((row, r) => row.map((text, i) => ({ x: [50, 130, 400, 480][i]!, y: 270 + r * 16, text }))),
  ...lines(380, 340, sums),
  ...lines(480, 340, ['600.00', '120.00', '720.00']),
];

describe('dates inside the item table', () => {
  it('date the rows, not the document (English, German)', () => {
    const english = extractInvoice([
      ...head('INVOICE', '08/08/2024', 'Invoice No.'),
      ...datedRows(
        ['Date', 'Description', 'Qty', 'Amount'],
        [
          ['25/07/2024', 'Website maintenance', '1', '400.00'],
          ['01/08/2024', 'Installation labour', '2', '200.00'],
        ],
        ['Subtotal', 'VAT 20%', 'Total'],
      ),
    ]);
    expect(english.invoice_date).toBe('2024-08-08');
    const german = extractInvoice([
      ...head('RECHNUNG', '8. August 2024', 'Rechnungsnummer'),
      ...datedRows(
        ['Datum', 'Bezeichnung', 'Menge', 'Betrag'],
        [
          ['25.07.2024', 'Lieferschein 4300 vom 25.07.2024', '1', '400,00'],
          ['01.08.2024', 'Montagearbeiten', '2', '200,00'],
        ],
        ['Nettobetrag', 'USt. 19%', 'Gesamtbetrag'],
      ),
    ]);
    expect(german.invoice_date).toBe('2024-08-08');
  });
});

/** One undated item row and its sums. */
const oneRow: Placed[] = [
  ...lines(50, 250, ['Description', 'Consulting']),
  ...lines(480, 250, ['Amount', '600.00']),
  ...lines(380, 300, ['Subtotal', 'VAT', 'Total']),
  ...lines(480, 300, ['600.00', '120.00', '720.00']),
];

/** The seller, an information block over the title, the title and the number. */
const infoHead = (info: string[], title: string, numberLabel: string): Placed[] => [
  ...lines(50, 50, ['Halvorsen Tooling Ltd', '12 Market Street', 'Leeds']),
  ...lines(340, 30, info),
  { x: 430, y: 90, text: title },
  { x: 340, y: 130, text: numberLabel },
  { x: 460, y: 130, text: '2024-7058' },
];

describe('dates that say what else they date', () => {
  it("leave a customer's first day and a period's aside (German, French)", () => {
    const german = extractInvoice([
      ...infoHead(['Kunde seit 05.10.2019', 'Leistungszeitraum 01.03.–31.03.2024'], 'RECHNUNG', 'Rechnungsnummer'),
      { x: 430, y: 104, text: '10.04.2024' },
      ...oneRow,
    ]);
    expect(german.invoice_date).toBe('2024-04-10');
    const french = extractInvoice([
      ...infoHead(['Client depuis : 10/07/2022', 'Période : 01/07/2024 - 31/07/2024'], 'FACTURE', 'Facture n°'),
      { x: 430, y: 104, text: '08/08/2024' },
      ...oneRow,
    ]);
    expect(french.invoice_date).toBe('2024-08-08');
  });

  it('leave a print stamp aside (Spanish, Dutch)', () => {
    const spanish = extractInvoice([
      ...head('FACTURA', '25/06/2024', 'Factura nº'),
      ...oneRow,
      { x: 50, y: 800, text: 'Impreso el 28/07/2024 14:13' },
    ]);
    expect(spanish.invoice_date).toBe('2024-06-25');
    const dutch = extractInvoice([
      ...head('FACTUUR', '18-04-2024', 'Factuurnummer'),
      ...oneRow,
      { x: 50, y: 800, text: 'Afgedrukt op 20-04-2024 08:45' },
    ]);
    expect(dutch.invoice_date).toBe('2024-04-18');
  });
});

describe('a period whose end a narrow cell wrapped onto the next line', () => {
  it('leaves the end aside as it does the start (German, English)', () => {
    const german = extractInvoice([
      ...infoHead(['Kunde seit 05.10.2019'], 'RECHNUNG', 'Rechnungsnummer'),
      { x: 340, y: 44, text: 'Leistungszeitraum:' },
      ...lines(460, 44, ['01.04.2024 –', '30.04.2024']),
      { x: 430, y: 104, text: '10.05.2024' },
      ...oneRow,
    ]);
    expect(german.invoice_date).toBe('2024-05-10');
    const english = extractInvoice([
      ...infoHead(['Account: 10442'], 'INVOICE', 'Invoice No.'),
      { x: 340, y: 44, text: 'Service period:' },
      ...lines(460, 44, ['01/07/2024 -', '31/07/2024']),
      { x: 430, y: 104, text: '08/08/2024' },
      ...oneRow,
    ]);
    expect(english.invoice_date).toBe('2024-08-08');
  });
});

describe('a date printed with its time of day', () => {
  /** The rule's score for each unlabelled date of a page whose first line is `stamp`, as `role`'s candidate. */
  const scores = (stamp: string, role: 'invoice_date' | 'transaction_date') => {
    const ctx = createContext(
      doc([{ x: 440, y: 20, text: stamp }, ...head('RECHNUNG', '15.04.2024', 'Rechnungsnummer'), ...oneRow]),
      [],
    );
    return new Map(dateCandidates(ctx, role, [role]).map((c) => [c.value, c.score]));
  };

  it("is a receipt's sale, and no better than a plain date on an invoice (dotted and slashed dates)", () => {
    // A print header over an invoice ("16.04.2024, 09:04") is the day it was printed, not issued.
    for (const [stamp, plain, day] of [
      ['16.04.2024, 09:04', '16.04.2024', '2024-04-16'],
      ['15/02/2025 15:50', '15/02/2025', '2025-02-15'],
    ] as const) {
      expect(scores(stamp, 'invoice_date').get(day)).toBe(scores(plain, 'invoice_date').get(day));
      expect(scores(stamp, 'transaction_date').get(day)).toBeGreaterThan(scores(plain, 'transaction_date').get(day)!);
    }
  });
});

describe("a date of supply's label in the word order of its language", () => {
  it('names a delivery date, not the invoice date (Italian, Dutch)', () => {
    const italian = extractInvoice([
      ...head('FATTURA', '23 luglio 2024', 'Fattura n.'),
      { x: 50, y: 160, text: 'Data operazione: 16/07/2024' },
      ...oneRow,
    ]);
    expect(italian.invoice_date).toBe('2024-07-23');
    const dutch = extractInvoice([
      ...head('FACTUUR', '21-03-2025', 'Factuurnummer'),
      { x: 50, y: 160, text: 'Datum levering: 15-03-2025' },
      ...oneRow,
    ]);
    expect(dutch.invoice_date).toBe('2025-03-21');
  });
});

describe('a delivery date on the day of the invoice', () => {
  it('leaves the same day printed beside the title a candidate (German, English)', () => {
    const german = extractInvoice([
      ...head('RECHNUNG', '10.04.2024', 'Rechnungsnummer'),
      ...lines(50, 160, ['Bestelldatum: 02.04.2024', 'Leistungsdatum: 10.04.2024']),
      ...oneRow,
    ]);
    expect(german.invoice_date).toBe('2024-04-10');
    const english = extractInvoice([
      ...head('INVOICE', '8 August 2024', 'Invoice No.'),
      ...lines(50, 160, ['Order date: 01/08/2024', 'Date of supply: 08/08/2024']),
      ...oneRow,
    ]);
    expect(english.invoice_date).toBe('2024-08-08');
  });
});

describe('a term of days counted from a date', () => {
  it('starts at the invoice date, which is no due date (German, English)', () => {
    const german = extractInvoice([
      ...head('RECHNUNG', '02.03.2025', 'Rechnungsnummer'),
      { x: 50, y: 160, text: 'Leistungszeitraum: 01.02.2025 – 28.02.2025' },
      ...oneRow,
      { x: 50, y: 380, text: 'Zahlbar innerhalb von 30 Tagen ab 02.03.2025.' },
    ]);
    expect(german.invoice_date).toBe('2025-03-02');
    expect(german.due_date).not.toBe('2025-03-02');
    const english = extractInvoice([
      ...head('INVOICE', '08/08/2024', 'Invoice No.'),
      { x: 50, y: 160, text: 'Billing period: 01/07/2024 - 31/07/2024' },
      ...oneRow,
      { x: 50, y: 380, text: 'Payable within 14 days of 08/08/2024.' },
    ]);
    expect(english.invoice_date).toBe('2024-08-08');
    expect(english.due_date).not.toBe('2024-08-08');
  });
});
