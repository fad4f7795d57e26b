/** The API resources the dashboard reads (the members it uses; see /v1/openapi.json for all). */
export interface Job {
  id: string;
  extractor_id: string;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  extracted_data?: Record<string, unknown>;
  confidence?: Record<string, number>;
  processing_time_ms: number | null;
  cost_credits: number;
  metadata: Record<string, unknown>;
  created_at: string;
  completed_at?: string;
  failed_at?: string;
  error_details?: { code: string; message: string; suggestion: string };
  document_url: string;
  mime_type: string;
  page_count: number;
  needs_review: boolean;
  reviewed_at?: string;
  review_outcome?: 'confirmed' | 'rejected';
  validation_errors: { field: string; rule: string; message: string }[];
  /** The duplicate verdict of an email job: the earlier job and what matched (file_hash or field names). */
  duplicate?: { of: string; matched: string[]; action: 'reject' | 'flag' | 'process'; detectedAt: string };
  /** Why the job needs review; empty when it does not. Older daemons leave it out. */
  review_reasons?: ReviewReason[];
  /** Where each field was read (README "Review and corrections"); page 1-based, box in page units. */
  field_locations?: Record<string, FieldLocation>;
  /** Where the document says to pay (completed jobs; null: nothing found). Older daemons leave it out. */
  payment_details?: Partial<Record<PaymentDetailKey, { value: string; confidence: number }>> | null;
  /** The vendor's earlier payment details when this document's differ; null otherwise. */
  payment_details_changed?: {
    previous: Partial<Record<PaymentDetailKey, string>>;
    last_seen_at: string;
    job_id: string;
  } | null;
}

export type PaymentDetailKey = 'iban' | 'bic' | 'account_number' | 'sort_code' | 'routing_number';

export interface FieldLocation {
  source: string;
  page?: number;
  box?: { x0: number; y0: number; x1: number; y1: number };
  page_width?: number;
  page_height?: number;
  corrected?: boolean;
  learned?: boolean;
}

export interface Correction {
  id: string;
  job_id: string;
  /** null: a rejection, which concerns the whole document. */
  field: string | null;
  kind: 'corrected' | 'confirmed' | 'rejected';
  old_value: unknown;
  new_value: unknown;
  corrected_by: string;
  created_at: string;
}

/** The register's columns of a listed job (`GET /v1/documents`, docs/api/documents-register.md). */
export interface RegisterFields {
  file_name: string | null;
  source: { kind: 'upload' | 'email'; sender: string | null; subject: string | null };
  extractor: { id: string; name: string | null };
  document_type: string | null;
  vendor: string | null;
  document_number: string | null;
  document_date: string | null;
  total: number | null;
  currency: string | null;
  lowest_confidence: number | null;
  status: Job['status'];
  review_state: 'confirmed' | 'rejected' | 'needs_review' | 'none';
}

/** Why a completed job waits for a person (on the job, once the API gives it; absent before). */
export interface ReviewReason {
  code:
    | 'low_confidence'
    | 'validation'
    | 'plausibility'
    | 'classification_threshold'
    | 'duplicate'
    | 'payment_details_changed'
    | (string & {});
  field?: string;
  message: string;
}

export interface JobList {
  jobs: (Job & { register?: RegisterFields })[];
  /** With `total_capped`, at least this many (the API stopped counting there). */
  total: number;
  total_capped?: boolean;
  limit: number;
  offset: number;
  /** The `cursor` of the next page; null on the last page. */
  next_cursor: string | null;
}

export interface Stats {
  period: string;
  total_jobs: number;
  completed_jobs: number;
  failed_jobs: number;
  success_rate: number;
  avg_processing_time_ms: number;
  avg_confidence: number;
  total_credits_used: number;
  by_status: { completed: number; failed: number; queued: number; processing: number };
}

export interface Balance {
  balance: number;
  reserved: number;
  available: number;
  low_balance_threshold: number;
}

