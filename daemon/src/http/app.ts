import Router from '@koa/router';
import Koa from 'koa';
import type { CorrectionService } from '@intake/core/corrections';
import type { PageImages } from '@intake/core/pages';
import type { Intake, JobPipeline, RateLimiter } from '@intake/core';
import type { InboundMailService } from '@intake/core/email';
import type { ErpService } from '@intake/core/erp';
import type { DocumentLinks } from '@intake/core/jobs';
import type { WebhookService } from '@intake/core/webhooks';
import { LIST_COUNT_LIMIT } from '@intake/core/jobs';
import type { DashboardBundle } from '@intake/dashboard';
import type { Logger } from '../logger.js';
import { countRequests, metricsEndpoint, type MetricsEndpointOptions } from '../metrics/http-metrics.js';
import { answerClientError } from './client-error.js';
import { sessionAuthenticator } from './dashboard/session-auth.js';
import { sessionCookie, type SessionCookie } from './dashboard/session-cookie.js';
import { sessionRoutes, type DashboardMail } from './dashboard/session-routes.js';
import { signInLimits } from './dashboard/sign-in-limits.js';
import { serveDashboard } from './dashboard/serve-dashboard.js';
import { authenticate } from './middleware/authenticate.js';
import { trustedProxies } from './middleware/trusted-proxies.js';
import { requestContext } from './middleware/request-context.js';
import { JsonThread } from './json-thread/json-threads.js';
import { mountRoutes } from './mount-routes.js';
import { loadOnce } from '../runtime/load-once.js';
import { processBodyTrim, type BodyTrim } from '../runtime/idle-memory.js';
import type { BodyState } from './read-json-body.js';
import { apiKeyRoutes } from './routes/api-keys.routes.js';
import { creditRoutes } from './routes/credits.routes.js';
import { emailIngestionRoutes } from './routes/email-ingestion.routes.js';
import { inboundMailRoutes } from './routes/inbound-mail.routes.js';
import { documentRoutes } from './routes/documents.routes.js';
import { erpRoutes } from './routes/erp.routes.js';
import { extractorRoutes } from './routes/extractors.routes.js';
import { fileRoutes } from './routes/files.routes.js';
import { overviewRoutes } from './routes/overview.routes.js';
import { reviewDocumentRoutes } from './routes/review-document.routes.js';
import type { RouteDef } from './routes/route.js';
import { reviewRoutes } from './routes/review.routes.js';
import { vendorHintRoutes } from './routes/vendor-hints.routes.js';
import { systemRoutes } from './routes/system.routes.js';
import { webhookRoutes } from './routes/webhooks.routes.js';

/** Path trees whose routes all need a key (the email ingestion endpoints live under /api/). */
const AUTHENTICATED_TREES = ['/v1/', '/api/'];

export interface HttpAppDeps {
  intake: Intake;
  pipeline: JobPipeline;
  links: DocumentLinks;
  webhooks: WebhookService;
  /** Mail in: the messages log and the test endpoint (left out, those routes are not mounted). */
  inboundMail?: InboundMailService;
  /** ERP connections (left out, /v1/erp-connections is not mounted). */
  erp?: ErpService;
  /** How long the email test endpoint waits for a job's extraction (TEST_EXTRACTION_WAIT_MS). */
  testExtractionWaitMs?: number;
  rateLimiter: RateLimiter;
  logger: Logger;
  ping(): Promise<void>;
  /** WORKER_CONCURRENCY, which `/readyz` reports (0: this daemon queues jobs and claims none; default 1). */
  jobWorkers?: number;
  publicBaseUrl: string;
  /** TRUSTED_PROXIES: whose X-Forwarded-For and X-Forwarded-Proto are believed (none when absent). */
  trustedProxies?: readonly string[];
  /** MAX_REQUEST_BODY_MB: the largest JSON body of an endpoint that carries a document (the email test endpoint); others take at most ORDINARY_BODY_BYTES. */
  maxBodyBytes: number;
  /** MAX_ATTACHMENT_SIZE_MB in bytes. */
  maxDocumentBytes: number;
  /** Largest JSON body of a document upload, which carries the document base64-encoded (config/limits.ts). */
  maxUploadJsonBytes: number;
  /** GET /v1/documents counts a total it must count match by match up to this many (default LIST_COUNT_LIMIT). */
  registerCountLimit?: number;
  /** Called after a new job is queued (wakes local workers at once instead of at their next poll). */
  onSubmitted?: () => void;
  /** Review: page pictures and corrections (left out, their routes are not mounted). */
  review?: { pages: PageImages; corrections: CorrectionService };
  /** The web dashboard at `/` and its session sign-in (left out, neither is mounted: DASHBOARD=off). */
  dashboard?: {
    bundle: DashboardBundle;
    /** Failed sign-ins per client address and minute (default 10; not a setting of the daemon). */
    signInFailuresPerMinute?: number;
    /** The mail gateway's address, which the dashboard builds its copyable commands from. */
    mail?: () => DashboardMail;
  };
  /** GET /metrics and the request counters (left out, neither: an app without metrics, as in some tests). */
  metrics?: MetricsEndpointOptions;
  /** Returns the memory of large bodies once their request is answered (the process's own by default). */
  bodyTrim?: BodyTrim;
}

