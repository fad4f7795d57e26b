import type { Environment } from '../../keys/index.js';
import type { ClassificationResult } from '../../ports/document-classifier.port.js';

/** A triage item (a "review item" on the API) waits (`pending`) until a person resolves it to a type or rejects it. */
export const TRIAGE_STATUSES = ['pending', 'resolved', 'rejected'] as const;
/** One of TRIAGE_STATUSES. */
export type TriageStatus = (typeof TRIAGE_STATUSES)[number];

/**
 * An attachment whose classification was below the prefix's reviewFlag threshold: it waits here,
 * its bytes in the blob store, until a person says what it is (or rejects it).
 */
export interface TriageItemRecord {
  /** `rev_...` */
  id: string;
  org_id: string;
  /** The mode of its message. */
  environment: Environment;
  prefix: string;
  message_id: string;
  attachment_index: number;
  filename: string;
  mime_type: string;
  size_bytes: number;
  blob_key: string;
  classification: ClassificationResult;
  /** Below humanReview the classification counts as failed: the prefix's defaultDocumentType is proposed. */
  classification_failed: boolean;
  proposed_type: string;
  /** Sender and subject, so a reviewer sees the context without opening the message. */
  from_address: string | null;
  subject: string | null;
  status: TriageStatus;
  /** Set when resolved: the type the reviewer chose. */
  resolved_type: string | null;
  job_id: string | null;
  /** Who resolved it (the API key id) and when. */
  resolved_by: string | null;
  resolved_at: string | null;
  created_at: string;
}

/** How a person decided a triage item, as stored. */
export interface TriageResolution {
  status: 'resolved' | 'rejected';
  resolved_type: string | null;
  job_id: string | null;
  resolved_by: string;
  resolved_at: string;
}

/** What the classifier learns from: a reviewer's decision on a document. */
export interface ClassificationExample {
  org_id: string;
  /** The mode of the decision: the classifier of a mode learns from that mode's decisions only. */
  environment: Environment;
  document_type: string;
  /** Lowercase domain of the sender, or null. */
  sender_domain: string | null;
  /** Distinct folded words of the document and subject (at most a few hundred). */
  tokens: string[];
  created_at: string;
}
