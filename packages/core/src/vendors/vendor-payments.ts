import {
  nameKey,
  fold,
  paymentValues,
  type PaymentDetails,
  type PaymentValues,
  type VendorIdentity,
} from '../extraction/index.js';

/** The payment details last trusted for one vendor of an organization. */
export interface RememberedPaymentDetails {
  org_id: string;
  /** `vat:DE123456789`, or `name:acme` with `|domain:acme.example` for mail (see vendorKey). */
  vendor_key: string;
  details: PaymentValues;
  /** The job they were last seen on (or confirmed on). */
  job_id: string;
  last_seen_at: string;
}

/** The details that say where money goes; a BIC only names the bank of an IBAN, so it is not compared. */
const ACCOUNT_KEYS = ['iban', 'account_number', 'sort_code', 'routing_number'] as const;

/** The values of a document's details, or null when they name no account (a BIC alone, or nothing). */
export function accountValues(details: PaymentDetails | null | undefined): PaymentValues | null {
  const values = paymentValues(details);
  return ACCOUNT_KEYS.some((key) => values[key]) ? values : null;
}

/**
 * Whether a document's account differs from the remembered one: an account detail both name with
 * different values, or no account detail in common at all (an IBAN before, a US account now). A
 * detail added beside the same ones (a sort code next to the same account number) and the BIC are
 * no change.
 */
export function paymentDetailsDiffer(previous: PaymentValues, current: PaymentValues): boolean {
  const shared = ACCOUNT_KEYS.filter((key) => previous[key] && current[key]);
  if (shared.length === 0) return true;
  return shared.some((key) => previous[key] !== current[key]);
}

/**
 * The key a vendor's details are remembered under: its VAT id when the document gives one;
 * otherwise its normalised name, with the sender's mail domain for a mail job (so a look-alike
 * sender of the same name is another vendor). Null when neither is known.
 */
export function vendorKey(identity: VendorIdentity | undefined, metadata: Record<string, unknown>): string | null {
  const vat = identity?.vat_id?.replace(/[\s.-]/g, '').toUpperCase();
  if (vat && /^[A-Z]{2}[0-9A-Z]{8,12}$/.test(vat)) return `vat:${vat}`;
  const name = nameKey(identity?.name);
  if (!name) return null;
  const domain = senderDomainOf(metadata);
  return domain ? `${name}|domain:${domain}` : name;
}

function senderDomainOf(metadata: Record<string, unknown>): string | null {
  if (metadata.source !== 'email') return null;
  const email = (metadata.email ?? {}) as { from?: unknown; envelope_from?: unknown };
  const from =
    typeof email.from === 'string' ? email.from : typeof email.envelope_from === 'string' ? email.envelope_from : '';
  const at = from.lastIndexOf('@');
  const domain = at >= 0 ? fold(from.slice(at + 1).replace(/>.*$/, '')).replace(/ /g, '.') : '';
  return domain || null;
}
