/**
 * @intake/storage-sql: Intake's stores on knex, over a PostgreSQL server or embedded PGlite.
 */
import type { Knex } from 'knex';
import type { IntakeStores, RateLimiter } from '@intake/core';
import { openDatabase, type ConnectionOptions, type DatabaseKind } from './connection.js';
import { migrate } from './migrations/runner.js';
import { SqlApiKeyStore } from './stores/api-key-store.js';
import { SqlCreditLedger } from './stores/credit-ledger.js';
import { SqlOrganizationStore } from './stores/organization-store.js';
import { SqlRateLimiter } from './stores/rate-limiter.js';
import { SqlJobStore } from './stores/job-store.js';
import { SqlOutboxStore } from './stores/outbox-store.js';
import { SqlSettingsStore } from './stores/settings-store.js';
import { SqlWebhookStore } from './stores/webhook-store.js';
import { SqlEmailIngestionStore } from './stores/email-ingestion-store.js';
import { SqlInboundMessageStore } from './stores/inbound-message-store.js';
import { SqlClassificationExampleStore, SqlTriageItemStore } from './stores/triage-store.js';
import { SqlNotificationStore } from './stores/notification-store.js';
import { SqlErpStore } from './stores/erp-store.js';
import { SqlSessionStore } from './stores/session-store.js';
import { SqlCorrectionStore } from './stores/correction-store.js';
import { SqlVendorHintStore } from './stores/vendor-hint-store.js';
import { SqlVendorPaymentStore } from './stores/vendor-payment-store.js';
import { SqlQueueGaugeStore } from './stores/queue-gauge-store.js';
import { SqlImapMailboxStore } from './stores/imap-mailbox-store.js';
import {
  CachedExtractorStore,
  ExtractorCache,
  forgetPending,
  notifyExtractorChannel,
  type PendingForgets,
} from './stores/cached-extractor-store.js';
import { connectionConfigOf, listenForExtractorChanges, type ExtractorListenerOptions } from './extractor-listener.js';
import { createWalSync } from './wal-sync.js';
import { readOperationsStatus, type OperationsStatus } from './operations-status.js';
import { dumpPgliteDataDir } from './pglite-dump.js';
import { sqlDaemonRegistry, type DaemonRegistry } from './daemon-registry.js';

export type { ConnectionOptions, DatabaseKind } from './connection.js';
export type { ExtractorListenerOptions } from './extractor-listener.js';
export type { FailingEndpoint, OperationsStatus, QueueStatus } from './operations-status.js';
export {
  DAEMON_FORGET_AFTER_MS,
  DAEMON_HEARTBEAT_MS,
  DAEMON_RUNNING_WITHIN_MS,
  type DaemonRecord,
  type DaemonRegistry,
} from './daemon-registry.js';
export { migrate } from './migrations/runner.js';
export { MIGRATIONS } from './migrations/list.js';
export { FileBlobStore } from './blobs/file-blob-store.js';
export { FilePageImageCache } from './page-cache/file-page-cache.js';
export { SqlBlobStore } from './blobs/sql-blob-store.js';

