import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import { SELF_BILLING_WORDS } from '../lexicons/self-billing-words.js';
import type { Candidate } from './candidates.js';

/**
 * A self-billed invoice is issued by the buyer on its own letterhead and addressed to the supplier,
 * whose invoice it is: the vendor is the supplier, as the e-invoice's seller party says. Where a
 * seller's label names the supplier ("Gutschriftsempfänger", "Leistungserbringer", "Supplier",
 * "Fournisseur"), the label decides. Where none does and the best candidate is the name heading
 * the first page (the letterhead's, printed again in its footer), that name is the buyer's, and the
 * best other name is the vendor; without another name there is no vendor, rather than the buyer.
 */
export function selfBilledVendor(lines: readonly Line[], ranked: readonly Candidate[]): Candidate | null {
  const top = ranked[0];
  if (!top || top.source === 'label' || !isSelfBilled(lines)) return top ?? null;
  const issuer = letterhead(lines);
  if (fold(String(top.value)) !== issuer) return top;
  return ranked.find((c) => fold(String(c.value)) !== issuer) ?? null;
}

/** The first segment of the page's first line, folded: the letterhead's name where one heads the page. */
function letterhead(lines: readonly Line[]): string | undefined {
  const first = lines.find((line) => line.page === 1 && line.segments.length > 0);
  return first ? fold(first.segments[0]!.text) : undefined;
}

/** Whether a line of the page says that it is a self-billed invoice (lexicons/self-billing-words.json). */
export function isSelfBilled(lines: readonly Line[]): boolean {
  return lines.some((line) => SELF_BILLING_WORDS.test(fold(line.text)));
}
