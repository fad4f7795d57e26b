/**
 * The longest one attempt at a document may take unless configured otherwise (the daemon's
 * PROCESSING_TIMEOUT_MS and a prefix's `maxProcessingTimeMs` default to it): two minutes.
 */
export const DEFAULT_PROCESSING_TIMEOUT_MS = 120_000;
