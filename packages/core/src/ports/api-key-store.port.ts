import type { ApiKey, StoredApiKey } from '../keys/api-key.js';
import type { Page, PageRequest } from '../shared/pagination.js';

/** Persistence of API keys. Only hashes are ever stored. */
export interface ApiKeyStore {
  insert(key: StoredApiKey): Promise<void>;
  findByHash(keyHash: string): Promise<StoredApiKey | null>;
  get(orgId: string, id: string): Promise<ApiKey | null>;
  list(orgId: string, page: PageRequest): Promise<Page<ApiKey>>;
  /** Sets revoked_at unless already set; returns the record as it now is, or null if unknown. */
  revoke(orgId: string, id: string, at: string): Promise<ApiKey | null>;
  touchLastUsed(id: string, at: string): Promise<void>;
}
