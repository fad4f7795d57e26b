import { z } from 'zod';
import type { BlobStore, Intake } from '@intake/core';
import { previewExpiredJobs, purgeExpiredJobs } from '@intake/core/jobs';
import { type PageImageCache } from '@intake/core/ports';
import { parseInput } from '@intake/core/shared';
import type { OperationsStatus, SqlStorage } from '@intake/storage-sql';

/** What `intake status` reads from the database. */
export interface DatabaseStatus extends OperationsStatus {
  database: { kind: SqlStorage['kind'] };
  /** When it was read (the database's clock is not asked: the daemon's). */
  read_at: string;
}

/** `intake retention`: what one run removes, or with `dry_run` would remove (nothing is removed then). */
export interface RetentionReport {
  dry_run: boolean;
  days: number;
  /** Jobs created before this go. */
  cutoff: string;
  jobs: number;
  job_ids: string[];
  files: number;
  file_keys: string[];
  /** Bytes of the files (dry run only: a run does not read sizes it deletes). */
  bytes?: number;
}

/** The operator's commands that are not about one organization: status, retention, the database dump. */
export interface OperationsCommands {
  status(): Promise<DatabaseStatus>;
  retention(input: unknown): Promise<RetentionReport>;
  /** PGlite's data directory as a gzipped tar (see SqlStorage.dumpDataDir); refused on PostgreSQL. */
  dumpDatabase(): Promise<Uint8Array>;
}

export interface OperationsDeps {
  intake: Intake;
  storage: SqlStorage;
  blobs: BlobStore;
  pageCache?: PageImageCache;
  /** JOB_RETENTION_DAYS. */
  retentionDays: number;
  /**
   * This process holds PGlite's data directory (a CLI command with no daemon running), so no daemon
   * runs on the database: a daemon killed within the last minute still has a recent heartbeat.
   */
  holdsDataDir?: boolean;
}

const RetentionInput = z.strictObject({ dry_run: z.boolean().default(false) });

export function directOperations(deps: OperationsDeps): OperationsCommands {
  const { intake, storage } = deps;
  return {
    async status() {
      const now = intake.clock.now();
      return {
        database: { kind: storage.kind },
        read_at: now.toISOString(),
        ...(await storage.operationsStatus(now)),
        ...(deps.holdsDataDir ? { daemons: [] } : {}),
      };
    },
    async retention(input) {
      const { dry_run } = parseInput(RetentionInput, input ?? {});
      const days = deps.retentionDays;
      if (dry_run) {
        const preview = await previewExpiredJobs({ stores: intake.stores, clock: intake.clock }, days);
        return {
          dry_run,
          days,
          cutoff: preview.cutoff,
          jobs: preview.job_ids.length,
          job_ids: preview.job_ids,
          files: preview.files.length,
          file_keys: preview.files.map((f) => f.key),
          bytes: preview.bytes,
        };
      }
      const removed = await purgeExpiredJobs(
        {
          stores: intake.stores,
          blobs: deps.blobs,
          clock: intake.clock,
          ...(deps.pageCache ? { pageCache: deps.pageCache } : {}),
        },
        days,
      );
      return { dry_run, days, ...removed };
    },
    async dumpDatabase() {
      if (!storage.dumpDataDir) throw new Error('The database is PostgreSQL (DATABASE_URL): back it up with pg_dump');
      return storage.dumpDataDir();
    },
  };
}
