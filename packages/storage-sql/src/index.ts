/**
 * @intake/storage-sql: Intake's stores on knex, over a PostgreSQL server or embedded PGlite.
 */
import type { Knex } from 'knex';
import type { IntakeStores, RateLimiter } from '@intake/core';
import { openDatabase, type ConnectionOptions, type DatabaseKind } from './connection.js';
import { migrate } from './migrations/runner.js';
import { SqlApiKeyStore } from './stores/api-key-store.js';
import { SqlCreditLedger } from './stores/credit-ledger.js';
import { SqlExtractorStore } from './stores/extractor-store.js';
import { SqlOrganizationStore } from './stores/organization-store.js';
import { SqlRateLimiter } from './stores/rate-limiter.js';
import { SqlJobStore } from './stores/job-store.js';
import { SqlOutboxStore } from './stores/outbox-store.js';
import { SqlSettingsStore } from './stores/settings-store.js';
import { SqlWebhookStore } from './stores/webhook-store.js';
import { SqlEmailIngestionStore } from './stores/email-ingestion-store.js';
import { SqlInboundMessageStore } from './stores/inbound-message-store.js';
import { SqlClassificationExampleStore, SqlReviewItemStore } from './stores/review-store.js';
import { CachedExtractorStore, ExtractorCache } from './stores/cached-extractor-store.js';
import { createWalSync } from './wal-sync.js';

export type { ConnectionOptions, DatabaseKind } from './connection.js';
export { migrate } from './migrations/runner.js';
export { MIGRATIONS } from './migrations/list.js';
export { FileBlobStore } from './blobs/file-blob-store.js';
export { SqlBlobStore } from './blobs/sql-blob-store.js';

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
  close(): Promise<void>;
}

/**
 * The transactional stores bound to one knex instance or transaction. `cache` is given only where
 * this process owns the database (PGlite), and is shared by every binding.
 */
function bindStores(knex: Knex, cache: ExtractorCache | null): IntakeStores {
  const extractors = new SqlExtractorStore(knex);
  return {
    organizations: new SqlOrganizationStore(knex),
    apiKeys: new SqlApiKeyStore(knex),
    extractors: cache ? new CachedExtractorStore(extractors, cache) : extractors,
    credits: new SqlCreditLedger(knex),
    jobs: new SqlJobStore(knex),
    outbox: new SqlOutboxStore(knex),
    settings: new SqlSettingsStore(knex),
    webhooks: new SqlWebhookStore(knex),
    emailIngestion: new SqlEmailIngestionStore(knex),
    inboundMessages: new SqlInboundMessageStore(knex),
    reviewItems: new SqlReviewItemStore(knex),
    classificationExamples: new SqlClassificationExampleStore(knex),
    transaction: (fn) => knex.transaction((trx) => fn(bindStores(trx, cache))),
  };
}

/** Stores over a knex instance you already have (PostgreSQL dialect). */
export function fromKnex(knex: Knex, kind: DatabaseKind = 'postgres', options: { pgliteDataDir?: string } = {}): SqlStorage {
  let closed = false;
  const rateLimiter = new SqlRateLimiter(knex);
  return {
    kind,
    knex,
    ...bindStores(knex, kind === 'pglite' ? new ExtractorCache() : null),
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
    syncToDisk: options.pgliteDataDir ? createWalSync(options.pgliteDataDir) : async () => {},
    close: async () => {
      if (closed) return;
      closed = true;
      await rateLimiter.returnUnspent(new Date()).catch(() => {});
      await knex.destroy();
    },
  };
}

/** Opens the database, runs migrations unless told not to, and returns every store. */
export async function createSqlStorage(options: ConnectionOptions & { migrate?: boolean }): Promise<SqlStorage> {
  const { knex, kind } = await openDatabase(options);
  const storage = fromKnex(knex, kind, options.kind === 'pglite' && options.dataDir !== undefined && !options.pglite ? { pgliteDataDir: options.dataDir } : {});
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
