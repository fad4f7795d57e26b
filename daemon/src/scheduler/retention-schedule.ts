import cron from 'node-cron';
import { type PageImageCache } from '@intake/core/ports';
import { coerceError, type BlobStore, type Intake } from '@intake/core';
import { purgeExpiredJobs } from '@intake/core/jobs';
import type { Logger } from '../logger.js';

/** The daily retention run; several daemons may run it, deletes are idempotent. */
export function scheduleRetention(deps: {
  intake: Intake;
  blobs: BlobStore;
  pageCache?: PageImageCache;
  logger: Logger;
  cronExpression: string;
  days: number;
}) {
  const task = cron.schedule(
    deps.cronExpression,
    async () => {
      try {
        const removed = await purgeExpiredJobs(
          {
            stores: deps.intake.stores,
            blobs: deps.blobs,
            clock: deps.intake.clock,
            ...(deps.pageCache ? { pageCache: deps.pageCache } : {}),
          },
          deps.days,
        );
        deps.logger.info({ jobs: removed.jobs, files: removed.files, days: deps.days }, 'retention run');
      } catch (error) {
        deps.logger.error({ err: coerceError(error) }, 'retention run failed');
      }
    },
    { name: 'retention', noOverlap: true },
  );
  return { stop: () => task.stop() };
}