/** Every store of Intake on one database, with the knex handle, the shared rate limiter and what opened it. */
export interface SqlStorage extends IntakeStores {
  kind: DatabaseKind;
  knex: Knex;
  rateLimiter: RateLimiter;
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<string[]>;
  /**
   * Runs `fn` while holding a PostgreSQL advisory lock, so that one daemon at a time does it. `fn`
   * uses the stores as usual (other pooled connections). PGlite has one process and one connection,
   * so there it simply runs `fn`.
   */
  exclusive<T>(lockKey: number, fn: () => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Makes every commit so far durable on disk. PostgreSQL's commits already are (a no-op); PGlite's
   * reach only the operating system, so this fsyncs its write-ahead log.
   */
  syncToDisk(): Promise<void>;
  /**
   * The in-memory cache of single extractors. `active` while it serves reads: always on PGlite; on
   * PostgreSQL while its change listener is connected (never when turned off).
   */
  readonly extractorCache: { readonly active: boolean };
  /** Queues, pending reviews, failing webhook endpoints and credits across organizations (`intake status`). */
  operationsStatus(now: Date): Promise<OperationsStatus>;
  /** The daemons running on this database (`intake status`). */
  daemons: DaemonRegistry;
  /**
   * PGlite only (absent on PostgreSQL, which has pg_dump): the whole database as a gzipped tar of its
   * data directory, taken after a checkpoint while no transaction is open. `loadDataDir` restores it.
   */
  dumpDataDir?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * How the extractor cache runs on PostgreSQL; `false` turns it off (one-shot processes like the
 * CLI). Writes are announced to the other daemons either way.
 */
export type ExtractorCacheOption = false | ExtractorListenerOptions;

/** Where extractor writes must be announced and forgotten (see CachedExtractorStore). */
interface CacheBinding {
  cache: ExtractorCache;
  /** PostgreSQL: announce every write to the other daemons. */
  notify: boolean;
  /** Inside a transaction: the keys to forget again when it ends. */
  pending: PendingForgets | null;
}

/** The transactional stores bound to one knex instance or transaction; `cached.cache` is shared by every binding. */
function bindStores(knex: Knex, cached: CacheBinding): IntakeStores {
  return {
    organizations: new SqlOrganizationStore(knex),
    apiKeys: new SqlApiKeyStore(knex),
    extractors: new CachedExtractorStore(knex, cached.cache, cached),
    credits: new SqlCreditLedger(knex),
    jobs: new SqlJobStore(knex),
    outbox: new SqlOutboxStore(knex),
    settings: new SqlSettingsStore(knex),
    webhooks: new SqlWebhookStore(knex),
    emailIngestion: new SqlEmailIngestionStore(knex),
    inboundMessages: new SqlInboundMessageStore(knex),
    triageItems: new SqlTriageItemStore(knex),
    classificationExamples: new SqlClassificationExampleStore(knex),
    notifications: new SqlNotificationStore(knex),
    erp: new SqlErpStore(knex),
    sessions: new SqlSessionStore(knex),
    corrections: new SqlCorrectionStore(knex),
    vendorHints: new SqlVendorHintStore(knex),
    queueGauges: new SqlQueueGaugeStore(knex),
    imapMailboxes: new SqlImapMailboxStore(knex),
    vendorPayments: new SqlVendorPaymentStore(knex),
    transaction: async (fn) => {
      const pending: PendingForgets = cached.pending ?? new Set();
      try {
        return await knex.transaction((trx) => fn(bindStores(trx, { ...cached, pending })));
      } finally {
        // Committed or rolled back: a read that started before the end may have loaded the old row.
        if (!cached.pending) forgetPending(cached.cache, pending);
      }
    },
  };
}

/** Stores over a knex instance you already have (PostgreSQL dialect). */
export function fromKnex(
  knex: Knex,
  kind: DatabaseKind = 'postgres',
  options: { pgliteDataDir?: string; extractorCache?: ExtractorCacheOption } = {},
): SqlStorage {
  let closed = false;
  const rateLimiter = new SqlRateLimiter(knex);
  // PGlite: this process is the only writer, so the cache is always coherent. PostgreSQL: only
  // while listening for the other daemons' writes.
  const cacheOption = options.extractorCache ?? {};
  const cache = new ExtractorCache(cacheOption !== false && kind === 'pglite');
  const listener =
    cacheOption !== false && kind === 'postgres'
      ? listenForExtractorChanges(
          () => connectionConfigOf(knex),
          (payload) => notifyExtractorChannel(knex, payload),
          cache,
          cacheOption,
        )
      : null;
  return {
    kind,
    knex,
    ...bindStores(knex, { cache, notify: kind === 'postgres', pending: null }),
    extractorCache: {
      get active() {
        return cache.active;
      },
    },
    rateLimiter,
    migrate: () => migrate(knex),
    exclusive: (lockKey, fn) =>
      kind === 'pglite'
        ? fn()
        : knex.transaction(async (trx) => {
            await trx.raw('select pg_advisory_xact_lock(?)', [lockKey]);
            return fn();
          }),
    ping: async () => {
      await knex.raw('select 1');
    },
    operationsStatus: (now) => readOperationsStatus(knex, now),
    daemons: sqlDaemonRegistry(knex),
    ...(kind === 'pglite' ? { dumpDataDir: () => dumpPgliteDataDir(knex) } : {}),
    syncToDisk: options.pgliteDataDir ? createWalSync(options.pgliteDataDir) : async () => {},
    close: async () => {
      if (closed) return;
      closed = true;
      await listener?.stop();
      await rateLimiter.returnUnspent(new Date()).catch(() => {});
      await knex.destroy();
    },
  };
}

/** Opens the database, runs migrations unless told not to, and returns every store. */
export async function createSqlStorage(
  options: ConnectionOptions & { migrate?: boolean; extractorCache?: ExtractorCacheOption },
): Promise<SqlStorage> {
  const { knex, kind } = await openDatabase(options);
  const storage = fromKnex(knex, kind, {
    ...(options.kind === 'pglite' && options.dataDir !== undefined && !options.pglite
      ? { pgliteDataDir: options.dataDir }
      : {}),
    ...(options.extractorCache !== undefined ? { extractorCache: options.extractorCache } : {}),
  });
  if (options.migrate !== false) {
    try {
      await storage.migrate();
    } catch (error) {
      await storage.close();
      throw error;
    }
  }
  return storage;
}
