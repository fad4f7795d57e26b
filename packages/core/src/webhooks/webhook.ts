import type { Environment } from '../keys/index.js';
/** Events an endpoint can subscribe to; `*` means all of them, including ones added later. */
export const WEBHOOK_EVENTS = [
  'job.completed',
  'job.failed',
  'job.corrected',
  'credits.low_balance',
  'credits.depleted',
] as const;

/** A registered receiver of an organization's events. */
export interface WebhookEndpoint {
  /** Form `whe_<id>`. */
  id: string;
  org_id: string;
  url: string;
  /** Event names, or `['*']`. */
  events: string[];
  description: string | null;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

/** What the store keeps: the signing secret must be readable to sign, so it is stored as is. */
export interface StoredWebhookEndpoint extends WebhookEndpoint {
  secret: string;
  /**
   * Set on the endpoint that carries an email prefix's `webhooks` setting: managed through that
   * prefix's configuration, never listed or changed through the organization's endpoints, and the
   * only receiver of that prefix's events.
   */
  email_prefix?: string | null;
}

/** A prefix's `webhooks` setting (email ingestion): where its events go and the secret that signs them. */
export interface PrefixWebhookSpec {
  url: string;
  secret: string;
  events: string[];
}

/** Where a delivery stands: retrying, delivered, or given up. */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event on its way to one endpoint. */
export interface WebhookDelivery {
  /** Form `whd_<id>`; sent as X-Service-Delivery. */
  id: string;
  org_id: string;
  /** The mode of its event: a key sees and replays the deliveries of its own mode only. */
  environment: Environment;
  endpoint_id: string;
  event_id: string;
  event: string;
  status: DeliveryStatus;
  /** The exact body sent (and signed) on every attempt. */
  payload: string;
  /** Attempts made in the current chain (a replay starts a new chain). */
  attempt_count: number;
  chain: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  created_at: string;
}

/** One POST of a delivery and its outcome. */
export interface WebhookAttempt {
  delivery_id: string;
  chain: number;
  /** 1-based within its chain. */
  attempt: number;
  started_at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  /** The first 1 KB of the receiver's answer. */
  response_body: string | null;
  success: boolean;
}

/** The envelope of every delivery. `created_at` is signed with the rest, so receivers can refuse replays. */
export interface WebhookEnvelope {
  id: string;
  event: string;
  created_at: string;
  data: Record<string, unknown>;
}

export const subscribes = (endpoint: Pick<WebhookEndpoint, 'events' | 'is_active'>, event: string): boolean =>
  endpoint.is_active && (endpoint.events.includes('*') || endpoint.events.includes(event));

/**
 * Whether an outbox event goes to an endpoint: an event of an email prefix only to that prefix's
 * endpoint, any other event only to the organization's own endpoints; either way if subscribed.
 */
export const receives = (
  endpoint: Pick<StoredWebhookEndpoint, 'org_id' | 'events' | 'is_active' | 'email_prefix'>,
  event: { org_id: string; event: string; email_prefix?: string | null },
): boolean =>
  endpoint.org_id === event.org_id &&
  (endpoint.email_prefix ?? null) === (event.email_prefix ?? null) &&
  subscribes(endpoint, event.event);
