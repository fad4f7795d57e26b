import Router from '@koa/router';
import Koa from 'koa';
import { AppError, type Intake } from '@intake/core';
import { type WebhookService } from '@intake/core/webhooks';
import type { Logger } from '../logger.js';
import { readJsonBody } from '../http/read-json-body.js';
import { requestContext } from '../http/middleware/request-context.js';
import { directAdminOperations } from './admin-operations.js';
import { secretsEqual } from './admin-secret.js';
import type { OperationsDeps } from '../operations/operations.js';

/**
 * The admin plane served on the data directory's lock socket, so CLI commands work while the daemon
 * holds the PGlite database. Every request must carry the admin secret from the data directory.
 */
export function createAdminApp(
  intake: Intake,
  webhooks: WebhookService,
  operations: Omit<OperationsDeps, 'intake'>,
  secret: string,
  logger: Logger,
): Koa {
  const ops = directAdminOperations(intake, webhooks, operations, async () => {});
  const router = new Router();
  router.get('/admin/status', (ctx) => {
    ctx.body = { status: 'ok', pid: process.pid };
  });
  router.post('/admin/orgs', async (ctx) => {
    ctx.status = 201;
    ctx.body = await ops.createOrganization(await readJsonBody(ctx, 65_536));
  });
  router.post('/admin/keys', async (ctx) => {
    ctx.status = 201;
    ctx.body = await ops.createApiKey(await readJsonBody(ctx, 65_536));
  });
  router.post('/admin/credits', async (ctx) => {
    ctx.body = await ops.addCredits(await readJsonBody(ctx, 65_536));
  });
  router.post('/admin/orgs/update', async (ctx) => {
    ctx.body = await ops.updateOrganization(await readJsonBody(ctx, 65_536));
  });
  router.post('/admin/webhooks', async (ctx) => {
    ctx.status = 201;
    ctx.body = await ops.createWebhookEndpoint(await readJsonBody(ctx, 65_536));
  });
  router.post('/admin/webhooks/list', async (ctx) => {
    ctx.body = await ops.listWebhookEndpoints(await readJsonBody(ctx, 65_536));
  });
  router.post('/admin/orgs/list', async (ctx) => {
    ctx.body = await ops.listOrganizations(await readJsonBody(ctx, 65_536));
  });
  router.post('/admin/keys/list', async (ctx) => {
    ctx.body = await ops.listApiKeys(await readJsonBody(ctx, 65_536));
  });
  router.post('/admin/keys/revoke', async (ctx) => {
    ctx.body = await ops.revokeApiKey(await readJsonBody(ctx, 65_536));
  });
  router.post('/admin/operations/status', async (ctx) => {
    ctx.body = await ops.status();
  });
  router.post('/admin/operations/retention', async (ctx) => {
    ctx.body = await ops.retention(await readJsonBody(ctx, 65_536));
  });
  // The whole database in one answer: PGlite builds the dump in memory anyway.
  router.post('/admin/operations/database-dump', async (ctx) => {
    ctx.type = 'application/gzip';
    ctx.body = Buffer.from(await ops.dumpDatabase());
  });
  const app = new Koa();
  app.silent = true;
  app.use(requestContext(logger));
  app.use(async (ctx, next) => {
    const presented = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1] ?? '';
    if (!secretsEqual(presented, secret))
      throw new AppError('invalid_api_key', 'Admin requests need the admin secret of the data directory');
    await next();
  });
  app.use(router.routes());
  return app;
}
