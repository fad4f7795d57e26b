import type { Environment } from '../../keys/index.js';
import type { SenderAuthentication } from './sender-auth/sender-authentication.js';
/**
 * A message received by the SMTP edge for one prefix: stored (raw bytes in the blob store, this
 * record in the database) before the gateway answers 250, then parsed and turned into jobs.
 */

/** received: stored, waiting; processing: a worker holds it; processed: every attachment decided; failed: could not be processed. */
export const INBOUND_MESSAGE_STATUSES = ['received', 'processing', 'processed', 'failed'] as const;
/** One of INBOUND_MESSAGE_STATUSES. */
export type InboundMessageStatus = (typeof INBOUND_MESSAGE_STATUSES)[number];

/** Why an attachment did not become a job of its own. */
export const SKIP_REASON_CODES = [
  'inline_image',
  'type_not_allowed',
  'unsupported_type',
  'too_large',
  'empty',
  'no_extractor',
  'submission_failed',
  'rejected_by_reviewer',
  'duplicate',
] as const;
export type SkipReasonCode = (typeof SKIP_REASON_CODES)[number];

/** What became of one attachment of a message: a job, the review queue, or skipped with a reason. */
export interface AttachmentOutcome {
  /** Position among the message's attachments, from 0, in the order the parser found them. */
  index: number;
  /** The name used from here on: a base name without path, control characters or leading dots. */
  filename: string;
  /** The name as the message gave it (null when it gave none); never used as a path. */
  original_filename: string | null;
  /** What the message declared; informative only. */
  declared_type: string;
  /** What the bytes are (magic numbers); null when none of the supported document types. */
  detected_type: string | null;
  size_bytes: number;
  inline: boolean;
  /** awaiting_review: in the human review queue (`review_id`); resolving it creates the job. */
  status: 'job_created' | 'skipped' | 'awaiting_review';
  /** The job this attachment went to; with combineAttachments several attachments share one. */
  job_id: string | null;
  reason: { code: SkipReasonCode; message: string } | null;
  /** The review item, while or after the attachment waited for a person. */
  review_id?: string | null;
  /** The type decided for the document, and how. */
  classification?: AttachmentClassification | null;
  /** An identical file was seen within the prefix's lookback: the earlier job and the action taken. */
  duplicate?: { of: string; matched: string[]; action: 'reject' | 'flag' | 'process' } | null;
}

export interface AttachmentClassification {
  documentType: string;
  confidence: number;
  source: 'override' | 'classifier' | 'default' | 'routing' | 'reviewer';
  /** What the prefix's thresholds made of the confidence. */
  decision: 'process' | 'process_flagged' | 'review' | 'review_failed';
  reasoning: string;
  /** What the classifier saw (absent for overrides, routing and defaults). */
  keyIndicators?: string[];
  /** The issuing party the classifier read on the document, when it found one. */
  detectedVendor?: string;
  /** The addressed party the classifier read on the document, when it found one. */
  detectedCustomer?: string;
}

export type InboundMessageErrorCode =
  'unparseable_message' | 'prefix_unavailable' | 'processing_abandoned' | 'internal_error' | 'sender_unauthenticated';

/** A received message as stored before the SMTP answer, then updated as it is processed. */
export interface InboundMessageRecord {
  /** `msg_...`; the id the SMTP answer names (`250 ... queued as msg_...`). */
  id: string;
  org_id: string;
  /** The mode it belongs to: mail received by SMTP is live; the test endpoint records the caller's mode. */
  environment: Environment;
  /** Lowercase prefix the message was addressed to. */
  prefix: string;
  /** The `+tag` of `prefix+tag@domain`, kept as metadata; null without one. */
  tag: string | null;
  /** The envelope recipient as the client wrote it. */
  recipient: string;
  /** Envelope sender (MAIL FROM); null for the null sender `<>`. */
  envelope_from: string | null;
  remote_address: string | null;
  helo: string | null;
  size_bytes: number;
  /** SHA-256 of the raw message: its key in the blob store. */
  blob_key: string;
  /** How it arrived: by SMTP, read from the prefix's IMAP mailbox, or the test endpoint. */
  source: 'smtp' | 'imap' | 'test';
  status: InboundMessageStatus;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** From the parsed message (null until parsed, or when absent). */
  from_address: string | null;
  subject: string | null;
  message_id_header: string | null;
  outcomes: AttachmentOutcome[];
  error: { code: InboundMessageErrorCode; message: string } | null;
  /**
   * SPF, DKIM, DMARC and ARC verdicts computed on arrival; null when none were (the test endpoint,
   * an embedder without an authenticator, messages stored before they were computed).
   */
  sender_authentication: SenderAuthentication | null;
  received_at: string;
  processed_at: string | null;
}

/** What processing writes back at the end. */
export interface InboundMessageResult {
  status: 'processed' | 'failed';
  from_address: string | null;
  subject: string | null;
  message_id_header: string | null;
  outcomes: AttachmentOutcome[];
  error: InboundMessageRecord['error'];
  processed_at: string;
}

/** A message as received, before any processing: the fields the edge and the test endpoint fill come on top. */
export function blankMessageRecord(
  id: string,
  orgId: string,
  prefix: string,
  blobKey: string,
  size: number,
  receivedAt: string,
): InboundMessageRecord {
  return {
    id,
    org_id: orgId,
    // Mail arriving by SMTP is live; the test endpoint sets its caller's mode.
    environment: 'live',
    prefix,
    tag: null,
    recipient: '',
    envelope_from: null,
    remote_address: null,
    helo: null,
    size_bytes: size,
    blob_key: blobKey,
    source: 'smtp',
    status: 'received',
    attempts: 0,
    lease_owner: null,
    lease_expires_at: null,
    from_address: null,
    subject: null,
    message_id_header: null,
    outcomes: [],
    error: null,
    sender_authentication: null,
    received_at: receivedAt,
    processed_at: null,
  };
}
