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
  return next !== undefined && accountRowBeside(hit, next);
}

/**
 * The same label under the account in a bank column: a footer's or payment block's column stacks
 * the bank, "IBAN DE…" and then "Empfänger: Brandt GmbH" ("Intestatario: …", "Beneficiary: …"),
 * so one of the two rows right above the label begins, in its column, with an account's key.
 */
export function closesPaymentRows(lines: readonly Line[], hit: LabelHit): boolean {
  if (hit.key !== 'buyer_name') return false;
  return [1, 2].some((k) => {
    const above = lines[hit.line.index - k];
    return above !== undefined && accountRowBeside(hit, above);
  });
}

/** A row next to the label's, on its page and close to it, that begins with an account key in the label's column. */
function accountRowBeside(hit: LabelHit, row: Line): boolean {
  if (row.page !== hit.line.page) return false;
  const height = hit.line.y1 - hit.line.y0;
  const gap = row.y0 > hit.line.y0 ? row.y0 - hit.line.y1 : hit.line.y0 - row.y1;
  if (gap > height * 1.5) return false;
  const under = row.segments.find((s) => Math.abs(s.x0 - hit.x0) <= Math.max(6, height));
  return under !== undefined && BANK_WORDS.accountKey.test(fold(under.text));
}
