/** @intake/core/testing: in-memory ports and the contract suites every adapter must pass. */
export * from './memory-stores.js';
export * from './store-contract.js';
