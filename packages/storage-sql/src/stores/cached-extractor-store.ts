import type { Extractor, ExtractorFilter, ExtractorStore, Page, PageRequest } from '@intake/core';

/** Most extractors kept; beyond it the oldest entries go. */
const MAX_ENTRIES = 10_000;

/** The cache shared by the root store and every transaction-bound one. */
export class ExtractorCache {
  readonly entries = new Map<string, Extractor>();
  key = (orgId: string, id: string) => `${orgId}/${id}`;
  forget(orgId: string, id: string): void {
    this.entries.delete(this.key(orgId, id));
  }
}

/**
 * Reads of single extractors from memory. Only for a database one process owns (PGlite): every
 * write goes through this process, and each write drops the entry, so a read never sees stale
 * data. (A write inside a transaction that rolls back only costs a reload.)
 */
export class CachedExtractorStore implements ExtractorStore {
  constructor(
    private readonly inner: ExtractorStore,
    private readonly cache: ExtractorCache,
  ) {}

  async get(orgId: string, id: string): Promise<Extractor | null> {
    const key = this.cache.key(orgId, id);
    const hit = this.cache.entries.get(key);
    if (hit) return hit;
    const found = await this.inner.get(orgId, id);
    if (!found) return null;
    // Frozen, not copied per read: readers share one object that none of them can change.
    const frozen = deepFreeze(structuredClone(found));
    if (this.cache.entries.size >= MAX_ENTRIES) this.cache.entries.delete(this.cache.entries.keys().next().value!);
    this.cache.entries.set(key, frozen);
    return frozen;
  }

  insert(extractor: Extractor): Promise<void> {
    return this.inner.insert(extractor);
  }
  getIncludingDeleted(orgId: string, id: string) {
    return this.inner.getIncludingDeleted(orgId, id);
  }
  list(orgId: string, filter: ExtractorFilter, page: PageRequest): Promise<Page<Extractor>> {
    return this.inner.list(orgId, filter, page);
  }
  async update(orgId: string, id: string, changes: Parameters<ExtractorStore['update']>[2]) {
    this.cache.forget(orgId, id);
    return this.inner.update(orgId, id, changes);
  }
  async incrementUsage(orgId: string, id: string): Promise<void> {
    this.cache.forget(orgId, id);
    await this.inner.incrementUsage(orgId, id);
  }
  async delete(orgId: string, id: string, at: string): Promise<boolean> {
    this.cache.forget(orgId, id);
    return this.inner.delete(orgId, id, at);
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}
