export * from './email-ingestion-config.schema.js';
export * from './email-ingestion-config.js';
export * from './email-ingestion-service.js';
export * from './extractor-mapping.js';
export * from './merge-patch.js';
export * from './subject-pattern.js';
export * from './prefix-events.js';
export * from './prefix-job-hook.js';
