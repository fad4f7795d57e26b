import { z } from 'zod';
import {
  EmailIngestionConfigInputSchema,
  EmailIngestionConfigPatchSchema,
  EmailIngestionConfigSchema,
  type EmailIngestionService,
} from '@intake/core/email';
import { authErrors, ErrorBodySchema } from './common.schemas.js';
import { defineRoute, type RouteDef } from './route.js';

const PrefixParams = z.object({ prefix: z.string().describe('The email prefix, case-insensitive') });
const ListResponse = z
  .object({ configs: z.array(EmailIngestionConfigSchema), total: z.number().int() })
  .meta({ id: 'EmailIngestionConfigList' });

const notFound = {
  404: { description: "not_found (also for another organization's prefix)", schema: ErrorBodySchema },
};
const invalid = { 400: { description: 'invalid_request with details', schema: ErrorBodySchema } };
const tag = 'email-ingestion';
const path = '/api/email-ingestion/config';

const createConfig = (svc: EmailIngestionService) =>
  defineRoute({
    method: 'post',
    path,
    summary: 'Configure an inbound email prefix',
    tag,
    scope: 'email_ingestion:write',
    sharedConfiguration: 'email ingestion configurations',
    body: EmailIngestionConfigInputSchema,
    responses: {
      201: { description: 'The configuration, every default filled', schema: EmailIngestionConfigSchema },
      ...invalid,
      409: {
        description: 'conflict: the prefix is in use (by this or another organization)',
        schema: ErrorBodySchema,
      },
      ...authErrors,
    },
    handler: async ({ auth, body }) => ({ status: 201, body: await svc.create(auth.orgId, body) }),
  });

const listConfigs = (svc: EmailIngestionService) =>
  defineRoute({
    method: 'get',
    path,
    summary: "The organization's prefixes, newest first",
    tag,
    scope: 'email_ingestion:read',
    responses: { 200: { description: 'Every configuration', schema: ListResponse }, ...authErrors },
    handler: async ({ auth }) => {
      const configs = await svc.list(auth.orgId);
      return { status: 200, body: { configs, total: configs.length } };
    },
  });

const getConfig = (svc: EmailIngestionService) =>
  defineRoute<unknown, unknown, z.infer<typeof PrefixParams>>({
    method: 'get',
    path: `${path}/{prefix}`,
    summary: "One prefix's configuration",
    tag,
    scope: 'email_ingestion:read',
    params: PrefixParams,
    responses: {
      200: { description: 'The configuration', schema: EmailIngestionConfigSchema },
      ...notFound,
      ...authErrors,
    },
    handler: async ({ auth, params }) => ({ status: 200, body: await svc.get(auth.orgId, params.prefix) }),
  });

const patchConfig = (svc: EmailIngestionService) =>
  defineRoute<unknown, unknown, z.infer<typeof PrefixParams>>({
    method: 'patch',
    path: `${path}/{prefix}`,
    summary: 'Change a configuration with a JSON merge patch (RFC 7396)',
    tag,
    scope: 'email_ingestion:write',
    sharedConfiguration: 'email ingestion configurations',
    params: PrefixParams,
    body: EmailIngestionConfigPatchSchema,
    responses: {
      200: { description: 'The merged configuration', schema: EmailIngestionConfigSchema },
      ...invalid,
      ...notFound,
      ...authErrors,
    },
    handler: async ({ auth, params, body }) => ({
      status: 200,
      body: await svc.patch(auth.orgId, params.prefix, body),
    }),
  });

const deleteConfig = (svc: EmailIngestionService) =>
  defineRoute<unknown, unknown, z.infer<typeof PrefixParams>>({
    method: 'delete',
    path: `${path}/{prefix}`,
    summary: 'Delete a configuration; mail to the prefix is refused from then on',
    tag,
    scope: 'email_ingestion:write',
    sharedConfiguration: 'email ingestion configurations',
    params: PrefixParams,
    responses: { 204: { description: 'Deleted' }, ...notFound, ...authErrors },
    handler: async ({ auth, params }) => {
      await svc.delete(auth.orgId, params.prefix);
      return { status: 204 };
    },
  });

export function emailIngestionRoutes(svc: EmailIngestionService): RouteDef[] {
  return [createConfig(svc), listConfigs(svc), getConfig(svc), patchConfig(svc), deleteConfig(svc)];
}
