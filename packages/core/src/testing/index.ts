/** @intake/core/testing: in-memory ports and the contract suites every adapter must pass. */
export * from './memory/index.js';
export * from './store-contract.js';
export * from './job-store-contract.js';
export * from './email-ingestion-store-contract.js';
export * from './inbound-message-store-contract.js';
export * from './triage-store-contract.js';
export * from './notification-store-contract.js';
export * from './webhook-store-contract.js';
export * from './erp-store-contract.js';
export * from './mode-contract.js';
export * from './session-store-contract.js';
export * from './correction-store-contract.js';
export * from './queue-gauge-store-contract.js';
export * from './register-store-contract.js';
export * from './imap-mailbox-store-contract.js';
export * from './reprocess-store-contract.js';
export * from './vendor-payment-store-contract.js';
