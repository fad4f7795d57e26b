export * from './clock.port.js';
export * from './organization-store.port.js';
export * from './api-key-store.port.js';
export * from './extractor-store.port.js';
export * from './rate-limiter.port.js';
export * from './credit-ledger.port.js';
export * from './document-reader.port.js';
export * from './document-extractor.port.js';
