import type { Page, PageRequest } from '../shared/pagination.js';
import type { Environment } from '../keys/scopes.js';
import type { ErpConnection, ErpSyncRecord, ErpSyncStatus, StoredErpConnection } from '../erp/erp.js';

/** A sync claimed to be sent, with where and how. */
export interface ClaimedErpSync {
  sync: ErpSyncRecord;
  connection: StoredErpConnection;
}

/** Where an attempt leaves a sync. */
export interface ErpAttemptResult {
  status: ErpSyncStatus;
  attempts: number;
  at: string;
  next_attempt_at: string | null;
  last_error: string | null;
  response_status: number | null;
  external_id: string | null;
}

/** ERP connections and the log of what was sent to them. */
export interface ErpStore {
  insertConnection(connection: StoredErpConnection): Promise<void>;
  getConnection(orgId: string, id: string): Promise<StoredErpConnection | null>;
  /** Newest first, id descending as tie-break. */
  listConnections(orgId: string): Promise<ErpConnection[]>;
  updateConnection(
    orgId: string,
    id: string,
    changes: Partial<Pick<StoredErpConnection, 'name' | 'url' | 'description' | 'is_active' | 'updated_at'>>,
  ): Promise<StoredErpConnection | null>;
  /** Deletes the connection and its sync log; false when unknown. */
  deleteConnection(orgId: string, id: string): Promise<boolean>;
  /** Adds a pending sync; false (and nothing changed) when the job already has one for the connection. */
  enqueue(sync: ErpSyncRecord): Promise<boolean>;
  /**
   * Takes up to `limit` due pending syncs under a lease (SKIP LOCKED: concurrent claims never
   * return the same one), oldest due first, with their connections.
   */
  claimDue(owner: string, now: string, leaseExpiresAt: string, limit: number): Promise<ClaimedErpSync[]>;
  /** Records an attempt; false when `owner` no longer holds the sync's lease (nothing recorded). */
  recordAttempt(id: string, owner: string, result: ErpAttemptResult): Promise<boolean>;
  /**
   * Sends a sync again with a new record (its job was corrected): pending, due at `at`, attempts
   * from 0, any lease dropped, so an attempt in flight with the old record cannot record its outcome.
   */
  requeue(id: string, record: ErpSyncRecord['record'], at: string): Promise<void>;
  /** A sync of the mode's jobs. */
  getSync(orgId: string, mode: Environment, id: string): Promise<ErpSyncRecord | null>;
  /** The mode's syncs, newest first. */
  listSyncs(
    orgId: string,
    mode: Environment,
    filter: { connection_id?: string; job_id?: string; status?: ErpSyncStatus },
    page: PageRequest,
  ): Promise<Page<ErpSyncRecord>>;
}
