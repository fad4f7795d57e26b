import { ContainerModule } from 'inversify';
import { type Intake, type WebhookTransport } from '@intake/core';
import { type NotificationService } from '@intake/core/email';
import { ErpService, HttpErpConnector } from '@intake/core/erp';
import type { ResolvedConfig } from '../../config/config.schema.js';
import type { Logger } from '../../logger.js';
import { ErpWorkers } from '../../workers/erp-workers.js';
import type { DaemonMetrics } from '../../metrics/daemon-metrics.js';
import type { Lifecycle } from '../lifecycle.js';
import { TOKENS } from '../tokens.js';

/** ERP connections: the built-in HTTP connector (over the webhook transport), the service and its worker. */
export const erpModule = new ContainerModule(({ bind }) => {
  bind<ErpService>(TOKENS.Erp)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const intake = await ctx.getAsync<Intake>(TOKENS.Intake);
      const notifications = await ctx.getAsync<NotificationService>(TOKENS.Notifications);
      return new ErpService({
        stores: intake.stores,
        connector: new HttpErpConnector({
          transport: ctx.get<WebhookTransport>(TOKENS.WebhookTransport),
          timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        }),
        clock: intake.clock,
        ids: intake.ids,
        options: { retryDelaysMs: config.ERP_RETRY_DELAYS_MS, leaseMs: config.WEBHOOK_TIMEOUT_MS * 6 },
        onSyncFailed: (tx, orgId, failure) => notifications.recordErpSyncFailed(tx, orgId, failure),
      });
    })
    .inSingletonScope();

  bind<ErpWorkers>(TOKENS.ErpWorkers)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const metrics = ctx.get<DaemonMetrics>(TOKENS.Metrics);
      return new ErpWorkers(await ctx.getAsync<ErpService>(TOKENS.Erp), ctx.get<Logger>(TOKENS.Logger), {
        concurrency: 1,
        pollMs: config.ERP_POLL_MS,
        onReport: (report) => metrics.erpReport(report),
      });
    })
    .inSingletonScope();

  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue(async (ctx) => {
      const workers = await ctx.getAsync<ErpWorkers>(TOKENS.ErpWorkers);
      return { part: 'erp-workers', start: () => workers.start(), stop: () => workers.stop() };
    })
    .inSingletonScope();
});
