import { beforeAll, describe, expect, it } from 'vitest';
import { type FieldLocation, type PageBox } from '@intake/core/extraction';
import { extractFields, type FieldDefinition } from '@intake/core';
import { invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import { sharedReader } from '../support/reader.js';
import { doc, xmlAttachment } from '../extraction/synthetic.js';

/**
 * Field locations on a real text-layer PDF (made by pdf-lib, read by the real reader). pdf-lib
 * places text by its baseline from the page's bottom; the reader's boxes are top-left, so a line
 * drawn at baseline y stands near 842 - y on the A4 page.
 */
const fields = invoiceExtractor().field_definitions as FieldDefinition[];
const reader = sharedReader();

const near = (box: PageBox, x0: number, baseline: number) => {
  expect(box.page).toBe(1);
  expect(box.page_width).toBe(595);
  expect(box.page_height).toBe(842);
  expect(box.box.x0).toBeCloseTo(x0, 0);
  // The baseline sits inside the box's lower part (descenders below it).
  expect(box.box.y1).toBeGreaterThan(842 - baseline - 1);
  expect(box.box.y0).toBeLessThan(842 - baseline);
  expect(box.box.x1).toBeGreaterThan(box.box.x0);
};

describe('field locations', () => {
  let locations: Record<string, FieldLocation>;
  let data: Record<string, unknown>;
  beforeAll(async () => {
    const read = await reader.read(await makeInvoicePdf(), 'application/pdf');
    const result = extractFields(read, fields, { documentType: 'invoice' });
    locations = result.field_locations;
    data = result.extracted_data;
  });

  it('gives each labelled value the box of its words and the label it was read beside', () => {
    expect(data.invoice_number).toBe('INV-2026-0042');
    const number = locations.invoice_number!;
    expect(number.source).toBe('label');
    near(number as PageBox, 460, 740);
    // The value's box is the value alone, not the whole line with its label.
    expect(number.box!.x1).toBeLessThan(560);
    expect(number.label!.text).toBe('Invoice No');
    near(number.label!, 380, 740);

    const total = locations.total_amount!;
    expect(data.total_amount).toBe(1200);
    near(total as PageBox, 480, 520);
    expect(total.label!.text).toBe('Total');
    near(total.label!, 380, 520);
  });

  it('locates the date and the vendor (read without a label) by their words', () => {
    near(locations.invoice_date as PageBox, 460, 724);
    expect(locations.invoice_date!.label!.text).toBe('Invoice Date');
    near(locations.vendor_name as PageBox, 50, 780);
  });

  it('gives a table each row and its cells, named as the definition names the members', () => {
    const items = locations.line_items!;
    expect(items.source).toBe('table');
    expect(data.line_items).toEqual([{ description: 'Consulting services', amount: 1000 }]);
    expect(items.rows).toHaveLength(1);
    const row = items.rows![0]!;
    near(row, 50, 620);
    near(row.cells.description!, 50, 620);
    near(row.cells.amount!, 480, 620);
    expect(Object.keys(row.cells).sort()).toEqual(['amount', 'description']);
  });

  it('says default for a value that no word gave, and leaves out what was not found', () => {
    const withDefault: FieldDefinition[] = [
      { name: 'po_reference', type: 'text', required: false, description: 'Internal PO', default_value: 'none' },
    ];
    const read = doc([{ text: 'Hello world', x: 10, y: 10 }]);
    const result = extractFields(read, withDefault);
    expect(result.extracted_data).toEqual({ po_reference: 'none' });
    expect(result.field_locations).toEqual({ po_reference: { source: 'default' } });
    expect(extractFields(read, fields).field_locations.invoice_number).toBeUndefined();
  });

  it('says source xml, without a box, for values an embedded e-invoice gave', () => {
    const xml = `<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
      xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
      xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2">
      <cbc:ID>UBL-77</cbc:ID><cbc:IssueDate>2024-03-15</cbc:IssueDate>
      <cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="EUR">99.50</cbc:PayableAmount></cac:LegalMonetaryTotal></Invoice>`;
    const read = doc([{ text: 'Invoice No: PRINTED-1', x: 10, y: 10 }], [xmlAttachment('invoice.xml', xml)]);
    const result = extractFields(read, fields);
    expect(result.extracted_data.invoice_number).toBe('UBL-77');
    expect(result.field_locations.invoice_number).toEqual({ source: 'xml' });
    expect(result.field_locations.total_amount).toEqual({ source: 'xml' });
  });
});
