import type { Environment } from '../keys/scopes.js';

/** An event to deliver (by webhook), recorded in the same transaction as the change that caused it. */
export interface OutboxEvent {
  /** Form `evt_<id>`: receivers deduplicate by it. */
  id: string;
  org_id: string;
  /** The mode whose change caused it: its deliveries belong to that mode (credits events are live). */
  environment: Environment;
  /** `job.completed`, `job.failed`, `credits.low_balance`, `credits.depleted`, ... */
  event: string;
  data: Record<string, unknown>;
  created_at: string;
  /** An email prefix's event (`email.received`, ...): delivered to that prefix's webhook only. */
  email_prefix?: string | null;
}

/** Events written in the transaction of their change, for the webhook sender to deliver. */
export interface OutboxStore {
  add(event: OutboxEvent): Promise<void>;
  /** Oldest first (for tests and the webhook sender). */
  list(orgId: string, options?: { event?: string; limit?: number }): Promise<OutboxEvent[]>;
}
