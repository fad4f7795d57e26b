import { describe, expect, it } from 'vitest';
import type { ReadDocument } from '@intake/core';
import { cappedInvoice, doc, extractWithAndWithoutCaps, type Placed } from './synthetic.js';

/**
 * Caps at 0.85 that depend on a value's shape or on how it was read (see confidence/evidence-caps.ts
 * and identifier-shape.ts): document numbers OCR may have misread or that are a date, fields no model
 * ranks read by OCR, and a date no label names beside another date. Each case is compared with the
 * same extraction without the caps.
 */

const CEILING = 0.85;

function invoice(number: string, source: 'ocr' | 'text_layer', extra: Placed[] = []): ReadDocument {
  const head: Placed[] = [
    { x: 340, y: 110, text: `Invoice No.: ${number}` },
    { x: 340, y: 125, text: 'Invoice Date: 20.03.2024' },
  ];
  return cappedInvoice(head, extra, source);
}

const extract = extractWithAndWithoutCaps;

describe('evidence caps: a document number OCR may have misread', () => {
  it('"0C-2024-0042" (a zero touching a letter) read by OCR keeps at most 0.85', () => {
    const { capped, free, values } = extract(invoice('0C-2024-0042', 'ocr'));
    // The prefix's 0 is given back as O (values/identifiers.ts), a guess from the shape: still capped.
    expect(values.invoice_number).toBe('OC-2024-0042');
    expect(free.invoice_number).toBeGreaterThan(CEILING);
    expect(capped.invoice_number).toBe(CEILING);
  });

  it('a number whose letters and digits do not touch ("INV-2024-0042") keeps what the ranker gives', () => {
    const { capped, free, values } = extract(invoice('INV-2024-0042', 'ocr'));
    expect(values.invoice_number).toBe('INV-2024-0042');
    expect(capped.invoice_number).toBe(free.invoice_number);
    expect(capped.invoice_number).toBeGreaterThan(CEILING);
  });

  it("in a text layer the same characters are the document's own and are not capped", () => {
    const { capped, free } = extract(invoice('0C-2024-0042', 'text_layer'));
    expect(capped.invoice_number).toBe(free.invoice_number);
    expect(capped.invoice_number).toBeGreaterThan(CEILING);
  });
});

describe('evidence caps: a label OCR ran into a document number', () => {
  it('"Invoice28" (a lower-case word run into digits) read by OCR keeps at most 0.85', () => {
    const { capped, free, values } = extract(invoice('Invoice28', 'ocr'));
    expect(values.invoice_number).toBe('Invoice28');
    expect(free.invoice_number).toBeGreaterThan(CEILING);
    expect(capped.invoice_number).toBe(CEILING);
  });

  it('"nr2023/15436" (an abbreviation run into digits) read by OCR keeps at most 0.85', () => {
    const { capped, free, values } = extract(invoice('nr2023/15436', 'ocr'));
    expect(values.invoice_number).toBe('nr2023/15436');
    expect(free.invoice_number).toBeGreaterThan(CEILING);
    expect(capped.invoice_number).toBe(CEILING);
  });

  it('a short number and a capital prefix ("37", "INV28") keep what the ranker gives', () => {
    for (const number of ['37', 'INV28']) {
      const { capped, free } = extract(invoice(number, 'ocr'));
      expect(capped.invoice_number).toBe(free.invoice_number);
    }
  });
});

describe('evidence caps: a document number shaped as a date', () => {
  it('"2024-03-19" taken as the invoice number keeps at most 0.85, even from a text layer', () => {
    const { capped, free, values } = extract(invoice('2024-03-19', 'text_layer'));
    expect(values.invoice_number).toBe('2024-03-19');
    expect(free.invoice_number).toBeGreaterThan(CEILING);
    expect(capped.invoice_number).toBe(CEILING);
  });
});

describe('evidence caps: a document number of zeros alone', () => {
  it('"0" (dot leaders read as a digit) keeps at most 0.85, from OCR and from a text layer', () => {
    for (const source of ['ocr', 'text_layer'] as const) {
      const { capped, free, values } = extract(invoice('0', source));
      expect(values.invoice_number).toBe('0');
      expect(free.invoice_number).toBeGreaterThan(CEILING);
      expect(capped.invoice_number).toBe(CEILING);
    }
  });

  it('a number with zeros and another digit ("0010", "1") keeps what the ranker gives', () => {
    for (const number of ['0010', '1']) {
      const { capped, free } = extract(invoice(number, 'text_layer'));
      expect(capped.invoice_number).toBe(free.invoice_number);
    }
  });
});

describe('evidence caps: a field no model ranks, read by OCR', () => {
  it("the vendor's address read by OCR keeps at most 0.85", () => {
    const { capped, free, values } = extract(invoice('INV-2024-0042', 'ocr'));
    expect(values.vendor_address).toContain('5 High Street');
    expect(free.vendor_address).toBeGreaterThan(CEILING);
    expect(capped.vendor_address).toBe(CEILING);
  });

  it('the same address in a text layer keeps what the calibration gives', () => {
    const { capped, free } = extract(invoice('INV-2024-0042', 'text_layer'));
    expect(capped.vendor_address).toBe(free.vendor_address);
    expect(capped.vendor_address).toBeGreaterThan(CEILING);
  });
});

describe('evidence caps: a date no label names, beside another date', () => {
  function receipt(extra: Placed[]): ReadDocument {
    return doc([
      { x: 200, y: 40, text: 'Seller: SUNRISE HARDWARE TRADING' },
      { x: 40, y: 110, text: '23.04.2024 10:31' },
      { x: 40, y: 130, text: 'Receipt No: 10482' },
      { x: 40, y: 200, text: 'TOTAL' },
      { x: 300, y: 200, text: '25.00' },
      ...extra,
    ]);
  }

  it('alone on the page, an unlabelled date keeps what the ranker gives', () => {
    const { capped, free, values } = extract(receipt([]), 'receipt');
    expect(values.transaction_date).toBe('2024-04-23');
    expect(capped.transaction_date).toBe(free.transaction_date);
    expect(capped.transaction_date).toBeGreaterThan(CEILING);
  });

  it('with another date printed (a return deadline), it keeps at most 0.85', () => {
    const { capped, free, values } = extract(receipt([{ x: 40, y: 300, text: 'Returns until 23.05.2024' }]), 'receipt');
    expect(values.transaction_date).toBe('2024-04-23');
    expect(free.transaction_date).toBeGreaterThan(CEILING);
    expect(capped.transaction_date).toBe(CEILING);
  });
});
