import type { FieldDefinition } from '../../extractors/index.js';
import { foldedTokens } from '../layout/fold.js';
import type { Role } from './synonyms.js';

/**
 * Which built-in role a field definition plays, read from its name and description: so a custom
 * "grand_total" or "rechnungsnummer" field profits from the built-in labels and plausibility rules
 * of total_amount or invoice_number. A field that plays no role is found by its own labels only.
 */

const EXACT: Record<string, Role> = {
  invoice_number: 'invoice_number',
  invoice_no: 'invoice_number',
  invoice_id: 'invoice_number',
  receipt_number: 'invoice_number',
  bill_number: 'invoice_number',
  po_number: 'po_number',
  purchase_order_number: 'po_number',
  order_number: 'po_number',
  po_no: 'po_number',
  invoice_date: 'invoice_date',
  issue_date: 'invoice_date',
  date_of_issue: 'invoice_date',
  billing_date: 'invoice_date',
  order_date: 'order_date',
  po_date: 'order_date',
  transaction_date: 'transaction_date',
  receipt_date: 'transaction_date',
  purchase_date: 'transaction_date',
  due_date: 'due_date',
  payment_due_date: 'due_date',
  delivery_date: 'delivery_date',
  ship_date: 'delivery_date',
  shipping_date: 'delivery_date',
  vendor_name: 'vendor_name',
  supplier_name: 'vendor_name',
  merchant_name: 'vendor_name',
  seller_name: 'vendor_name',
  store_name: 'vendor_name',
  issuer_name: 'vendor_name',
  vendor_address: 'vendor_address',
  supplier_address: 'vendor_address',
  merchant_address: 'vendor_address',
  seller_address: 'vendor_address',
  buyer_name: 'buyer_name',
  customer_name: 'buyer_name',
  bill_to: 'buyer_name',
  client_name: 'buyer_name',
  subtotal: 'subtotal',
  sub_total: 'subtotal',
  net_amount: 'subtotal',
  net_total: 'subtotal',
  total_net: 'subtotal',
  tax_amount: 'tax_amount',
  tax: 'tax_amount',
  vat: 'tax_amount',
  vat_amount: 'tax_amount',
  gst: 'tax_amount',
  tax_total: 'tax_amount',
  total_tax: 'tax_amount',
  total_amount: 'total_amount',
  total: 'total_amount',
  grand_total: 'total_amount',
  amount_due: 'total_amount',
  total_due: 'total_amount',
  gross_amount: 'total_amount',
  payment_method: 'payment_method',
  payment_type: 'payment_method',
};

/** Keyword rules on the folded words of the name (and, weaker, the description). */
const RULES: { role: Role; all: string[]; none?: string[] }[] = [
  { role: 'due_date', all: ['due'] },
  { role: 'delivery_date', all: ['delivery', 'date'] },
  { role: 'order_date', all: ['order', 'date'] },
  { role: 'invoice_date', all: ['invoice', 'date'] },
  { role: 'transaction_date', all: ['date'] },
  { role: 'po_number', all: ['order', 'number'] },
  { role: 'po_number', all: ['po'] },
  { role: 'invoice_number', all: ['invoice', 'number'] },
  { role: 'invoice_number', all: ['invoice', 'no'] },
  { role: 'subtotal', all: ['subtotal'] },
  { role: 'subtotal', all: ['net'], none: ['date'] },
  { role: 'tax_amount', all: ['tax'], none: ['id', 'number', 'rate', 'date'] },
  { role: 'tax_amount', all: ['vat'], none: ['id', 'number', 'rate', 'date'] },
  { role: 'total_amount', all: ['total'], none: ['sub', 'net', 'tax', 'vat'] },
  { role: 'vendor_address', all: ['address'], none: ['email', 'customer', 'buyer', 'billing', 'shipping', 'delivery'] },
  { role: 'buyer_name', all: ['customer'], none: ['number', 'id', 'address'] },
  { role: 'buyer_name', all: ['buyer'], none: ['address'] },
  { role: 'vendor_name', all: ['vendor'] },
  { role: 'vendor_name', all: ['supplier'] },
  { role: 'vendor_name', all: ['merchant'] },
  { role: 'vendor_name', all: ['seller'] },
  { role: 'payment_method', all: ['payment', 'method'] },
];

const TYPES_BY_ROLE: Partial<Record<Role, FieldDefinition['type'][]>> = {
  invoice_number: ['text'],
  po_number: ['text'],
  vendor_name: ['text'],
  vendor_address: ['text'],
  buyer_name: ['text'],
  payment_method: ['text'],
  invoice_date: ['date'],
  order_date: ['date'],
  transaction_date: ['date'],
  due_date: ['date'],
  delivery_date: ['date'],
  subtotal: ['currency', 'number'],
  tax_amount: ['currency', 'number'],
  total_amount: ['currency', 'number'],
};

/** Member names that say which role they play only together with their object's name. */
const GENERIC_MEMBERS = new Set(['name', 'address', 'date', 'number', 'total', 'amount', 'company']);

/** The role of a field, given the names of the objects it is nested in (`vendor` + `name`). */
export function roleOf(field: FieldDefinition, parents: string[] = []): Role | null {
  const exact = EXACT[field.name.toLowerCase()] ?? EXACT[[...parents, field.name].join('_').toLowerCase()];
  if (exact && fitsType(exact, field)) return exact;
  const own = splitName(field.name);
  const byName = matchRules(new Set(own), field);
  if (byName) return byName;
  // "vendor" + "name" is the vendor's name; "vendor" + "vat_id" is not the vendor's name.
  if (parents.length && own.every((t) => GENERIC_MEMBERS.has(t))) {
    const qualified = matchRules(new Set([...parents.flatMap(splitName), ...own]), field);
    if (qualified) return qualified;
  }
  return matchRules(new Set(foldedTokens(field.description).slice(0, 8)), field);
}

function matchRules(tokens: Set<string>, field: FieldDefinition): Role | null {
  for (const rule of RULES) {
    if (
      rule.all.every((t) => tokens.has(t)) &&
      !(rule.none ?? []).some((t) => tokens.has(t)) &&
      fitsType(rule.role, field)
    )
      return rule.role;
  }
  return null;
}

function fitsType(role: Role, field: FieldDefinition): boolean {
  return TYPES_BY_ROLE[role]?.includes(field.type) ?? false;
}

function splitName(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((t) => (t === 'nr' || t === 'num' || t === 'no' ? 'number' : t === 'amt' ? 'amount' : t));
}

/** Labels a custom field brings itself: its name in words and any phrase quoted in its description. */
export function fieldLabels(field: FieldDefinition): { label: string; strength: number }[] {
  const labels = [{ label: splitName(field.name).join(' '), strength: 0.9 }];
  for (const m of field.description.matchAll(/["“„«']([^"”“«»']{2,40})["”“»']/g))
    labels.push({ label: m[1]!, strength: 1 });
  return labels.filter((l) => l.label.trim() !== '');
}
