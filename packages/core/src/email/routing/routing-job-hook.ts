import type { JobHooks } from '../../jobs/index.js';
import type { ExtractionStores } from '../../ports/intake-stores.port.js';
import { routeAfterExtraction } from './routing.js';

/** Amount rules of an email job's routing are decided after extraction, when the total is known. */
export const routingJobHook: JobHooks<ExtractionStores> = {
  beforeComplete(job, extracted) {
    const routing =
      job.routing && job.routing.rules.length > 0
        ? { ...job.routing, decision: routeAfterExtraction(job.routing, extracted) }
        : null;
    return Promise.resolve({ kind: 'complete', fields: routing ? { routing } : {} });
  },
};
