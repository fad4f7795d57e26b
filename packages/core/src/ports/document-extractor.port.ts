import type { FieldDefinition } from '../extractors/field-definition.schema.js';
import type { FieldLocations } from '../extraction/locations/field-location.js';
import type { PaymentDetails, VendorIdentity } from '../extraction/payment-details/payment-details.js';

/** A value that broke a rule of its field (or a required field that was not found). */
export interface FieldValidationError {
  /** Field name; nested fields as `line_items.0.amount`. */
  field: string;
  /**
   * The validation key (`pattern`, `min`, ...), `required`, or `plausible` for a value that was kept
   * but contradicts the rest of the document (its message names the check).
   */
  rule: string;
  message: string;
}

/** One live job's document and the fields to find in it. */
export interface ExtractionRequest {
  bytes: Uint8Array;
  /** Decided by magic bytes at submission. */
  mimeType: string;
  documentType: string;
  /** The definitions the job was submitted with (a snapshot, not the extractor's current ones). */
  fieldDefinitions: FieldDefinition[];
  /** Aborted when the job passes PROCESSING_TIMEOUT_MS; the work must really stop. */
  signal?: AbortSignal;
  /** The job's organization and mode: whose learned vendor hints apply (live jobs only). */
  orgId?: string;
  environment?: 'test' | 'live';
  /** When the job was submitted: a document date after it is implausible (sent to review). */
  receivedAt?: Date;
}

/** What a completed job carries. */
export interface ExtractionOutcome {
  extracted_data: Record<string, unknown>;
  /** Field name to a score from 0 to 1. */
  confidence: Record<string, number>;
  validation_errors: FieldValidationError[];
  needs_review: boolean;
  page_count: number;
  /** Where each field was read; absent from the test-mode simulator (it reads nothing). */
  field_locations?: FieldLocations;
  /** The words the reader found, page after page: what `q` searches besides the values; absent in test mode. */
  document_text?: string;
  /** Where the document says to pay (null: nothing found); absent in test mode. */
  payment_details?: PaymentDetails | null;
  /** Who sent it, as read (its VAT id from an e-invoice, its name): whose payment details these are. */
  vendor?: VendorIdentity;
}

/**
 * Turns a document into field values. Live jobs call the real one (reading plus template-free
 * extraction); test-mode jobs call the simulator. Failures throw DocumentError.
 */
export interface DocumentExtractor {
  extract(request: ExtractionRequest): Promise<ExtractionOutcome>;
}
