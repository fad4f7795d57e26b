/**
 * The front door of notifications/: what the ERP context tells notifications about a failed sync.
 * Other contexts import these from here, never the files behind.
 */
export type { ErpSyncFailure } from './notification-texts.js';
