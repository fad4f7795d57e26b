import type { Environment, Scope } from './scopes.js';

/** An API key as the API shows it: never the secret, never its hash. */
export interface ApiKey {
  /** Form `key_<id>`. */
  id: string;
  org_id: string;
  name: string;
  description: string | null;
  environment: Environment;
  scopes: Scope[];
  /** The first 12 characters of the key (`sk_live_abcd`), enough to recognise it in a list. */
  key_prefix: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** What the store keeps: the public record plus the SHA-256 of the secret. */
export interface StoredApiKey extends ApiKey {
  key_hash: string;
}

/** Who is calling, once a key has been checked. */
export interface AuthContext {
  orgId: string;
  keyId: string;
  environment: Environment;
  scopes: readonly Scope[];
  /** Requests per minute of the key's organization. */
  rateLimitPerMinute: number;
}
