import type { Environment } from '../keys/index.js';

/**
 * A dashboard session: what a person gets for pasting an API key into the sign-in form. The
 * browser holds only a random session id (in an HttpOnly cookie); the server keeps its hash.
 */
export interface SessionRecord {
  /** SHA-256 (hex) of the session id the cookie carries; the id itself is never stored. */
  id_hash: string;
  org_id: string;
  /** The key the session stands for: its scopes, environment and revocation apply. */
  key_id: string;
  /** The key's environment (test or live): the key is looked up within it on every request. */
  environment: Environment;
  /** Sent back on every state-changing request (X-CSRF-Token); useless without the cookie. */
  csrf_token: string;
  created_at: string;
  /** Moved forward by use (at most once a minute); past it plus the idle limit the session ends. */
  last_seen_at: string;
  /** The absolute end, whatever the use. */
  expires_at: string;
}
