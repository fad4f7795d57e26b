import { AppError, invalidRequest, notFound } from '../shared/errors.js';
import type { IdGenerator } from '../shared/ids.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { Environment } from '../keys/index.js';
import type { Clock } from '../ports/clock.port.js';
import type { CreditTransaction } from '../ports/credit-ledger.port.js';
import type { ExtractionStores, TransactionRunner } from '../ports/intake-stores.port.js';

/** What charging a finished job writes to, inside the caller's transaction. */
type ChargeStores = Pick<ExtractionStores, 'credits' | 'jobs' | 'organizations' | 'outbox'>;

export interface CreditServiceDeps {
  stores: Pick<ExtractionStores, 'credits' | 'organizations'>;
  transaction: TransactionRunner<ExtractionStores>;
  clock: Clock;
  ids: IdGenerator;
  creditsPerPage: number;
}

export interface BalanceView {
  org_id: string;
  balance: number;
  /** Held by live jobs being processed. */
  reserved: number;
  available: number;
  low_balance_threshold: number;
}

/** How many recent charges the job-count estimate of `credits.low_balance` averages over. */
const RECENT_CHARGES = 20;

export class CreditService {
  constructor(private readonly deps: CreditServiceDeps) {}

  /**
   * The mode's balance. Credits are live money: every ledger entry is live (test jobs cost nothing
   * and top-ups are live), so the test mode's ledger is empty and its balance 0, and a test key
   * learns nothing of the live balance.
   */
  async balance(orgId: string, mode: Environment): Promise<BalanceView> {
    const org = await this.deps.stores.organizations.get(orgId);
    if (!org) throw notFound('Organization', orgId);
    if (mode === 'test')
      return { org_id: orgId, balance: 0, reserved: 0, available: 0, low_balance_threshold: org.low_balance_threshold };
    const { balance, reserved } = await this.deps.stores.credits.balance(orgId);
    return {
      org_id: orgId,
      balance,
      reserved,
      available: balance - reserved,
      low_balance_threshold: org.low_balance_threshold,
    };
  }

  /** The mode's ledger entries, newest first: none in test mode (see `balance`). */
  async transactions(orgId: string, mode: Environment, page: PageRequest): Promise<Page<CreditTransaction>> {
    if (mode === 'test') return { items: [], total: 0 };
    return this.deps.stores.credits.transactions(orgId, page);
  }

  /** Adds credits (or, with `type: 'adjustment'`, corrects them) and wakes jobs waiting for credits. */
  async add(
    orgId: string,
    amount: number,
    options: { type?: 'top_up' | 'adjustment'; description?: string } = {},
  ): Promise<CreditTransaction> {
    if (!Number.isInteger(amount) || amount === 0) throw invalidRequest('amount must be a non-zero whole number');
    const type = options.type ?? 'top_up';
    if (type === 'top_up' && amount < 0)
      throw invalidRequest('a top-up must be positive; use an adjustment to remove credits');
    return this.deps.transaction(async (tx) => {
      if (!(await tx.organizations.get(orgId))) throw notFound('Organization', orgId);
      const entry = await tx.credits.record({
        id: this.deps.ids('ctx'),
        org_id: orgId,
        type,
        amount,
        job_id: null,
        description: options.description ?? (type === 'top_up' ? 'Top-up' : 'Adjustment'),
        created_at: this.deps.clock.now().toISOString(),
      });
      if (amount > 0) await tx.jobs.unblock(orgId);
      return entry;
    });
  }

  /**
   * Charges a completed live job inside the caller's transaction and records `credits.low_balance`
   * (when the charge takes the balance from at or above the threshold to below it) and
   * `credits.depleted` (when it takes the balance from above zero to zero or less).
   */
  async chargeJob(tx: ChargeStores, orgId: string, jobId: string, cost: number, at: string): Promise<void> {
    if (cost <= 0) return;
    const org = await tx.organizations.get(orgId);
    if (!org) throw new AppError('internal_error', `organization ${orgId} of job ${jobId} vanished`);
    const entry = await tx.credits.record({
      id: this.deps.ids('ctx'),
      org_id: orgId,
      type: 'charge',
      amount: -cost,
      job_id: jobId,
      description: `Job ${jobId}`,
      created_at: at,
    });
    const before = entry.balance_after + cost;
    const after = entry.balance_after;
    if (before >= org.low_balance_threshold && after < org.low_balance_threshold && after > 0) {
      await tx.outbox.add({
        id: this.deps.ids('evt'),
        org_id: orgId,
        environment: 'live',
        event: 'credits.low_balance',
        created_at: at,
        data: await this.lowBalanceData(tx, orgId, after, org.low_balance_threshold, at),
      });
    }
    if (before > 0 && after <= 0) {
      const jobsQueued = await tx.jobs.countQueued(orgId, 'live');
      await tx.outbox.add({
        id: this.deps.ids('evt'),
        org_id: orgId,
        environment: 'live',
        event: 'credits.depleted',
        created_at: at,
        data: { org_id: orgId, depleted_at: at, jobs_queued: jobsQueued },
      });
    }
  }

  /**
   * percentage_remaining: the balance as a share of the balance right after the latest top-up.
   * estimated_jobs_remaining: the balance divided by the mean cost of the latest charged jobs.
   */
  private async lowBalanceData(tx: ChargeStores, orgId: string, balance: number, threshold: number, at: string) {
    const recent = (await tx.credits.transactions(orgId, { limit: 200, offset: 0 })).items;
    const lastTopUp = recent.find((t) => t.type === 'top_up');
    const charges = recent.filter((t) => t.type === 'charge').slice(0, RECENT_CHARGES);
    const meanCost = charges.length
      ? charges.reduce((s, t) => s - t.amount, 0) / charges.length
      : this.deps.creditsPerPage;
    const base = lastTopUp?.balance_after ?? threshold;
    return {
      org_id: orgId,
      current_balance: balance,
      threshold,
      percentage_remaining: base > 0 ? Math.round((balance / base) * 10_000) / 100 : 0,
      estimated_jobs_remaining: Math.floor(balance / Math.max(meanCost, 1)),
      timestamp: at,
    };
  }
}
