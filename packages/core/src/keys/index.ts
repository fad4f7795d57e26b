/**
 * The front door of keys/: who a request is (`AuthContext`), the modes and scopes, the key
 * service other contexts hold, and what it asks of an organization (`OrganizationRateLimits`).
 * Other contexts import these from here, never the files behind.
 */
export type { ApiKeyService, OrganizationRateLimits } from './api-key-service.js';
export type { AuthContext } from './api-key.js';
export { type Environment, SCOPES } from './scopes.js';
// What the daemon, the adapters and the tests use besides (package subpath @intake/core/keys).
export { requireLiveKey, requireScope } from './api-key-service.js';
export type { StoredApiKey } from './api-key.js';
export { CreateApiKeyInputSchema } from './api-key.schema.js';
