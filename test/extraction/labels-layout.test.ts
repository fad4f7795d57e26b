import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type FieldDefinition } from '@intake/core';
import { createContext } from '../../packages/core/src/extraction/context.js';
import { vendorCandidates } from '../../packages/core/src/extraction/fields/parties.js';
import { doc, lines, type Placed } from './synthetic.js';

const invoiceNumber: FieldDefinition = {
  name: 'invoice_number',
  type: 'text',
  required: true,
  description: 'The invoice number',
};
const numberOn = (items: Parameters<typeof doc>[0]) =>
  extractFields(doc(items), [invoiceNumber]).extracted_data.invoice_number;

describe('labels in five languages', () => {
  it.each([
    ['Invoice No.: INV-2024-001', 'INV-2024-001'],
    ['Rechnungsnummer: R-4711', 'R-4711'],
    ['Rechnungs-Nr. 2024/0815', '2024/0815'],
    ['Facture n° F2024-12', 'F2024-12'],
    ['N° de facture : 77-AB', '77-AB'],
    ['Factuurnummer: 992288600', '992288600'],
    ['Nº de factura: E-2024-5', 'E-2024-5'],
    ['Número de factura 000123', '000123'],
  ])('"%s" gives %s', (text, value) => {
    expect(numberOn([{ x: 40, y: 120, text }])).toBe(value);
  });

  it('does not take a customer or order number for the invoice number', () => {
    const items = [
      { x: 40, y: 100, text: 'Customer No: C-99' },
      { x: 40, y: 114, text: 'Order Number: SO-12345' },
      { x: 40, y: 128, text: 'Invoice Number: INV-7' },
    ];
    expect(numberOn(items)).toBe('INV-7');
  });

  it('uses the words of a custom field name and phrases quoted in its description', () => {
    const fields: FieldDefinition[] = [
      { name: 'contract_reference', type: 'text', required: false, description: 'The contract' },
      { name: 'cost_centre', type: 'text', required: false, description: 'Printed as "Kostenstelle"' },
    ];
    const page = doc([
      { x: 40, y: 100, text: 'Contract reference: CR-2024-77' },
      { x: 40, y: 114, text: 'Kostenstelle: 4711 Einkauf' },
    ]);
    expect(extractFields(page, fields).extracted_data).toEqual({
      contract_reference: 'CR-2024-77',
      cost_centre: '4711 Einkauf',
    });
  });
});

