import { z } from 'zod';
import { CreateErpConnectionSchema, UpdateErpConnectionSchema, type ErpService } from '@intake/core/erp';
import { authErrors, ErrorBodySchema, pageQuery } from './common.schemas.js';
import { defineRoute, type RouteDef } from './route.js';
import { ErpConnectionViewSchema, ErpSyncViewSchema } from '../schemas/erp.schemas.js';

const ConnectionParams = z.object({ connection_id: z.string() });
const SyncParams = z.object({ sync_id: z.string() });
const WithSecret = ErpConnectionViewSchema.extend({
  secret: z.string().describe('Signs every request to the ERP; shown only in this response'),
}).meta({ id: 'ErpConnectionWithSecret' });
const SyncQuery = z.object({
  job_id: z.string().optional(),
  status: z.enum(['pending', 'synced', 'failed']).optional(),
  ...pageQuery(100),
});
const SyncList = z
  .object({
    syncs: z.array(ErpSyncViewSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: 'ErpSyncList' });
const notFound = { 404: { description: 'not_found', schema: ErrorBodySchema } };
const badRequest = {
  400: {
    description: 'invalid_request (a bad body, or a URL that is not HTTPS or not allowed)',
    schema: ErrorBodySchema,
  },
};
const tag = 'erp';

const createConnection = (svc: ErpService) =>
  defineRoute({
    method: 'post',
    path: '/v1/erp-connections',
    summary: 'Connect an accounting system (the built-in HTTP connector); its secret is shown once',
    tag,
    scope: 'email_ingestion:write',
    sharedConfiguration: 'ERP connections',
    body: CreateErpConnectionSchema,
    responses: {
      201: { description: 'The connection with its secret', schema: WithSecret },
      ...badRequest,
      ...authErrors,
    },
    handler: async ({ auth, body }) => {
      const { connection, secret } = await svc.create(auth.orgId, body);
      return { status: 201, body: { ...connection, secret } };
    },
  });

const listConnections = (svc: ErpService) =>
  defineRoute({
    method: 'get',
    path: '/v1/erp-connections',
    summary: 'List ERP connections, newest first',
    tag,
    scope: 'email_ingestion:read',
    responses: {
      200: {
        description: 'Connections',
        schema: z.object({ connections: z.array(ErpConnectionViewSchema) }).meta({ id: 'ErpConnectionList' }),
      },
      ...authErrors,
    },
    handler: async ({ auth }) => ({ status: 200, body: { connections: await svc.list(auth.orgId) } }),
  });

const getConnection = (svc: ErpService) =>
  defineRoute<unknown, unknown, z.infer<typeof ConnectionParams>>({
    method: 'get',
    path: '/v1/erp-connections/{connection_id}',
    summary: 'One ERP connection',
    tag,
    scope: 'email_ingestion:read',
    params: ConnectionParams,
    responses: {
      200: { description: 'The connection', schema: ErpConnectionViewSchema },
      ...notFound,
      ...authErrors,
    },
    handler: async ({ auth, params }) => ({ status: 200, body: await svc.get(auth.orgId, params.connection_id) }),
  });

const updateConnection = (svc: ErpService) =>
  defineRoute<unknown, unknown, z.infer<typeof ConnectionParams>>({
    method: 'patch',
    path: '/v1/erp-connections/{connection_id}',
    summary: 'Change an ERP connection (is_active false pauses new records)',
    tag,
    scope: 'email_ingestion:write',
    sharedConfiguration: 'ERP connections',
    params: ConnectionParams,
    body: UpdateErpConnectionSchema,
    responses: {
      200: { description: 'The connection', schema: ErpConnectionViewSchema },
      ...badRequest,
      ...notFound,
      ...authErrors,
    },
    handler: async ({ auth, params, body }) => ({
      status: 200,
      body: await svc.update(auth.orgId, params.connection_id, body),
    }),
  });

const deleteConnection = (svc: ErpService) =>
  defineRoute<unknown, unknown, z.infer<typeof ConnectionParams>>({
    method: 'delete',
    path: '/v1/erp-connections/{connection_id}',
    summary: 'Delete an ERP connection and its sync log (refused while a prefix uses it)',
    tag,
    scope: 'email_ingestion:write',
    sharedConfiguration: 'ERP connections',
    params: ConnectionParams,
    responses: {
      204: { description: 'Deleted' },
      ...notFound,
      409: { description: 'conflict: an email prefix names it in erpConnectionId', schema: ErrorBodySchema },
      ...authErrors,
    },
    handler: async ({ auth, params }) => {
      await svc.delete(auth.orgId, params.connection_id);
      return { status: 204 };
    },
  });

const listSyncs = (svc: ErpService) =>
  defineRoute<unknown, z.infer<typeof SyncQuery>, z.infer<typeof ConnectionParams>>({
    method: 'get',
    path: '/v1/erp-connections/{connection_id}/syncs',
    summary: 'What was sent to this connection, newest first',
    tag,
    scope: 'email_ingestion:read',
    params: ConnectionParams,
    query: SyncQuery,
    responses: { 200: { description: 'A page of syncs', schema: SyncList }, ...notFound, ...authErrors },
    handler: async ({ auth, params, query }) => {
      await svc.get(auth.orgId, params.connection_id);
      const { limit, offset, ...filter } = query;
      const page = await svc.listSyncs(
        auth.orgId,
        auth.environment,
        { ...filter, connection_id: params.connection_id },
        { limit, offset },
      );
      return { status: 200, body: { syncs: page.items, total: page.total, limit, offset } };
    },
  });

const getSync = (svc: ErpService) =>
  defineRoute<unknown, unknown, z.infer<typeof SyncParams>>({
    method: 'get',
    path: '/v1/erp-syncs/{sync_id}',
    summary: 'One sync: the record sent, attempts, the outcome',
    tag,
    scope: 'email_ingestion:read',
    params: SyncParams,
    responses: { 200: { description: 'The sync', schema: ErpSyncViewSchema }, ...notFound, ...authErrors },
    handler: async ({ auth, params }) => ({
      status: 200,
      body: await svc.getSync(auth.orgId, auth.environment, params.sync_id),
    }),
  });

/** `/v1/erp-connections`: the accounting systems a prefix's `erpConnectionId` names, and what was sent to them. */
export function erpRoutes(svc: ErpService): RouteDef[] {
  return [
    createConnection(svc),
    listConnections(svc),
    getConnection(svc),
    updateConnection(svc),
    deleteConnection(svc),
    listSyncs(svc),
    getSync(svc),
  ];
}
