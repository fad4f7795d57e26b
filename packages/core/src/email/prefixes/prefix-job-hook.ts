import type { IdGenerator } from '../../shared/ids.js';
import type { ExtractionStores, MailStores } from '../../ports/intake-stores.port.js';
import type { JobHooks } from '../../jobs/index.js';
import { emailOfJob } from './job-email.js';
import { extractionCompletedData, prefixEvent, prefixSubscribes } from './prefix-events.js';

/**
 * What an email job's prefix adds to the queue: its `maxProcessingTimeMs` when shorter than
 * PROCESSING_TIMEOUT_MS (the prefix as it is when the attempt starts; a prefix deleted since leaves
 * the global one), and its webhook's `extraction.completed` event in the transaction that ends the job.
 */
export function prefixJobHook(deps: {
  stores: Pick<MailStores, 'emailIngestion'>;
  ids: IdGenerator;
}): JobHooks<ExtractionStores & Pick<MailStores, 'emailIngestion'>> {
  return {
    async timeLimit(job) {
      const prefix = emailOfJob(job)?.prefix;
      if (!prefix) return null;
      const perPrefix = (await deps.stores.emailIngestion.get(job.org_id, prefix))?.config.maxProcessingTimeMs;
      return perPrefix === undefined ? null : { ms: perPrefix, setting: `maxProcessingTimeMs of prefix ${prefix}` };
    },
    async onFinished(tx, job, at) {
      const prefix = emailOfJob(job)?.prefix;
      if (!prefix) return;
      const stored = await tx.emailIngestion.get(job.org_id, prefix);
      if (!stored || !prefixSubscribes(stored.config, 'extraction.completed')) return;
      await tx.outbox.add(
        prefixEvent(
          deps.ids,
          job.org_id,
          job.environment,
          stored.prefix,
          'extraction.completed',
          extractionCompletedData(job),
          at,
        ),
      );
    },
  };
}
