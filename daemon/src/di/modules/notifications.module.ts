import { ContainerModule } from 'inversify';
import { type Intake, type Notifier } from '@intake/core';
import { NotificationService, unconfiguredNotifier } from '@intake/core/email';
import type { ResolvedConfig } from '../../config/config.schema.js';
import type { Logger } from '../../logger.js';
import { NotificationWorkers } from '../../workers/notification-workers.js';
import { scheduleDigest } from '../../scheduler/digest-schedule.js';
import { loadOnce } from '../../runtime/load-once.js';
import type { Lifecycle } from '../lifecycle.js';
import { TOKENS } from '../tokens.js';

/** Mail out: the relay, the notification service and its workers. */
export const notificationsModule = new ContainerModule(({ bind }) => {
  bind<Notifier & { close(): void }>(TOKENS.Notifier)
    .toDynamicValue((ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      // Without a relay notifications are still decided and recorded, and fail at once saying why.
      if (!config.SMTP_RELAY_URL) return { ...unconfiguredNotifier(), close: () => {} };
      return lazySmtpNotifier(config.SMTP_RELAY_URL);
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
      return new NotificationWorkers(
        await ctx.getAsync<NotificationService>(TOKENS.Notifications),
        ctx.get<Logger>(TOKENS.Logger),
        { concurrency: 1, pollMs: config.NOTIFICATION_POLL_MS },
      );
    })
    .inSingletonScope();

  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue((ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const notifier = ctx.get<{ close(): void }>(TOKENS.Notifier);
      const logger = ctx.get<Logger>(TOKENS.Logger);
      return {
        part: 'notifier',
        start: () => {
          if (!config.SMTP_RELAY_URL)
            logger.info('SMTP_RELAY_URL is not set: email notifications are recorded but fail without being sent');
        },
        stop: () => notifier.close(),
      };
    })
    .inSingletonScope();

  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue(async (ctx) => {
      const workers = await ctx.getAsync<NotificationWorkers>(TOKENS.NotificationWorkers);
      return { part: 'notification-workers', start: () => workers.start(), stop: () => workers.stop() };
    })
    .inSingletonScope();

  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const notifications = await ctx.getAsync<NotificationService>(TOKENS.Notifications);
      const workers = await ctx.getAsync<NotificationWorkers>(TOKENS.NotificationWorkers);
      const logger = ctx.get<Logger>(TOKENS.Logger);
      let schedule: { stop(): void } | undefined;
      return {
        part: 'digest-schedule',
        start: () => {
          schedule ??= scheduleDigest({
            notifications,
            logger,
            cronExpression: config.DIGEST_CRON,
            onQueued: () => workers.wake(),
          });
        },
        stop: () => schedule?.stop(),
      };
    })
    .inSingletonScope();
});

/**
 * The relay's notifier, with nodemailer, is loaded with the first mail sent, not at start (the
 * relay URL's form was checked with the settings). `close()` ends it if it was loaded.
 */
function lazySmtpNotifier(relayUrl: string): Notifier & { close(): void } {
  let loaded: (Notifier & { close(): void }) | undefined;
  const notifier = loadOnce(
    async () => (loaded = (await import('@intake/notifier-smtp')).createSmtpNotifier({ relayUrl })),
  );
  return { send: async (mail) => (await notifier()).send(mail), close: () => loaded?.close() };
}
