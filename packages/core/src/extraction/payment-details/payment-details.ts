import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** Who sent a document, as the extraction read it (the vendor its payment details are remembered under): the seller's VAT id where known, its name. */
export interface VendorIdentity {
  vat_id?: string;
  name?: string;
}

/** The payment details a document can carry, in the order the API lists them. */
export const PAYMENT_DETAIL_KEYS = ['iban', 'bic', 'account_number', 'sort_code', 'routing_number'] as const;
/** One of PAYMENT_DETAIL_KEYS. */
export type PaymentDetailKey = (typeof PAYMENT_DETAIL_KEYS)[number];

/** One payment detail as read: its normalised value and how sure the reading is (0 to 1). */
export interface PaymentDetailValue {
  value: string;
  confidence: number;
}

/**
 * Where a document says to pay: each detail found, absent ones omitted. Values are normalised:
 * IBAN and BIC in electronic form (no spaces, upper case), account and routing numbers as digits,
 * a sort code as `12-34-56`.
 */
export type PaymentDetails = Partial<Record<PaymentDetailKey, PaymentDetailValue>>;

/** An IBAN in electronic form when it passes its country's length and the ISO 13616 mod-97 check, else null. */
export function validIban(text: string): string | null {
  const iban = electronicFormatIBAN(text);
  return iban && isValidIBAN(iban) ? iban : null;
}

/** A BIC (ISO 9362: 8 or 11 characters, a known country code) in upper case, else null. */
export function validBic(text: string): string | null {
  const bic = text.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) && isValidBIC(bic) ? bic : null;
}

/** An ABA routing number: nine digits whose weighted sum (3, 7, 1 repeated) is a multiple of ten. */
export function validRoutingNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...digits].reduce((total, d, i) => total + Number(d) * weights[i]!, 0);
  return sum % 10 === 0;
}

/** Payment details as values alone (no confidence): what is remembered and compared. */
export type PaymentValues = Partial<Record<PaymentDetailKey, string>>;

/** The values alone, for comparing two documents' details: `{ iban: 'DE89...' }`. */
export function paymentValues(details: PaymentDetails | null | undefined): PaymentValues {
  const values: PaymentValues = {};
  for (const key of PAYMENT_DETAIL_KEYS) {
    const detail = details?.[key];
    if (detail) values[key] = detail.value;
  }
  return values;
}
