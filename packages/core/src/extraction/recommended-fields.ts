import type { FieldDefinition } from '../extractors/index.js';

/**
 * The spec's recommended field sets, ready to use as an extractor's field_definitions. The
 * descriptions say what is meant where documents disagree (which total, which party).
 */

const lineItem = (amountDescription: string): FieldDefinition[] => [
  {
    name: 'description',
    type: 'text',
    required: false,
    description: 'What was sold: the article or service as printed in the row',
  },
  { name: 'quantity', type: 'number', required: false, description: 'Quantity of the row' },
  { name: 'unit_price', type: 'currency', required: false, description: 'Price of one unit' },
  { name: 'amount', type: 'currency', required: false, description: amountDescription },
];

const INVOICE: FieldDefinition[] = [
  {
    name: 'invoice_number',
    type: 'text',
    required: true,
    description: 'The invoice number the vendor gave this invoice (not an order or customer number)',
  },
  { name: 'invoice_date', type: 'date', required: true, description: 'Date the invoice was issued' },
  { name: 'due_date', type: 'date', required: false, description: 'Date by which the invoice must be paid' },
  {
    name: 'vendor_name',
    type: 'text',
    required: true,
    description: 'Name of the company that issued the invoice (the seller)',
  },
  {
    name: 'vendor_address',
    type: 'text',
    required: false,
    description: "The seller's postal address: street and place, without the country",
  },
  { name: 'subtotal', type: 'currency', required: false, description: 'Net amount before tax' },
  {
    name: 'tax_amount',
    type: 'currency',
    required: false,
    description: 'Total tax (VAT, GST, sales tax) of the invoice',
  },
  {
    name: 'total_amount',
    type: 'currency',
    required: true,
    description: 'Grand total including tax, before any prepayment is deducted',
  },
  {
    name: 'line_items',
    type: 'array',
    required: false,
    description: 'Rows of the item table',
    fields: lineItem('Net amount of the row'),
  },
];

const RECEIPT: FieldDefinition[] = [
  {
    name: 'merchant_name',
    type: 'text',
    required: true,
    description: 'Name of the shop or company that issued the receipt',
  },
  { name: 'transaction_date', type: 'date', required: true, description: 'Date of the purchase' },
  { name: 'total_amount', type: 'currency', required: true, description: 'Amount paid, including tax and rounding' },
  { name: 'payment_method', type: 'text', required: false, description: 'How it was paid: cash, card type, voucher' },
  {
    name: 'items',
    type: 'array',
    required: false,
    description: 'Articles bought',
    fields: lineItem('Price of the row'),
  },
];

const PURCHASE_ORDER: FieldDefinition[] = [
  { name: 'po_number', type: 'text', required: true, description: 'The purchase order number' },
  { name: 'order_date', type: 'date', required: true, description: 'Date the order was placed' },
  { name: 'delivery_date', type: 'date', required: false, description: 'Requested delivery date' },
  {
    name: 'supplier_name',
    type: 'text',
    required: true,
    description: 'Name of the company the goods are ordered from (the vendor)',
  },
  { name: 'buyer_name', type: 'text', required: false, description: 'Name of the company placing the order' },
  { name: 'total_amount', type: 'currency', required: true, description: 'Order total including tax and charges' },
  {
    name: 'line_items',
    type: 'array',
    required: false,
    description: 'Rows of the item table',
    fields: lineItem('Amount of the row'),
  },
];

/** Suggested field definitions per document type (not enforced): what `intake extract` uses. */
export const RECOMMENDED_FIELDS: Readonly<
  Record<'invoice' | 'receipt' | 'purchase_order', readonly FieldDefinition[]>
> = {
  invoice: INVOICE,
  receipt: RECEIPT,
  purchase_order: PURCHASE_ORDER,
};

/** A document type with a recommended field set: `invoice`, `receipt` or `purchase_order`. */
export type RecommendedDocumentType = keyof typeof RECOMMENDED_FIELDS;

/** Whether `type` has a recommended field set. */
export function isRecommendedType(type: string): type is RecommendedDocumentType {
  return type === 'invoice' || type === 'receipt' || type === 'purchase_order';
}
