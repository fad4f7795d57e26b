/**
 * The events a webhook endpoint can subscribe to, as the form offers them. The browser bundle does
 * not import @intake/core; test/dashboard/webhook-events.test.ts keeps this list equal to its
 * WEBHOOK_EVENTS.
 */
export const WEBHOOK_EVENTS = [
  'job.completed',
  'job.failed',
  'job.corrected',
  'credits.low_balance',
  'credits.depleted',
] as const;
