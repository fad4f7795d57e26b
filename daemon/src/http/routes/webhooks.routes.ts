import { z } from 'zod';
import { CreateWebhookEndpointSchema, UpdateWebhookEndpointSchema, type WebhookService } from '@intake/core/webhooks';
import { authErrors, ErrorBodySchema, pageQuery } from './common.schemas.js';
import { defineRoute, type RouteDef } from './route.js';
import { deliveryDocument } from './webhook-delivery-document.js';
import { WebhookAttemptSchema, WebhookDeliverySchema, WebhookEndpointSchema } from '../schemas/webhooks.schemas.js';

const EndpointParams = z.object({ endpoint_id: z.string() });
const DeliveryParams = z.object({ delivery_id: z.string() });
const WithSecret = WebhookEndpointSchema.extend({
  secret: z.string().describe('whsec_...: shown only in this response'),
}).meta({ id: 'WebhookEndpointWithSecret' });
const DeliveryQuery = z.object({
  endpoint_id: z.string().optional(),
  event: z.string().optional(),
  status: z.enum(['pending', 'succeeded', 'failed']).optional(),
  job_id: z.string().optional().describe("Only the deliveries of this job's events"),
  ...pageQuery(100),
});
const DeliveryWithAttempts = WebhookDeliverySchema.extend({ attempts: z.array(WebhookAttemptSchema) }).meta({
  id: 'WebhookDeliveryWithAttempts',
});
const DeliveryListItem = WebhookDeliverySchema.extend({
  job_id: z.string().nullable().describe("The job the event concerns (a job's or an email event's); null for others"),
  file_name: z.string().nullable().describe("That job's file name, when its metadata names one"),
}).meta({ id: 'WebhookDeliveryListItem' });
const DeliveryList = z
  .object({
    deliveries: z.array(DeliveryListItem),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: 'WebhookDeliveryList' });
const TestBody = z.strictObject({ webhook_url: z.string() }).meta({ id: 'WebhookTestRequest' });
const TestResult = z
  .object({
    delivered: z.boolean(),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    response_body: z.string().nullable(),
    signed_with: z.string(),
    test_secret: z.string().optional(),
  })
  .meta({ id: 'WebhookTestResult' });
const notFound = { 404: { description: 'not_found', schema: ErrorBodySchema } };
const badUrl = {
  400: {
    description: 'invalid_request, or invalid_webhook_url (not HTTPS, or an address that is not allowed)',
    schema: ErrorBodySchema,
  },
};
const scope = 'webhooks:write' as const;
const tag = 'webhooks';
/** Endpoints receive the events of both modes (each payload of a job says its `mode`): shared configuration. */
const SHARED = 'webhook endpoints';

const createEndpoint = (svc: WebhookService) =>
  defineRoute({
    method: 'post',
    path: '/v1/webhooks/endpoints',
    summary: 'Register a webhook endpoint; its secret is shown once',
    tag,
    scope,
    sharedConfiguration: SHARED,
    body: CreateWebhookEndpointSchema,
    responses: { 201: { description: 'The endpoint with its secret', schema: WithSecret }, ...badUrl, ...authErrors },
    handler: async ({ auth, body }) => {
      const { endpoint, secret } = await svc.create(auth.orgId, body);
      return { status: 201, body: { ...endpoint, secret } };
    },
  });

const listEndpoints = (svc: WebhookService) =>
  defineRoute({
    method: 'get',
    path: '/v1/webhooks/endpoints',
    summary: 'List webhook endpoints, newest first',
    tag,
    scope,
    responses: {
      200: {
        description: 'Endpoints',
        schema: z.object({ endpoints: z.array(WebhookEndpointSchema) }).meta({ id: 'WebhookEndpointList' }),
      },
      ...authErrors,
    },
    handler: async ({ auth }) => ({ status: 200, body: { endpoints: await svc.list(auth.orgId) } }),
  });

const getEndpoint = (svc: WebhookService) =>
  defineRoute<unknown, unknown, z.infer<typeof EndpointParams>>({
    method: 'get',
    path: '/v1/webhooks/endpoints/{endpoint_id}',
    summary: 'Get a webhook endpoint',
    tag,
    scope,
    params: EndpointParams,
    responses: { 200: { description: 'The endpoint', schema: WebhookEndpointSchema }, ...notFound, ...authErrors },
    handler: async ({ auth, params }) => ({ status: 200, body: await svc.get(auth.orgId, params.endpoint_id) }),
  });

const updateEndpoint = (svc: WebhookService) =>
  defineRoute<unknown, unknown, z.infer<typeof EndpointParams>>({
    method: 'patch',
    path: '/v1/webhooks/endpoints/{endpoint_id}',
    summary: 'Change url, events, description or is_active',
    tag,
    scope,
    sharedConfiguration: SHARED,
    params: EndpointParams,
    body: UpdateWebhookEndpointSchema,
    responses: {
      200: { description: 'The endpoint', schema: WebhookEndpointSchema },
      ...badUrl,
      ...notFound,
      ...authErrors,
    },
    handler: async ({ auth, params, body }) => ({
      status: 200,
      body: await svc.update(auth.orgId, params.endpoint_id, body),
    }),
  });

