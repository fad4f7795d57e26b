import type { FieldDefinition } from '../../extractors/index.js';
import { ranked, type ExtractionContext } from '../context.js';
import { lineTokens, type LabelKey } from '../labels/label-index.js';
import type { Line } from '../layout/lines.js';
import { PAYMENT_METHODS, type Role } from '../labels/synonyms.js';
import { fold } from '../layout/fold.js';
import { partyAddress } from './address.js';
import type { AmountChoice } from './amounts.js';
import { labelledCandidates, type Candidate } from './candidates.js';
import { dateCandidates, notBefore } from './dates.js';
import { buyerCandidates, vendorCandidates } from './parties.js';
import { selfBilledVendor } from './self-billing.js';
import { findTableHeaders } from './table-header.js';
import { DATE_SHAPED_FIT } from './typed-values.js';

/** Results other fields depend on, computed once per document. */
export interface SharedFindings {
  amounts(): AmountChoice;
  vendor(): Candidate | null;
  documentDate(): Candidate | null;
  documentType: string | undefined;
}

/** The best candidate for one scalar field, or null when nothing plausible is on the page. */
export function scalarCandidate(
  ctx: ExtractionContext,
  field: FieldDefinition,
  role: Role | null,
  path: string,
  shared: SharedFindings,
): Candidate | null {
  const keys: LabelKey[] = role ? [role, `field:${path}`] : [`field:${path}`];
  switch (role) {
    case 'subtotal':
      return shared.amounts().subtotal;
    case 'tax_amount':
      return shared.amounts().tax;
    case 'total_amount':
      return shared.amounts().total;
    case 'invoice_date':
    case 'order_date':
    case 'transaction_date':
      return ranked(ctx, role, dateCandidates(ctx, role, keys), shared.documentType)[0] ?? null;
    case 'due_date':
    case 'delivery_date':
      return (
        ranked(
          ctx,
          role,
          notBefore(dateCandidates(ctx, role, keys), shared.documentDate()?.value),
          shared.documentType,
        )[0] ?? null
      );
    case 'vendor_name':
      return shared.vendor();
    case 'vendor_address':
      return (
        labelledCandidates(ctx, [`field:${path}`], { type: 'text', prefer: 'first' })[0] ??
        partyAddress(ctx, shared.vendor())
      );
    case 'buyer_name':
      return buyerCandidates(ctx, keys, shared.documentType)[0] ?? null;
    case 'payment_method':
      return paymentMethod(ctx, keys);
    case 'invoice_number':
    case 'po_number':
      return documentNumber(ctx, field, role, keys, shared);
    default:
      return labelledCandidates(ctx, keys, { type: field.type, prefer: 'first' })[0] ?? null;
  }
}

/**
 * The invoice's or order's number. A label in an item table's header row ("Nr.", "N°", "No" over
 * the rows' 1, 2, 3) heads a column of row numbers, not the document's number.
 */
function documentNumber(
  ctx: ExtractionContext,
  field: FieldDefinition,
  role: Role,
  keys: LabelKey[],
  shared: SharedFindings,
): Candidate | null {
  const tables = new Set(findTableHeaders(ctx.lines).map((h) => h.line));
  const date = shared.documentDate()?.value;
  const candidates = labelledCandidates(ctx, keys, { type: field.type, identifier: true, prefer: 'first' })
    .map((c) => (countedInMonthOf(String(c.value), date) ? { ...c, score: c.score / DATE_SHAPED_FIT } : c))
    .filter((c) => c.score >= 0.2 && !(c.label && tables.has(c.label.line)));
  return ranked(ctx, role, candidates, shared.documentType)[0] ?? null;
}

/**
 * A number counted per month, shaped as a date: "19/03/2024" on an invoice of 3 March 2024 is its
 * 19th of March, as Polish invoicing software numbers them, not a date: the month and year are the
 * document's, the first number is not its day. Taken as a date it fit an identifier poorly.
 */
function countedInMonthOf(value: string, documentDate: unknown): boolean {
  const parts = /^(\d{1,3})\/(\d{2})\/(\d{4})$/.exec(value);
  const date = typeof documentDate === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(documentDate) : null;
  if (!parts || !date) return false;
  return parts[3] === date[1] && parts[2] === date[2] && Number(parts[1]) !== Number(date[3]);
}

/** A payment method named beside its label, or a card or cash line among the payments. */
function paymentMethod(ctx: ExtractionContext, keys: LabelKey[]): Candidate | null {
  const labelled = labelledCandidates(ctx, keys, { type: 'text', prefer: 'first' })[0];
  if (labelled) return labelled;
  for (const hit of ctx.labels.hitsFor('paid_amount')) {
    const word = fold(hit.line.text.slice(hit.start, hit.end));
    if (PAYMENT_METHODS.includes(word))
      return {
        value: hit.line.text.slice(hit.start, hit.end),
        score: 0.6,
        line: hit.line,
        source: 'label',
        label: hit,
      };
  }
  for (const line of ctx.lines) {
    const value = printedMethod(line);
    if (value) return { value, score: 0.35, line, source: 'fallback' };
  }
  return null;
}

/**
 * A payment method's words as the line prints them ("Espèces", "EC-Karte"): matched folded, returned
 * with their accents, case and hyphens, which the folded list has lost.
 */
function printedMethod(line: Line): string | null {
  const tokens = lineTokens(line);
  for (const method of PAYMENT_METHODS) {
    if (method.length <= 3) continue;
    const words = method.split(' ');
    const at = tokens.findIndex((_, i) => words.every((w, k) => tokens[i + k]?.text === w));
    if (at >= 0) return line.text.slice(tokens[at]!.start, tokens[at + words.length - 1]!.end);
  }
  return null;
}

export function vendorOf(
  ctx: ExtractionContext,
  shared: Pick<SharedFindings, 'documentType'>,
  keys: LabelKey[],
): Candidate | null {
  const candidates = ranked(
    ctx,
    'vendor_name',
    vendorCandidates(ctx, ['vendor_name', ...keys], shared.documentType),
    shared.documentType,
  );
  // A self-billed invoice's letterhead is its buyer's (self-billing.ts); orders and receipts are none.
  if (shared.documentType === 'purchase_order' || shared.documentType === 'receipt') return candidates[0] ?? null;
  return selfBilledVendor(ctx.lines, candidates);
}
