import { ContainerModule } from 'inversify';
import { type Intake, type WebhookTransport } from '@intake/core';
import { WebhookSender, WebhookService } from '@intake/core/webhooks';
import { createHttpsTransport } from '@intake/webhook-https';
import type { ResolvedConfig } from '../../config/config.schema.js';
import type { Logger } from '../../logger.js';
import { WebhookWorkers } from '../../workers/webhook-workers.js';
import type { DaemonMetrics } from '../../metrics/daemon-metrics.js';
import type { Lifecycle } from '../lifecycle.js';
import { TOKENS } from '../tokens.js';

/** Webhook endpoints, the signed sender and its worker. */
export const webhooksModule = new ContainerModule(({ bind }) => {
  bind<WebhookTransport & { close(): void }>(TOKENS.WebhookTransport)
    .toDynamicValue((ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      return createHttpsTransport({
        allowedHosts: config.WEBHOOK_ALLOWED_HOSTS,
        ...(config.WEBHOOK_CA_FILE ? { caFile: config.WEBHOOK_CA_FILE } : {}),
        maxSockets: config.WEBHOOK_ENDPOINT_CONCURRENCY,
        allowLocalhostHttp: config.WEBHOOKS_ALLOW_LOCALHOST,
      });
    })
    .inSingletonScope();

  bind<WebhookService>(TOKENS.WebhookService)
    .toDynamicValue(async (ctx) => {
      const intake = await ctx.getAsync<Intake>(TOKENS.Intake);
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      return new WebhookService({
        store: intake.stores.webhooks,
        settings: intake.stores.settings,
        transport: ctx.get(TOKENS.WebhookTransport),
        clock: intake.clock,
        ids: intake.ids,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        allowLocalhostHttp: config.WEBHOOKS_ALLOW_LOCALHOST,
      });
    })
    .inSingletonScope();

  bind<WebhookWorkers>(TOKENS.WebhookWorkers)
    .toDynamicValue(async (ctx) => {
      const intake = await ctx.getAsync<Intake>(TOKENS.Intake);
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const metrics = ctx.get<DaemonMetrics>(TOKENS.Metrics);
      const sender = new WebhookSender({
        store: intake.stores.webhooks,
        transport: ctx.get(TOKENS.WebhookTransport),
        clock: intake.clock,
        ids: intake.ids,
        // The lease outlives any attempt, so another daemon never sends the same attempt meanwhile.
        options: {
          timeoutMs: config.WEBHOOK_TIMEOUT_MS,
          leaseMs: config.WEBHOOK_TIMEOUT_MS * 6,
          ...(config.WEBHOOK_RETRY_DELAYS_MS ? { retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS } : {}),
        },
      });
      return new WebhookWorkers(sender, ctx.get<Logger>(TOKENS.Logger), {
        concurrency: config.WEBHOOK_CONCURRENCY,
        perEndpoint: config.WEBHOOK_ENDPOINT_CONCURRENCY,
        pollMs: config.WEBHOOK_POLL_MS,
        onAnswer: (answer) => metrics.webhookAnswered(answer),
      });
    })
    .inSingletonScope();

  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue((ctx) => {
      const transport = ctx.get<{ close(): void }>(TOKENS.WebhookTransport);
      return { part: 'webhook-transport', stop: () => transport.close() };
    })
    .inSingletonScope();

  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue(async (ctx) => {
      const workers = await ctx.getAsync<WebhookWorkers>(TOKENS.WebhookWorkers);
      return { part: 'webhook-workers', start: () => workers.start(), stop: () => workers.stop() };
    })
    .inSingletonScope();
});
