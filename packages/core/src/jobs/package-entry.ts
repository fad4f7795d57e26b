/**
 * @intake/core/jobs: the front door of jobs/ (index.ts) and what the composition root and the tests
 * use besides: the services it wires (processing, deletion, reprocessing, retention), the job's HTTP
 * resource and the register's sorting. Not the front door itself because the services depend on the
 * store bundle (ports/intake-stores.port.ts), which names the email contexts' stores; those contexts
 * import the front door, so through it they would close an import circle.
 */
export * from './index.js';
export { DocumentLinks } from './document-links.js';
export { cappedTotal, countedJobByJob, LIST_COUNT_LIMIT } from './job-count.js';
export { deleteJob } from './job-deletion.js';
export { JobProcessor, type ProcessOutcome } from './job-processor.js';
export { STATS_PERIODS } from './job-queries.js';
export { reprocessJob } from './job-reprocess.js';
export { toJobResource } from './job.js';
export { MetadataSchema } from './job.schema.js';
export type { SupportedMimeType } from './media-types.js';
export {
  DOCUMENT_SOURCES,
  type JobSort,
  REGISTER_SORT_KEYS,
  registerFields,
  type RegisterSortKey,
  searchWords,
  sortValue,
} from './register.js';
export { resultOf } from './result-version.js';
export { previewExpiredJobs, purgeExpiredJobs } from './retention.js';
