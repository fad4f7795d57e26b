/**
 * Notifications: mail Intake sends to the sender of a message and to a prefix's internal
 * recipients. Each one is a row written in the same transaction as the change that decided it,
 * then sent by a worker with retries (see notification-service.ts).
 */

/** Mail to the sender of a message. */
export const SENDER_NOTIFICATION_KINDS = ['receipt_confirmation', 'processing_complete', 'error'] as const;
/** Mail to a prefix's internal recipients (the spec's event names), and the daily digest of them. */
export const INTERNAL_NOTIFICATION_KINDS = [
  'document_received',
  'human_review_needed',
  'erp_sync_failed',
  'payment_details_changed',
  'digest',
] as const;
export const NOTIFICATION_KINDS = [...SENDER_NOTIFICATION_KINDS, ...INTERNAL_NOTIFICATION_KINDS] as const;
/** One of NOTIFICATION_KINDS: what a notification tells. */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * pending: to send (next_attempt_at); sent: the relay accepted it; failed: given up (last_error);
 * suppressed: decided but never to be sent (a loop guard said no; last_error says why);
 * digest_pending: an internal event of a digestMode prefix waiting for the next digest run;
 * digested: went into the digest `digest_id`.
 */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'suppressed', 'digest_pending', 'digested'] as const;
/** One of NOTIFICATION_STATUSES. */
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** One notification mail, decided and recorded before it is sent. */
export interface NotificationRecord {
  /** `ntf_...`; also the local part of the Message-ID the mail is sent with. */
  id: string;
  org_id: string;
  kind: NotificationKind;
  /** One address per row (a prefix with three recipients makes three rows). */
  recipient: string;
  /** The From header. */
  from_address: string;
  /** MAIL FROM; null for the null sender `<>` (replies to senders). */
  envelope_from: string | null;
  subject: string;
  body: string;
  /** Header fields sent with it (Auto-Submitted, X-Auto-Response-Suppress, In-Reply-To, ...). */
  headers: Record<string, string>;
  status: NotificationStatus;
  /** Sending attempts so far (a claim counts one). */
  attempts: number;
  /** When a pending row is due; null otherwise. */
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /**
   * Idempotency: at most one row per key (`receipt_confirmation:msg_x`, `processing_complete:job_y:addr`, ...), so
   * a message processed again after a crash, or a job event seen twice, decides nothing twice.
   */
  source_key: string;
  /** The message, job and prefix it is about, where there is one. */
  message_id: string | null;
  job_id: string | null;
  prefix: string | null;
  /** A digest row's once-only key: `org:recipient:YYYY-MM-DD`. */
  digest_key: string | null;
  /** An item's digest (the `ntf_` id of the digest row it went into). */
  digest_id: string | null;
}

/**
 * Who may be answered for a message, decided once from its headers when it is processed, and kept
 * for the notifications that come later (processing complete, when its jobs end).
 */
export interface NotificationSender {
  /** The inbound message (`msg_...`). */
  message_id: string;
  org_id: string;
  prefix: string;
  /** Where replies go; null when a loop guard said no. */
  reply_to: string | null;
  /** Why not, when reply_to is null. */
  suppressed_reason: string | null;
  /** The From of our mail: notificationFromAddress or no-reply@ the domain it was sent to. */
  from_address: string;
  /** The sender's Message-ID (without brackets), for In-Reply-To; null when it had none. */
  in_reply_to: string | null;
  subject: string | null;
  received_at: string;
  created_at: string;
}

/** Which notifications a list returns. */
export interface NotificationListFilter {
  kind?: NotificationKind;
  status?: NotificationStatus;
  message_id?: string;
  job_id?: string;
}

/** A job event (`job.completed` / `job.failed`) of an email job, as the outbox holds it. */
export interface JobEventForNotification {
  id: string;
  org_id: string;
  event: 'job.completed' | 'job.failed';
  data: Record<string, unknown>;
  created_at: string;
}
