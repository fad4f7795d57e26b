import type { ApiKey, StoredApiKey } from '../keys/api-key.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { Environment } from '../keys/scopes.js';

/** Persistence of API keys. Only hashes are ever stored. */
export interface ApiKeyStore {
  insert(key: StoredApiKey): Promise<void>;
  findByHash(keyHash: string): Promise<StoredApiKey | null>;
  /** A key of the organization's `environment` (keys of the other environment are not found). */
  get(orgId: string, environment: Environment, id: string): Promise<ApiKey | null>;
  /** The environment's keys, newest first. */
  list(orgId: string, environment: Environment, page: PageRequest): Promise<Page<ApiKey>>;
  /** Sets revoked_at unless already set; returns the record as it now is, or null if unknown in that environment. */
  revoke(orgId: string, environment: Environment, id: string, at: string): Promise<ApiKey | null>;
  touchLastUsed(id: string, at: string): Promise<void>;
}