describe('layout', () => {
  it('reads a value to the right of its label', () => {
    expect(
      numberOn([
        { x: 40, y: 100, text: 'Invoice No' },
        { x: 300, y: 100, text: 'A-1' },
      ]),
    ).toBe('A-1');
  });

  it('reads a value under its label, in the label column', () => {
    const page = doc([
      { x: 40, y: 100, text: 'Invoice Date:' },
      { x: 200, y: 100, text: 'Due Date:' },
      { x: 40, y: 114, text: '03/20/2023' },
      { x: 200, y: 114, text: '04/04/2023' },
    ]);
    const result = extractFields(page, [...RECOMMENDED_FIELDS.invoice]);
    expect(result.extracted_data.invoice_date).toBe('2023-03-20');
    expect(result.extracted_data.due_date).toBe('2023-04-04');
  });

  it('prefers a value beside a label to one two lines below', () => {
    const page = doc([
      { x: 40, y: 100, text: 'Invoice No: RIGHT-1' },
      { x: 40, y: 128, text: 'WRONG-2' },
    ]);
    expect(extractFields(page, [invoiceNumber]).confidence.invoice_number).toBeGreaterThan(0.5);
    expect(extractFields(page, [invoiceNumber]).extracted_data.invoice_number).toBe('RIGHT-1');
  });

  it('a receipt: a name written in lower case above the printed one is passed over', () => {
    const page = doc([
      ...lines(40, 40, ['tan woon yann', 'INDAH GIFT & HOME DECO', '27, JALAN DEDAP 13,', '81100 JOHOR BAHRU, JOHOR.']),
      ...lines(40, 200, ['RECEIPT', '19/10/2018 20:49:59', 'TOTAL 60.30']),
    ]);
    expect(extractFields(page, [...RECOMMENDED_FIELDS.receipt]).extracted_data.merchant_name).toBe(
      'INDAH GIFT & HOME DECO',
    );
  });

  it('a scan whose left border reads as "|" on every line still gives the name at the top', () => {
    const border = (y: number) => ({ x: 8, y, text: '|' });
    const page = doc([
      border(40),
      { x: 60, y: 40, text: 'Yam Fresh' },
      border(54),
      { x: 60, y: 54, text: 'No.145G, Jalan Rimbunan Raya 1,' },
      border(68),
      { x: 60, y: 68, text: '52100 Kuala Lumpur' },
      ...lines(60, 200, ['25/04/2017', 'TOTAL 29.30']),
    ]);
    expect(extractFields(page, [...RECOMMENDED_FIELDS.receipt]).extracted_data.merchant_name).toBe('Yam Fresh');
  });

  it('takes the vendor from a legal-form line at the top, not from the bill-to block', () => {
    const page = doc([
      ...lines(40, 60, ['Acme Widgets GmbH', 'Hauptstraße 5', '10115 Berlin']),
      ...lines(40, 160, ['Bill to:', 'Customer Ltd', '1 High Street']),
      { x: 40, y: 240, text: 'Invoice No: 5' },
    ]);
    const result = extractFields(page, [...RECOMMENDED_FIELDS.invoice]);
    expect(result.extracted_data.vendor_name).toBe('Acme Widgets GmbH');
    expect(result.extracted_data.vendor_address).toBe('Hauptstraße 5, 10115 Berlin');
  });

  it('takes the name under a label that heads the seller block as labelled, a logo read right of it too', () => {
    const labelled = (heading: Placed[]) => {
      const ctx = createContext(
        doc([...heading, ...lines(40, 54, ['Beispiel Handel GmbH', 'Hauptstraße 5', '80333 München'])]),
        [],
      );
      return vendorCandidates(ctx, ['vendor_name'], 'invoice')
        .filter((c) => c.source === 'label')
        .map((c) => c.value);
    };
    const logo: Placed = { x: 420, y: 40, text: 'FeRD|' };
    expect(labelled([{ x: 40, y: 40, text: 'Rechnungsersteller' }, logo])).toEqual(
      expect.arrayContaining(['FeRD', 'Beispiel Handel GmbH']),
    );
    // With a colon the label names what follows it, and only that.
    expect(labelled([{ x: 40, y: 40, text: 'Rechnungsersteller:' }, logo])).toEqual(['FeRD']);
  });

  it('takes the name from a seller block\'s "Name:" line, passing keys OCR read with a semicolon', () => {
    const vendorOf = (items: Placed[]) =>
      extractFields(doc(items), [...RECOMMENDED_FIELDS.invoice]).extracted_data.vendor_name;
    const semicolon: Placed[] = [
      { x: 40, y: 114, text: 'Nummer;' },
      { x: 200, y: 114, text: '12345676' },
    ];
    const block = (nameLines: Placed[], keyLine: Placed[] = semicolon): Placed[] => [
      { x: 300, y: 40, text: 'RECHNUNG' },
      { x: 300, y: 54, text: 'Rechnungsnummer: 471102' },
      { x: 40, y: 100, text: 'Verkäufer' },
      ...keyLine,
      ...nameLines,
      { x: 40, y: 160, text: 'Käufer' },
      { x: 40, y: 174, text: 'Name: Metallbau Leipzig GmbH & Co. KG' },
    ];
    const nameLine: Placed[] = [{ x: 40, y: 128, text: 'Name: Rohstoff AG Salzgitter' }];
    expect(vendorOf(block(nameLine))).toBe('Rohstoff AG Salzgitter');
    // "Name:" alone on its line: the name is on the next.
    expect(
      vendorOf(
        block([
          { x: 40, y: 128, text: 'Name:' },
          { x: 40, y: 142, text: 'Rohstoff AG Salzgitter' },
        ]),
      ),
    ).toBe('Rohstoff AG Salzgitter');
    // The colon read as a "+" set apart, or lost: a key and its number in segments of their own.
    const plus: Placed[] = [
      { x: 40, y: 114, text: 'Nummer' },
      { x: 130, y: 114, text: '+' },
      { x: 200, y: 114, text: '549910' },
    ];
    expect(vendorOf(block([{ x: 40, y: 128, text: 'Lieferant GmbH' }], plus))).toBe('Lieferant GmbH');
  });

  it('keeps the due date from being earlier than the invoice date', () => {
    const page = doc([
      { x: 40, y: 100, text: 'Invoice date: 10.05.2024' },
      { x: 40, y: 114, text: 'Due date: 01.05.2024' },
    ]);
    expect(extractFields(page, [...RECOMMENDED_FIELDS.invoice]).extracted_data.due_date).toBeUndefined();
  });

  it('takes the largest amount near a total label: the grand total, not the amount still due', () => {
    const page = doc([
      { x: 300, y: 500, text: 'Total 215,14' },
      { x: 300, y: 514, text: 'Bereits bezahlt 50,00' },
      { x: 300, y: 528, text: 'Offener Betrag 165,14' },
    ]);
    expect(extractFields(page, [...RECOMMENDED_FIELDS.invoice]).extracted_data.total_amount).toBe(215.14);
  });
});

describe('a generic date label beside a number', () => {
  const invoiceDate: FieldDefinition = { name: 'invoice_date', type: 'date', required: true, description: 'Date' };
  const dateOf = (texts: string[]) =>
    extractFields(doc(lines(40, 100, texts)), [invoiceNumber, invoiceDate]).extracted_data.invoice_date;

  it("takes the date after the invoice's number as the invoice date", () => {
    expect(dateOf(['Handelsrechnung Nr. 471102 vom 05.03.2018'])).toBe('2018-03-05');
  });

  it("takes the date after an order's label, nearer than the invoice's, as the order's", () => {
    expect(dateOf(['Handelsrechnung Nr. 471102 vom 05.03.2018', 'Rechnung gemäß Bestellung vom 01.03.2018'])).toBe(
      '2018-03-05',
    );
    expect(dateOf(['Rechnung gemäß Bestellung vom 01.03.2018', 'Handelsrechnung Nr. 471102 vom 05.03.2018'])).toBe(
      '2018-03-05',
    );
  });
});