const deleteEndpoint = (svc: WebhookService) =>
  defineRoute<unknown, unknown, z.infer<typeof EndpointParams>>({
    method: 'delete',
    path: '/v1/webhooks/endpoints/{endpoint_id}',
    summary: 'Delete a webhook endpoint and its pending deliveries',
    tag,
    scope,
    sharedConfiguration: SHARED,
    params: EndpointParams,
    responses: { 204: { description: 'Deleted' }, ...notFound, ...authErrors },
    handler: async ({ auth, params }) => {
      await svc.delete(auth.orgId, params.endpoint_id);
      return { status: 204 };
    },
  });

const rotateSecret = (svc: WebhookService) =>
  defineRoute<unknown, unknown, z.infer<typeof EndpointParams>>({
    method: 'post',
    path: '/v1/webhooks/endpoints/{endpoint_id}/rotate-secret',
    summary: 'Replace the signing secret (the old one stops at once)',
    tag,
    scope,
    sharedConfiguration: SHARED,
    params: EndpointParams,
    responses: {
      200: { description: 'The endpoint with its new secret', schema: WithSecret },
      ...notFound,
      ...authErrors,
    },
    handler: async ({ auth, params }) => {
      const { endpoint, secret } = await svc.rotateSecret(auth.orgId, params.endpoint_id);
      return { status: 200, body: { ...endpoint, secret } };
    },
  });

const listDeliveries = (svc: WebhookService) =>
  defineRoute<unknown, z.infer<typeof DeliveryQuery>>({
    method: 'get',
    path: '/v1/webhooks/deliveries',
    summary: 'The delivery log, newest first',
    tag,
    scope,
    query: DeliveryQuery,
    responses: {
      200: {
        description: 'Deliveries',
        schema: DeliveryList,
      },
      ...authErrors,
    },
    handler: async ({ auth, query }) => {
      const { limit, offset, ...filter } = query;
      const page = await svc.listDeliveries(auth.orgId, auth.environment, filter, { limit, offset });
      return {
        status: 200,
        body: {
          deliveries: page.items.map(({ payload, org_id: _o, ...d }) => ({
            ...d,
            ...deliveryDocument(d.event, payload),
          })),
          total: page.total,
          limit,
          offset,
        },
      };
    },
  });

const getDelivery = (svc: WebhookService) =>
  defineRoute<unknown, unknown, z.infer<typeof DeliveryParams>>({
    method: 'get',
    path: '/v1/webhooks/deliveries/{delivery_id}',
    summary: 'A delivery with every attempt and its payload',
    tag,
    scope,
    params: DeliveryParams,
    responses: { 200: { description: 'The delivery', schema: DeliveryWithAttempts }, ...notFound, ...authErrors },
    handler: async ({ auth, params }) => {
      const {
        org_id: _o,
        payload,
        ...delivery
      } = await svc.getDelivery(auth.orgId, auth.environment, params.delivery_id);
      return { status: 200, body: { ...delivery, payload: JSON.parse(payload) as unknown } };
    },
  });

const replayDelivery = (svc: WebhookService) =>
  defineRoute<unknown, unknown, z.infer<typeof DeliveryParams>>({
    method: 'post',
    path: '/v1/webhooks/deliveries/{delivery_id}/replay',
    summary: 'Send a delivery again, as a new attempt chain',
    tag,
    scope,
    params: DeliveryParams,
    responses: {
      202: { description: 'The delivery, pending again', schema: WebhookDeliverySchema },
      ...notFound,
      ...authErrors,
    },
    handler: async ({ auth, params }) => {
      const {
        org_id: _o,
        payload: _p,
        ...delivery
      } = await svc.replay(auth.orgId, auth.environment, params.delivery_id);
      return { status: 202, body: delivery };
    },
  });

const sendTest = (svc: WebhookService) =>
  defineRoute({
    method: 'post',
    path: '/v1/webhooks/test',
    summary: 'Send one signed webhook.test event now and report the answer',
    tag,
    scope,
    body: TestBody,
    responses: { 200: { description: 'What happened', schema: TestResult }, ...badUrl, ...authErrors },
    handler: async ({ auth, body }) => ({
      status: 200,
      body: await svc.test(auth.orgId, (body as { webhook_url?: unknown } | undefined)?.webhook_url),
    }),
  });

export function webhookRoutes(svc: WebhookService): RouteDef[] {
  return [
    createEndpoint(svc),
    listEndpoints(svc),
    getEndpoint(svc),
    updateEndpoint(svc),
    deleteEndpoint(svc),
    rotateSecret(svc),
    listDeliveries(svc),
    getDelivery(svc),
    replayDelivery(svc),
    sendTest(svc),
  ];
}
