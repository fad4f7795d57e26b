/**
 * @intake/core/shared: the kernel every context uses: request errors, input validation, frozen
 * records, id generators and pages of a list.
 */
export { invalidRequest, notFound } from './errors.js';
export { deepFreeze, isDeepFrozen } from './frozen.js';
export { createSequentialIds } from './ids.js';
export type { Page, PageRequest } from './pagination.js';
export { parseInput } from './validation.js';
