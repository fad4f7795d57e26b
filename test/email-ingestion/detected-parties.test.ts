import { describe, expect, it } from 'vitest';
import { type ReadDocument } from '@intake/core';
import { detectParties } from '@intake/core/classification';
import { LocalDocumentClassifier } from '@intake/core/email';
import { ManualClock } from '@intake/core/ports';
import { MemoryClassificationExampleStore, MemoryDb } from '@intake/core/testing';
import { doc, lines, page } from '../extraction/synthetic.js';

/** detectedVendor and detectedCustomer of the email classifier, on documents built by hand. */

const classifier = () =>
  new LocalDocumentClassifier({
    examples: new MemoryClassificationExampleStore(new MemoryDb()),
    clock: new ManualClock(),
  });
const classify = (document: ReadDocument, filename = 'document.pdf') =>
  classifier().classify({
    orgId: 'org_a',
    mode: 'live',
    document,
    subject: 'Document attached',
    from: 'someone@example.com',
    filename,
    headers: {},
  });

const GERMAN_INVOICE = doc([
  ...lines(40, 40, ['Nordwind Technik GmbH', 'Hafenstraße 12', '20457 Hamburg']),
  ...lines(40, 130, ['Rechnungsempfänger:', 'Bäckerei Sonnenschein KG', 'Marktplatz 3', '80331 München']),
  ...lines(360, 130, ['Rechnungsnummer: RE-2024-118', 'Rechnungsdatum: 04.03.2024']),
  { x: 40, y: 220, text: 'RECHNUNG' },
  ...lines(40, 250, ['Wartung Kältetechnik 1 480,00', 'Nettobetrag 480,00', 'USt 19% 91,20', 'Gesamtbetrag 571,20']),
  { x: 40, y: 400, text: 'IBAN DE02 1203 0000 0000 2020 51' },
]);

const LABELLED_INVOICE = doc([
  { x: 40, y: 40, text: 'INVOICE' },
  ...lines(40, 80, ['Seller:', 'Brightwater Consulting LLC', '400 Pine Street', 'Seattle, WA 98101']),
  ...lines(320, 80, ['Bill To:', 'Orchard Dental Group', '12 Elm Avenue', 'Portland, OR 97201']),
  ...lines(40, 180, ['Invoice Number: INV-3391', 'Invoice Date: 2024-05-02', 'Due Date: 2024-06-01']),
  ...lines(40, 240, ['Advisory services 2,000.00', 'Total 2,000.00']),
]);

const TILL_RECEIPT = doc([
  page(
    lines(20, 40, [
      'KEDAI MAJU SDN BHD',
      'NO 12 JALAN BESAR',
      '50000 KUALA LUMPUR',
      'TAX INVOICE',
      'Cashier: Ali',
      'Milo 2 x 2.50 5.00',
      'TOTAL RM 5.00',
      'CASH 10.00',
      'CHANGE 5.00',
      'Thank you, please come again',
    ]),
    { width: 300, height: 900, source: 'ocr' },
  ),
]);

/** The buyer writes a purchase order: its letterhead is the customer's, the vendor is addressed. */
const PURCHASE_ORDER = doc([
  ...lines(40, 40, ['Brightline Foods Ltd', '8 Mill Lane', 'Leeds LS1 4AB']),
  { x: 360, y: 40, text: 'PURCHASE ORDER' },
  ...lines(360, 60, ['PO Number: 4500012', 'Order Date: 2024-02-10']),
  ...lines(40, 140, ['Vendor:', 'Harbor Packaging Inc.', '55 Dock Road', 'Newark, NJ 07105']),
  ...lines(320, 140, ['Ship To:', 'Brightline Foods Ltd', 'Warehouse 3', 'Leeds LS9 0PS']),
  ...lines(40, 240, ['Cartons 500 0.80 400.00', 'Total 400.00']),
]);

const PO_WITHOUT_SHIP_TO = doc([
  ...lines(40, 40, ['Brightline Foods Ltd', '8 Mill Lane', 'Leeds LS1 4AB']),
  { x: 360, y: 40, text: 'PURCHASE ORDER' },
  ...lines(360, 60, ['PO Number: 4500012', 'Order Date: 2024-02-10']),
  ...lines(40, 140, ['Vendor:', 'Harbor Packaging Inc.', '55 Dock Road', 'Newark, NJ 07105']),
  ...lines(40, 240, ['Cartons 500 0.80 400.00', 'Total 400.00']),
]);

