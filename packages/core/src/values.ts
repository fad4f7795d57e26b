/**
 * `@intake/core/values`: how extraction reads dates and amounts in text, without the rest of core,
 * for programs that must read a value the same way, such as the dashboard turning words a reviewer
 * clicked on a page into a field's value. Each is plain TypeScript without dependencies.
 */
export { findDates, type DateConvention, type FoundDate } from './extraction/values/dates.js';
export { findAmounts, parseNumber, type FoundAmount } from './extraction/values/amounts.js';
