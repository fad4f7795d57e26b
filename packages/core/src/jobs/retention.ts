import type { BlobStore } from '../ports/blob-store.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { IntakeStores } from '../ports/intake-stores.port.js';
import type { PageImageCache } from '../ports/page-images.port.js';

/** What one retention run removed: counts, and the job ids and file keys for whoever asks. */
export interface RetentionRemoved {
  /** Jobs created before this went. */
  cutoff: string;
  jobs: number;
  files: number;
  job_ids: string[];
  file_keys: string[];
}

/** The cutoff of a retention run at `now`: jobs created before it go. */
const retentionCutoff = (now: Date, days: number): string => new Date(now.getTime() - days * 86_400_000).toISOString();

/** Deletes jobs created more than `days` ago, and their files (and pictures of their pages) when no other job uses them. */
export async function purgeExpiredJobs(
  deps: { stores: Pick<IntakeStores, 'jobs'>; blobs: BlobStore; clock: Clock; pageCache?: PageImageCache },
  days: number,
): Promise<RetentionRemoved> {
  const cutoff = retentionCutoff(deps.clock.now(), days);
  const removed: RetentionRemoved = { cutoff, jobs: 0, files: 0, job_ids: [], file_keys: [] };
  for (;;) {
    const batch = await deps.stores.jobs.deleteCreatedBefore(cutoff, 500);
    removed.jobs += batch.deleted;
    removed.job_ids.push(...batch.ids);
    for (const key of batch.orphanBlobKeys) {
      await deps.blobs.delete(key);
      await deps.pageCache?.deleteDocument(key);
      removed.files++;
      removed.file_keys.push(key);
    }
    if (batch.deleted < 500) return removed;
  }
}

/** What `purgeExpiredJobs` would remove if it ran now, removing nothing (`intake retention --dry-run`). */
export async function previewExpiredJobs(
  deps: { stores: Pick<IntakeStores, 'jobs'>; clock: Clock },
  days: number,
): Promise<{ cutoff: string; job_ids: string[]; files: { key: string; size_bytes: number }[]; bytes: number }> {
  const cutoff = retentionCutoff(deps.clock.now(), days);
  const found = await deps.stores.jobs.findCreatedBefore(cutoff);
  return {
    cutoff,
    job_ids: found.ids,
    files: found.orphanBlobs,
    bytes: found.orphanBlobs.reduce((n, f) => n + f.size_bytes, 0),
  };
}
