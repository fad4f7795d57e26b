/**
 * The front door of keys/: who a request is (`AuthContext`), the modes and scopes, the key
 * service other contexts hold, and what it asks of an organization (`OrganizationRateLimits`).
 * Other contexts import these from here, never the files behind.
 */
export type { ApiKeyService, OrganizationRateLimits } from './api-key-service.js';
export type { AuthContext } from './api-key.js';
export { type Environment, SCOPES } from './scopes.js';
