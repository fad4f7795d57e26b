import cron from 'node-cron';
import { coerceError } from '@intake/core';
import { type NotificationService } from '@intake/core/email';
import type { Logger } from '../logger.js';

/**
 * The daily digest of internal notifications (DIGEST_CRON, 08:00 server time by default). Every
 * daemon runs it; each recipient still gets one digest a day (see NotificationService.runDigest).
 */
export function scheduleDigest(deps: {
  notifications: NotificationService;
  logger: Logger;
  cronExpression: string;
  onQueued?: () => void;
}) {
  const task = cron.schedule(
    deps.cronExpression,
    async () => {
      try {
        const made = await deps.notifications.runDigest();
        if (made.digests > 0) deps.onQueued?.();
        deps.logger.info(made, 'digest run');
      } catch (error) {
        deps.logger.error({ err: coerceError(error) }, 'digest run failed');
      }
    },
    { name: 'notification-digest', noOverlap: true },
  );
  return { stop: () => task.stop() };
}
