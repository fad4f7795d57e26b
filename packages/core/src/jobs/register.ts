import type { JobRecord } from './job.js';

/**
 * The documents register: what a list row shows of a job beyond the job itself, read from its
 * metadata and extracted data. The SQL store keeps the same values in generated columns (migration
 * 018, which copies these field lists): change one, change the other in a new migration.
 */
export interface RegisterFields {
  /** `metadata.file_name` / `metadata.filename` given at upload, or an email job's first attachment name. */
  file_name: string | null;
  source: { kind: DocumentSource; sender: string | null; subject: string | null };
  extractor: { id: string; name: string };
  document_type: string;
  vendor: string | null;
  document_number: string | null;
  /** As extracted (text): ISO dates sort as dates. */
  document_date: string | null;
  total: number | null;
  currency: string | null;
  /** The lowest of the field confidences; null before completion. */
  lowest_confidence: number | null;
  status: JobRecord['status'];
  review_state: ReviewState;
}

export const DOCUMENT_SOURCES = ['upload', 'email'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];
export type ReviewState = 'none' | 'needs_review' | 'confirmed' | 'rejected';

/** The first extracted field of each list that holds a non-empty string (totals: a number). */
export const REGISTER_FIELDS = {
  vendor: ['vendor_name', 'merchant_name', 'supplier_name', 'vendor', 'merchant', 'supplier'],
  document_number: ['invoice_number', 'document_number', 'receipt_number', 'number'],
  document_date: ['invoice_date', 'document_date', 'receipt_date', 'date'],
  total: ['total_amount', 'total', 'amount_due', 'grand_total', 'amount'],
  currency: ['currency'],
} as const;

/** Sort keys of the register (`sort=key` ascending, `sort=-key` descending); ties go by id. */
export const REGISTER_SORT_KEYS = [
  'created_at',
  'file_name',
  'source',
  'extractor',
  'document_type',
  'vendor',
  'document_number',
  'document_date',
  'total',
  'lowest_confidence',
  'status',
  'review_state',
] as const;
export type RegisterSortKey = (typeof REGISTER_SORT_KEYS)[number];

/** A list order: the key, its direction; the id breaks ties in the same direction. */
export interface JobSort {
  key: RegisterSortKey;
  descending: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const member = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : null;

function firstText(data: Record<string, unknown> | null, fields: readonly string[]): string | null {
  for (const field of fields) {
    const found = text(data?.[field]);
    if (found !== null) return found;
  }
  return null;
}

function firstNumber(data: Record<string, unknown> | null, fields: readonly string[]): number | null {
  for (const field of fields) {
    const value = data?.[field];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

/** An email job: made by the mail gateway, which records `source: email` and the message in metadata. */
const isEmail = (job: JobRecord): boolean => {
  const email = job.metadata.email;
  return job.metadata.source === 'email' && email !== null && typeof email === 'object' && !Array.isArray(email);
};

export function registerFields(job: JobRecord): RegisterFields {
  const email = isEmail(job) ? member(job.metadata, 'email') : null;
  const attachments = job.metadata.attachments;
  const data = job.extracted_data;
  const confidences = Object.values(job.confidence ?? {}).filter((c) => typeof c === 'number');
  return {
    file_name:
      text(job.metadata.file_name) ??
      text(job.metadata.filename) ??
      (Array.isArray(attachments) ? text(attachments[0]) : null),
    source: {
      kind: email ? 'email' : 'upload',
      sender: text(member(email, 'from')) ?? text(member(email, 'envelope_from')),
      subject: text(member(email, 'subject')),
    },
    extractor: { id: job.extractor_id, name: job.extractor_name },
    document_type: job.document_type,
    vendor: firstText(data, REGISTER_FIELDS.vendor),
    document_number: firstText(data, REGISTER_FIELDS.document_number),
    document_date: firstText(data, REGISTER_FIELDS.document_date),
    total: firstNumber(data, REGISTER_FIELDS.total),
    currency: firstText(data, REGISTER_FIELDS.currency),
    lowest_confidence: confidences.length ? Math.min(...confidences) : null,
    status: job.status,
    review_state: job.review_outcome ?? (job.needs_review ? 'needs_review' : 'none'),
  };
}

/** A job's value under a sort key (what the keyset cursor carries). */
export function sortValue(job: JobRecord, key: RegisterSortKey): string | number | null {
  const fields = registerFields(job);
  if (key === 'created_at') return job.created_at;
  if (key === 'source') return fields.source.kind;
  if (key === 'extractor') return fields.extractor.name;
  return fields[key];
}

/**
 * The words of a search: letters and digits only, at most 16, each matched as a prefix. The SQL
 * store hands them to to_tsquery('simple') as `word:*` joined by `&`, so no input can form an
 * operator; the memory store compares them with the words of the same texts.
 */
export const searchWords = (q: string): string[] => textWords(q).slice(0, 16);

/** Every word of a text as search cuts it (letters and digits, lower case): what a search word must begin. */
export const textWords = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The texts `q` searches: the file name, sender and subject, and every extracted value. */
export function searchText(job: JobRecord): string {
  const fields = registerFields(job);
  const values: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string' || typeof v === 'number') values.push(String(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(job.extracted_data);
  return [fields.file_name, fields.source.sender, fields.source.subject, ...values].filter(Boolean).join(' ');
}
