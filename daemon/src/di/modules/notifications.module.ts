import { ContainerModule } from 'inversify';
import { NotificationService, unconfiguredNotifier, type Intake, type Notifier } from '@intake/core';
import { createSmtpNotifier } from '@intake/notifier-smtp';
import type { ResolvedConfig } from '../../config/config.schema.js';
import type { Logger } from '../../logger.js';
import { NotificationWorkers } from '../../workers/notification-workers.js';
import { TOKENS } from '../tokens.js';

/** Mail out: the relay, the notification service and its workers. */
export const notificationsModule = new ContainerModule(({ bind }) => {
  bind<Notifier & { close(): void }>(TOKENS.Notifier)
    .toDynamicValue((ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      // Without a relay notifications are still decided and recorded, and fail at once saying why.
      if (!config.SMTP_RELAY_URL) return { ...unconfiguredNotifier(), close: () => {} };
      return createSmtpNotifier({ relayUrl: config.SMTP_RELAY_URL });
    })
    .inSingletonScope();

  bind<NotificationService>(TOKENS.Notifications)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const intake = await ctx.getAsync<Intake>(TOKENS.Intake);
      return new NotificationService({
        stores: intake.stores,
        notifier: ctx.get<Notifier>(TOKENS.Notifier),
        clock: intake.clock,
        ids: intake.ids,
        options: { ownDomains: config.EMAIL_DOMAINS, publicBaseUrl: config.PUBLIC_BASE_URL },
      });
    })
    .inSingletonScope();

  bind<NotificationWorkers>(TOKENS.NotificationWorkers)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      return new NotificationWorkers(await ctx.getAsync<NotificationService>(TOKENS.Notifications), ctx.get<Logger>(TOKENS.Logger), { concurrency: 1, pollMs: config.NOTIFICATION_POLL_MS });
    })
    .inSingletonScope();
});
