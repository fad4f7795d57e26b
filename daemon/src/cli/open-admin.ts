import path from 'node:path';
import { createIntake, type Intake } from '@intake/core';
import { WebhookService } from '@intake/core/webhooks';
import { createHttpsTransport } from '@intake/webhook-https';
import {
  createSqlStorage,
  FileBlobStore,
  FilePageImageCache,
  SqlBlobStore,
  type SqlStorage,
} from '@intake/storage-sql';
import type { ResolvedConfig } from '../config/config.schema.js';
import { directAdminOperations, type AdminOperations } from '../admin/admin-operations.js';
import { readAdminSecret } from '../admin/admin-secret.js';
import { remoteAdminOperations } from '../admin/remote-admin.js';
import { acquireDataDirLock, DataDirBusyError, lockSocketPath } from '../runtime/data-dir-lock.js';
import { fileBlobDir } from '../operations/blob-dir.js';
import type { OperationsDeps } from '../operations/operations.js';

/**
 * Admin operations for one CLI command. With DATABASE_URL the CLI talks to PostgreSQL itself (any
 * number of processes may). With PGlite only one process may open the data directory: if a daemon
 * holds it, the command goes through the daemon's admin socket; otherwise the CLI takes the lock and
 * opens the database itself for the length of the command.
 */
export async function openAdmin(config: ResolvedConfig): Promise<AdminOperations> {
  if (config.DATABASE_URL) {
    // One command's worth of reads: no cache, so no listening connection (writes still notify the daemons).
    const storage = await createSqlStorage({
      kind: 'postgres',
      databaseUrl: config.DATABASE_URL,
      poolMax: 2,
      extractorCache: false,
    });
    const intake = createIntake({ stores: storage });
    return directAdminOperations(intake, webhookService(intake, config), operationsDeps(config, storage), () =>
      storage.close(),
    );
  }
  try {
    const lock = await acquireDataDirLock(config.DATA_DIR);
    try {
      const storage = await createSqlStorage({ kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') });
      const intake = createIntake({ stores: storage });
      return directAdminOperations(
        intake,
        webhookService(intake, config),
        // This process holds the data directory: no daemon runs on it, whatever a killed one's row says.
        { ...operationsDeps(config, storage), holdsDataDir: true },
        async () => {
          await storage.close();
          await lock.release();
        },
      );
    } catch (error) {
      await lock.release();
      throw error;
    }
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    return remoteAdminOperations(lockSocketPath(error.dataDir), await readAdminSecret(error.dataDir));
  }
}

/** The same URL rules as the daemon's (WEBHOOK_ALLOWED_HOSTS), for endpoints registered from the CLI. */
function webhookService(intake: Intake, config: ResolvedConfig): WebhookService {
  const transport = createHttpsTransport({
    allowedHosts: config.WEBHOOK_ALLOWED_HOSTS,
    ...(config.WEBHOOK_CA_FILE ? { caFile: config.WEBHOOK_CA_FILE } : {}),
    allowLocalhostHttp: config.WEBHOOKS_ALLOW_LOCALHOST,
  });
  return new WebhookService({
    store: intake.stores.webhooks,
    settings: intake.stores.settings,
    transport,
    clock: intake.clock,
    ids: intake.ids,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    allowLocalhostHttp: config.WEBHOOKS_ALLOW_LOCALHOST,
  });
}

/** The files and retention settings as the daemon has them (di/modules/documents.module.ts, review.module.ts). */
function operationsDeps(config: ResolvedConfig, storage: SqlStorage): Omit<OperationsDeps, 'intake'> {
  const dir = fileBlobDir(config);
  return {
    storage,
    blobs: dir ? new FileBlobStore(dir) : new SqlBlobStore(storage.knex),
    pageCache: new FilePageImageCache(path.join(config.DATA_DIR, 'page-cache')),
    retentionDays: config.JOB_RETENTION_DAYS,
  };
}
