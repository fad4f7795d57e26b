import { z } from 'zod';
import { WEBHOOK_EVENTS } from './webhook.js';

const eventName = z.union([z.literal('*'), z.enum(WEBHOOK_EVENTS)]);
const url = z.string().max(2048);

/** Body of POST /v1/webhooks/endpoints. */
export const CreateWebhookEndpointSchema = z
  .strictObject({
    url,
    events: z.array(eventName).min(1).default(['*']),
    description: z.string().max(500).optional(),
    is_active: z.boolean().default(true),
  })
  .meta({ id: 'CreateWebhookEndpointRequest' });

/** Body of PATCH of a webhook endpoint. */
export const UpdateWebhookEndpointSchema = z
  .strictObject({
    url: url.optional(),
    events: z.array(eventName).min(1).optional(),
    description: z.string().max(500).nullable().optional(),
    is_active: z.boolean().optional(),
  })
  .meta({ id: 'UpdateWebhookEndpointRequest' });
