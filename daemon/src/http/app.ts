import Router from '@koa/router';
import Koa from 'koa';
import type { Intake, RateLimiter } from '@intake/core';
import type { Logger } from '../logger.js';
import { authenticate } from './middleware/authenticate.js';
import { requestContext } from './middleware/request-context.js';
import { mountRoutes } from './mount-routes.js';
import { buildOpenApiDocument } from './openapi.js';
import { apiKeyRoutes } from './routes/api-keys.routes.js';
import { extractorRoutes } from './routes/extractors.routes.js';
import type { RouteDef } from './routes/route.js';
import { systemRoutes } from './routes/system.routes.js';

export interface HttpAppDeps {
  intake: Intake;
  rateLimiter: RateLimiter;
  logger: Logger;
  ping(): Promise<void>;
  publicBaseUrl: string;
  maxBodyBytes: number;
}

export interface HttpApp {
  koa: Koa;
  routes: readonly RouteDef[];
}

/** The public HTTP API as a Koa application (not listening: the daemon or a test decides where). */
export function createHttpApp(deps: HttpAppDeps): HttpApp {
  let openapi: unknown;
  const routes: RouteDef[] = [];
  routes.push(
    ...systemRoutes({ ping: deps.ping, openapi: () => (openapi ??= buildOpenApiDocument(routes, deps.publicBaseUrl)) }),
    ...extractorRoutes(deps.intake),
    ...apiKeyRoutes(deps.intake),
  );
  const auth = authenticate({ apiKeys: deps.intake.apiKeys, rateLimiter: deps.rateLimiter, clock: deps.intake.clock });
  const router = new Router();
  mountRoutes(router, routes, { maxBodyBytes: deps.maxBodyBytes, authenticate: auth });

  const koa = new Koa({ proxy: false });
  koa.silent = true;
  koa.use(requestContext(deps.logger));
  koa.use(router.routes());
  // Unknown /v1 paths still authenticate first: an anonymous caller learns nothing about which exist.
  koa.use(async (ctx, next) => {
    if (ctx.path.startsWith('/v1/') && ctx.status === 404 && ctx.body === undefined) await auth(ctx, next);
    else await next();
  });
  return { koa, routes };
}
