/**
 * The front door of credits/: the credit service the job processor charges through. Other contexts
 * import these from here, never the files behind.
 */
export type { CreditService } from './credit-service.js';
