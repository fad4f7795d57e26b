import type { Page, PageRequest } from '../shared/pagination.js';
import type { Environment } from '../keys/scopes.js';
import type {
  DeliveryStatus,
  PrefixWebhookSpec,
  StoredWebhookEndpoint,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
} from '../webhooks/webhook.js';

/** Which webhook deliveries a list returns. */
export interface DeliveryFilter {
  endpoint_id?: string;
  event?: string;
  status?: DeliveryStatus;
  /** Deliveries of the events of one job (the envelope's `data.job_id`, or `data.id` for job.* events). */
  job_id?: string;
}

/** How the webhook sender claims the next due delivery. */
export interface DeliveryClaimOptions {
  workerId: string;
  now: Date;
  leaseMs: number;
  /** At most this many deliveries in all. */
  limit: number;
  /** At most this many per endpoint, counting the ones in `busy` (unbounded when absent). */
  perEndpoint?: number;
  /**
   * Deliveries the caller already holds, per endpoint (in flight, or claimed and waiting): an
   * endpoint gets at most `perEndpoint` minus its count, and one at its cap gets none (nor holds up
   * the others).
   */
  busy?: ReadonlyMap<string, number>;
}

/** The outcome of one attempt, and where it leaves the delivery. */
export interface AttemptOutcome {
  attempt: WebhookAttempt;
  next: { status: DeliveryStatus; nextAttemptAt: string | null };
}

/** A claimed delivery with what is needed to send it. */
export interface ClaimedDelivery {
  delivery: WebhookDelivery;
  url: string;
  secret: string;
  /** When the lease taken by the claim runs out. */
  leaseExpiresAt: string;
}

/**
 * Endpoints, and deliveries with their attempt log. The endpoint methods (insert, get, list,
 * update, delete) see the organization's own endpoints only; a prefix's endpoint is set through
 * `setPrefixEndpoint`.
 */
export interface WebhookStore {
  insertEndpoint(endpoint: StoredWebhookEndpoint): Promise<void>;
  /**
   * Makes the endpoint of an email prefix match its `webhooks` setting: created (id from `makeId`),
   * changed in place (same id, so its delivery log stays), or deleted with its deliveries (null).
   */
  setPrefixEndpoint(
    orgId: string,
    prefix: string,
    spec: PrefixWebhookSpec | null,
    now: string,
    makeId: () => string,
  ): Promise<void>;
  /** The endpoint of an email prefix, if it has a `webhooks` setting. */
  getPrefixEndpoint(orgId: string, prefix: string): Promise<StoredWebhookEndpoint | null>;
  getEndpoint(orgId: string, id: string): Promise<StoredWebhookEndpoint | null>;
  listEndpoints(orgId: string): Promise<WebhookEndpoint[]>;
  updateEndpoint(
    orgId: string,
    id: string,
    changes: Partial<
      Pick<StoredWebhookEndpoint, 'url' | 'events' | 'description' | 'is_active' | 'secret' | 'updated_at'>
    >,
  ): Promise<StoredWebhookEndpoint | null>;
  deleteEndpoint(orgId: string, id: string): Promise<boolean>;
  /**
   * Turns undispatched outbox events into one pending delivery per subscribed active endpoint, and
   * marks them dispatched, atomically; safe to run from several daemons at once. Returns deliveries made.
   */
  dispatchOutbox(now: Date, limit: number, makeId: () => string): Promise<number>;
  /**
   * Takes due deliveries under a lease in one statement (FOR UPDATE SKIP LOCKED: concurrent claims
   * never return the same delivery): each endpoint's oldest due ones up to its room (`perEndpoint`
   * minus `busy`), so one endpoint's backlog never hides another's, then the oldest due of those up
   * to `limit`. Rows another claim holds at that moment are skipped; what it leaves is there for the
   * next call.
   */
  claimDue(options: DeliveryClaimOptions): Promise<ClaimedDelivery[]>;
  /**
   * Records the outcomes of attempts (of distinct deliveries) at once, and moves each delivery on:
   * succeeded, failed, or pending at `nextAttemptAt`. Each is fenced by the lease and the attempt
   * number: false (and nothing recorded for it) when `workerId` no longer holds the delivery's lease,
   * its chain moved on, or the attempt is not the next one. Answers in the order given.
   */
  recordAttempts(workerId: string, outcomes: readonly AttemptOutcome[]): Promise<boolean[]>;
  /**
   * Gives back the leases `workerId` holds on these deliveries, claimed but not attempted: they are
   * due again at once for any worker. Returns how many it released.
   */
  releaseClaims(workerId: string, deliveryIds: readonly string[]): Promise<number>;
  /** A delivery of an event of the mode. */
  getDelivery(
    orgId: string,
    mode: Environment,
    id: string,
  ): Promise<(WebhookDelivery & { attempts: WebhookAttempt[] }) | null>;
  /** Deliveries of the mode's events, newest first. */
  listDeliveries(
    orgId: string,
    mode: Environment,
    filter: DeliveryFilter,
    page: PageRequest,
  ): Promise<Page<WebhookDelivery>>;
  /** Starts a new attempt chain now; null when unknown in the mode. */
  replay(orgId: string, mode: Environment, id: string, now: string): Promise<WebhookDelivery | null>;
}
