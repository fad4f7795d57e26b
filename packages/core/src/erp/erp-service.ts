import { randomBytes } from 'node:crypto';
import { AppError, coerceError, notFound } from '../shared/errors.js';
import type { IdGenerator } from '../shared/ids.js';
import type { Environment } from '../keys/index.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { parseInput } from '../shared/validation.js';
import type { IntakeStores } from '../ports/intake-stores.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { ErpSyncFailure } from '../email/notifications/index.js';
import { prefixEvent, prefixSubscribes } from '../email/prefixes/index.js';
import {
  erpEventData,
  type ErpConnection,
  type ErpSyncRecord,
  type ErpSyncStatus,
  type StoredErpConnection,
} from './erp.js';
import type { ErpConnector } from '../ports/erp-connector.port.js';
import type { ClaimedErpSync } from '../ports/erp-store.port.js';
import { CreateErpConnectionSchema, UpdateErpConnectionSchema } from './erp-connection.schema.js';
import { checkCallbackUrl } from '../webhooks/index.js';

/** Waits before the 2nd, 3rd, ... attempt: 1 min, 5 min, 30 min, 2 h; after the 5th failure the sync is failed. */
export const DEFAULT_ERP_RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 1_800_000, 7_200_000];

export interface ErpServiceOptions {
  retryDelaysMs?: readonly number[];
  /** A claim on a sync; longer than any push takes. */
  leaseMs: number;
}

export interface ErpServiceDeps {
  stores: Pick<IntakeStores, 'emailIngestion' | 'erp' | 'transaction'>;
  connector: ErpConnector;
  clock: Clock;
  ids: IdGenerator;
  options: ErpServiceOptions;
  /** Called in the transaction that fails a sync for good: the `erp_sync_failed` notification. */
  onSyncFailed?: (tx: IntakeStores, orgId: string, failure: ErpSyncFailure) => Promise<unknown>;
}

export interface ErpSyncReport {
  synced: number;
  retrying: number;
  failed: number;
  /** Attempts whose outcome could not be recorded: the lease had passed to another worker. */
  lost: number;
  /** The syncs failed for good in this round (no attempt left, or refused by the ERP). */
  failures: (ErpSyncFailure & { syncId: string; orgId: string })[];
}

const newSecret = () => `erpsec_${randomBytes(32).toString('base64url')}`;
const publicConnection = ({ secret: _s, ...connection }: StoredErpConnection): ErpConnection => connection;

/** ERP connections (`/v1/erp-connections`) and the sending of vendor bills to them. */
export class ErpService {
  private readonly delays: readonly number[];

  constructor(private readonly deps: ErpServiceDeps) {
    this.delays = deps.options.retryDelaysMs ?? DEFAULT_ERP_RETRY_DELAYS_MS;
  }

  get maxAttempts(): number {
    return this.delays.length + 1;
  }

  async create(orgId: string, raw: unknown): Promise<{ connection: ErpConnection; secret: string }> {
    const input = parseInput(CreateErpConnectionSchema, raw);
    await this.checkUrl(input.url);
    const now = this.deps.clock.now().toISOString();
    const stored: StoredErpConnection = {
      id: this.deps.ids('erp'),
      org_id: orgId,
      name: input.name,
      type: input.type,
      url: input.url,
      description: input.description ?? null,
      is_active: input.is_active,
      created_at: now,
      updated_at: now,
      secret: input.secret ?? newSecret(),
    };
    await this.deps.stores.erp.insertConnection(stored);
    return { connection: publicConnection(stored), secret: stored.secret };
  }

  list(orgId: string): Promise<ErpConnection[]> {
    return this.deps.stores.erp.listConnections(orgId);
  }

  async get(orgId: string, id: string): Promise<ErpConnection> {
    const found = await this.deps.stores.erp.getConnection(orgId, id);
    if (!found) throw notFound('ERP connection', id);
    return publicConnection(found);
  }

  async update(orgId: string, id: string, raw: unknown): Promise<ErpConnection> {
    const input = parseInput(UpdateErpConnectionSchema, raw);
    if (input.url !== undefined) await this.checkUrl(input.url);
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const updated = await this.deps.stores.erp.updateConnection(orgId, id, {
      ...changes,
      updated_at: this.deps.clock.now().toISOString(),
    });
    if (!updated) throw notFound('ERP connection', id);
    return publicConnection(updated);
  }

  /** Refused (409) while a prefix names the connection: change the prefix's erpConnectionId first. */
  async delete(orgId: string, id: string): Promise<void> {
    if (!(await this.deps.stores.erp.getConnection(orgId, id))) throw notFound('ERP connection', id);
    const users = (await this.deps.stores.emailIngestion.list(orgId))
      .filter((c) => c.config.erpConnectionId === id)
      .map((c) => c.prefix);
    if (users.length > 0) {
      throw new AppError(
        'conflict',
        `ERP connection ${id} is used by the email prefix${users.length === 1 ? '' : 'es'} ${users.join(', ')}: change their erpConnectionId first`,
      );
    }
    if (!(await this.deps.stores.erp.deleteConnection(orgId, id))) throw notFound('ERP connection', id);
  }

