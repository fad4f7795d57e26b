/** Corrections teach: vendor hints learned from reviewed documents (see vendor-learning.ts). */
export { VendorLearning } from './vendor-learning.js';
export type { VendorLearningDeps } from './vendor-learning.js';
export { learnHints, LEARNABLE_TYPES } from './learn-hints.js';
export { hintedField } from './apply-hints.js';
export { vendorKeys, nameKey } from './vendor-keys.js';
export type { FieldHint, VendorHints } from './vendor-hints.js';
export { VendorHintsImportSchema, toVendorHintsResource } from './vendor-hints.schema.js';
export type { VendorHintsResource } from './vendor-hints.schema.js';
