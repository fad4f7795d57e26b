import type { Migration } from './list.js';

const STATEMENTS = [
  /*
   * Pending deliveries by endpoint, oldest due first: a claim takes each endpoint's oldest due
   * deliveries up to what that endpoint may still have in flight, so one endpoint's backlog (a busy
   * or a dead receiver) never stands between another endpoint and its due deliveries, and an
   * endpoint at its limit costs the claim nothing. It replaces the index by time alone, which made
   * a claim read past every due delivery of the endpoints at their limit.
   */
  `create index webhook_deliveries_endpoint_due on webhook_deliveries (endpoint_id, next_attempt_at) where status = 'pending'`,
  `drop index webhook_deliveries_due`,
];

/** Webhook deliveries indexed by endpoint for the per-endpoint claim. */
export const webhookEndpointDue: Migration = {
  id: 10,
  name: 'webhook_endpoint_due',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
