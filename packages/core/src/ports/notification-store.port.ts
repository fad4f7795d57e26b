import type {
  JobEventForNotification,
  NotificationListFilter,
  NotificationRecord,
  NotificationSender,
} from '../email/notifications/notification.js';

/** How a notification worker claims the next due notification. */
export interface NotificationClaimOptions {
  /** Now, ISO 8601. */
  now: string;
  /** The claim lasts until then; a daemon that dies mid-send gives the row back after it. */
  leaseExpiresAt: string;
  limit: number;
  /** Rows already attempted this often are not claimed (failExhausted fails them). */
  maxAttempts: number;
}

/**
 * Notifications and what decides them. Several daemons share one store: a due row is claimed by
 * one worker at a time (SKIP LOCKED), job events and digest items are taken by one transaction at
 * a time, so nothing is sent twice by two daemons.
 */
export interface NotificationStore {
  /** Inserts the rows; a row whose source_key exists already is skipped. Returns how many were new. */
  insert(rows: readonly NotificationRecord[]): Promise<number>;
  /** Records who may be answered for a message; a second record for the same message is ignored. */
  saveSender(sender: NotificationSender): Promise<void>;
  getSender(orgId: string, messageId: string): Promise<NotificationSender | null>;

  /**
   * `job.completed` / `job.failed` outbox events of email jobs (metadata.source `email`) not yet
   * handled, oldest first. Inside a transaction the SQL store locks them (SKIP LOCKED) until it
   * ends: call it in one, with markJobEventsHandled in the same one.
   */
  takeJobEvents(limit: number): Promise<JobEventForNotification[]>;
  markJobEventsHandled(eventIds: readonly string[], at: string): Promise<void>;

  /**
   * Claims due pending rows (next_attempt_at <= now, no live lease, fewer than maxAttempts
   * attempts), oldest due first: sets the lease and attempts + 1. Concurrent claims never return
   * the same row.
   */
  claimDue(owner: string, options: NotificationClaimOptions): Promise<NotificationRecord[]>;
  /** The outcome of an attempt, written only while `owner` still holds the claim; false when it lost it. */
  markSent(id: string, owner: string, at: string): Promise<boolean>;
  markRetry(id: string, owner: string, nextAttemptAt: string, error: string): Promise<boolean>;
  markFailed(id: string, owner: string, error: string): Promise<boolean>;
  /** Fails pending rows whose last allowed attempt was abandoned (its daemon died); returns how many. */
  failExhausted(now: string, maxAttempts: number): Promise<number>;

  /**
   * Inside a transaction: waits until no other digest run holds the digest lock, then holds it until
   * the transaction ends (a PostgreSQL transaction-scoped advisory lock), so that concurrent runs
   * never split one recipient's items between them.
   */
  lockDigestRun(): Promise<void>;
  /**
   * Digest items (status digest_pending) created at or before `until`, oldest first. Inside a
   * transaction the SQL store locks them (SKIP LOCKED): a concurrent run gets none of them.
   */
  takeDigestItems(until: string, limit: number): Promise<NotificationRecord[]>;
  /** Inserts a digest row unless one with its digest_key exists; true when inserted. */
  insertDigest(row: NotificationRecord): Promise<boolean>;
  /** Marks items `digested` into the digest `digestId`. */
  markDigested(itemIds: readonly string[], digestId: string): Promise<void>;

  /** Newest first. */
  list(
    orgId: string,
    filter: NotificationListFilter,
    page: { limit: number; offset: number },
  ): Promise<{ items: NotificationRecord[]; total: number }>;
  get(orgId: string, id: string): Promise<NotificationRecord | null>;
}
