import type { CreditLedger, CreditTransaction } from '../../ports/credit-ledger.port.js';
import type { OutboxEvent, OutboxStore } from '../../ports/outbox.port.js';
import { windowStart, type RateLimitDecision, type RateLimiter } from '../../ports/rate-limiter.port.js';
import type { SettingsStore } from '../../ports/settings-store.port.js';
import type { PageRequest } from '../../shared/pagination.js';
import { clone, newestFirst, paginate, type MemoryDb } from './memory-db.js';

export class MemoryCreditLedger implements CreditLedger {
  constructor(private readonly db: MemoryDb) {}
  async balance(orgId: string) {
    return { ...(this.db.tables.balances.get(orgId) ?? { balance: 0, reserved: 0 }) };
  }
  async record(entry: Omit<CreditTransaction, 'balance_after'>) {
    const row = this.db.tables.balances.get(entry.org_id) ?? { balance: 0, reserved: 0 };
    row.balance += entry.amount;
    this.db.tables.balances.set(entry.org_id, row);
    const full = { ...entry, balance_after: row.balance };
    this.db.tables.creditTransactions.push(clone(full));
    return full;
  }
  async transactions(orgId: string, page: PageRequest) {
    return paginate(
      this.db.tables.creditTransactions
        .filter((e) => e.org_id === orgId)
        .sort(newestFirst)
        .map(clone),
      page,
    );
  }
}

export class MemoryOutboxStore implements OutboxStore {
  constructor(private readonly db: MemoryDb) {}
  async add(event: OutboxEvent) {
    this.db.tables.outbox.push(clone(event));
  }
  async list(orgId: string, options: { event?: string; limit?: number } = {}) {
    return this.db.tables.outbox
      .filter((e) => e.org_id === orgId && (options.event === undefined || e.event === options.event))
      .slice(0, options.limit ?? 1000)
      .map(clone);
  }
}

export class MemorySettingsStore implements SettingsStore {
  constructor(private readonly db: MemoryDb) {}
  async getOrCreate(key: string, make: () => string) {
    if (!this.db.tables.settings.has(key)) this.db.tables.settings.set(key, make());
    return this.db.tables.settings.get(key)!;
  }
}

export class MemoryRateLimiter implements RateLimiter {
  constructor(private readonly db: MemoryDb) {}
  async consume(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision> {
    const start = windowStart(now, windowMs);
    const windows = this.db.tables.rateWindows;
    const slot = `${start}|${key}`;
    const count = (windows.get(slot) ?? 0) + 1;
    windows.set(slot, count);
    if (windows.size > 10_000) {
      for (const name of windows.keys()) if (Number(name.split('|')[0]) < start) windows.delete(name);
    }
    return {
      allowed: count <= limit,
      limit,
      remaining: Math.max(0, limit - count),
      resetAt: new Date(start + windowMs),
    };
  }
}
