import type { FieldDefinition } from '../extractors/index.js';
import { extractFields, ROLE_LABELS, fold, RECOMMENDED_FIELDS } from '../extraction/index.js';
import type { ReadDocument } from '../ports/document-reader.port.js';
import type { DocumentType } from './indicators.js';

/**
 * Who issued a document and who it is addressed to, found by the extraction's own party rules
 * (labels such as "Seller:" or "Bill To", legal forms, letterheads, an embedded e-invoice's XML)
 * run for just the two name fields of the recommended set. The vendor is always the party that
 * sells: the issuer of an invoice or a receipt, but the addressee of a purchase order, which the
 * buyer writes.
 */

export interface DetectedParties {
  vendor?: string;
  customer?: string;
}

export interface DetectPartiesOptions {
  /**
   * Least confidence a name needs (default 0.3), on the extraction's scores before held-out calibration. Raise it where a guess from the page's
   * layout alone (its top line) would mislead, such as a document that is no business document.
   */
  minConfidence?: number;
}

const recommended = (type: DocumentType, fieldName: string): FieldDefinition => {
  const field = RECOMMENDED_FIELDS[type].find((f) => f.name === fieldName);
  if (!field) throw new Error(`the recommended ${type} fields have no ${fieldName}`);
  return field;
};
/** Invoices and receipts have no customer field in the recommended sets: the buyer role's name. */
const CUSTOMER: FieldDefinition = {
  name: 'customer_name',
  type: 'text',
  required: false,
  description: 'Name of the customer the document is addressed to',
};

/** Each side's field; their roles (vendor_name, buyer_name) decide which extraction rules apply. */
const FIELDS: Record<DocumentType, { vendor: FieldDefinition; customer: FieldDefinition }> = {
  invoice: { vendor: recommended('invoice', 'vendor_name'), customer: CUSTOMER },
  receipt: { vendor: recommended('receipt', 'merchant_name'), customer: CUSTOMER },
  purchase_order: {
    vendor: recommended('purchase_order', 'supplier_name'),
    customer: recommended('purchase_order', 'buyer_name'),
  },
};

const DEFAULT_MIN_CONFIDENCE = 0.3;

/**
 * Party labels ("Ship To", "Vendor"), folded. A second column's label read as the value of the
 * first ("Bill To:   Ship To:") names nobody.
 */
const PARTY_LABELS = new Set([...ROLE_LABELS.vendor_name.labels, ...ROLE_LABELS.buyer_name.labels]);

/** The vendor and the customer named on a document of `documentType` (issuer and recipient), found as extractFields finds fields. */
export function detectParties(
  doc: ReadDocument,
  documentType: DocumentType,
  options: DetectPartiesOptions = {},
): DetectedParties {
  const { vendor, customer } = FIELDS[documentType];
  const result = extractFields(
    doc,
    [
      { ...vendor, required: false },
      { ...customer, required: false },
    ],
    // The minimum below was chosen on the scores before held-out calibration, whose curve for
    // fields no model ranks (the buyer among them) is steep: a letterhead buyer at 0.5 becomes 0.03.
    { documentType, calibrated: false },
  );
  const minConfidence = options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  const found = (field: FieldDefinition): { value: string; confidence: number } | null => {
    const value = result.extracted_data[field.name];
    const confidence = result.confidence[field.name] ?? 0;
    if (typeof value !== 'string' || confidence < minConfidence) return null;
    const text = value.trim();
    return text !== '' && !PARTY_LABELS.has(fold(text)) ? { value: text, confidence } : null;
  };
  const seller = found(vendor);
  const buyer = found(customer);
  // One name cannot be both sides. On a purchase order it is the letterhead's, which the buying
  // side prints (the vendor rules take any company with a legal form high on the page); elsewhere
  // it stays on the side that found it more surely.
  if (seller && buyer && fold(seller.value) === fold(buyer.value)) {
    const isCustomer = documentType === 'purchase_order' || buyer.confidence > seller.confidence;
    return isCustomer ? { customer: buyer.value } : { vendor: seller.value };
  }
  return { ...(seller ? { vendor: seller.value } : {}), ...(buyer ? { customer: buyer.value } : {}) };
}
