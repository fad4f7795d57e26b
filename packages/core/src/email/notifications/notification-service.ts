import { coerceError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { IntakeStores } from '../../ports/intake-stores.port.js';
import type { Clock } from '../../ports/clock.port.js';
import { NotifierError, type Notifier } from '../../ports/notifier.port.js';
import type { JobEventForNotification, NotificationListFilter, NotificationRecord } from './notification.js';
import {
  notificationMessageId,
  planDigest,
  planErpSyncFailed,
  planJobNotifications,
  planPaymentDetailsChanged,
  type PlanContext,
} from './notification-planner.js';
import type { ErpSyncFailure } from './notification-texts.js';

/** The settings NotificationService needs from the daemon's configuration. */
export interface NotificationServiceOptions {
  /** The domains we receive for (lowercase, EMAIL_DOMAIN). */
  ownDomains: readonly string[];
  /** Base of links in internal mail (PUBLIC_BASE_URL). */
  publicBaseUrl?: string;
  /** A worker's claim on a row; longer than any send takes. Default 5 minutes. */
  leaseMs?: number;
  /** Waits before the 2nd, 3rd, ... attempt; after the last one fails the row is failed. Default 1 min, 5 min, 30 min. */
  retryDelaysMs?: readonly number[];
}

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 1_800_000];

export interface NotificationServiceDeps {
  stores: Pick<IntakeStores, 'notifications' | 'transaction'>;
  notifier: Notifier;
  clock: Clock;
  ids: IdGenerator;
  options: NotificationServiceOptions;
}

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
  /** Attempts whose outcome could not be written: another worker took the row over (its lease had run out). */
  lost: number;
}

/** A notifier for a daemon without SMTP_RELAY_URL: every notification fails at once, saying why. */
export const unconfiguredNotifier = (
  reason = 'SMTP_RELAY_URL is not set: this daemon has no outbound relay to send notifications through',
): Notifier => ({
  send: () => Promise.reject(new NotifierError(reason, true)),
});

/**
 * Sends notifications and decides the ones that come from other rows: processing complete from job
 * events, the daily digest from digest items. Every step is safe with several daemons on one
 * database: rows are claimed (SKIP LOCKED, a lease) before they are sent, job events and digest
 * items are taken inside the transaction that writes what they produce.
 */
export class NotificationService {
  private readonly delays: readonly number[];
  private readonly leaseMs: number;

  constructor(private readonly deps: NotificationServiceDeps) {
    this.delays = deps.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.leaseMs = deps.options.leaseMs ?? 300_000;
  }

  /** Attempts per notification: the first and one per retry delay. */
  get maxAttempts(): number {
    return this.delays.length + 1;
  }

  private context(now = this.deps.clock.now()): PlanContext {
    const { ownDomains, publicBaseUrl } = this.deps.options;
    return { ids: this.deps.ids, now: now.toISOString(), ownDomains, ...(publicBaseUrl ? { publicBaseUrl } : {}) };
  }

  /**
   * Turns `job.completed` / `job.failed` events of email jobs into processing-complete (or error)
   * notifications, in one transaction with marking the events handled. An event whose message is
   * still being processed (its jobs can finish first) stays for a later call.
   */
  async dispatchJobEvents(limit = 100): Promise<{ handled: number; queued: number; deferred: number }> {
    const now = this.deps.clock.now();
    return this.deps.stores.transaction(async (tx) => {
      const events = await tx.notifications.takeJobEvents(limit);
      const handled: string[] = [];
      let queued = 0;
      let deferred = 0;
      for (const event of events) {
        const outcome = await this.jobEvent(tx, event, now);
        if (outcome === 'deferred') deferred++;
        else {
          queued += outcome;
          handled.push(event.id);
        }
      }
      if (handled.length) await tx.notifications.markJobEventsHandled(handled, now.toISOString());
      return { handled: handled.length, queued, deferred };
    });
  }

  private async jobEvent(
    tx: Pick<IntakeStores, 'emailIngestion' | 'inboundMessages' | 'notifications'>,
    event: JobEventForNotification,
    now: Date,
  ): Promise<number | 'deferred'> {
    const email = ((event.data.metadata as Record<string, unknown> | undefined)?.email ?? {}) as {
      message_id?: unknown;
    };
    if (typeof email.message_id !== 'string') return 0;
    // The message first, then its sender record: the two commit together when the message is
    // finished, so a finished message read here means its sender record (if any) is visible too.
    // The event's own job names the message (of the job's mode, either one).
    const message = await tx.inboundMessages.get(event.org_id, null, email.message_id);
    if (!message) return 0;
    if (message.status === 'received' || message.status === 'processing') return 'deferred';
    const sender = await tx.notifications.getSender(event.org_id, message.id);
    const config = (await tx.emailIngestion.get(event.org_id, sender?.prefix ?? message.prefix))?.config ?? null;
    const ctx = this.context(now);
    const rows = [
      ...planJobNotifications(ctx, { event, sender, config, recipientOfMessage: message.recipient }),
      ...(config ? planPaymentDetailsChanged(ctx, { event, config, recipientOfMessage: message.recipient }) : []),
    ];
    return rows.length ? tx.notifications.insert(rows) : 0;
  }

