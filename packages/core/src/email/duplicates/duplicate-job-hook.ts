import type { Clock } from '../../ports/clock.port.js';
import type { ExtractionStores } from '../../ports/intake-stores.port.js';
import type { ErrorDetails, JobHooks } from '../../jobs/index.js';
import { DEFAULT_MATCH_FIELDS, duplicateKey } from './duplicates.js';

/**
 * Duplicates after extraction: every completed job gets the key of its match fields (so later
 * documents can find it); a job with duplicate settings and no verdict yet is compared with the
 * earlier jobs of its lookback window, and flagged, failed (`reject`) or just marked.
 */
export function duplicateJobHook(deps: {
  stores: Pick<ExtractionStores, 'jobs'>;
  clock: Clock;
}): JobHooks<ExtractionStores> {
  return {
    async beforeComplete(job, extracted) {
      const matchFields = job.duplicate?.settings.matchFields ?? [...DEFAULT_MATCH_FIELDS];
      const dedupeKey = duplicateKey(matchFields, extracted);
      let duplicate = job.duplicate ?? null;
      if (duplicate && !duplicate.verdict && dedupeKey) {
        const since = new Date(deps.clock.now().getTime() - duplicate.settings.lookbackHours * 3_600_000).toISOString();
        const earlier = await deps.stores.jobs.findEarlier(job.org_id, job.environment, {
          dedupeKey,
          since,
          excludeId: job.id,
        });
        if (earlier) {
          duplicate = {
            ...duplicate,
            verdict: {
              of: earlier.id,
              matched: matchFields,
              action: duplicate.settings.action,
              detectedAt: 'extraction',
            },
          };
          if (duplicate.settings.action === 'reject') {
            const details: ErrorDetails = {
              code: 'duplicate_document',
              message: `A duplicate of job ${earlier.id}: the same ${matchFields.join(' and ')} within ${duplicate.settings.lookbackHours} hours`,
              suggestion: `Nothing to do if job ${earlier.id} is the same document; otherwise resubmit it through a prefix or API call without duplicate rejection.`,
            };
            return { kind: 'fail', details, fields: { duplicate } };
          }
        }
      }
      return {
        kind: 'complete',
        fields: {
          ...(dedupeKey ? { dedupe_key: dedupeKey } : {}),
          ...(duplicate ? { duplicate } : {}),
          needs_review: duplicate?.verdict?.action === 'flag',
        },
      };
    },
  };
}
