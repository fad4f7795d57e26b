import type { Page, PageRequest } from '../shared/pagination.js';
import type { DeliveryStatus, StoredWebhookEndpoint, WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../webhooks/webhook.js';

export interface DeliveryFilter {
  endpoint_id?: string;
  event?: string;
  status?: DeliveryStatus;
}

export interface DeliveryClaimOptions {
  workerId: string;
  now: Date;
  leaseMs: number;
  limit: number;
  /** Endpoints this process already sends to at its per-endpoint limit. */
  skipEndpoints: string[];
}

/** A claimed delivery with what is needed to send it. */
export interface ClaimedDelivery {
  delivery: WebhookDelivery;
  url: string;
  secret: string;
}

/** Endpoints, and deliveries with their attempt log. */
export interface WebhookStore {
  insertEndpoint(endpoint: StoredWebhookEndpoint): Promise<void>;
  getEndpoint(orgId: string, id: string): Promise<StoredWebhookEndpoint | null>;
  listEndpoints(orgId: string): Promise<WebhookEndpoint[]>;
  updateEndpoint(orgId: string, id: string, changes: Partial<Pick<StoredWebhookEndpoint, 'url' | 'events' | 'description' | 'is_active' | 'secret' | 'updated_at'>>): Promise<StoredWebhookEndpoint | null>;
  deleteEndpoint(orgId: string, id: string): Promise<boolean>;
  /**
   * Turns undispatched outbox events into one pending delivery per subscribed active endpoint, and
   * marks them dispatched, atomically; safe to run from several daemons at once. Returns deliveries made.
   */
  dispatchOutbox(now: Date, limit: number, makeId: () => string): Promise<number>;
  /** Takes due deliveries under a lease (FOR UPDATE SKIP LOCKED). */
  claimDue(options: DeliveryClaimOptions): Promise<ClaimedDelivery[]>;
  /**
   * Records the outcome of an attempt and moves the delivery on: succeeded, failed, or pending at
   * `nextAttemptAt`. Fenced by the lease: returns false (and records nothing) when it was lost.
   */
  recordAttempt(workerId: string, attempt: WebhookAttempt, next: { status: DeliveryStatus; nextAttemptAt: string | null }): Promise<boolean>;
  getDelivery(orgId: string, id: string): Promise<(WebhookDelivery & { attempts: WebhookAttempt[] }) | null>;
  listDeliveries(orgId: string, filter: DeliveryFilter, page: PageRequest): Promise<Page<WebhookDelivery>>;
  /** Starts a new attempt chain now; null when unknown. */
  replay(orgId: string, id: string, now: string): Promise<WebhookDelivery | null>;
}
