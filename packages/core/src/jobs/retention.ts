import type { BlobStore } from '../ports/blob-store.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { IntakeStores } from '../ports/intake-stores.port.js';
import type { PageImageCache } from '../ports/page-images.port.js';

/** Deletes jobs created more than `days` ago, and their files (and pictures of their pages) when no other job uses them. */
export async function purgeExpiredJobs(
  deps: { stores: Pick<IntakeStores, 'jobs'>; blobs: BlobStore; clock: Clock; pageCache?: PageImageCache },
  days: number,
): Promise<{ jobs: number; files: number }> {
  const cutoff = new Date(deps.clock.now().getTime() - days * 86_400_000).toISOString();
  let jobs = 0;
  let files = 0;
  for (;;) {
    const batch = await deps.stores.jobs.deleteCreatedBefore(cutoff, 500);
    jobs += batch.deleted;
    for (const key of batch.orphanBlobKeys) {
      await deps.blobs.delete(key);
      await deps.pageCache?.deleteDocument(key);
      files++;
    }
    if (batch.deleted < 500) return { jobs, files };
  }
}