  /**
   * Claims up to `limit` due notifications and sends them. A failure is tried again after 1, 5 and
   * 30 minutes (retryDelaysMs), then the row is failed; a permanent failure (the relay answered
   * 5xx, no relay configured) fails it at once.
   */
  async sendDue(owner: string, limit = 10): Promise<SendReport> {
    const { stores, clock } = this.deps;
    const now = clock.now();
    await stores.notifications.failExhausted(now.toISOString(), this.maxAttempts);
    const claimed = await stores.notifications.claimDue(owner, {
      now: now.toISOString(),
      leaseExpiresAt: new Date(now.getTime() + this.leaseMs).toISOString(),
      limit,
      maxAttempts: this.maxAttempts,
    });
    const report: SendReport = { sent: 0, retrying: 0, failed: 0, lost: 0 };
    const outcomes = await Promise.all(claimed.map((row) => this.attempt(row, owner)));
    for (const outcome of outcomes) report[outcome]++;
    return report;
  }

  private async attempt(row: NotificationRecord, owner: string): Promise<keyof SendReport> {
    const { stores, clock, notifier } = this.deps;
    try {
      await notifier.send({
        from: row.from_address,
        envelopeFrom: row.envelope_from,
        to: [row.recipient],
        subject: row.subject,
        text: row.body,
        headers: row.headers,
        messageId: notificationMessageId(row),
      });
    } catch (thrown) {
      const error = coerceError(thrown);
      const permanent = thrown instanceof NotifierError && thrown.permanent;
      const attempt = `attempt ${row.attempts} of ${this.maxAttempts}`;
      if (permanent || row.attempts >= this.maxAttempts) {
        const why = permanent
          ? `${error.message} (${attempt}; permanent, not retried)`
          : `${error.message} (${attempt}; no attempts left)`;
        return (await stores.notifications.markFailed(row.id, owner, why)) ? 'failed' : 'lost';
      }
      const delay = this.delays[row.attempts - 1] ?? this.delays.at(-1) ?? 60_000;
      const next = new Date(clock.now().getTime() + delay).toISOString();
      return (await stores.notifications.markRetry(
        row.id,
        owner,
        next,
        `${error.message} (${attempt}; next at ${next})`,
      ))
        ? 'retrying'
        : 'lost';
    }
    return (await stores.notifications.markSent(row.id, owner, clock.now().toISOString())) ? 'sent' : 'lost';
  }

  /**
   * The daily digest: every digest item created up to `at`, one mail per organization and
   * recipient, in one transaction. Runs of several daemons at the same moment take turns (a
   * transaction-scoped advisory lock): the first takes every item and marks it digested, the
   * others find none. Each digest row also has a unique key (organization, recipient, UTC day of
   * `at`): a second run on the same day finds the key taken and leaves new items for the next
   * day's digest, so a recipient never gets two digests a day.
   */
  async runDigest(at: Date = this.deps.clock.now()): Promise<{ digests: number; items: number; deferred: number }> {
    const day = at.toISOString().slice(0, 10);
    // The digest is due at once: `at` only decides which items go in and the day it is for.
    const ctx = this.context();
    return this.deps.stores.transaction(async (tx) => {
      await tx.notifications.lockDigestRun();
      const items = await tx.notifications.takeDigestItems(at.toISOString(), 50_000);
      const groups = new Map<string, NotificationRecord[]>();
      for (const item of items) {
        const key = `${item.org_id}\u0000${item.recipient}`;
        groups.set(key, [...(groups.get(key) ?? []), item]);
      }
      let digests = 0;
      let digested = 0;
      let deferred = 0;
      for (const group of groups.values()) {
        const first = group[0]!;
        const digest = planDigest(ctx, { orgId: first.org_id, recipient: first.recipient, day, items: group });
        if (await tx.notifications.insertDigest(digest)) {
          await tx.notifications.markDigested(
            group.map((i) => i.id),
            digest.id,
          );
          digests++;
          digested += group.length;
        } else {
          deferred += group.length;
        }
      }
      return { digests, items: digested, deferred };
    });
  }

  /**
   * The erp_sync_failed hook, for the ERP connector to call in the transaction that records a
   * failed sync: notifies the prefix's internal recipients (real time or digest). Returns the rows written.
   */
  async recordErpSyncFailed(
    tx: Pick<IntakeStores, 'emailIngestion' | 'inboundMessages' | 'notifications'>,
    orgId: string,
    failure: ErpSyncFailure,
  ): Promise<number> {
    if (!failure.prefix) return 0;
    const stored = await tx.emailIngestion.get(orgId, failure.prefix);
    if (!stored) return 0;
    const rows = planErpSyncFailed(this.context(), { orgId, config: stored.config, recipientOfMessage: null, failure });
    return rows.length ? tx.notifications.insert(rows) : 0;
  }

  list(orgId: string, filter: NotificationListFilter, page: { limit: number; offset: number }) {
    return this.deps.stores.notifications.list(orgId, filter, page);
  }

  get(orgId: string, id: string) {
    return this.deps.stores.notifications.get(orgId, id);
  }
}