  /** The mode's syncs (only live jobs are sent, so a test key sees none). */
  async listSyncs(
    orgId: string,
    mode: Environment,
    filter: { connection_id?: string; job_id?: string; status?: ErpSyncStatus },
    page: PageRequest,
  ): Promise<Page<ErpSyncRecord>> {
    return this.deps.stores.erp.listSyncs(orgId, mode, filter, page);
  }

  async getSync(orgId: string, mode: Environment, id: string): Promise<ErpSyncRecord> {
    const found = await this.deps.stores.erp.getSync(orgId, mode, id);
    if (!found) throw notFound('ERP sync', id);
    return found;
  }

  /**
   * Claims up to `limit` due syncs and pushes them, side by side. A retryable failure waits 1, 5,
   * 30 minutes, 2 hours (retryDelaysMs) before the next attempt; after the last, or at once when
   * the ERP refuses the record (a 4xx other than 408, 425, 429), the sync is failed:
   * `erp.failed` for the prefix's webhook and `erp_sync_failed` for its internal recipients. A
   * success records the external id and emits `erp.synced`.
   */
  async syncDue(owner: string, limit = 10): Promise<ErpSyncReport> {
    const now = this.deps.clock.now();
    const claimed = await this.deps.stores.erp.claimDue(
      owner,
      now.toISOString(),
      new Date(now.getTime() + this.deps.options.leaseMs).toISOString(),
      limit,
    );
    const report: ErpSyncReport = { synced: 0, retrying: 0, failed: 0, lost: 0, failures: [] };
    await Promise.all(
      claimed.map(async (c) => {
        report[await this.attempt(c, owner, report.failures)]++;
      }),
    );
    return report;
  }

  private async attempt(
    { sync, connection }: ClaimedErpSync,
    owner: string,
    failures: ErpSyncReport['failures'],
  ): Promise<'synced' | 'retrying' | 'failed' | 'lost'> {
    const attempt = sync.attempts + 1;
    const pushed = await this.deps.connector
      .push({ connection, record: sync.record, syncId: sync.id, attempt })
      .catch((error: unknown) => ({
        ok: false as const,
        statusCode: null,
        error: coerceError(error).message,
        retryable: true,
      }));
    const at = this.deps.clock.now().toISOString();
    const delay = !pushed.ok && pushed.retryable ? this.delays[attempt - 1] : undefined;
    const status: ErpSyncStatus = pushed.ok ? 'synced' : delay !== undefined ? 'pending' : 'failed';
    const result = {
      status,
      attempts: attempt,
      at,
      next_attempt_at: status === 'pending' ? new Date(Date.parse(at) + delay!).toISOString() : null,
      last_error: pushed.ok ? null : pushed.error.slice(0, 1000),
      response_status: pushed.statusCode,
      external_id: pushed.ok ? pushed.externalId : null,
    };
    const finished: ErpSyncRecord = {
      ...sync,
      ...result,
      last_attempt_at: at,
      finished_at: status === 'pending' ? null : at,
    };
    const failure: ErpSyncFailure = {
      jobId: sync.job_id,
      prefix: sync.prefix,
      connectionId: sync.connection_id,
      error: result.last_error ?? 'unknown error',
      attempts: attempt,
      at,
    };
    const recorded = await this.deps.stores.transaction(async (tx) => {
      if (!(await tx.erp.recordAttempt(sync.id, owner, result))) return false;
      if (status === 'pending') return true;
      const config = sync.prefix ? (await tx.emailIngestion.get(sync.org_id, sync.prefix))?.config : null;
      const event = status === 'synced' ? 'erp.synced' : 'erp.failed';
      if (sync.prefix && prefixSubscribes(config, event))
        await tx.outbox.add(
          prefixEvent(this.deps.ids, sync.org_id, sync.environment, sync.prefix, event, erpEventData(finished), at),
        );
      if (status === 'failed') await this.deps.onSyncFailed?.(tx, sync.org_id, failure);
      return true;
    });
    if (!recorded) return 'lost';
    if (status === 'failed') failures.push({ ...failure, syncId: sync.id, orgId: sync.org_id });
    return status === 'synced' ? 'synced' : status === 'pending' ? 'retrying' : 'failed';
  }

  private async checkUrl(url: string): Promise<void> {
    const problem = await checkCallbackUrl(url, this.deps.connector);
    if (problem)
      throw new AppError('invalid_request', `url: ${problem}`, { details: [{ path: 'url', message: problem }] });
  }
}