export interface FieldDefinition {
  name: string;
  type: string;
  required: boolean;
  description: string;
  validation?: { pattern?: string; [rule: string]: unknown };
  fields?: FieldDefinition[];
}

export interface Extractor {
  id: string;
  name: string;
  document_type: string;
  is_active: boolean;
  field_definitions?: FieldDefinition[];
  created_at?: string;
  usage_count?: number;
}

export interface CreditTransaction {
  id: string;
  type: 'charge' | 'top_up' | 'adjustment';
  amount: number;
  balance_after: number;
  job_id: string | null;
  description: string | null;
  created_at: string;
}

export interface ApiKey {
  id: string;
  name: string;
  environment: 'test' | 'live';
  scopes: string[];
  key_prefix: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  is_active: boolean;
  created_at: string;
}

export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  created_at: string;
  /** The job its event concerns and that job's file name (the delivery log's items only). */
  job_id?: string | null;
  file_name?: string | null;
}

export interface WebhookAttempt {
  attempt: number;
  started_at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  success: boolean;
}

export interface WebhookTestResult {
  delivered: boolean;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

export interface AttachmentClassification {
  documentType: string;
  confidence: number;
  source?: string;
  decision?: string;
  reasoning: string;
  keyIndicators?: string[];
  detectedVendor?: string;
  detectedCustomer?: string;
}

/** What became of one attachment of a received message. */
export interface AttachmentOutcome {
  index: number;
  filename: string;
  detected_type: string | null;
  size_bytes: number;
  status: 'job_created' | 'skipped' | 'awaiting_review';
  job_id: string | null;
  reason: { code: string; message: string } | null;
  review_id?: string | null;
  classification?: AttachmentClassification | null;
}

export interface InboundMessage {
  id: string;
  prefix: string;
  recipient: string;
  from: string | null;
  subject: string | null;
  source: 'smtp' | 'imap' | 'test';
  status: 'received' | 'processing' | 'processed' | 'failed';
  attachments: AttachmentOutcome[];
  error: { code: string; message: string } | null;
  /** SPF, DKIM, DMARC and ARC verdicts on arrival; null when none were computed. */
  sender_authentication?: SenderAuthentication | null;
  received_at: string;
}

export interface SenderAuthentication {
  spf: { result: string; domain: string | null; aligned: boolean };
  dkim: { result: string; domain: string; selector: string | null; aligned: boolean }[];
  dmarc: { result: string; policy: string | null; domain: string | null };
  arc: { result: string };
  from_domain: string | null;
  authenticated: boolean;
}

export interface ReviewItem {
  id: string;
  prefix: string;
  message_id: string;
  filename: string;
  mime_type: string;
  size_bytes: number;
  classification: AttachmentClassification;
  classification_failed: boolean;
  proposed_type: string;
  from: string | null;
  subject: string | null;
  status: 'pending' | 'resolved' | 'rejected';
  resolved_type: string | null;
  job_id: string | null;
  resolved_at: string | null;
  created_at: string;
}

export interface EmailTestResult {
  emailPrefix: string;
  simulateOnly: boolean;
  classification: AttachmentClassification | null;
  extractor: { id: string; name: string; matchedBy: string } | null;
  attachment: AttachmentOutcome;
  messageId: string | null;
  jobId: string | null;
  reviewId: string | null;
  routing: Record<string, unknown>;
  duplicate: { of: string; matched: string[]; action: string; detectedAt: string } | null;
  extraction: {
    job_id: string;
    status: string;
    extracted_data: Record<string, unknown> | null;
    needs_review: boolean;
  } | null;
}

export interface ErpConnection {
  id: string;
  name: string;
  type: string;
  url: string;
  description: string | null;
  is_active: boolean;
  created_at: string;
}

export interface ErpSync {
  id: string;
  connection_id: string;
  job_id: string;
  prefix: string | null;
  status: 'pending' | 'synced' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_error: string | null;
  response_status: number | null;
  external_id: string | null;
  created_at: string;
  finished_at: string | null;
}
