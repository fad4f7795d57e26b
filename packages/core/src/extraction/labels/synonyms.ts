import table from '../lexicons/role-labels.json' with { type: 'json' };
import payment from '../lexicons/payment-methods.json' with { type: 'json' };
import { lexiconLabels } from './lexicon-labels.js';

/**
 * Printed labels of the spec's recommended fields, in English, German, French, Dutch and Spanish,
 * kept as data in lexicons/role-labels.json, one entry per field, written folded (see fold.ts:
 * lower case, no accents, punctuation as spaces; "Nº" folds to "no", "n°" to "n"). `labels` name
 * the field outright; `weak` ones ("Date", "Nr.") only when nothing better is on the page. Longer
 * labels win over shorter ones they contain, so "due date" is never read as the generic "date".
 * The party and due or delivery date labels are data per language and as printed, in
 * lexicons/field-labels.json (lexicon-labels.ts), and join the field's entry here.
 *
 * The `carried_forward` entry names the running sum a table carries from one page to the next
 * ("Carried forward", "Übertrag", "À reporter", "Suma y sigue", "Van vorige pagina"): no field, and
 * its line no item, but a label of its own so that its longer words win over the subtotal's and
 * total's it contains ("Zwischensumme Seite 1", "Total carried forward").
 *
 * The `other` entry lists labels of things that are no recommended field but look like one ("GST
 * Reg No" is no tax amount, "Kundennummer" no invoice number): found so that they take their words
 * away from the shorter labels they contain. Its `weak` ones are qualifiers inside other labels
 * ("Summe netto (exkl. USt.)"): taken so that their tax word is no tax label, but too weak to end
 * the region of the label before them.
 */

export const ROLES = [
  'invoice_number',
  'po_number',
  'invoice_date',
  'order_date',
  'transaction_date',
  'due_date',
  'delivery_date',
  'vendor_name',
  'vendor_address',
  'buyer_name',
  'subtotal',
  'tax_amount',
  'total_amount',
  'payment_method',
  'rounding',
  'paid_amount',
  'change',
  'carried_forward',
  'other',
] as const;
export type Role = (typeof ROLES)[number];

export interface RoleLabels {
  labels: string[];
  weak?: string[];
}

/** Fields whose strong labels are the lexicon's, per language, and not role-labels.json's. */
const FROM_LEXICON = ['due_date', 'delivery_date', 'vendor_name', 'buyer_name'] as const;

const entries: Record<Role, Partial<RoleLabels>> = table;

function labelsOf(role: Role): RoleLabels {
  const entry = entries[role];
  const lexicon = (FROM_LEXICON as readonly Role[]).includes(role);
  const labels = lexicon ? lexiconLabels(role as (typeof FROM_LEXICON)[number]) : (entry.labels ?? []);
  return { labels, ...(entry.weak ? { weak: entry.weak } : {}) };
}

export const ROLE_LABELS = Object.fromEntries(
  (Object.keys(entries) as Role[]).map((role) => [role, labelsOf(role)]),
) as Record<Role, RoleLabels>;

/** Words naming a payment method on a receipt or invoice, folded. */
export const PAYMENT_METHODS: readonly string[] = payment.payment_methods;
