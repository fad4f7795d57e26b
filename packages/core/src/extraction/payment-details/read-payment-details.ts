import type { ReadDocument } from '../../ports/document-reader.port.js';
import { PAYMENT_DETAIL_KEYS, type PaymentDetails } from './payment-details.js';
import { readPrintedPaymentDetails } from './read-printed.js';
import { readXmlPaymentDetails } from './read-xml.js';

/**
 * Where a document says to pay, from its e-invoice XML where it has one and from the printed text:
 * each detail from the XML when the XML names it, else as printed. Null when nothing is found.
 */
export function readPaymentDetails(doc: ReadDocument): PaymentDetails | null {
  const xml = readXmlPaymentDetails(doc);
  const printed = readPrintedPaymentDetails(doc);
  const details: PaymentDetails = {};
  for (const key of PAYMENT_DETAIL_KEYS) {
    const value = xml[key] ?? printed[key];
    if (value) details[key] = value;
  }
  return Object.keys(details).length ? details : null;
}
