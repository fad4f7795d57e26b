/**
 * The front door of keys/: who a request is (`AuthContext`), the modes and scopes, and the key
 * service other contexts hold. Other contexts import these from here, never the files behind.
 */
export type { ApiKeyService } from './api-key-service.js';
export type { AuthContext } from './api-key.js';
export { type Environment, SCOPES } from './scopes.js';
