import type { Environment } from '../keys/index.js';
import type { JobRecord } from '../jobs/index.js';
import { extractedAmount, type RoutingDecision } from '../email/routing/index.js';
import { emailOfJob } from '../email/prefixes/index.js';

export const ERP_CONNECTION_TYPES = ['http'] as const;
export type ErpConnectionType = (typeof ERP_CONNECTION_TYPES)[number];

/** A connected accounting system (`erpConnectionId` of a prefix). */
export interface ErpConnection {
  /** Form `erp_<id>`. */
  id: string;
  org_id: string;
  name: string;
  /** `http`: the built-in connector, which posts each record as signed JSON to `url`. */
  type: ErpConnectionType;
  url: string;
  description: string | null;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

/** What the store keeps: the signing secret must be readable to sign. */
export interface StoredErpConnection extends ErpConnection {
  secret: string;
}

/** Where a sync stands: waiting or retrying, delivered, or given up after the last attempt. */
export type ErpSyncStatus = 'pending' | 'synced' | 'failed';

/** One document on its way to one connection: at most one per job and connection. */
export interface ErpSyncRecord {
  /** Form `erps_<id>`. */
  id: string;
  org_id: string;
  /** The mode of its job (only live jobs are sent to an ERP). */
  environment: Environment;
  connection_id: string;
  job_id: string;
  prefix: string | null;
  status: ErpSyncStatus;
  /** The exact record posted on every attempt. */
  record: ErpVendorBill;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_error: string | null;
  /** The HTTP status of the last answer (null when none came). */
  response_status: number | null;
  /** The record's id in the accounting system, when its answer named one (`id` of a JSON body). */
  external_id: string | null;
  created_at: string;
  /** When it was synced, or failed for good. */
  finished_at: string | null;
}

/** The vendor-bill record the built-in connector posts (see docs/erp.md for every field). */
export interface ErpVendorBill {
  /** The document's id in Intake (the job id): the idempotency key of the record. */
  id: string;
  /** Set when a correction of the job sent the record again: 1, 2, ... (Idempotency-Key `<id>:r<revision>`). */
  revision?: number;
  object: 'vendor_bill';
  document_type: string;
  vendor: { name: string | null; address: string | null };
  invoice_number: string | null;
  po_number: string | null;
  invoice_date: string | null;
  due_date: string | null;
  currency: string | null;
  amounts: { subtotal: number | null; tax: number | null; total: number | null };
  lines: Array<{
    description: string | null;
    quantity: number | null;
    unit_price: number | null;
    amount: number | null;
  }>;
  subsidiary: string | null;
  approval: {
    required: boolean;
    auto_approve: boolean;
    approvers: string[];
    status: 'pending' | 'approved' | 'not_required';
  };
  assigned_to: string | null;
  priority: string | null;
  needs_review: boolean;
  confidence: number | null;
  source: {
    channel: 'email';
    prefix: string | null;
    message_id: string | null;
    from: string | null;
    subject: string | null;
    attachments: string[];
  };
  extracted_data: Record<string, unknown>;
  created_at: string;
}

/** Document types whose jobs are sent to a prefix's ERP connection as vendor bills. */
export const ERP_DOCUMENT_TYPES: readonly string[] = ['vendor_bill', 'invoice'];

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;
const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'object' && v !== null && typeof (v as { amount?: unknown }).amount === 'number')
    return (v as { amount: number }).amount;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const first = (data: Record<string, unknown>, names: readonly string[]): unknown =>
  names.map((n) => data[n]).find((v) => v !== undefined && v !== null);
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * The vendor bill of a completed email job: the usual invoice fields under their usual names (and
 * common alternatives), the routing decision's subsidiary, approval and assignment, the source mail.
 */
export function vendorBillOf(job: JobRecord): ErpVendorBill {
  const data = job.extracted_data ?? {};
  const email = emailOfJob(job);
  const decision: RoutingDecision | null = job.routing?.decision ?? null;
  const rows = first(data, ['line_items', 'items', 'lines']);
  const currencyOf = first(data, ['total_amount', 'total']);
  const approval = decision?.requiresApproval
    ? { required: true, auto_approve: false, approvers: decision.approvers, status: 'pending' as const }
    : decision?.autoApprove
      ? { required: false, auto_approve: true, approvers: decision.approvers, status: 'approved' as const }
      : { required: false, auto_approve: false, approvers: decision?.approvers ?? [], status: 'not_required' as const };
  return {
    id: job.id,
    object: 'vendor_bill',
    document_type: email?.documentType ?? job.document_type,
    vendor: {
      name: str(first(data, ['vendor_name', 'supplier_name', 'merchant_name', 'seller_name'])),
      address: str(first(data, ['vendor_address', 'supplier_address'])),
    },
    invoice_number: str(first(data, ['invoice_number', 'bill_number', 'document_number'])),
    po_number: str(first(data, ['po_number', 'purchase_order_number', 'order_number'])),
    invoice_date: str(first(data, ['invoice_date', 'date', 'issue_date'])),
    due_date: str(first(data, ['due_date', 'payment_due_date'])),
    currency: str(data.currency) ?? str(obj(currencyOf).currency),
    amounts: {
      subtotal: num(first(data, ['subtotal', 'net_amount'])),
      tax: num(first(data, ['tax_amount', 'tax', 'vat_amount'])),
      total: extractedAmount(data),
    },
    lines: Array.isArray(rows)
      ? rows.map((r) => {
          const row = obj(r);
          return {
            description: str(row.description),
            quantity: num(row.quantity),
            unit_price: num(row.unit_price),
            amount: num(first(row, ['amount', 'total', 'line_total'])),
          };
        })
      : [],
    subsidiary: decision?.erpSubsidiary ?? null,
    approval,
    assigned_to: decision?.assignTo ?? null,
    priority: decision?.priority ?? null,
    needs_review: job.needs_review,
    confidence: job.overall_confidence === null ? null : Math.round(job.overall_confidence * 1000) / 1000,
    source: {
      channel: 'email',
      prefix: email?.prefix ?? null,
      message_id: email?.message_id ?? null,
      from: email?.from ?? null,
      subject: email?.subject ?? null,
      attachments: email?.attachments ?? [],
    },
    extracted_data: data,
    created_at: job.completed_at ?? job.created_at,
  };
}

/** `data` of `erp.synced` and `erp.failed`. */
export function erpEventData(sync: ErpSyncRecord): Record<string, unknown> {
  return {
    sync_id: sync.id,
    connection_id: sync.connection_id,
    job_id: sync.job_id,
    prefix: sync.prefix,
    message_id: sync.record.source.message_id,
    status: sync.status,
    attempts: sync.attempts,
    external_id: sync.external_id,
    response_status: sync.response_status,
    error: sync.last_error,
    invoice_number: sync.record.invoice_number,
    vendor_name: sync.record.vendor.name,
    total: sync.record.amounts.total,
    finished_at: sync.finished_at,
  };
}
