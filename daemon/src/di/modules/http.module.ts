import { ContainerModule, type ResolutionContext } from 'inversify';
import type { CorrectionService } from '@intake/core/corrections';
import type { PageImages } from '@intake/core/pages';
import type { Intake, JobPipeline } from '@intake/core';
import type { InboundMailService } from '@intake/core/email';
import type { ErpService } from '@intake/core/erp';
import type { DocumentLinks } from '@intake/core/jobs';
import type { WebhookService } from '@intake/core/webhooks';
import { loadDashboard } from '@intake/dashboard';
import type { SqlStorage } from '@intake/storage-sql';
import type { ResolvedConfig } from '../../config/config.schema.js';
import { createHttpApp, type HttpApp, type HttpAppDeps } from '../../http/app.js';
import { HttpListener } from '../../http/http-listener.js';
import type { Logger } from '../../logger.js';
import { JobWorkers } from '../../workers/job-workers.js';
import type { DaemonMetrics } from '../../metrics/daemon-metrics.js';
import type { MetricsEndpointOptions } from '../../metrics/http-metrics.js';
import { poolReading } from '../../metrics/pool-reading.js';
import type { Lifecycle } from '../lifecycle.js';
import { TOKENS } from '../tokens.js';
import type { SmtpIntake } from '../../smtp/smtp-intake.js';
import type { DashboardMail } from '../../http/dashboard/session-routes.js';

/**
 * The mail gateway's address as the dashboard shows it: the port it really listens on (SMTP_PORT 0
 * picks one at start, so it is read at each request) and EMAIL_DOMAIN's first domain.
 */
function mailAddress(smtp: SmtpIntake, config: ResolvedConfig): () => DashboardMail {
  return () => {
    const listening = smtp.address() as { port: number } | null;
    return {
      host: config.SMTP_HOST,
      port: listening?.port ?? config.SMTP_PORT,
      domain: config.EMAIL_DOMAINS[0] ?? 'localhost',
    };
  };
}

/** What the HTTP app is built from, resolved from the container. */
async function httpAppDeps(ctx: ResolutionContext): Promise<HttpAppDeps> {
  const config = ctx.get<ResolvedConfig>(TOKENS.Config);
  const storage = await ctx.getAsync<SqlStorage>(TOKENS.Storage);
  const workers = await ctx.getAsync<JobWorkers>(TOKENS.Workers);
  const intake = await ctx.getAsync<Intake>(TOKENS.Intake);
  const logger = ctx.get<Logger>(TOKENS.Logger);
  return {
    intake,
    pipeline: await ctx.getAsync<JobPipeline>(TOKENS.Pipeline),
    links: await ctx.getAsync<DocumentLinks>(TOKENS.Links),
    webhooks: await ctx.getAsync<WebhookService>(TOKENS.WebhookService),
    inboundMail: await ctx.getAsync<InboundMailService>(TOKENS.InboundMail),
    erp: await ctx.getAsync<ErpService>(TOKENS.Erp),
    review: {
      pages: await ctx.getAsync<PageImages>(TOKENS.PageImages),
      corrections: await ctx.getAsync<CorrectionService>(TOKENS.Corrections),
    },
    testExtractionWaitMs: config.TEST_EXTRACTION_WAIT_MS,
    jobWorkers: config.WORKER_CONCURRENCY,
    maxDocumentBytes: config.limits.documentBytes,
    maxUploadJsonBytes: config.limits.uploadJsonBytes,
    registerCountLimit: config.REGISTER_COUNT_LIMIT,
    onSubmitted: () => workers.wake(),
    rateLimiter: storage.rateLimiter,
    logger,
    ping: () => storage.ping(),
    publicBaseUrl: config.PUBLIC_BASE_URL,
    trustedProxies: config.TRUSTED_PROXIES,
    maxBodyBytes: config.limits.requestBodyBytes,
    metrics: metricsOptions(ctx, config, storage, intake, logger),
    ...(config.DASHBOARD === 'on' ? { dashboard: await dashboardOptions(ctx, config) } : {}),
  };
}

/** GET /metrics and the request counters: METRICS_TOKEN, and the database figures read at each scrape. */
function metricsOptions(
  ctx: ResolutionContext,
  config: ResolvedConfig,
  storage: SqlStorage,
  intake: Intake,
  logger: Logger,
): MetricsEndpointOptions {
  return {
    metrics: ctx.get<DaemonMetrics>(TOKENS.Metrics),
    token: config.METRICS_TOKEN,
    sources: {
      gauges: storage.queueGauges,
      pool: () => poolReading(storage.knex),
      now: () => intake.clock.now().getTime(),
      onDatabaseError: (err) => logger.warn({ err }, 'metrics: the database figures could not be read'),
    },
  };
}

/** The web dashboard (DASHBOARD=on). */
async function dashboardOptions(
  ctx: ResolutionContext,
  config: ResolvedConfig,
): Promise<NonNullable<HttpAppDeps['dashboard']>> {
  return {
    // Bundled by `npm run build` (packages/dashboard/dist/ui): read here, no bundler at run time.
    bundle: await loadDashboard(),
    mail: mailAddress(await ctx.getAsync<SmtpIntake>(TOKENS.SmtpIntake), config),
  };
}

export const httpModule = new ContainerModule(({ bind }) => {
  bind<HttpApp>(TOKENS.HttpApp)
    .toDynamicValue(async (ctx) => createHttpApp(await httpAppDeps(ctx)))
    .inSingletonScope();

  bind<JobWorkers>(TOKENS.Workers)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const pipeline = await ctx.getAsync<JobPipeline>(TOKENS.Pipeline);
      return new JobWorkers(pipeline.processor, ctx.get<Logger>(TOKENS.Logger), {
        concurrency: config.WORKER_CONCURRENCY,
        pollMs: config.WORKER_POLL_MS,
      });
    })
    .inSingletonScope();

  bind<HttpListener>(TOKENS.HttpListener)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      return new HttpListener(await ctx.getAsync<HttpApp>(TOKENS.HttpApp), {
        host: config.HTTP_HOST,
        port: config.HTTP_PORT,
      });
    })
    .inSingletonScope();

  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue(async (ctx) => {
      const workers = await ctx.getAsync<JobWorkers>(TOKENS.Workers);
      return { part: 'job-workers', start: () => workers.start(), stop: () => workers.stop() };
    })
    .inSingletonScope();

  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue(async (ctx) => {
      const listener = await ctx.getAsync<HttpListener>(TOKENS.HttpListener);
      return { part: 'http', start: () => listener.start(), stop: () => listener.stop() };
    })
    .inSingletonScope();
});
