import type { AuthContext } from '../keys/index.js';
import type { BlobStore } from '../ports/blob-store.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { IntakeStores } from '../ports/intake-stores.port.js';
import { AppError, notFound } from '../shared/errors.js';

export interface JobDeletionDeps {
  stores: Pick<IntakeStores, 'jobs'>;
  blobs: BlobStore;
  clock: Clock;
  /** Forgets the pictures of a document's pages (left out: nothing was rendered). */
  forgetPages?: (blobKey: string) => Promise<void>;
}

/**
 * Deletes one job of the caller's organization and mode: the row (result included) goes, a
 * tombstone stays (id, mode, when, key), and the file and its page pictures go when no other job
 * uses the same bytes. A job being processed cannot be deleted (409 conflict): its worker would
 * finish it again.
 */
export async function deleteJob(deps: JobDeletionDeps, auth: AuthContext, id: string): Promise<void> {
  const job = await deps.stores.jobs.get(auth.orgId, auth.environment, id);
  if (!job) throw notFound('Job', id);
  const gone = await deps.stores.jobs.deleteOne(auth.orgId, auth.environment, id, {
    deletedAt: deps.clock.now().toISOString(),
    keyId: auth.keyId,
  });
  if (!gone) throw new AppError('conflict', 'The job is being processed: delete it once it has completed or failed');
  if (gone.orphanBlobKey === null) return;
  // After the commit: a crash here leaves an unused file (as retention can), never a job without its file.
  await deps.blobs.delete(gone.orphanBlobKey);
  await deps.forgetPages?.(gone.orphanBlobKey);
}
