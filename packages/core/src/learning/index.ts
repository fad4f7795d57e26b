/**
 * The front door of learning/: what a vendor's confirmed jobs teach (vendor hints) and the service
 * that learns them.
 * No other context imports it; it is the package subpath @intake/core/learning for the daemon, its
 * adapters and the tests.
 */
export { learnHints } from './learn-hints.js';
export type { VendorHints } from './vendor-hints.js';
export { toVendorHintsResource } from './vendor-hints.schema.js';
export { VendorLearning } from './vendor-learning.js';