export interface HttpApp {
  koa: Koa;
  routes: readonly RouteDef[];
  /** For the server's 'clientError': what Node's parser cannot read is answered with the error body too. */
  onClientError: ReturnType<typeof answerClientError>;
}

/** The public HTTP API as a Koa application (not listening: the daemon or a test decides where). */
export function createHttpApp(deps: HttpAppDeps): HttpApp {
  // The bodies that carry a document are parsed and decoded here, off the event loop.
  const jsonThread = new JsonThread({ maxBodyBytes: Math.max(deps.maxBodyBytes, deps.maxUploadJsonBytes) });
  // Built, zod-openapi loaded with it, on the first request for it: few clients ever ask.
  const openapi = loadOnce(async () => (await import('./openapi.js')).buildOpenApiDocument(routes, deps.publicBaseUrl));
  const routes = apiRoutes(deps, jsonThread, openapi);
  // Session cookies are Secure (and __Host- named) when the dashboard is reached over HTTPS.
  const cookie = sessionCookie(deps.publicBaseUrl.startsWith('https://'));
  const sessions = deps.dashboard ? sessionAuthenticator(deps.intake.sessions, cookie) : undefined;
  const auth = authenticate({
    apiKeys: deps.intake.apiKeys,
    rateLimiter: deps.rateLimiter,
    clock: deps.intake.clock,
    ...(sessions ? { sessions } : {}),
  });
  const mountOptions = { maxBodyBytes: deps.maxBodyBytes, jsonThread, authenticate: auth };

  const koa = new Koa({ proxy: false });
  koa.silent = true;
  // Outside everything else, so the status counted is the one sent, error bodies included.
  if (deps.metrics) koa.use(countRequests(deps.metrics.metrics));
  if (deps.trustedProxies?.length) koa.use(trustedProxies(deps.trustedProxies));
  koa.use(requestContext(deps.logger));
  koa.use(trimAfterLargeBodies(deps.bodyTrim ?? processBodyTrim, deps.logger));
  if (deps.metrics) koa.use(metricsEndpoint(deps.metrics));
  if (deps.dashboard) koa.use(dashboardSignIn(deps, deps.dashboard, cookie));
  koa.use(routersByPrefix(routes, (router, group) => mountRoutes(router, group, mountOptions)));
  // Unknown /v1 and /api paths still authenticate first: an anonymous caller learns nothing about which exist.
  koa.use(async (ctx, next) => {
    if (AUTHENTICATED_TREES.some((tree) => ctx.path.startsWith(tree)) && ctx.status === 404 && ctx.body === undefined)
      await auth(ctx, next);
    else await next();
  });
  if (deps.dashboard) koa.use(serveDashboard(deps.dashboard.bundle));
  return { koa, routes, onClientError: answerClientError(deps.logger) };
}

/**
 * The route table, in mounting order: which endpoints exist follows from the services given (a
 * left-out one leaves its routes unmounted).
 */
