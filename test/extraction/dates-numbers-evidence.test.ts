import { describe, expect, it } from 'vitest';
import { cappedInvoice, doc, extractWithAndWithoutCaps, lines, type Placed } from './synthetic.js';

/**
 * Dates and document numbers whose evidence is weaker than their label makes it look: a number the
 * page prints again with a prefix, a date a turned photo may have paired with the neighbouring
 * label's row (caps at 0.85, confidence/identifier-forms.ts and label-row.ts), and a generic date
 * label after another document's number ("Bestellung Nr. 4711 vom ...": fields/candidates.ts).
 * Each cap is compared with the same extraction without the caps.
 */

const CEILING = 0.85;

const extract = extractWithAndWithoutCaps;
const invoice = cappedInvoice;

const numbered = (number: string) => [
  { x: 340, y: 110, text: `Invoice No.: ${number}` },
  { x: 340, y: 125, text: 'Invoice Date: 20.03.2024' },
];

describe('evidence caps: a document number the page prints again with a prefix', () => {
  it('"20417" beside "Please quote INV-20417" keeps at most 0.85: the prefix may be its own', () => {
    const { capped, free, values } = extract(
      invoice(numbered('20417'), [{ x: 50, y: 400, text: 'Please quote INV-20417 with your payment' }]),
    );
    expect(values.invoice_number).toBe('20417');
    expect(free.invoice_number).toBeGreaterThan(CEILING);
    expect(capped.invoice_number).toBe(CEILING);
  });

  it('a prefix OCR set apart at its hyphen ("E- 2018092011804") counts as well', () => {
    const { capped, values } = extract(
      invoice(numbered('2018092011804'), [{ x: 50, y: 400, text: 'Reference E- 2018092011804' }], 'ocr'),
    );
    expect(values.invoice_number).toBe('2018092011804');
    expect(capped.invoice_number).toBe(CEILING);
  });

  it('the same number after a label word ("Nr.20417", "PO#20417") or alone keeps what the ranker gives', () => {
    for (const extra of ['Bei Zahlung bitte Nr.20417 angeben', 'Order PO#20417', 'Please quote 20417']) {
      const { capped, free } = extract(invoice(numbered('20417'), [{ x: 50, y: 400, text: extra }]));
      expect(capped.invoice_number, extra).toBe(free.invoice_number);
      expect(capped.invoice_number, extra).toBeGreaterThan(CEILING);
    }
  });
});

describe('evidence caps: a date a turned photo may have paired with the next label', () => {
  // Labels in a column at x 340, values at x 460; OCR word boxes 10 points high, rows 14 apart.
  const column = (valueOffset: number): Placed[] => [
    { x: 340, y: 110, text: 'Invoice No.: INV-2024-0042' },
    { x: 340, y: 125, text: 'Invoice Date' },
    { x: 460, y: 125 + valueOffset, text: '20.03.2024' },
    { x: 340, y: 139, text: 'Due Date' },
    { x: 460, y: 139 + valueOffset, text: '19.04.2024' },
  ];

  it('a date standing 0.4 of a row below its label, towards the due date label, keeps at most 0.85', () => {
    const { capped, free, values } = extract(invoice(column(4), [], 'ocr'));
    expect(values.invoice_date).toBe('2024-03-20');
    expect(free.invoice_date).toBeGreaterThan(CEILING);
    expect(capped.invoice_date).toBe(CEILING);
    // The due date leans the same way, but no date label is under it.
    expect(capped.due_date).toBe(free.due_date);
  });

  it("on its label's row it keeps what the ranker gives", () => {
    const { capped, free, values } = extract(invoice(column(0), [], 'ocr'));
    expect(values.invoice_date).toBe('2024-03-20');
    expect(capped.invoice_date).toBe(free.invoice_date);
    expect(capped.invoice_date).toBeGreaterThan(CEILING);
  });

  it("a text layer's rows are the document's own and are not doubted", () => {
    const { capped, free } = extract(invoice(column(4)));
    expect(capped.invoice_date).toBe(free.invoice_date);
    expect(capped.invoice_date).toBeGreaterThan(CEILING);
  });
});

describe("a generic date label after another document's number", () => {
  const dateOf = (texts: string[], head = 'Datum 15.03.2024') =>
    extract(doc(lines(40, 100, ['Rechnung', head, ...texts, 'Summe 240,00']))).values.invoice_date;

  it('"Rechnung gemäß Bestellung Nr. 2024-0815 vom 01.03.2024" dates the order, not the invoice', () => {
    // The invoice's own date unlabelled: the order's date, labelled "vom", would otherwise win.
    expect(dateOf(['Rechnung gemäß Bestellung Nr. 2024-0815 vom 01.03.2024.'], '15.03.2024')).toBe('2024-03-15');
  });

  it('also where the sentence goes on at the start of the next line ("vom 01.03.2024.")', () => {
    expect(dateOf(['Rechnung gemäß Bestellung Nr. 2024-0815', 'vom 01.03.2024.'], '15.03.2024')).toBe('2024-03-15');
  });

  it('"Rechnung gemäß Betriebskostenabrechnung vom ..." names no number: its date is not raised to the invoice\'s', () => {
    const numbered = 'Handelsrechnung Nr. 4711 vom 05.03.2024';
    const sentence = 'Rechnung gemäß Betriebskostenabrechnung vom 21.11.2023.';
    expect(dateOf([numbered, sentence])).toBe('2024-03-05');
    expect(dateOf([sentence, numbered])).toBe('2024-03-05');
  });

  it("the invoice's own number before the generic label still names the invoice date", () => {
    expect(dateOf(['Rechnung Nr. 4711 vom 05.03.2024'])).toBe('2024-03-05');
  });
});
