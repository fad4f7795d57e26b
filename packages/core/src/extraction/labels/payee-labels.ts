import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import { BANK_WORDS } from '../lexicons/bank-words.js';
import type { LabelHit } from './label-hit.js';

/**
 * A buyer's label that heads a row of a payment form: "Empfänger" and "Recipient" over "IBAN" in a
 * transfer form or a remittance slip ("Please return this part with your payment") name the one
 * paid, the seller, and not the customer as they do over an address block. The row right under
 * the label then begins, in the label's own column, with an account's key (an IBAN, an account or
 * account number: `account_keys` in lexicons/bank-words.json). A bank column beside a "Bill to"
 * block begins elsewhere on the line and changes nothing.
 */
export function headsPaymentRow(lines: readonly Line[], hit: LabelHit): boolean {
  if (hit.key !== 'buyer_name') return false;
  const next = lines[hit.line.index + 1];
  if (!next || next.page !== hit.line.page) return false;
  const height = hit.line.y1 - hit.line.y0;
  if (next.y0 - hit.line.y1 > height * 1.5) return false;
  const under = next.segments.find((s) => Math.abs(s.x0 - hit.x0) <= Math.max(6, height));
  return under !== undefined && BANK_WORDS.accountKey.test(fold(under.text));
}
