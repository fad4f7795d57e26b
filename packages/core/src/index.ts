/**
 * @intake/core: Intake's domain. Plain TypeScript over ports; adapters live in other packages.
 */
export * from './shared/errors.js';
export * from './shared/ids.js';
export * from './shared/pagination.js';
export * from './shared/validation.js';
export * from './shared/document-error.js';
export * from './shared/frozen.js';
export * from './ports/index.js';
export * from './organizations/organization.js';
export * from './organizations/organization.schema.js';
export * from './organizations/organization-service.js';
export * from './keys/scopes.js';
export * from './keys/api-key.js';
export * from './keys/api-key.schema.js';
export * from './keys/key-material.js';
export * from './keys/api-key-service.js';
export * from './extractors/field-definition.schema.js';
export * from './extractors/extractor.js';
export * from './extractors/extractor.schema.js';
export * from './extractors/extractor-service.js';
export * from './intake.js';
export * from './jobs/job.js';
export * from './jobs/job.schema.js';
export * from './jobs/media-types.js';
export * from './jobs/simulator.js';
export * from './jobs/job-submission.js';
export * from './jobs/job-processor.js';
export * from './jobs/job-queries.js';
export * from './jobs/job-pipeline.js';
export * from './jobs/processing-timeout.js';
export * from './jobs/document-links.js';
export * from './jobs/retention.js';
export * from './credits/credit-service.js';
export * from './events/event-builders.js';
// Extraction and classification (template-free, deterministic; see extraction/extract-fields.ts).
export * from './extraction/index.js';
export * from './classification/index.js';
export * from './webhooks/index.js';
export * from './email-ingestion/index.js';
export * from './sessions/session.js';
export * from './sessions/session-service.js';
