import { z } from 'zod';
import { type Intake } from '@intake/core';
import { CreateApiKeyInputSchema } from '@intake/core/keys';
import { authErrors, ErrorBodySchema, pageQuery } from './common.schemas.js';
import { defineRoute, type RouteDef } from './route.js';
import { ApiKeySchema, CreatedApiKeySchema } from '../schemas/api-keys.schemas.js';

const ListQuery = z.object(pageQuery(100));
const ListResponse = z
  .object({
    api_keys: z.array(ApiKeySchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: 'ApiKeyList' });
const IdParams = z.object({ key_id: z.string() });

export function apiKeyRoutes(intake: Intake): RouteDef[] {
  const svc = intake.apiKeys;
  return [
    defineRoute({
      method: 'post',
      path: '/v1/api-keys',
      summary: "Create an API key (scopes and environment no wider than the calling key's)",
      tag: 'api-keys',
      scope: 'api_keys:write',
      body: CreateApiKeyInputSchema,
      responses: {
        201: { description: 'The key record plus `key`, shown only here', schema: CreatedApiKeySchema },
        400: { description: 'invalid_request', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: async ({ body, auth }) => {
        const created = await svc.create(auth.orgId, body, auth);
        return { status: 201, body: { ...created.record, key: created.key } };
      },
    }),
    defineRoute<unknown, z.infer<typeof ListQuery>>({
      method: 'get',
      path: '/v1/api-keys',
      summary: "List the API keys of the calling key's environment, newest first; secrets are never returned",
      tag: 'api-keys',
      scope: 'api_keys:write',
      query: ListQuery,
      responses: { 200: { description: 'A page of keys', schema: ListResponse }, ...authErrors },
      handler: async ({ query, auth }) => {
        const page = await svc.list(auth.orgId, auth.environment, query);
        return {
          status: 200,
          body: { api_keys: page.items, total: page.total, limit: query.limit, offset: query.offset },
        };
      },
    }),
    defineRoute<unknown, unknown, z.infer<typeof IdParams>>({
      method: 'post',
      path: '/v1/api-keys/{key_id}/revoke',
      summary:
        "Revoke an API key of the calling key's environment whose scopes it holds (idempotent: revoked_at keeps the first revocation)",
      tag: 'api-keys',
      scope: 'api_keys:write',
      params: IdParams,
      responses: {
        200: { description: 'The revoked key', schema: ApiKeySchema },
        404: { description: 'not_found', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: async ({ params, auth }) => ({ status: 200, body: await svc.revoke(auth.orgId, params.key_id, auth) }),
    }),
  ];
}