function apiRoutes(deps: HttpAppDeps, jsonThread: JsonThread, openapi: () => Promise<unknown>): RouteDef[] {
  return [
    ...systemRoutes({ ping: () => deps.ping(), jobWorkers: deps.jobWorkers ?? 1, openapi }),
    ...extractorRoutes(deps.intake),
    ...documentRoutes({
      intake: deps.intake,
      pipeline: deps.pipeline,
      links: deps.links,
      limits: { maxDocumentBytes: deps.maxDocumentBytes, maxJsonBytes: deps.maxUploadJsonBytes },
      jsonThread,
      countLimit: deps.registerCountLimit ?? LIST_COUNT_LIMIT,
      ...(deps.onSubmitted ? { onSubmitted: deps.onSubmitted } : {}),
      ...(deps.review ? { corrections: deps.review.corrections } : {}),
      ...(deps.review ? { forgetPages: (key: string) => deps.review!.pages.forgetDocument(key) } : {}),
    }),
    ...overviewRoutes({
      intake: deps.intake,
      links: deps.links,
      ...(deps.inboundMail ? { inboundMail: deps.inboundMail } : {}),
    }),
    ...fileRoutes(deps),
    ...creditRoutes(deps.intake),
    ...webhookRoutes(deps.webhooks),
    ...apiKeyRoutes(deps.intake),
    ...emailIngestionRoutes(deps.intake.emailIngestion),
    ...(deps.inboundMail
      ? inboundMailRoutes(deps.inboundMail, {
          jobs: deps.intake.stores.jobs,
          // A daemon that claims no jobs answers at once, with the job queued: it cannot know whether
          // another daemon will run the job (docs/configuration.md#job-workers).
          waitForExtractionMs: deps.jobWorkers === 0 ? 0 : (deps.testExtractionWaitMs ?? 0),
          onJobCreated: deps.onSubmitted,
        })
      : []),
    ...(deps.inboundMail ? reviewDocumentRoutes(deps) : []),
    ...(deps.erp ? erpRoutes(deps.erp) : []),
    ...(deps.review
      ? [...reviewRoutes({ intake: deps.intake, links: deps.links, ...deps.review }), ...vendorHintRoutes(deps.intake)]
      : []),
  ];
}

/** The dashboard's session sign-in and sign-out, with their own failure limits. */
function dashboardSignIn(
  deps: HttpAppDeps,
  dashboard: NonNullable<HttpAppDeps['dashboard']>,
  cookie: SessionCookie,
): Koa.Middleware {
  const { signInFailuresPerMinute, mail } = dashboard;
  const limits = signInLimits({
    rateLimiter: deps.rateLimiter,
    clock: deps.intake.clock,
    ...(signInFailuresPerMinute !== undefined ? { failuresPerMinute: signInFailuresPerMinute } : {}),
  });
  return sessionRoutes({
    sessions: deps.intake.sessions,
    cookie,
    publicBaseUrl: deps.publicBaseUrl,
    limits,
    ...(mail ? { mail } : {}),
  });
}

/**
 * The routes' Koa middleware: one @koa/router per prefix (a path's first two segments, e.g.
 * `/v1/extractors`), picked by a map lookup. A router tests every one of its routes' patterns
 * against every request; split this way, a request is tested against its own prefix's few routes
 * rather than all of them. No request can match routes of two prefixes, so which route answers is
 * unchanged. Should a route ever have a parameter in its prefix, all routes share one router again.
 */
function routersByPrefix(
  routes: readonly RouteDef[],
  mount: (router: Router, routes: readonly RouteDef[]) => void,
): Koa.Middleware {
  const byPrefix = new Map<string, RouteDef[]>();
  for (const route of routes) {
    const prefix = prefixOf(route.path).toLowerCase();
    if (prefix.includes('{')) {
      const router = new Router();
      mount(router, routes);
      return router.routes() as Koa.Middleware;
    }
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), route]);
  }
  const routers = new Map<string, Koa.Middleware>();
  for (const [prefix, group] of byPrefix) {
    const router = new Router();
    mount(router, group);
    routers.set(prefix, router.routes() as Koa.Middleware);
  }
  return async (ctx, next) => {
    const prefix = prefixOf(ctx.path);
    // Routes match without regard to case, as the single router's did.
    const router = routers.get(prefix) ?? routers.get(prefix.toLowerCase());
    await (router ? router(ctx, next) : next());
  };
}

/** `/v1/extractors` of `/v1/extractors`, `/v1/extractors/` and `/v1/extractors/{id}/...`; `/healthz` of `/healthz/`. */
function prefixOf(path: string): string {
  const first = path.indexOf('/', 1);
  if (first === -1) return path;
  if (first === path.length - 1) return path.slice(0, first);
  const second = path.indexOf('/', first + 1);
  return second === -1 ? path : path.slice(0, second);
}

/**
 * Once a request whose body was read is handled (answered or refused), a large body asks for a
 * trim of the allocator on a thread: its buffers, the JSON thread's copies and busboy's chunks are
 * freed into glibc's arenas, which keep them otherwise (docs/resources.md).
 */
function trimAfterLargeBodies(trim: BodyTrim, logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const bytes = (ctx.state as BodyState).bodyBytes;
      if (bytes !== undefined) trim.afterBody(bytes, logger);
    }
  };
}
