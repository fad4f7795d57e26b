import { definedOnly } from './cii.js';
import type { EInvoice } from './einvoice.js';
import { PAYMENT_MEANS } from './einvoice.js';
import { amount, at, children, joinAddress, textAt, type XmlNode } from './xml.js';

/** OASIS UBL 2.x Invoice and CreditNote (Peppol BIS, XRechnung UBL). */
export function readUbl(root: XmlNode): EInvoice | null {
  const doc = at(root, 'Invoice') ?? at(root, 'CreditNote');
  if (!doc) return null;
  const seller = at(doc, 'AccountingSupplierParty', 'Party');
  const totals = at(doc, 'LegalMonetaryTotal');
  const values: EInvoice['values'] = {
    invoice_number: textAt(doc, 'ID'),
    invoice_date: isoDate(textAt(doc, 'IssueDate')),
    due_date: isoDate(textAt(doc, 'DueDate') ?? textAt(doc, 'PaymentMeans', 'PaymentDueDate')),
    delivery_date: isoDate(textAt(doc, 'Delivery', 'ActualDeliveryDate')),
    vendor_name: textAt(seller, 'PartyName', 'Name') ?? textAt(seller, 'PartyLegalEntity', 'RegistrationName'),
    vendor_address: ublAddress(at(seller, 'PostalAddress')),
    buyer_name:
      textAt(doc, 'AccountingCustomerParty', 'Party', 'PartyName', 'Name') ??
      textAt(doc, 'AccountingCustomerParty', 'Party', 'PartyLegalEntity', 'RegistrationName'),
    po_number: textAt(doc, 'OrderReference', 'ID'),
    subtotal: amount(textAt(totals, 'TaxExclusiveAmount') ?? textAt(totals, 'LineExtensionAmount')),
    tax_amount: amount(textAt(doc, 'TaxTotal', 'TaxAmount')),
    total_amount: amount(textAt(totals, 'TaxInclusiveAmount') ?? textAt(totals, 'PayableAmount')),
    payment_method: PAYMENT_MEANS[textAt(doc, 'PaymentMeans', 'PaymentMeansCode') ?? ''],
  };
  const lines = [...children(doc, 'InvoiceLine'), ...children(doc, 'CreditNoteLine')];
  return { format: 'ubl', values: definedOnly(values), lineItems: lines.map(ublLine) };
}

function ublLine(line: unknown): EInvoice['lineItems'][number] {
  const quantity = amount(textAt(line, 'InvoicedQuantity') ?? textAt(line, 'CreditedQuantity'));
  const unitPrice = amount(textAt(line, 'Price', 'PriceAmount'));
  const lineTotal = amount(textAt(line, 'LineExtensionAmount'));
  return {
    description: textAt(line, 'Item', 'Name') ?? textAt(line, 'Item', 'Description') ?? '',
    ...(quantity !== undefined ? { quantity } : {}),
    ...(unitPrice !== undefined ? { unit_price: unitPrice } : {}),
    ...(lineTotal !== undefined ? { amount: lineTotal } : {}),
  };
}

function ublAddress(address: unknown): string | undefined {
  const street =
    [textAt(address, 'StreetName'), textAt(address, 'BuildingNumber')].filter(Boolean).join(' ') || undefined;
  return joinAddress(
    [street, textAt(address, 'AdditionalStreetName')],
    textAt(address, 'PostalZone'),
    textAt(address, 'CityName'),
  );
}

function isoDate(value: string | undefined): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
}
