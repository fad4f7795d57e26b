/**
 * The front door of corrections/: a person's corrections to a job's fields and the service that
 * records them.
 * No other context imports it; it is the package subpath @intake/core/corrections for the daemon, its
 * adapters and the tests.
 */
export { CorrectionService } from './correction-service.js';
export { type CorrectionRecord, CorrectionRequestSchema, toCorrectionResource } from './correction.js';
