import { createHash } from 'node:crypto';
import type { AuthContext } from '../keys/index.js';
import type { BlobStore } from '../ports/blob-store.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { IntakeStores } from '../ports/intake-stores.port.js';
import { AppError, notFound } from '../shared/errors.js';
import type { JobRecord } from './job.js';
import { IDEMPOTENCY_WINDOW_MS } from './job-submission.js';

/** A job keeps at most this many results (the first and nine reprocessings); reprocessing is free. */
export const MAX_RESULT_VERSIONS = 10;

export interface JobReprocessDeps {
  stores: Pick<IntakeStores, 'jobs'>;
  blobs: BlobStore;
  clock: Clock;
}

/**
 * Queues a finished job of the caller's organization and mode to be read and extracted again with
 * the current reader and extraction (the field definitions of its submission stay). The current
 * result is kept as an earlier version; the new one is not charged and runs none of the email
 * contexts' hooks again (routing, duplicate verdict, prefix events, ERP push keep the first
 * processing's); `job.completed` (or `job.failed`) is sent again with the new `result_version`.
 * Refused: a deleted job (`document_deleted`), a job still queued or processing (`conflict`), a
 * job whose file is no longer stored (`document_not_stored`), a job at MAX_RESULT_VERSIONS.
 */
export async function reprocessJob(
  deps: JobReprocessDeps,
  auth: AuthContext,
  id: string,
  idempotencyKey?: string,
): Promise<{ job: JobRecord; replayed: boolean }> {
  const job = await deps.stores.jobs.get(auth.orgId, auth.environment, id);
  if (!job) throw await missing(deps, auth, id);
  const finished = job.status === 'completed' || job.status === 'failed';
  if (finished && (await deps.blobs.get(job.blob_key)) === null) {
    throw new AppError(
      'document_not_stored',
      `The file of job ${id} is no longer stored, so it cannot be read again; submit the document anew`,
    );
  }
  const now = deps.clock.now();
  const result = await deps.stores.jobs.requestReprocess(auth.orgId, auth.environment, id, {
    at: now.toISOString(),
    maxVersions: MAX_RESULT_VERSIONS,
    ...(idempotencyKey
      ? {
          idempotency: {
            key: idempotencyKey,
            requestHash: createHash('sha256').update(`reprocess\0${id}`).digest('hex'),
            notBefore: new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString(),
          },
        }
      : {}),
  });
  switch (result.outcome) {
    case 'queued':
      return { job: result.job, replayed: false };
    case 'replayed':
      return { job: result.job, replayed: true };
    case 'idempotency_conflict':
      throw new AppError('conflict', 'Idempotency-Key was already used with a different request');
    case 'not_found':
      throw await missing(deps, auth, id);
    case 'running':
      throw new AppError(
        'conflict',
        `Job ${id} is still ${result.job.status}: reprocess it once it has completed or failed`,
      );
    case 'limit':
      throw new AppError(
        'conflict',
        `Job ${id} has ${MAX_RESULT_VERSIONS} results already, the most a document keeps; submit it anew`,
      );
  }
}

/** A deleted job (its tombstone in this mode) is said to be deleted; any other is not found. */
async function missing(deps: JobReprocessDeps, auth: AuthContext, id: string): Promise<AppError> {
  const tombstone = await deps.stores.jobs.findTombstone(auth.orgId, id);
  if (tombstone && tombstone.environment === auth.environment) {
    return new AppError(
      'document_deleted',
      `Job ${id} was deleted at ${tombstone.deleted_at}; it cannot be reprocessed`,
    );
  }
  return notFound('Job', id);
}
