import type { Knex } from 'knex';
import { type Environment, type Extractor } from '@intake/core';
import { type ExtractorFilter, type ExtractorStore } from '@intake/core/ports';
import { deepFreeze, type Page, type PageRequest } from '@intake/core/shared';
import { SqlExtractorStore } from './extractor-store.js';

/** Most extractors kept; beyond it the oldest entries go. */
const MAX_ENTRIES = 10_000;

/** The PostgreSQL channel on which every write to an extractor is announced, with `<org_id>:<id>`. */
export const EXTRACTOR_CHANNEL = 'intake_extractors';

/** The cache key, which is also the payload of the change notification. */
const keyOf = (orgId: string, id: string) => `${orgId}:${id}`;

/**
 * Single extractors read from the database, shared by the root store and every transaction-bound
 * one. `active` says whether it may be used: always where this process is the only writer (PGlite);
 * on PostgreSQL only while the change listener is connected, so that a write by another daemon
 * drops the entry as soon as its notification arrives.
 *
 * A read may fill an entry only if nothing was forgotten between the moment it started and the
 * moment it finished (`generation`): a read that raced a write could otherwise store the old row
 * after the write's invalidation had already passed.
 */
export class ExtractorCache {
  private readonly entries = new Map<string, Extractor>();
  private generation = 0;
  private activeNow: boolean;

  constructor(active: boolean) {
    this.activeNow = active;
  }

  get active(): boolean {
    return this.activeNow;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Turns the cache on or off; either way it starts empty. */
  setActive(active: boolean): void {
    this.clear();
    this.activeNow = active;
  }

  lookup(orgId: string, id: string): Extractor | undefined {
    return this.activeNow ? this.entries.get(keyOf(orgId, id)) : undefined;
  }

  /** A token to hand back to `fill` with what a read found. */
  startRead(): number {
    return this.generation;
  }

  fill(readStartedAt: number, value: Extractor): void {
    if (!this.activeNow || readStartedAt !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(keyOf(value.org_id, value.id), value);
  }

  forget(orgId: string, id: string): void {
    this.forgetKey(keyOf(orgId, id));
  }

  /** Drops the entry a change notification names. */
  forgetKey(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

/**
 * Extractors whose writes happened inside a transaction: they are forgotten again once it has
 * ended, because until the commit a concurrent read could still load the old row.
 */
export type PendingForgets = Set<string>;

/**
 * Reads of single extractors from memory, coherent with the database:
 * - every write through this process forgets the entry before it runs and again once it is
 *   committed (for a write inside a transaction: when the transaction ends);
 * - on PostgreSQL (`notify`) every write also sends `pg_notify('intake_extractors', '<org>:<id>')`
 *   in its own transaction, so the notification reaches every daemon's listener exactly when the
 *   change becomes visible, and never for a write that rolled back;
 * - reads inside a transaction bypass the cache (they might see that transaction's own writes).
 * Entries are deep-frozen and shared by every reader.
 */
export class CachedExtractorStore implements ExtractorStore {
  private readonly inner: SqlExtractorStore;

  constructor(
    private readonly knex: Knex,
    private readonly cache: ExtractorCache,
    private readonly options: { notify: boolean; pending: PendingForgets | null },
  ) {
    this.inner = new SqlExtractorStore(knex);
  }

  async get(orgId: string, id: string): Promise<Extractor | null> {
    if (this.options.pending) return this.inner.get(orgId, id);
    const hit = this.cache.lookup(orgId, id);
    if (hit) return hit;
    const started = this.cache.startRead();
    const found = await this.inner.get(orgId, id);
    if (!found) return null;
    // Frozen, not copied per read: readers share one object that none of them can change.
    const frozen = deepFreeze(found);
    this.cache.fill(started, frozen);
    return frozen;
  }

  insert(extractor: Extractor): Promise<void> {
    // Nothing to forget: absent extractors are never cached.
    return this.inner.insert(extractor);
  }
  getIncludingDeleted(orgId: string, id: string) {
    return this.inner.getIncludingDeleted(orgId, id);
  }
  list(orgId: string, filter: ExtractorFilter, page: PageRequest): Promise<Page<Extractor>> {
    return this.inner.list(orgId, filter, page);
  }
  update(orgId: string, id: string, changes: Parameters<ExtractorStore['update']>[2]) {
    return this.write(orgId, id, (store) => store.update(orgId, id, changes));
  }
  incrementUsage(orgId: string, id: string, mode?: Environment): Promise<void> {
    return this.write(orgId, id, (store) => store.incrementUsage(orgId, id, mode));
  }
  delete(orgId: string, id: string, at: string): Promise<boolean> {
    return this.write(orgId, id, (store) => store.delete(orgId, id, at));
  }

  private async write<T>(orgId: string, id: string, change: (store: SqlExtractorStore) => Promise<T>): Promise<T> {
    this.cache.forget(orgId, id);
    const { notify, pending } = this.options;
    if (pending) {
      // Inside a transaction: the notification goes out with its commit; the runner forgets again.
      pending.add(keyOf(orgId, id));
      const result = await change(this.inner);
      if (notify) await announce(this.knex, orgId, id);
      return result;
    }
    try {
      if (!notify) return await change(this.inner);
      return await this.knex.transaction(async (trx) => {
        const result = await change(new SqlExtractorStore(trx));
        await announce(trx, orgId, id);
        return result;
      });
    } finally {
      this.cache.forget(orgId, id);
    }
  }
}

/** Forgets, after a transaction ended, what it wrote. */
export function forgetPending(cache: ExtractorCache, pending: PendingForgets): void {
  for (const key of pending) cache.forgetKey(key);
}

/** Sends a notification on the extractors channel (within `knex`'s transaction, if it is one). */
export function notifyExtractorChannel(knex: Knex, payload: string): Promise<unknown> {
  return knex.raw('select pg_notify(?, ?)', [EXTRACTOR_CHANNEL, payload]);
}

const announce = (knex: Knex, orgId: string, id: string) => notifyExtractorChannel(knex, keyOf(orgId, id));
