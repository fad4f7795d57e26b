import type {
  JobEventForNotification,
  NotificationListFilter,
  NotificationRecord,
  NotificationSender,
} from '../../email/notifications/notification.js';
import type { NotificationClaimOptions, NotificationStore } from '../../ports/notification-store.port.js';
import { clone, newestFirst, paginate, type MemoryDb } from './memory-db.js';

const dueFirst = (a: NotificationRecord, b: NotificationRecord): number =>
  (a.next_attempt_at ?? '').localeCompare(b.next_attempt_at ?? '') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const oldestFirst = (a: NotificationRecord, b: NotificationRecord): number =>
  a.created_at.localeCompare(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Notifications in memory, with the SQL store's idempotency, claim and fencing rules. */
export class MemoryNotificationStore implements NotificationStore {
  constructor(private readonly db: MemoryDb) {}
  private get t() {
    return this.db.tables;
  }

  async insert(rows: readonly NotificationRecord[]) {
    const keys = new Set([...this.t.notifications.values()].map((r) => r.source_key));
    let inserted = 0;
    for (const row of rows) {
      if (keys.has(row.source_key)) continue;
      if (this.t.notifications.has(row.id)) throw new Error(`notification ${row.id} already exists`);
      keys.add(row.source_key);
      this.t.notifications.set(row.id, clone(row));
      inserted++;
    }
    return inserted;
  }

  async saveSender(sender: NotificationSender) {
    if (!this.t.notificationSenders.has(sender.message_id))
      this.t.notificationSenders.set(sender.message_id, clone(sender));
  }

  async getSender(orgId: string, messageId: string) {
    const sender = this.t.notificationSenders.get(messageId);
    return sender && sender.org_id === orgId ? clone(sender) : null;
  }

  async takeJobEvents(limit: number): Promise<JobEventForNotification[]> {
    return this.t.outbox
      .filter((e) => (e.event === 'job.completed' || e.event === 'job.failed') && !this.t.notifiedEvents.has(e.id))
      .filter((e) => (e.data.metadata as { source?: unknown } | undefined)?.source === 'email')
      .slice(0, limit)
      .map((e) => clone(e) as JobEventForNotification);
  }

  async markJobEventsHandled(eventIds: readonly string[]) {
    for (const id of eventIds) this.t.notifiedEvents.add(id);
  }

  async claimDue(owner: string, options: NotificationClaimOptions) {
    const now = Date.parse(options.now);
    const due = [...this.t.notifications.values()]
      .filter(
        (r) =>
          r.status === 'pending' &&
          r.next_attempt_at !== null &&
          Date.parse(r.next_attempt_at) <= now &&
          (r.lease_expires_at === null || Date.parse(r.lease_expires_at) <= now) &&
          r.attempts < options.maxAttempts,
      )
      .sort(dueFirst)
      .slice(0, options.limit);
    for (const r of due)
      Object.assign(r, { lease_owner: owner, lease_expires_at: options.leaseExpiresAt, attempts: r.attempts + 1 });
    return due.map(clone);
  }

  private held(id: string, owner: string) {
    const r = this.t.notifications.get(id);
    return r && r.status === 'pending' && r.lease_owner === owner ? r : null;
  }

  async markSent(id: string, owner: string, at: string) {
    const r = this.held(id, owner);
    if (!r) return false;
    Object.assign(r, { status: 'sent', sent_at: at, next_attempt_at: null, lease_owner: null, lease_expires_at: null });
    return true;
  }

  async markRetry(id: string, owner: string, nextAttemptAt: string, error: string) {
    const r = this.held(id, owner);
    if (!r) return false;
    Object.assign(r, { next_attempt_at: nextAttemptAt, last_error: error, lease_owner: null, lease_expires_at: null });
    return true;
  }

  async markFailed(id: string, owner: string, error: string) {
    const r = this.held(id, owner);
    if (!r) return false;
    Object.assign(r, {
      status: 'failed',
      last_error: error,
      next_attempt_at: null,
      lease_owner: null,
      lease_expires_at: null,
    });
    return true;
  }

  async failExhausted(now: string, maxAttempts: number) {
    const at = Date.parse(now);
    let failed = 0;
    for (const r of this.t.notifications.values()) {
      if (
        r.status !== 'pending' ||
        r.attempts < maxAttempts ||
        r.lease_expires_at === null ||
        Date.parse(r.lease_expires_at) > at
      )
        continue;
      Object.assign(r, {
        status: 'failed',
        last_error: abandoned(r.attempts, r.last_error),
        next_attempt_at: null,
        lease_owner: null,
        lease_expires_at: null,
      });
      failed++;
    }
    return failed;
  }

  async lockDigestRun() {
    // Memory transactions already run one at a time.
  }

  async takeDigestItems(until: string, limit: number) {
    const at = Date.parse(until);
    return [...this.t.notifications.values()]
      .filter((r) => r.status === 'digest_pending' && Date.parse(r.created_at) <= at)
      .sort(oldestFirst)
      .slice(0, limit)
      .map(clone);
  }

  async insertDigest(row: NotificationRecord) {
    const taken = [...this.t.notifications.values()].some(
      (r) => (row.digest_key !== null && r.digest_key === row.digest_key) || r.source_key === row.source_key,
    );
    if (taken) return false;
    this.t.notifications.set(row.id, clone(row));
    return true;
  }

  async markDigested(itemIds: readonly string[], digestId: string) {
    for (const id of itemIds) {
      const r = this.t.notifications.get(id);
      if (r && r.status === 'digest_pending') Object.assign(r, { status: 'digested', digest_id: digestId });
    }
  }

  async list(orgId: string, filter: NotificationListFilter, page: { limit: number; offset: number }) {
    const rows = [...this.t.notifications.values()].filter(
      (r) =>
        r.org_id === orgId &&
        (filter.kind === undefined || r.kind === filter.kind) &&
        (filter.status === undefined || r.status === filter.status) &&
        (filter.message_id === undefined || r.message_id === filter.message_id) &&
        (filter.job_id === undefined || r.job_id === filter.job_id),
    );
    return paginate(rows.sort(newestFirst).map(clone), page);
  }

  async get(orgId: string, id: string) {
    const r = this.t.notifications.get(id);
    return r && r.org_id === orgId ? clone(r) : null;
  }
}

/** The same wording as the SQL store's. */
const abandoned = (attempts: number, lastError: string | null): string =>
  `The daemon sending it stopped during attempt ${attempts} (its last); last error before: ${lastError ?? 'none'}`;
