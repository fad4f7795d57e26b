import type { Environment } from '../keys/scopes.js';
import type { Extractor } from '../extractors/extractor.js';
import type { Page, PageRequest } from '../shared/pagination.js';

/** Which extractors a list returns. */
export interface ExtractorFilter {
  document_type?: string;
  is_active?: boolean;
}

/** Persistence of extractors. Deleted extractors are kept (jobs refer to them) but never returned. */
export interface ExtractorStore {
  insert(extractor: Extractor): Promise<void>;
  get(orgId: string, id: string): Promise<Extractor | null>;
  /** Newest first, id descending as tie-break. */
  list(orgId: string, filter: ExtractorFilter, page: PageRequest): Promise<Page<Extractor>>;
  /** Writes the changed members; returns the new record, or null when unknown or deleted. */
  update(
    orgId: string,
    id: string,
    changes: Partial<Pick<Extractor, 'name' | 'document_type' | 'field_definitions' | 'is_active' | 'updated_at'>>,
  ): Promise<Extractor | null>;
  /** Like get, but also finds a deleted extractor (submission tells "deleted" from "unknown"). */
  getIncludingDeleted(orgId: string, id: string): Promise<(Extractor & { deleted: boolean }) | null>;
  /** Counts one more processed document of the mode (default live): usage_count or test_usage_count. */
  incrementUsage(orgId: string, id: string, mode?: Environment): Promise<void>;
  /** Marks deleted; returns false when unknown or already deleted. */
  delete(orgId: string, id: string, at: string): Promise<boolean>;
}
