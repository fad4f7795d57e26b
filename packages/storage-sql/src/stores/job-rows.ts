import type { JobRecord } from '@intake/core';
import { fromJson, toIso, toIsoOrNull, toJson, toNumber, toTextOrNull } from './normalize.js';

const JSON_COLUMNS = [
  'field_definitions',
  'metadata',
  'extracted_data',
  'confidence',
  'field_locations',
  'validation_errors',
  'error_details',
  'routing',
  'duplicate',
  'review_flags',
  'payment_details',
  'payment_details_changed',
] as const;

/** A job as a row: JSON members serialised (pg would send arrays as PostgreSQL arrays). */
export function toJobRow(job: JobRecord): Record<string, unknown> {
  const row: Record<string, unknown> = { ...job };
  for (const column of JSON_COLUMNS)
    row[column] = job[column] === null || job[column] === undefined ? null : toJson(job[column]);
  return row;
}

export function fromJobRow(row: Record<string, unknown>): JobRecord {
  const json = <T>(value: unknown): T => (value === null || value === undefined ? (null as T) : fromJson<T>(value));
  return {
    id: String(row.id),
    org_id: String(row.org_id),
    extractor_id: String(row.extractor_id),
    extractor_name: String(row.extractor_name),
    document_type: String(row.document_type),
    field_definitions: json(row.field_definitions),
    environment: row.environment as JobRecord['environment'],
    status: row.status as JobRecord['status'],
    priority: toNumber(row.priority),
    blob_key: String(row.blob_key),
    mime_type: String(row.mime_type),
    size_bytes: toNumber(row.size_bytes),
    page_count: toNumber(row.page_count),
    estimated_cost: toNumber(row.estimated_cost),
    reserved_credits: toNumber(row.reserved_credits),
    metadata: json(row.metadata),
    extracted_data: json(row.extracted_data),
    confidence: json(row.confidence),
    field_locations: json(row.field_locations),
    overall_confidence: row.overall_confidence === null ? null : toNumber(row.overall_confidence),
    validation_errors: json(row.validation_errors) ?? [],
    needs_review: Boolean(row.needs_review),
    reviewed_at: toIsoOrNull(row.reviewed_at),
    review_outcome: row.review_outcome === 'confirmed' || row.review_outcome === 'rejected' ? row.review_outcome : null,
    processing_time_ms: row.processing_time_ms === null ? null : toNumber(row.processing_time_ms),
    cost_credits: toNumber(row.cost_credits),
    error_details: json(row.error_details),
    attempts: toNumber(row.attempts),
    lease_owner: toTextOrNull(row.lease_owner),
    lease_expires_at: toIsoOrNull(row.lease_expires_at),
    blocked_on_credits: Boolean(row.blocked_on_credits),
    created_at: toIso(row.created_at),
    started_at: toIsoOrNull(row.started_at),
    completed_at: toIsoOrNull(row.completed_at),
    failed_at: toIsoOrNull(row.failed_at),
    routing: json(row.routing),
    duplicate: json(row.duplicate),
    dedupe_key: toTextOrNull(row.dedupe_key),
    result_version: row.result_version === undefined ? 1 : toNumber(row.result_version),
    reprocess_requested_at: toIsoOrNull(row.reprocess_requested_at),
    payment_details: json(row.payment_details),
    vendor_key: toTextOrNull(row.vendor_key),
    payment_details_changed: json(row.payment_details_changed),
    ...(row.review_flags ? { review_flags: json<NonNullable<JobRecord['review_flags']>>(row.review_flags) } : {}),
  };
}
