import type { Environment } from '../keys/scopes.js';

/** The jobs of one mode waiting for a worker. */
export interface JobQueueGauge {
  /** Queued jobs a worker may claim now (those waiting for credits are not counted). */
  queued: number;
  /** When the oldest of them was created; null when there are none. */
  oldest_created_at: string | null;
}

/**
 * How much work waits in the database, over every organization: what the daemon reports as gauges
 * (the same on every daemon sharing the database). Each figure comes from a partial index of the
 * work still to do, so reading them costs in proportion to the backlog, not to the history.
 */
export interface QueueGauges {
  jobs: Record<Environment, JobQueueGauge>;
  /** Stored messages not processed yet (received, or claimed by a worker). */
  mail: { backlog: number; oldest_received_at: string | null };
  /** Deliveries still to be sent, and the endpoints with one whose last attempt failed. */
  webhooks: { pending: number; failing_endpoints: number };
  /** ERP records still to be sent. */
  erp: { pending: number };
}

/** Reads the backlog figures of QueueGauges. */
export interface QueueGaugeStore {
  read(): Promise<QueueGauges>;
}