describe('detectedVendor and detectedCustomer', () => {
  it('an invoice: the letterhead company is the vendor, the addressee under its label the customer', async () => {
    const result = await classify(GERMAN_INVOICE);
    expect(result).toMatchObject({
      documentType: 'vendor_bill',
      detectedVendor: 'Nordwind Technik GmbH',
      detectedCustomer: 'Bäckerei Sonnenschein KG',
    });
  });

  it('an invoice with "Seller" and "Bill To" blocks side by side', async () => {
    const result = await classify(LABELLED_INVOICE);
    expect(result).toMatchObject({
      documentType: 'vendor_bill',
      detectedVendor: 'Brightwater Consulting LLC',
      detectedCustomer: 'Orchard Dental Group',
    });
  });

  it('a till receipt titled "TAX INVOICE": the merchant at the top is the vendor; nobody is named as the customer', async () => {
    const result = await classify(TILL_RECEIPT, 'scan.jpg');
    expect(result.documentType).toBe('receipt');
    expect(result.detectedVendor).toBe('KEDAI MAJU SDN BHD');
    expect(result).not.toHaveProperty('detectedCustomer');
  });

  it('a purchase order: the company addressed as vendor is the vendor, the issuer at the top the customer', async () => {
    const result = await classify(PURCHASE_ORDER);
    expect(result).toMatchObject({
      documentType: 'purchase_order',
      detectedVendor: 'Harbor Packaging Inc.',
      detectedCustomer: 'Brightline Foods Ltd',
    });
  });

  it('a purchase order with no "Ship To": the letterhead is the customer, never the vendor', async () => {
    const result = await classify(PO_WITHOUT_SHIP_TO);
    expect(result).toMatchObject({
      documentType: 'purchase_order',
      detectedVendor: 'Harbor Packaging Inc.',
      detectedCustomer: 'Brightline Foods Ltd',
    });
  });

  it('a purchase order whose vendor has no label: the letterhead company is the customer, not the vendor', async () => {
    const unlabelled = doc([
      ...lines(40, 40, ['Brightline Foods Ltd', '8 Mill Lane', 'Leeds LS1 4AB']),
      { x: 360, y: 40, text: 'PURCHASE ORDER' },
      ...lines(360, 60, ['PO Number: 4500012', 'Order Date: 2024-02-10']),
      ...lines(40, 140, ['Harbor Packaging', '55 Dock Road', 'Newark, NJ 07105']),
      ...lines(40, 240, ['Cartons 500 0.80 400.00', 'Total 400.00']),
    ]);
    const result = await classify(unlabelled);
    expect(result.documentType).toBe('purchase_order');
    expect(result.detectedCustomer).toBe('Brightline Foods Ltd');
    expect(result.detectedVendor).not.toBe('Brightline Foods Ltd');
  });

  it('a label read as the value of the label before it ("Bill To:   Ship To:") is no customer', async () => {
    const twoColumns = doc([
      ...lines(40, 40, ['Maystone Repairs', 'INVOICE']),
      { x: 40, y: 100, text: 'Bill To:     Ship To:' },
      ...lines(40, 114, ['Taylor Riddel', 'triddel@example.com']),
      ...lines(130, 114, ["Taylor's Store", 'store@example.com']),
      ...lines(40, 200, ['Invoice Number: 17', 'Total 127.50']),
    ]);
    const result = await classify(twoColumns);
    expect(result.detectedVendor).toBe('Maystone Repairs');
    expect(result.detectedCustomer).not.toBe('Ship To');
  });

  it('a document that names nobody has neither', async () => {
    const result = await classify(
      doc(lines(40, 60, ['INVOICE', 'Invoice Number: 2024-118', 'Invoice Date: 2024-03-01', 'Total: 120.00'])),
    );
    expect(result.documentType).toBe('vendor_bill');
    expect(result).not.toHaveProperty('detectedVendor');
    expect(result).not.toHaveProperty('detectedCustomer');
  });

  it('a document of no business type does not make its heading a vendor', async () => {
    const notes = doc(
      lines(40, 60, [
        'Falcon project notes',
        'Attendees: Maria, Jonas, Priya',
        'Agreed next steps for the warehouse move',
      ]),
    );
    const result = await classify(notes);
    expect(result.keyIndicators).toEqual([]);
    expect(result).not.toHaveProperty('detectedVendor');
    expect(result).not.toHaveProperty('detectedCustomer');
  });

  it('an expense report names no vendor or customer', async () => {
    const report = doc(
      lines(40, 60, [
        'Nordwind Technik GmbH',
        'Expense Report',
        'Employee: Jana Berg',
        'Taxi 23.40',
        'Hotel 180.00',
        'Total 203.40',
      ]),
    );
    const result = await classify(report);
    expect(result.documentType).toBe('expense_report');
    expect(result).not.toHaveProperty('detectedVendor');
    expect(result).not.toHaveProperty('detectedCustomer');
  });

  it('an unreadable document (null) names nobody', async () => {
    const result = await classifier().classify({
      orgId: 'org_a',
      mode: 'live',
      document: null,
      subject: 'Invoice 118',
      from: 'billing@nordwind.example',
      filename: 'invoice.pdf',
      headers: {},
    });
    expect(result).not.toHaveProperty('detectedVendor');
    expect(result).not.toHaveProperty('detectedCustomer');
  });

  it('detectParties answers for the type it is told: the same page read as an invoice and as a purchase order', () => {
    expect(detectParties(PURCHASE_ORDER, 'purchase_order')).toEqual({
      vendor: 'Harbor Packaging Inc.',
      customer: 'Brightline Foods Ltd',
    });
    expect(detectParties(LABELLED_INVOICE, 'invoice')).toEqual({
      vendor: 'Brightwater Consulting LLC',
      customer: 'Orchard Dental Group',
    });
  });
});
