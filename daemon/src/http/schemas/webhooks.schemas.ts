import { z } from 'zod';
import { ENVIRONMENTS } from '@intake/core';

/** A webhook endpoint as the API shows it, without its secret (creation adds it, once). */
export const WebhookEndpointSchema = z
  .object({
    id: z.string(),
    org_id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string().nullable(),
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });

/** One attempt to deliver an event, as the API shows it. */
export const WebhookAttemptSchema = z
  .object({
    chain: z.number().int(),
    attempt: z.number().int(),
    started_at: z.string(),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    response_body: z.string().nullable(),
    success: z.boolean(),
  })
  .meta({ id: 'WebhookAttempt' });

/** One event on its way to one endpoint, with its attempts, as the API shows it. */
export const WebhookDeliverySchema = z
  .object({
    id: z.string(),
    environment: z
      .enum(ENVIRONMENTS)
      .describe('The mode of its event: a key sees and replays the deliveries of its own mode only'),
    endpoint_id: z.string(),
    event_id: z.string(),
    event: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempt_count: z.number().int(),
    chain: z.number().int(),
    next_attempt_at: z.string().nullable(),
    last_attempt_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });
